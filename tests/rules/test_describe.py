"""`python main.py rules NAME...`: the resolved rule set in plain words."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import i18n
from game.engine import scoring
from game.rules.describe import describe
from game.rules.errors import RuleFileError
from game.rules.loader import load_rules
from tests.support.commands import main_here
from tests.support.rules import rules as rule_set
from tests.support.rules import shipped_variants

ROOT = Path(__file__).resolve().parents[2]


def test_classic_in_plain_words():
    text = describe(load_rules(["classic"]))
    assert "Deck (108 cards" in text
    assert "Skip (8 cards, 20 points): the next player loses their turn" in text
    assert (
        "Reverse (8 cards, 20 points): the direction of play changes; the next player "
        "loses their turn when 2 players are in the game"
    ) in text
    assert "may be played only when the player holds no card of the colour in force" in text
    assert "turned up first: goes back into the pile" in text
    assert "Target: 500; the first to reach it wins." in text


def test_house_rules_change_the_words():
    text = describe(load_rules(["classic", "house/seven-o", "house/stacking"]))
    assert "a 7: the player picks another player; the player swaps hands" in text
    assert "answers a pending draw from: Draw Two" in text  # labels, not kind names
    assert "Seven-O: A 7 swaps hands" in text  # the house rule's name, not its id


def test_house_rules_are_listed_by_name_in_the_players_language(tmp_path):
    """`rules`, the pause screen and the Rules screen list a house rule by the
    name its file gives in the language chosen; a file in the old form, the
    line alone, is listed by its id."""
    old = tmp_path / "old-style.yaml"
    old.write_text("house_rules: {old-style: {en: The line alone., tr: Yalnız satır.}}\n")
    rules = load_rules(["classic", "house/jump-in", str(old)])
    english = describe(rules)
    assert "  Jump-in: Play an identical card out of turn" in english
    assert "  old-style: The line alone." in english
    i18n.set_language("tr")
    turkish = describe(rules)
    assert "  Araya girme: Aynı kartı sıran gelmeden oyna" in turkish
    assert "  old-style: Yalnız satır." in turkish
    assert "jump-in" not in turkish.replace("house/jump-in", "")  # only "Built from" names files


def test_the_words_a_lesson_adds_are_read_under_their_card_and_house_rule():
    """rules/README.md, "Learning as you play": a card kind's and a house
    rule's `teach:` text is what its lesson says after the rules' own words;
    the Rules screen and the pause's rules say it too, in the player's language."""
    from tests.support.rules import layered, overlay_file

    data = layered(
        "classic",
        {
            "cards": {"skip": {"teach": {"en": "Skip the leader.", "fi": "Ohita johtaja."}}},
            "house_rules": {
                "steady": {
                    "name": "Steady",
                    "description": "Nothing changes.",
                    "teach": {"en": "Breathe.", "et": "Hinga."},
                }
            },
        },
    )
    taught = load_rules([overlay_file("taught", data)])
    lines = describe(taught).splitlines()
    skip = next(i for i, line in enumerate(lines) if line.startswith("  Skip ("))
    assert "    Skip the leader." in lines[skip + 1 : skip + 4]
    steady = lines.index("  Steady: Nothing changes.")
    assert lines[steady + 1] == "    Breathe."
    i18n.set_language("fi")
    assert "    Ohita johtaja." in describe(taught).splitlines()
    i18n.set_language("et")
    assert "    Hinga." in describe(taught).splitlines()
    i18n.set_language("tr")  # no Turkish given: the English
    assert "    Skip the leader." in describe(taught).splitlines()


def test_duo_describes_the_draft_and_scoring():
    text = describe(load_rules(["duo"]))
    assert "Players: 2" in text
    assert "No deal: each player in turn looks at the top card" in text
    assert "everyone but the winner scores their own hand" in text
    assert "Target: 200; when someone reaches it, the lowest total wins." in text


def test_every_rule_set_and_house_rule_can_be_described():
    for names in shipped_variants():  # a house rule over the first base it goes with
        assert describe(rule_set(*names)).strip()


def test_a_two_sided_deck_is_described_side_by_side():
    text = describe(load_rules(["flip"]))
    assert "Deck (112 cards, each with a face on both sides, paired at random" in text
    assert " Light side, colours Red, Yellow, Green, Blue:" in text
    assert " Dark side, colours Pink, Teal, Orange, Purple:" in text
    assert "Skip Everyone (8 cards, 30 points): all the other players lose their turn" in text
    assert "the next player draws until they draw a card of the named colour" in text
    assert "Cards count by their faces on the side in play when the round ends." in text


def test_rules_command(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    run = main_here(["rules", "classic", "house/jump-in"], capsys)
    assert run.returncode == 0, run.stderr
    assert "identical to the top card may play it out of turn" in run.stdout
    bad = main_here(["rules", "duo", "house/teams"], capsys)
    assert bad.returncode == 1
    assert "rules/house/teams.yaml" in bad.stderr and "rules/duo.yaml" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_a_new_scheme_is_one_declaration(tmp_path):
    """A scoring scheme is declared once, with its words for
    `python main.py rules` and what it allows (the rule checks read it). A
    scheme registered here is described in its own words and its `at_target`
    constraint refuses a rule file that contradicts it, with no other change."""

    @scoring.scheme(
        words="everyone scores the cards they hold, the winner too",
        at_target=("lowest_total_wins",),
        at_target_why="holding cards is bad, so the lowest total must win",
        winner_scores=False,
    )
    def everyone_scores_own_hand(state, winner):
        return [state.hand_points(s) for s in range(state.players)]

    try:
        good = tmp_path / "own-hand.yaml"
        good.write_text(
            "house_rules: {own-hand: Everyone scores their own hand.}\n"
            "scoring: {scheme: everyone_scores_own_hand, at_target: lowest_total_wins}\n"
        )
        text = describe(load_rules(["classic", str(good)]))
        assert "Scoring: everyone scores the cards they hold, the winner too." in text
        bad = tmp_path / "own-hand-wins.yaml"
        bad.write_text(
            "house_rules: {own-hand-wins: Everyone scores; first to 500 wins.}\n"
            "scoring: {scheme: everyone_scores_own_hand, at_target: wins}\n"
        )
        with pytest.raises(RuleFileError, match="holding cards is bad"):
            load_rules(["classic", str(bad)])
    finally:
        del scoring.SCHEMES["everyone_scores_own_hand"]
