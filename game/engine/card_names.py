"""How a card is named in a state, an event and a log: one face is
"color:face" ("red:7", "wild:wild"); a two-sided card (UNO Flip) is its two
faces apart, the one in play first ("red:7/teal:5").
"""

from __future__ import annotations

FACES_APART = "/"


def turned(card: str) -> str:
    """The same card the other way up ("red:7/teal:5" -> "teal:5/red:7"); a
    card with one face stays as it is."""
    face, sep, other = card.partition(FACES_APART)
    return f"{other}{sep}{face}" if sep else card
