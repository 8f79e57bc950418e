"""The whole game type-checks with pyproject.toml's settings:
function bodies included (`check_untyped_defs`), so the table's parts talk
through typed interfaces, not attributes found at run time. `.ci/run` runs
`mypy` before the tests, so this copy of the check is a slow test, for a
thorough run without CI (the engine's --strict check is quick:
tests/engine/test_types.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_the_game_type_checks(monkeypatch):
    monkeypatch.chdir(ROOT)
    out, err, status = api.run(["--no-incremental"])
    assert status == 0, out + err
