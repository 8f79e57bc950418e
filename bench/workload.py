"""How much a benchmark measures: its full workload, or with
COUCH_UNO_BENCH=smoke one small repetition of each measurement, still printing
every figure. tests/test_docs.py runs every benchmark the docs show that way,
so a command that went stale fails the test in seconds; a smoke figure is
proof the command works, never a figure to read."""

from __future__ import annotations

import os
from typing import TypeVar

T = TypeVar("T")


def smoke() -> bool:
    return os.environ.get("COUCH_UNO_BENCH") == "smoke"


def size(full: T, small: T) -> T:
    """`full` for a measurement, `small` in a smoke run."""
    return small if smoke() else full
