"""Whole seeded matches of classic UNO against the replay log's promises.

Rules: docs/replay-format.md — "A seat's hand is always exactly what
the log says it is", the required fields of each event — and docs/rules.md §1
'End of a round and scoring' (the points of a round). Every action is drawn
at random from `legal_actions` of every seat (out-of-turn UNO calls and
catches included), so the rules' options meet in combinations no scenario
test lists.
"""

from __future__ import annotations

import random

import pytest

from game.engine import apply, legal_actions, new_game
from tests.depth import work
from tests.support.events import check_events, check_hands, of
from tests.support.rules import classic, rules_with
from tests.support.table import conserved

VARIANTS = {
    "classic": {},
    "draw_when_playable+unlimited": {
        "turn": {"draw_when_playable": True, "draw": {"mode": "unlimited", "cap": 3}}
    },
    "until_playable": {"turn": {"draw": {"mode": "until_playable"}}},
    "late_catch+refuse": {
        "uno": {"catch_window": "until_own_next_turn"},
        "cards": {"wild_draw_four": {"when_not_allowed": "refuse"}},
    },
    "eliminated": {
        "scoring": {"scheme": "losers_score_own_hand", "at_target": "eliminated", "target": 150}
    },
}


def _round_points(state, winner: int) -> int:
    points = state.cards.points
    return sum(points[c] for s in range(state.players) if s != winner for c in state.hands[s])


@pytest.mark.parametrize("variant", sorted(VARIANTS))
# Two players (a Reverse skips) and a larger table run quick; three with --thorough.
@pytest.mark.parametrize("players", [2, pytest.param(3, marks=pytest.mark.slow), 5])
def test_random_matches_keep_the_log_true(variant, players):
    """replay-format.md: events carry their required fields; the hands equal
    deals + draws - plays; all 108 cards are always somewhere; under classic
    scoring a round's points are the other hands' card points (docs/rules.md §1).
    Two seeds a table in the quick run, three with --thorough."""
    rules = classic() if variant == "classic" else rules_with(VARIANTS[variant])
    for seed in range(work(3, 2)):
        rnd = random.Random(seed)
        state, events = new_game(rules, players, seed)
        check_events(events, players)
        check_hands(None, events, state)
        for _ in range(1500):
            if state.over:
                break
            actions = [a for s in range(players) for a in legal_actions(state, s)]
            assert actions, "nobody can act and the match is not over"
            after, events = apply(state, rnd.choice(actions))
            check_events(events, players)
            check_hands(state, events, after)
            assert conserved(after)
            if variant == "classic":
                for end in of(events, "round_end"):
                    winner = end["winner"]
                    assert end["points"][str(winner)] == _round_points(after, winner)
            state = after
