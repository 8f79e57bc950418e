"""Every bot level plays every shipped rule set, and random house-rule mixes.

The bots' promise: "every level plays every shipped rule set and any
modded one: nothing assumes classic cards, counts or seat numbers". Each
table seats every level (a two-seat game plays them in pairs), plays a
round through the simulator's loop, and its log must replay through the
format checks. A bot that does not understand a decision the rules open,
or assumes a card the deck lacks, fails here.
"""

from __future__ import annotations

import random

import pytest

from game.bots import BOTS
from game.rules.names import available_rule_sets
from tests.depth import examples
from tests.support.bots import play
from tests.support.events import check_events
from tests.support.rules import loads_together, shipped_variants
from tests.support.rules import rules as rule_set

LEVELS = list(BOTS)
NAMES = available_rule_sets()
BASES = [n for n in NAMES if not n.startswith("house/")]
HOUSES = [n for n in NAMES if n.startswith("house/")]


def _seatings(rules) -> list[list[str]]:
    """Tables that seat every level at least once, at an allowed seat count."""
    counts = rules.model.allowed_counts()
    n = next((c for c in counts if c >= 4), counts[0])
    n = min(n, 6)
    order = LEVELS * n
    tables = []
    for start in range(0, len(LEVELS), n):
        tables.append((order[start:] + order)[:n])
    return tables


@pytest.mark.parametrize("names", shipped_variants(), ids=lambda names: "+".join(names))
def test_every_level_plays_a_round(names):
    rules = rule_set(*names)
    for index, levels in enumerate(_seatings(rules)):
        state, events = play(rules, levels, seed=11 + index, rounds=1)
        check_events(events, len(levels))
        assert any(e["t"] == "round_end" for e in events)


def _mixes(count: int, seed: int = 5) -> list[list[str]]:
    rng = random.Random(seed)
    mixes = []
    while len(mixes) < count:
        names = [rng.choice(BASES)] + rng.sample(HOUSES, rng.randint(1, 3))
        if loads_together(*names):
            mixes.append(names)
    return mixes


@pytest.mark.parametrize("names", _mixes(examples(25)), ids=lambda names: "+".join(names))
def test_every_level_plays_random_mixes(names):
    rules = rule_set(*names)
    rng = random.Random("+".join(names))
    counts = [c for c in rules.model.allowed_counts() if c <= 6]
    players = rng.choice(counts)
    levels = [rng.choice(LEVELS) for _ in range(players)]
    levels[rng.randrange(players)] = "expert"
    state, events = play(rules, levels, seed=rng.randrange(10**6), rounds=2)
    check_events(events, players)
    assert any(e["t"] == "round_end" for e in events)
