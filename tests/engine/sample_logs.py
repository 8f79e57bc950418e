"""A seeded sample of whole games over every rule set, reduced to one digest.

The compiled-engine check (test_compiled.py) computes it under each engine:
the same seeds must give the same logs, byte for byte. Run as a script it
prints the digest of the engine it runs on.
"""

from __future__ import annotations

import hashlib

from game.bots import make_bot
from game.log import encode_event
from game.play.sim import play_match
from game.rules.loader import load_rules
from game.rules.names import available_rule_sets

# House rules that open decisions of their own, each on the classic base.
HOUSE_MIXES = [
    ["classic", "house/stacking", "house/seven-o"],
    ["classic", "house/jump-in", "house/multi-card"],
    ["classic", "house/draw-until-playable", "house/no-action-finish"],
]


def mixes() -> list[list[str]]:
    bases = [[name] for name in available_rule_sets() if not name.startswith("house/")]
    return bases + HOUSE_MIXES


def digest(seeds: range = range(3)) -> str:
    total = hashlib.sha256()
    for names in mixes():
        rules = load_rules(names)
        counts = rules.model.allowed_counts()
        for seed in seeds:
            players = counts[seed % len(counts)]
            bots = [make_bot("basic", seed + 1 + seat) for seat in range(players)]
            result = play_match(rules, players, seed, bots, single_round=seed % 2 == 1)
            for event in result.events:
                total.update(encode_event(event).encode())
                total.update(b"\n")
    return total.hexdigest()


if __name__ == "__main__":
    print(digest())
