"""The files declared in plain Python (game/records.py): the settings file
and a save's header. The checker's edges, and docs/files.md's tables held to
the declarations, field by field and value by value."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.said import said
from game.records import (
    LEFT_OUT,
    Either,
    Field,
    Flag,
    ListOf,
    MapOf,
    OneOf,
    Record,
    Section,
    Text,
    Whole,
    problem,
    read,
)
from game.saves.format import HEADER
from game.ui.settings import FILE_FIELDS
from tests.support.doc_tables import declared_rows, documented_rows, table

PAGE = Path(__file__).resolve().parents[1] / "docs" / "files.md"


@pytest.mark.parametrize("value", [True, False, 0.0, 1.5, "3", None, [], 11, 0])
def test_a_whole_number_is_no_flag_no_fraction_no_text_and_in_its_range(value):
    assert not Whole(1, 10).fits(value)


def test_any_json_value_may_be_asked_about_a_choice():
    """A list or an object where a name should be is simply not one of the
    choices (a dict's keys would be asked by hashing, and a list has none)."""
    choices = OneOf(("en", "fi"))
    assert choices.fits("fi")
    assert not any(choices.fits(value) for value in ([], {}, {"en": 1}, ["en"], None, 1))


def test_text_is_bounded_and_a_printable_text_has_no_control_character():
    name = Text(5, shortest=1, printable=True)
    assert name.fits("Ana")
    assert not any(name.fits(value) for value in ("", "Ana\x1b", "Anabel", 5, None))


def test_a_record_is_whole_or_not_at_all_names_what_is_wrong_and_takes_more_keys():
    seat = Record((Field("name", Text(10)), Field("kind", OneOf(("human", "bot")))))
    assert problem({"name": "Ana", "kind": "bot"}, seat) is None
    assert problem({"kind": "god"}, seat) == "missing name"
    assert problem({"name": "Ana", "kind": "bot", "x": 1, "a": 2}, seat) is None  # a newer build's
    assert problem({"name": "Ana", "kind": "god"}, seat) == "kind"
    assert ListOf(seat, 3, 1).fits([{"name": "Ana", "kind": "bot"}])
    assert not ListOf(seat, 3, 1).fits([{"name": "Ana", "kind": "god"}])


def test_reading_falls_back_field_by_field_and_a_section_inside_too():
    fields = (
        Field("muted", Flag(), False, said("muted?")),
        Field("port", Either((OneOf(("auto",)), Whole(1, 9))), 5, said("port?")),
        Field(
            "setup",
            Section((Field("rules", Text(9, 1), LEFT_OUT, said("rules?")),)),
            {},
            said("setup?"),
        ),
    )
    taken, wrong = read({"muted": "yes", "port": "auto", "setup": {"rules": ""}, "x": 1}, fields)
    assert taken == {"muted": False, "port": "auto", "setup": {}}
    assert [m.field.wrong for m in wrong] == ["muted?", "rules?"]
    assert [m.path for m in wrong] == [("muted",), ("setup", "rules")]
    taken, wrong = read({"setup": []}, fields)
    assert taken == {"muted": False, "port": 5, "setup": {}}
    assert [m.field.wrong for m in wrong] == ["setup?"]
    assert read({}, fields)[0]["setup"] is not read({}, fields)[0]["setup"]  # no shared default


@pytest.mark.parametrize(
    ("heading", "fields"), [("settings.json", FILE_FIELDS), ("match.save", HEADER.fields)]
)
def test_the_files_page_lists_exactly_the_declared_fields_and_values(heading, fields):
    """docs/files.md's table of each format: every field (and every field of
    the objects it holds), what it may hold and its default, as declared."""
    assert documented_rows(PAGE.read_text(encoding="utf-8"), heading) == declared_rows(fields)


def test_the_files_page_is_read_as_its_tables_say():
    """What the page check reads: a bound changed, a field left out, a field
    of a seat added, each shows."""
    page = PAGE.read_text(encoding="utf-8")
    documented = documented_rows(page, "settings.json")
    assert documented["`phone_port`"] == ("whole number, 1024 to 65535", "`8765`")
    assert documented["`setup.seats[].kind`"] == ("text, up to 16 characters", '`""`')
    changed = page.replace("whole number, 1024 to 65535", "whole number, 1 to 65535")
    assert documented_rows(changed, "settings.json") != declared_rows(FILE_FIELDS)
    without = page.replace("| `single_round` |", "| single_round |")
    assert "`single_round`" not in documented_rows(without, "match.save")
    assert [row["field"] for row in table(page, "match.save")][:2] == ["`format`", "`version`"]


def test_a_list_of_sections_and_a_map_are_read_item_by_item_and_keep_other_keys():
    """A newer build's key is kept where the section keeps others, an item
    that does not fit is left out alone and noted where it was."""
    person = Section(
        (Field("name", Text(9, 1)), Field("wins", Whole(0, 9), 0)),
        others=True,
    )
    fields = (
        Field("people", ListOf(person, 3), []),
        Field("scores", MapOf(Text(3, 1), Whole(0, 9), 3), {}),
    )
    data = {
        "people": [{"name": "Ana", "wins": "x", "hat": 1}, {"wins": 2}, 7, {"name": "Bo"}],
        "scores": {"a": 1, "": 2, "b": 10},
        "later": [1],
    }
    taken, wrong = read(data, fields, others=True)
    assert taken == {
        "people": [{"name": "Ana", "wins": 0, "hat": 1}],
        "scores": {"a": 1},
        "later": [1],
    }
    assert [m.path for m in wrong] == [
        ("people", 0, "wins"),
        ("people", 1, "name"),
        ("people", 2),
        ("people", 3),  # past the longest
        ("scores", ""),
        ("scores", "b"),
    ]
