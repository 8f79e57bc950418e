"""The engine type-checks: tools/build_engine.py compiles it with mypyc,
which turns every annotation into a runtime check, so a wrong one would
only show up in the compiled game."""

from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[2]


def test_engine_type_checks(monkeypatch):
    monkeypatch.chdir(ROOT)  # the settings in pyproject.toml name the files
    out, err, status = api.run(["--no-incremental"])
    assert status == 0, out + err
