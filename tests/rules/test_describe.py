"""`python main.py rules NAME...`: the resolved rule set in plain words."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from game.rules.describe import describe
from game.rules.loader import available_rule_sets, load_rules

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
    assert "answers a pending draw from: draw_two" in text
    assert "seven-o: A 7 swaps hands" in text


def test_duo_describes_the_draft_and_scoring():
    text = describe(load_rules(["duo"]))
    assert "Players: 2" in text
    assert "No deal: each player in turn looks at the top card" in text
    assert "everyone but the winner scores their own hand" in text
    assert "Target: 200; when someone reaches it, the lowest total wins." in text


def test_every_rule_set_and_house_rule_can_be_described():
    for name in available_rule_sets():
        names = [name] if not name.startswith("house/") else ["uno112", name]
        assert describe(load_rules(names)).strip()


def test_rules_command():
    run = subprocess.run(
        [sys.executable, "main.py", "rules", "classic", "house/jump-in"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    assert "identical to the top card may play it out of turn" in run.stdout
    bad = subprocess.run(
        [sys.executable, "main.py", "rules", "duo", "house/teams"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert bad.returncode == 1
    assert "rules/house/teams.yaml" in bad.stderr and "rules/duo.yaml" in bad.stderr
    assert "Traceback" not in bad.stderr
