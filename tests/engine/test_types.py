"""The engine type-checks under `mypy --strict`: tools/build_engine.py compiles
it with mypyc, which turns every annotation into a runtime check, so a wrong
one would only show up in the compiled game; and strict types are how the
event and view TypedDicts keep their promise."""

from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[2]


def test_engine_type_checks_strictly(monkeypatch):
    monkeypatch.chdir(ROOT)  # pyproject.toml's settings (the pydantic plugin) apply
    out, err, status = api.run(["--no-incremental", "--strict", "game/engine"])
    assert status == 0, out + err
