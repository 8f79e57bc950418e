"""What sets the bot levels apart besides how they choose: their human habits.

One `LevelSettings` per level, read by the bot of that level and by what
paces a bot's out-of-turn actions for people (game/bots/timing.py). Chances
are per occasion: `forgets_uno` is the chance a bot lets the moment to call
UNO pass, `catches` the chance it takes a catch when one is offered,
`jumps_in` the chance it plays an identical card out of turn when it may.
`reactions` are the seconds, at normal pace, from the moment the table shows
such a chance to the bot's move: (fastest, slowest) per kind. A person needs
about a second to notice a missed UNO and press, so even the expert leaves a
quick human time to win a catch race; saying one's own UNO is quicker.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.i18n import N_

UNO = "uno"  # calling one's own UNO
CATCH = "catch"  # catching someone who did not
JUMP_IN = "jump_in"  # playing an identical card out of turn


def _reactions(uno: tuple[float, float], catch: tuple[float, float], jump_in: tuple[float, float]):
    return {UNO: uno, CATCH: catch, JUMP_IN: jump_in}


@dataclass(frozen=True)
class LevelSettings:
    title: str  # what a player reads in a seat list (an msgid: shown through `_`)
    blurb: str  # one line on how it plays (an msgid)
    forgets_uno: float = 0.0
    catches: float = 1.0
    jumps_in: float = 1.0
    reactions: dict[str, tuple[float, float]] = field(
        default_factory=lambda: _reactions((0.5, 1.2), (1.0, 2.2), (0.8, 1.8))
    )


LEVELS: dict[str, LevelSettings] = {
    "random": LevelSettings(
        N_("Random"),
        N_("Any legal move, picked blindly."),
        0.5,
        0.5,
        0.5,
        _reactions((0.8, 2.0), (1.4, 3.0), (1.2, 2.6)),
    ),
    "beginner": LevelSettings(
        N_("Beginner"),
        N_("Plays a card it likes; forgets UNO now and then and is slow to catch."),
        forgets_uno=0.3,
        catches=0.25,
        jumps_in=0.3,
        reactions=_reactions((0.8, 2.0), (1.6, 3.2), (1.2, 2.6)),
    ),
    "basic": LevelSettings(
        N_("Basic"), N_("Plays rather than draws, keeps wilds for need, never forgets UNO.")
    ),
    "strong": LevelSettings(
        N_("Strong"),
        N_(
            "Counts cards, saves its action cards for whoever is about to go out, "
            "names the colour that hurts, bluffs and challenges on the odds."
        ),
        reactions=_reactions((0.4, 1.0), (0.9, 1.9), (0.7, 1.5)),
    ),
    "expert": LevelSettings(
        N_("Expert"),
        N_(
            "Plays each choice out many times over the cards it cannot see and "
            "picks what wins the most points."
        ),
        reactions=_reactions((0.4, 0.9), (0.8, 1.7), (0.6, 1.3)),
    ),
}
