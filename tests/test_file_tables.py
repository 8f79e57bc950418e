"""docs/files.md's tables of the player's files are written from their
declarations (tools/file_tables.py) and must be current."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from game.player_files.records import Field, Flag, Section, Text

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def tables():
    spec = importlib.util.spec_from_file_location("file_tables", ROOT / "tools" / "file_tables.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_files_page_is_current():
    run = subprocess.run(
        [sys.executable, "tools/file_tables.py", "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_declaration_or_a_row_changed_shows(tables, monkeypatch):
    """What the check compares: a field added to a declaration, a bound
    changed on the page, a row left out, each makes the page out of date."""
    page = tables.PAGE.read_text(encoding="utf-8")
    assert tables.written(page) == page
    assert "| `players[].catches` | whole number, 0 to 9007199254740992 | `0` |" in page
    for edited in (
        page.replace("whole number, 1024 to 65535", "whole number, 1 to 65535"),
        page.replace(
            "| `single_round` | `true` or `false` | required | the match is a single round |\n", ""
        ),
    ):
        assert tables.written(edited) == page
        assert edited != page
    grown = (*tables.FILES["players.json"], Field("since", Text(10), "", about="first played"))
    monkeypatch.setitem(tables.FILES, "players.json", grown)
    assert '| `since` | text, up to 10 characters | `""` | first played |' in tables.written(page)


def test_every_kind_of_field_has_its_words(tables):
    seat = Section((Field("on", Flag(), False, about="lit"),), others=True)
    assert tables.rows((Field("seat", seat, {}, about="a seat"),)) == [
        ("`seat`", "object, read field by field, other keys kept", "`{}`", "a seat"),
        ("`seat.on`", "`true` or `false`", "`false`", "lit"),
    ]
