"""What sets the bot levels apart besides how they choose: their human habits.

One `LevelSettings` per level, read by the bot of that level (and by whatever
paces a bot's out-of-turn actions for people: a per-level reaction time
belongs here too). Chances are per occasion: `forgets_uno` is the chance a
bot lets the moment to call UNO pass, `catches` the chance it takes a catch
when one is offered, `jumps_in` the chance it plays an identical card out of
turn when it may.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LevelSettings:
    title: str  # what a player reads in a seat list
    blurb: str  # one line on how it plays
    forgets_uno: float = 0.0
    catches: float = 1.0
    jumps_in: float = 1.0


LEVELS: dict[str, LevelSettings] = {
    "random": LevelSettings("Random", "Any legal move, picked blindly.", 0.5, 0.5, 0.5),
    "beginner": LevelSettings(
        "Beginner",
        "Plays a card it likes; forgets UNO now and then and is slow to catch.",
        forgets_uno=0.3,
        catches=0.25,
        jumps_in=0.3,
    ),
    "basic": LevelSettings(
        "Basic", "Plays rather than draws, keeps wilds for need, never forgets UNO."
    ),
    "strong": LevelSettings(
        "Strong",
        "Counts cards, saves its action cards for whoever is about to go out, "
        "names the colour that hurts, bluffs and challenges on the odds.",
    ),
    "expert": LevelSettings(
        "Expert",
        "Plays each choice out many times over the cards it cannot see and "
        "picks what wins the most points.",
    ),
}
