"""Bots: each level is one module; all of them see only what their seat may.

Levels, weakest first: `random`, `beginner`, `basic`, `strong`, `expert`
(see `game.bots.levels` for what sets them apart, and `game.bots.base` for
the interface every driver uses). Shared knowledge lives in its own modules:
`deck` (what a rule set's cards are), `knowledge` (what a seat learnt from
what it saw), `sampling` (worlds consistent with that), `playout` (playing
a world's round out). `hint` gives a human the expert's advice in words.
"""

from __future__ import annotations

from game.bots.base import Bot
from game.bots.basic import BasicBot
from game.bots.beginner import BeginnerBot
from game.bots.expert import ExpertBot
from game.bots.levels import LEVELS
from game.bots.random_bot import RandomBot
from game.bots.strong import StrongBot
from game.engine.ruleset import RuleSet

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "beginner": BeginnerBot,
    "basic": BasicBot,
    "strong": StrongBot,
    "expert": ExpertBot,
}


def make_bot(level: str, seed: int, rules: RuleSet | None = None) -> Bot:
    """A bot of `level` with its own seed; `rules` may also come later, by `sit`."""
    try:
        cls = BOTS[level]
    except KeyError:
        raise ValueError(f"unknown bot '{level}' (known: {', '.join(BOTS)})") from None
    return cls(seed, rules)


__all__ = ["BOTS", "LEVELS", "Bot", "make_bot"]
