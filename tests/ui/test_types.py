"""The screens type-check with untyped function bodies checked too (issue 10):
the table's parts talk through typed interfaces, not attributes found at run time."""

from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ["game/app.py", "game/match.py", "game/scenes", "game/ui"]


def test_screens_type_check(monkeypatch):
    monkeypatch.chdir(ROOT)
    out, err, status = api.run(["--no-incremental", "--check-untyped-defs", *SCREENS])
    assert status == 0, out + err
