"""How quickly a bot at the table reacts out of turn, the way a person would.

A bot on screen does not catch a missed UNO the moment the table shows it,
nor say its own UNO before the card is down: each out-of-turn move (its own
UNO call, catching someone, jumping in) comes after a reaction time drawn
from its level's range (`LevelSettings.reactions`, game/bots/levels.py),
scaled by the pace setting (Settings: slow,
normal, fast; instant makes it 0 for tests and quick games). In between, any
player may move first: the first valid press wins a catch.

A bot that never forgets UNO (its level's `forgets_uno` is 0) says it with
its play: the call is one of its turn's legal actions, and the card follows it
at once (game/scenes/play.py), so no catch can race the call. The others say
it as the card goes down, not before: their turn is played without the call
(`turn_choices`) and the call comes as a reaction (or not at all), so a quick
human can catch them.

Only the screens use this: simulations (game/play/sim.py) let bots act at once.
"""

from __future__ import annotations

import random

from game.bots.levels import CATCH, JUMP_IN, LEVELS, UNO
from game.engine import CallUno, Catch, Play

# Seconds at normal pace, (fastest, slowest), per level and kind of move.
REACTIONS: dict[str, dict[str, tuple[float, float]]] = {
    level: settings.reactions for level, settings in LEVELS.items()
}
DEFAULT_LEVEL = "basic"

# The pace setting stretches or shrinks every reaction.
PACE = {"slow": 1.5, "normal": 1.0, "fast": 0.6, "instant": 0.0}


def kind_of(action: object) -> str | None:
    """Which reaction an out-of-turn action is (None: not one)."""
    if isinstance(action, CallUno):
        return UNO
    if isinstance(action, Catch):
        return CATCH
    if isinstance(action, Play):
        return JUMP_IN
    return None


def reaction_time(level: str, kind: str, pace: str, rng: random.Random) -> float:
    """Seconds a bot of `level` takes to make an out-of-turn move of `kind`."""
    ranges = REACTIONS.get(level, REACTIONS[DEFAULT_LEVEL])
    lo, hi = ranges[kind]
    return rng.uniform(lo, hi) * PACE.get(pace, 1.0)


def turn_choices(actions: tuple, level: str) -> tuple:
    """A bot's choices for its own turn: all of them for a level that never
    forgets UNO (it calls with its play); for the others everything but calling
    UNO, which they do as a reaction once the card is down (see the module
    docstring)."""
    if LEVELS.get(level, LEVELS[DEFAULT_LEVEL]).forgets_uno == 0.0:
        return actions
    kept = tuple(a for a in actions if not isinstance(a, CallUno))
    return kept or actions
