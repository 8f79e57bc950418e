"""Worlds the search plays out agree with everything the seat sees.

`TableSampler.world` deals the cards a seat cannot see into the other hands
and the draw pile. Whatever it deals, the seat's view of the world must be
its view of the real table (its hand, every hand's size, the discard pile,
the colour, the decision it faces), the seat must be offered the same
actions, every card must be somewhere exactly once, and what the seat
knows of a hand (cards shown to it) must be in that hand.
"""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine import legal_actions, view
from game.engine.rng import Rng
from game.rules.loader import load_rules
from tests.support.bots import play

SHOWN = ("seat", "hand", "hand_sizes", "discard", "top", "color", "direction", "pending")


@pytest.mark.parametrize(
    ("names", "players"),
    [(["classic"], 2), (["classic"], 4), (["uno112", "house/seven-o"], 5), (["duo"], 2)],
    ids=lambda x: "+".join(x) if isinstance(x, list) else str(x),
)
def test_worlds_agree_with_what_the_seat_sees(names, players):
    rules = load_rules(names)
    rng = Rng(7)
    worlds = 0

    def before(state, seat, bot, actions, out_of_turn):
        nonlocal worlds
        sampler = bot.sampler
        seen = view(state, seat)
        if out_of_turn or not sampler.can_sample(seen):
            return
        sampler.prepare(seen, bot.knowledge)
        for _ in range(3):
            world = sampler.world(rng)
            mine = view(world, seat)
            assert {k: mine[k] for k in SHOWN} == {k: seen[k] for k in SHOWN}
            assert set(legal_actions(world, seat)) == set(legal_actions(state, seat))
            every = [c for hand in world.hands for c in hand] + world.draw_pile + world.discard
            assert sorted(every) == list(range(state.cards.size))
            for other in range(players):
                known, _ = bot.knowledge.constraints(other)
                if other != seat:
                    held = Counter(bot.deck.nid[c] for c in world.hands[other])
                    assert not known - held
            worlds += 1

    play(rules, ["strong"] * players, seed=3, rounds=2, before=before)
    assert worlds > 30
