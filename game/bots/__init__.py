"""Bots: each level is one module; all of them see only `view` and `legal_actions`.

A bot is an object with two methods:
- `choose(look, actions)`: pick one of `actions` (never empty) for the seat's turn;
- `interject(look, actions)`: given out-of-turn actions (an UNO call, a catch),
  return one of them or None to let the moment pass.
`look()` returns `game.engine.view(state, seat)` on demand, so a bot that does
not need it costs nothing.
"""

from __future__ import annotations

from game.bots.basic import BasicBot
from game.bots.random_bot import RandomBot

BOTS = {"random": RandomBot, "basic": BasicBot}


def make_bot(level: str, seed: int):
    try:
        return BOTS[level](seed)
    except KeyError:
        raise ValueError(f"unknown bot '{level}' (known: {', '.join(sorted(BOTS))})") from None
