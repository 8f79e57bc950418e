"""Every rule that can occur in play has a lesson, worded in all five
languages: each shipped rule set, each house rule over the bases it goes
on, every house rule a base takes at once, and a modder's two-sided deck
(tests/rules/two_sided/day-night.yaml)."""

from __future__ import annotations

from functools import cache

import pytest

from game import i18n
from game.engine.ruleset import RuleSet, deck_count
from game.lessons.specs import Topic, covered_by, lessons_of, overlaps, title_and_words
from game.rules.names import available_rule_sets
from tests.support.rules import day_night, loads_together, rules, shipped_variants

BASES = [name for name in available_rule_sets() if not name.startswith("house/")]
HOUSES = [name for name in available_rule_sets() if name.startswith("house/")]


@cache
def every_house_rule_on(base: str) -> tuple[str, ...]:
    """As many house rules as go on `base` together, taken in name order."""
    taken: list[str] = []
    for house in HOUSES:
        if loads_together(base, *taken, house):
            taken.append(house)
    return (base, *taken)


def variants() -> list[tuple[str, ...]]:
    found = [tuple(names) for names in shipped_variants()]
    found += [every_house_rule_on(base) for base in BASES]
    return found


def rule_set(names: tuple[str, ...]) -> RuleSet:
    return day_night() if names == ("day-night",) else rules(*names)


ALL = [*variants(), ("day-night",)]


@pytest.mark.parametrize("names", ALL, ids="+".join)
def test_every_card_kind_that_does_something_and_every_house_rule_has_a_lesson(names):
    played = rule_set(names)
    specs = {spec.key: spec for spec in lessons_of(played)}
    assert len(specs) == len(lessons_of(played)), "a lesson key given twice"
    for name, kind in played.kinds.items():
        if not deck_count(played.model, kind.model):
            assert not any(spec.kind == name for spec in specs.values()), name
            continue
        if kind.effects or kind.play_only_if:
            assert f"card:{name}" in specs, name
        for face in kind.face_effects:
            assert f"card:{name}:{face}" in specs, (name, face)
    houses = [spec for spec in specs.values() if spec.topic is Topic.HOUSE]
    assert {spec.house for spec in houses} == set(played.model.house_rules)
    covered = {house for rules in covered_by(list(specs.values())).values() for house in rules}
    others = [spec for spec in specs.values() if spec.topic is not Topic.HOUSE]
    for spec in houses:
        assert spec.key in covered, spec.key  # it explains itself at some lesson's moment
        if len(names) > 2:
            continue  # in a mix, a house rule may change nothing another has not
        # The loader knows what each shipped house rule changes, and a lesson explains it.
        assert spec.settings, f"{spec.key}: no settings recorded"
        assert any(
            overlaps(mine, theirs)
            for mine in spec.settings
            for other in others
            for theirs in other.settings
        ), f"{spec.key} changes nothing a lesson explains: {spec.settings}"
    if played.model.side_names():
        assert f"side:{played.model.side_names()[1]}" in specs


@pytest.mark.parametrize("names", [*[(base,) for base in BASES], ("day-night",)], ids="+".join)
def test_every_lesson_has_words_in_all_five_languages(names):
    """Every lesson has a heading and words in each language, and the words
    in another language are not the English (the catalogs' and the rule
    file's translations are used)."""
    houses = every_house_rule_on(names[0]) if names != ("day-night",) else names
    for played in {rule_set(names), rule_set(houses)}:
        english: dict[str, tuple[str, str]] = {}
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            for spec in lessons_of(played):
                title, words = title_and_words(played, spec)
                assert title.strip() and words.strip(), (code, spec.key)
                if code == i18n.ENGLISH:
                    english[spec.key] = (title, words)
                else:
                    assert words != english[spec.key][1], (code, spec.key, words)


# Where a rule's own words leave a newcomer asking, its file says a sentence
# more (`teach:`): what a challenge costs, what a Flip does to a hand, Duo's
# volley, what stacking ends in.
TAUGHT_MORE = [
    (("classic",), "card:wild_draw_four"),
    (("duo",), "card:wild_draw_four"),
    (("duo",), "card:draw_two"),
    (("flip",), "card:wild_draw_two"),
    (("flip",), "card:flip"),
    (("flip",), "card:dark_flip"),
    (("classic", "house/stacking"), "house:stacking"),
    (("flip", "house/stacking"), "house:stacking"),
]


@pytest.mark.parametrize(
    "names, key", TAUGHT_MORE, ids=lambda v: "+".join(v) if type(v) is tuple else v
)
def test_a_newcomers_hard_rules_say_a_sentence_more_in_five_languages(names, key):
    played = rule_set(names)
    spec = next(spec for spec in lessons_of(played) if spec.key == key)
    if spec.topic is Topic.HOUSE:
        assert spec.house is not None
        teach = played.model.house_rules[spec.house].teach
    else:
        assert spec.kind is not None
        teach = played.kinds[spec.kind].model.teach
    assert teach is not None, key
    assert set(teach.languages) == set(i18n.LANGUAGES)
    for code in i18n.LANGUAGES:
        i18n.set_language(code)
        assert title_and_words(played, spec)[1].splitlines()[-1] == teach.in_language(code)
