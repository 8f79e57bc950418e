"""The player's files declared in plain Python (game/player_files/records.py): the
checker's edges, and reading field by field, item by item."""

from __future__ import annotations

import pytest

from game.engine.said import said
from game.player_files.records import (
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
