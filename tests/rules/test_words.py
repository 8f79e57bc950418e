"""Rule files' words in five languages (rules/README.md "Words in
five languages"; game/engine/words.py).

A label, a colour's label, a rule set's name and description and a house
rule's line are plain text (the English) or a mapping of language codes to
text; a mapping needs its English once layered, and a layer may add
languages to the words below it.
"""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

import pytest

from game.engine.ruleset import RuleSet
from game.engine.words import ENGLISH, LANGUAGES, Words
from game.player_files.save_format import rules_fingerprint
from game.rules.loader import RULES_DIR, layer_base, load_rules
from game.rules.names import available_rule_sets
from game.rules.schema import WORD_PATHS, holds_words, is_bare_line
from game.rules.validation import RulesInvalid, validate_rules
from game.rules.yamlsafe import load_yaml_file
from tests.support.rules import layered, refusals, write_rule

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = available_rule_sets()
FULL_SETS = [name for name in SHIPPED if not name.startswith("house/")]


# --- the schema --------------------------------------------------------------------


def test_a_mapping_of_languages_is_read_into_words(tmp_path):
    mine = write_rule(
        tmp_path,
        "mine.yaml",
        "extends: classic\n"
        "name: {en: Mine, tr: Benim, fi: Minun}\n"
        "cards:\n"
        "  skip: {label: {en: Hop, el: Πήδα}}\n",
    )
    rules = load_rules([mine])
    name = rules.model.name
    assert name == "Mine" and isinstance(name, Words)  # the English is the text
    assert name.in_language("tr") == "Benim"
    assert name.in_language("et") == "Mine"  # a language left out shows the English,
    # not classic's Estonian: new English replaces the words below, every language
    assert name.languages == ("en", "tr", "fi")
    label = rules.model.cards["skip"].label
    assert label is not None and label.in_language("el") == "Πήδα"
    assert label.in_language("tr") == "Hop"  # classic's Turkish went with its English


def test_plain_text_is_the_english_and_every_language():
    rules = validate_rules(layered("classic", {"cards": {"skip": {"label": "Hop"}}}))
    label = rules.model.cards["skip"].label
    assert label is not None and label.languages == (ENGLISH,)
    assert [label.in_language(code) for code in LANGUAGES] == ["Hop"] * 5


@pytest.mark.parametrize(
    ("words", "where", "message"),
    [
        ({"en": "Hop", "de": "Aussetzen"}, ("de",), "unknown language 'de'"),
        ({"en": "Hop", 7: "Sieben"}, (7,), "unknown language 7"),
        ({"tr": "Atla"}, (), "no English text (en:)"),
        ({"en": "Hop", "tr": ""}, ("tr",), "empty text"),
        ({"en": "Hop", "tr": "   "}, ("tr",), "empty text"),
        ({"en": "Hop", "tr": 5}, ("tr",), "write text here"),
        ({"en": "Hop", "tr": ["Atla"]}, ("tr",), "write text here"),
        ({"en": "Hop", "fi": "x" * 41}, ("fi",), "at most 40 characters (this has 41)"),
        (5, (), "write the text, or a mapping of languages to text"),
        (["Hop", "Atla"], (), "write the text, or a mapping of languages to text"),
        ({"en": "Hop", "tr": "At\x07la"}, ("tr",), "control character U+0007"),
    ],
)
def test_bad_words_are_refused_where_they_are_written(words, where, message):
    data = layered("classic", {})
    data["cards"]["skip"]["label"] = words
    with pytest.raises(RulesInvalid) as refused:
        validate_rules(data)
    [(loc, text)] = refused.value.problems
    assert loc == ("cards", "skip", "label", *where)
    assert message in text


def test_every_kind_of_words_is_checked():
    """Names, descriptions, house rules and colour labels take the same form."""
    data = layered("classic", {"house_rules": {"mine": {"en": "Mine"}}})
    data["name"] = {"en": "Mine", "xx": "?"}
    data["description"] = {"tr": "Açıklama"}
    data["house_rules"]["mine"] = {"en": "Mine", "fi": ""}
    data["color_looks"]["red"]["label"] = {"en": "Red", "el": 1}
    with pytest.raises(RulesInvalid) as refused:
        validate_rules(data)
    assert sorted(loc for loc, _ in refused.value.problems) == sorted(
        [
            ("name", "xx"),
            ("description",),
            ("house_rules", "mine", "fi"),
            ("color_looks", "red", "label", "el"),
        ]
    )


def test_word_paths_are_the_settings_that_hold_words():
    assert WORD_PATHS  # the loader merges languages at exactly these
    assert holds_words(("cards", "skip", "label"))
    assert holds_words(("house_rules", "stacking"))
    assert holds_words(("name",)) and holds_words(("color_looks", "red", "label"))
    assert not holds_words(("cards", "skip", "corner"))
    assert not holds_words(("cards", "skip", "label", "tr"))
    assert not holds_words(("scoring", "scheme"))


# --- layering ----------------------------------------------------------------------


def test_a_child_set_adds_a_language_to_a_plain_parent_label(tmp_path):
    write_rule(tmp_path, "base.yaml", "extends: classic\ncards:\n  skip: {label: Hop}\n")
    child = write_rule(
        tmp_path, "child.yaml", "extends: base.yaml\ncards:\n  skip: {label: {tr: Zıpla}}\n"
    )
    label = load_rules([child]).model.cards["skip"].label
    assert label is not None and label == "Hop"  # the parent's plain text is the English
    assert label.in_language("tr") == "Zıpla" and label.languages == ("en", "tr")


def test_a_house_rule_adds_a_language_and_keeps_the_others(tmp_path):
    finnish = write_rule(
        tmp_path,
        "words.yaml",
        "house_rules:\n"
        "  words: {en: Better Finnish words, fi: Paremmat sanat}\n"
        "cards:\n"
        "  wild: {label: {fi: Jokeri}}\n",
    )
    rules = load_rules(["classic", finnish])
    label = rules.model.cards["wild"].label
    assert label is not None
    assert label.in_language("fi") == "Jokeri"  # the house rule's
    assert label.in_language("tr") == "Renk Değiştir"  # classic's, kept
    assert label == "Wild"
    assert rules.model.house_rules["words"].description.in_language("fi") == "Paremmat sanat"


def test_two_house_rules_add_different_languages_to_one_label(tmp_path):
    one = write_rule(
        tmp_path, "one.yaml", "house_rules: {one: One}\ncards: {skip: {label: {tr: A}}}\n"
    )
    two = write_rule(
        tmp_path, "two.yaml", "house_rules: {two: Two}\ncards: {skip: {label: {fi: B}}}\n"
    )
    label = load_rules(["classic", one, two]).model.cards["skip"].label
    assert label is not None
    assert (label.in_language("tr"), label.in_language("fi"), label) == ("A", "B", "Skip")


def test_two_house_rules_giving_one_label_two_new_texts_conflict(tmp_path):
    one = write_rule(
        tmp_path, "one.yaml", "house_rules: {one: One}\ncards: {skip: {label: {en: A}}}\n"
    )
    two = write_rule(tmp_path, "two.yaml", "house_rules: {two: Two}\ncards: {skip: {label: B}}\n")
    [error] = refusals(["classic", one, two])
    assert error.startswith("two.yaml:2:16: cards.skip.label: ")
    assert "two.yaml sets B but" in error and "one.yaml:2 sets {en: A}" in error


def test_two_house_rules_giving_one_language_two_texts_conflict(tmp_path):
    one = write_rule(
        tmp_path, "one.yaml", "house_rules: {one: One}\ncards: {skip: {label: {tr: A}}}\n"
    )
    two = write_rule(
        tmp_path, "two.yaml", "house_rules: {two: Two}\ncards: {skip: {label: {tr: B}}}\n"
    )
    [error] = refusals(["classic", one, two])
    assert error.startswith("two.yaml:2:24: cards.skip.label.tr: ")
    assert "two.yaml sets B but" in error and "one.yaml:2 sets A" in error


@pytest.mark.parametrize("words", ["Hop", "{en: Hop, fi: Hyppy}"])
def test_new_english_over_a_mapping_replaces_every_language(tmp_path, words):
    """New English words make the old translations stale: they go with them."""
    mine = write_rule(
        tmp_path, "mine.yaml", f"extends: classic\ncards:\n  skip: {{label: {words}}}\n"
    )
    label = load_rules([mine]).model.cards["skip"].label
    assert label is not None and label == "Hop"
    assert label.in_language("tr") == "Hop"
    assert label.in_language("fi") == ("Hyppy" if "fi" in words else "Hop")


def test_a_language_added_where_no_english_is_below_is_refused_in_that_file(tmp_path):
    write_rule(tmp_path, "base.yaml", "extends: classic\ncards:\n  star: {copies: 1}\n")
    child = write_rule(
        tmp_path, "child.yaml", "extends: base.yaml\ncards:\n  star: {label: {tr: Y}}\n"
    )
    [error] = refusals([child])
    assert error.startswith("child.yaml:3:10: cards.star.label: no English text (en:)")


def test_an_english_text_from_below_is_blamed_on_its_own_file(tmp_path):
    """Once a plain text turns into the English of a mapping, a problem in it
    still points at the file that wrote it."""
    long = "x" * 41
    write_rule(
        tmp_path, "base.yaml", f"extends: classic\nname: Base\ncards:\n  skip: {{label: {long}}}\n"
    )
    child = write_rule(
        tmp_path, "child.yaml", "extends: base.yaml\ncards:\n  skip: {label: {tr: A}}\n"
    )
    [error] = refusals([child])
    assert error.startswith("base.yaml:4:10: cards.skip.label.en: at most 40 characters")


# --- the shipped files speak five languages -----------------------------------------


def _words_in(data: dict) -> list[tuple[tuple, object]]:
    """(where, value) of every setting of a rule file's mapping that holds words."""
    found = []

    def walk(node: object, loc: tuple) -> None:
        if holds_words(loc) and (loc[:1] != ("house_rules",) or is_bare_line(node)):
            found.append((loc, node))
        elif isinstance(node, dict):
            for key, value in node.items():
                walk(value, (*loc, key))

    walk(data, ())
    return found


@pytest.mark.parametrize("name", SHIPPED)
def test_every_word_a_shipped_file_writes_is_in_all_five_languages(name):
    data = load_yaml_file(RULES_DIR / f"{name}.yaml").data
    words = _words_in(data)
    assert words, f"{name} writes no words"
    for loc, value in words:
        assert isinstance(value, dict), f"{name}: {'.'.join(map(str, loc))} is English only"
        assert tuple(value) == LANGUAGES, f"{name}: {'.'.join(map(str, loc))}: {list(value)}"
        assert all(isinstance(text, str) and text.strip() for text in value.values())


@pytest.mark.parametrize("name", FULL_SETS)
def test_every_shipped_set_names_describes_and_labels_in_five_languages(name):
    rules = load_rules([name])
    model = rules.model
    texts: dict[str, Words | None] = {"name": model.name, "description": model.description}
    texts |= {f"cards.{kind}.label": spec.model.label for kind, spec in rules.kinds.items()}
    texts |= {
        f"color_looks.{color}.label": (
            model.color_looks[color].label if color in model.color_looks else None
        )
        for color in model.colors
    }
    for where, words in texts.items():
        assert words is not None, f"{name}: {where} is not written"
        assert words.languages == LANGUAGES, f"{name}: {where}"


@pytest.mark.parametrize("name", [n for n in SHIPPED if n.startswith("house/")])
def test_every_house_rule_is_named_and_explained_in_five_languages(name):
    base = layer_base(RULES_DIR / f"{name}.yaml")
    assert base is not None
    rules = load_rules([base, name])
    rule = rules.model.house_rules[name.removeprefix("house/")]
    assert rule.description.languages == LANGUAGES
    assert rule.name is not None and rule.name.languages == LANGUAGES


def test_the_translations_differ_from_the_english():
    """A completeness test cannot tell a copied English line from a translated
    one; the words that must differ in every language do."""
    rules = load_rules(["classic"])
    for code in LANGUAGES[1:]:
        assert rules.model.description.in_language(code) != rules.model.description
        label = rules.kinds["draw_two"].model.label
        assert label is not None and label.in_language(code) != label


# --- the words are wording: saves ---------------------------------------------------


def _english_only(data: dict) -> dict:
    """The same rules with every word reduced to its English."""
    for loc, value in _words_in(data):
        if isinstance(value, dict):
            node = data
            for part in loc[:-1]:
                node = node[part]
            node[loc[-1]] = value["en"]
    return data


def test_translations_leave_the_save_fingerprint_alone(tmp_path):
    """A save records a digest of what the rules make happen (game/player_files/
    format.py); words in any language are not part of it, so a save made
    under the same files resumes, and adding a language to them does too."""
    classic = load_rules(["classic"])
    english = validate_rules(_english_only(layered("classic", {})))
    more = write_rule(
        tmp_path, "more.yaml", "house_rules: {more: More}\ncards: {skip: {label: {fi: X}}}\n"
    )
    assert rules_fingerprint(classic) == rules_fingerprint(english)
    assert rules_fingerprint(classic) == rules_fingerprint(load_rules(["classic", more]))
    assert rules_fingerprint(classic) == rules_fingerprint(load_rules(["classic"]))


def test_words_survive_a_copy_and_a_dump():
    """A rule set is copied (deepcopy, pickle) and dumped (the fingerprint)."""
    rules: RuleSet = load_rules(["classic"])
    label = rules.model.cards["skip"].label
    for copied in (copy.deepcopy(label), pickle.loads(pickle.dumps(label))):
        assert isinstance(copied, Words) and copied.in_language("tr") == "Atla"
    dumped = rules.model.model_dump(mode="json")
    assert dumped["cards"]["skip"]["label"] == dict(
        zip(LANGUAGES, ["Skip", "Atla", "Ohitus", "Αγνοήστε", "Jäta käik vahele"], strict=True)
    )
    assert dumped["name"] == {"en": "Classic UNO", **dumped["name"]}
