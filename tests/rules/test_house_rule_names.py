"""A house rule's name and line, from its file, in each language (rules/README.md
"Layering and house rules"; game/rules/schema.py `HouseRuleSchema`).

A `house_rules:` entry is either its line alone (the form every file had
before names: plain text, or languages to text) or a mapping of `name:` and
`description:`, each words in five languages. The name is what the New game
screen, `rules`, the pause screen and a save call the house rule; without
one, its id shows.
"""

from __future__ import annotations

import pytest

from game.rules.loader import load_rules
from game.rules.validation import RulesInvalid, validate_rules
from tests.support.rules import layered, refusals, write_rule

# --- the two forms ------------------------------------------------------------------


@pytest.mark.parametrize(
    "entry",
    ["First to 200 wins.", "{en: First to 200 wins., tr: 200 puana ilk ulaşan kazanır.}"],
)
def test_a_file_in_the_old_form_still_loads_and_is_called_by_its_id(tmp_path, entry):
    text = f"house_rules:\n  short: {entry}\nscoring: {{target: 200}}\n"
    old = write_rule(tmp_path, "short.yaml", text)
    rule = load_rules(["classic", old]).model.house_rules["short"]
    assert rule.name is None
    assert rule.description == "First to 200 wins."
    assert [rule.shown_name("short", code) for code in ("en", "tr")] == ["short", "short"]
    turkish = "200 puana ilk ulaşan kazanır." if "tr:" in entry else "First to 200 wins."
    assert rule.description.in_language("tr") == turkish


def test_a_name_is_read_per_language_falling_back_to_the_english(tmp_path):
    mine = write_rule(
        tmp_path,
        "sudden.yaml",
        "house_rules:\n"
        "  sudden-death:\n"
        "    name: {en: Sudden death, tr: Ani ölüm}\n"
        "    description: {en: First to 200 wins., fi: Ensimmäinen 200 pisteeseen voittaa.}\n"
        "scoring: {target: 200}\n",
    )
    rule = load_rules(["classic", mine]).model.house_rules["sudden-death"]
    shown = {code: rule.shown_name("sudden-death", code) for code in ("en", "tr", "fi")}
    assert shown == {"en": "Sudden death", "tr": "Ani ölüm", "fi": "Sudden death"}
    assert rule.description.in_language("fi") == "Ensimmäinen 200 pisteeseen voittaa."
    assert rule.description.in_language("tr") == "First to 200 wins."


def test_a_description_without_a_name_shows_the_id(tmp_path):
    mine = write_rule(tmp_path, "plain.yaml", "house_rules:\n  plain:\n    description: A line.\n")
    rule = load_rules(["classic", mine]).model.house_rules["plain"]
    assert rule.shown_name("plain", "el") == "plain" and rule.description == "A line."


def test_the_shipped_names_are_the_players_words():
    rules = load_rules(["classic", "house/jump-in", "house/late-catch"])
    names = {short: rule.shown_name(short) for short, rule in rules.model.house_rules.items()}
    assert names == {"jump-in": "Jump-in", "late-catch": "Late catch"}
    assert rules.model.house_rules["jump-in"].shown_name("jump-in", "tr") == "Araya girme"


# --- mistakes are refused where they are written ------------------------------------


def test_a_control_character_in_a_name_is_refused_with_its_place(tmp_path):
    mine = write_rule(
        tmp_path,
        "bell.yaml",
        'house_rules:\n  bell:\n    name: {en: Bell, fi: "Kello\\a"}\n    description: Rings.\n',
    )
    [error] = refusals(["classic", mine])
    assert error == (
        "bell.yaml:3:22: house_rules.bell.name.fi: control character U+0007"
        " in text shown to players"
    )


@pytest.mark.parametrize(
    ("entry", "where"),
    [
        ({"name": "Bell", "description": {"en": "Rings.", "tr": "Ça\x1b"}}, ("description", "tr")),
        ({"en": "Rings.", "tr": "Çal\x1b[2J"}, ("tr",)),  # the old form: the entry is the line
        ("Rings\x00", ()),
        ({"name": "Be\x1bll", "description": "Rings."}, ("name",)),
    ],
)
def test_a_control_character_is_reported_where_the_file_writes_it(entry, where):
    data = layered("classic", {"house_rules": {"bell": entry}})
    with pytest.raises(RulesInvalid) as refused:
        validate_rules(data)
    [(loc, message)] = refused.value.problems
    assert loc == ("house_rules", "bell", *where)
    assert "control character" in message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "house_rules:\n  bell:\n    nmae: Bell\n    description: Rings.\n",
            "bell.yaml:3:5: house_rules.bell.nmae: unknown setting 'nmae' (did you mean 'name'?)",
        ),
        (
            "house_rules:\n  bell:\n    name: Bell\n",
            "bell.yaml:2:3: house_rules.bell.description: this setting is required",
        ),
        (
            f"house_rules:\n  bell:\n    name: {'B' * 41}\n    description: Rings.\n",
            "bell.yaml:3:5: house_rules.bell.name: at most 40 characters (this has 41)",
        ),
        (
            "house_rules:\n  bell:\n    name: {tr: Zil}\n    description: Rings.\n",
            "bell.yaml:3:5: house_rules.bell.name: no English text (en:)",
        ),
        (
            "house_rules:\n  bell: {en: Rings., ee: Heliseb.}\n",
            "bell.yaml:2:22: house_rules.bell.ee: unknown language 'ee'",
        ),
    ],
)
def test_a_mistake_in_either_form_is_refused_with_file_line_and_column(tmp_path, text, expected):
    mine = write_rule(tmp_path, "bell.yaml", text)
    [error] = refusals(["classic", mine])
    assert error.startswith(expected)


# --- layering -----------------------------------------------------------------------


def test_a_name_layered_over_a_line_alone_joins_it(tmp_path):
    """A later file may name a house rule an earlier one wrote in the old
    form: the line alone is its description, and the two merge."""
    below = "extends: classic\nhouse_rules: {mine: {en: A line., tr: Satır.}}\n"
    write_rule(tmp_path, "base.yaml", below)
    child = write_rule(
        tmp_path,
        "child.yaml",
        "extends: base.yaml\nhouse_rules:\n  mine:\n    name: {en: Mine, tr: Benim}\n",
    )
    rule = load_rules([child]).model.house_rules["mine"]
    assert rule.shown_name("mine", "tr") == "Benim"
    assert rule.description.in_language("tr") == "Satır."


def test_a_line_alone_layered_over_a_named_rule_adds_to_its_description(tmp_path):
    write_rule(
        tmp_path,
        "base.yaml",
        "extends: classic\nhouse_rules:\n  mine: {name: Mine, description: A line.}\n",
    )
    child = write_rule(
        tmp_path, "child.yaml", "extends: base.yaml\nhouse_rules: {mine: {fi: Rivi.}}\n"
    )
    rule = load_rules([child]).model.house_rules["mine"]
    assert rule.shown_name("mine", "fi") == "Mine"
    assert (rule.description, rule.description.in_language("fi")) == ("A line.", "Rivi.")


def test_a_line_from_below_is_still_blamed_on_its_own_file(tmp_path):
    write_rule(tmp_path, "base.yaml", 'extends: classic\nhouse_rules:\n  mine: "A\\tline"\n')
    child = write_rule(
        tmp_path, "child.yaml", "extends: base.yaml\nhouse_rules:\n  mine: {name: Mine}\n"
    )
    [error] = refusals([child])
    assert error.startswith("base.yaml:3:3: house_rules.mine.description: control character U+0009")
