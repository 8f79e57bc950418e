"""What the scenes of a match ask of the app, and the way back round.

A match's scenes open one another round a circle: the deal opens the table,
the table its round's score, the score the match's end, and both of these the
next deal (`Deals`). Each hands the next the app it was given, so each must
be given what all of them ask: one protocol, `MatchApp`, the deal's, the
table's (with what the table's overlays ask), the scores' and the screens
that start a match (setup, learning, a saved match picked up). The pause is
not in it: the app opens it (`Pauses`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.phones.link import ScreenApp
from game.scenes.base import (
    Closes,
    Controllers,
    KeyPrompts,
    Leaves,
    OnTop,
    Opens,
    Paints,
    Pauses,
    Preferences,
    Replaces,
    Saves,
    Scene,
    Sounds,
    Stacks,
)
from game.scenes.pad_seats import PadsApp
from game.table.hint import HintApp

if TYPE_CHECKING:
    from game.table.match_screen import MatchScreen


class MatchApp(
    Closes,
    Opens,
    Replaces,
    OnTop,
    Stacks,
    Pauses,
    Leaves,
    Paints,
    KeyPrompts,
    Sounds,
    Preferences,
    Saves,
    Controllers,
    ScreenApp,
    HintApp,
    PadsApp,
    Protocol,
):
    """What a match's scenes call, and what they hand the parts of the match
    the app: putting the match on screen with its phones (`ScreenApp`,
    game/phones/link.py), the hints (`HintApp`, game/table/hint.py) and the
    controllers' rumble (`PadsApp`, game/scenes/pad_seats.py)."""


class Deals(Protocol):
    """Makes a round's deal: `DealScene` (game/scenes/deal.py), which opens the
    table in play. The scenes of a match import one way, deal -> play ->
    round_score -> match_end; the way back round (the next round, a rematch)
    is this, handed along from the deal."""

    def __call__(self, app: MatchApp, screen: MatchScreen, /) -> Scene: ...
