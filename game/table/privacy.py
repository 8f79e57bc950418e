"""Who may see which card right now: the one place every drawing path asks.

On one shared screen a hand is shown only to its owner. The person looking is
the *viewer*: the human whose hand may be shown (set when they dismiss the
"Pass to NAME" curtain, or the only human at a table of bots), or nobody.
A card is drawn face up only where `may_see` says so:

- a hand: the viewer's own, or every hand when the table is open (a replay,
  a table of bots only) or the round is over (hands are laid open to score);
- the discard pile and the table's public spots (cut cards, UNO Duo's draft
  discard): always; the draw pile: never.

A card in flight asks `in_flight`: played from a hand onto the discard pile it
shows its face all the way (a card played is public, and its player's hand
may already have gone face down as the turn ended); going to a public place
from the draw pile it turns face up half-way; going into a hand it shows its
back unless both ends may be seen (the viewer re-sorting their own hand), so
cards passed between hands by a swap, a shuffle or a jump-in never tell who
held what, and a drawn card turns up only once it has landed in the viewer's
hand.

A two-sided deck (UNO Flip) has no secret backs: every card is held with its
face in play towards its owner, so the whole table sees its other face, and
the draw pile's top card shows its other face too. Where `may_see` says no,
such a card is drawn by its other face (`drawn`); only a one-sided card shows
its back. Whoever holds a card, its other face tells nothing the table cannot
see.

Tests watch what is drawn through `witness`: every path that draws a card
reports it there (card, where it comes from, where it is, face up or not);
a two-sided card drawn by its other face is reported turned ("teal:5/red:7"),
not face up.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.card_names import FACES_APART, turned

PILE = "pile"
DISCARD = "discard"
TABLE = "table"  # public spots on the felt: the cut, UNO Duo's draft discard

# A seat's hand, or one of the places above.
Place = int | str

Witness = Callable[[str, Place, Place, bool], None]


class Privacy:
    def __init__(self, show_all: bool = False) -> None:
        self.viewer: int | None = None
        self.show_all = show_all
        self.hands_open = False  # the round is over: every hand is laid open to score
        self.revealed: tuple[int, int] | None = None  # (hand, to whom): a challenge's reveal
        self.witness: Witness | None = None

    def may_see(self, place: Place) -> bool:
        """May a card resting at `place` be drawn face up now?"""
        if isinstance(place, int):
            if self.show_all or self.hands_open or place == self.viewer:
                return True
            shown = self.revealed
            return shown is not None and shown == (place, self.viewer)
        return place != PILE

    def in_flight(self, origin: Place, place: Place, progress: float) -> bool:
        """May a card flying from `origin` to `place` be drawn face up, `progress` of the way?"""
        if isinstance(place, int):
            return self.may_see(origin) and self.may_see(place)
        if place == DISCARD and isinstance(origin, int):
            return True  # played: public from the moment it leaves the hand
        if progress < 0.5:
            return self.may_see(origin)
        return self.may_see(place)

    @staticmethod
    def drawn(card: str, face_up: bool) -> str | None:
        """What of `card` is drawn, given whether its face in play may be seen:
        that face (the card as named); else the other face of a two-sided card,
        which the whole table sees; else None, its back."""
        if face_up:
            return card
        return turned(card) if FACES_APART in card else None

    def shown(self, card: str, origin: Place, place: Place, face_up: bool) -> None:
        """Report a card being drawn (to a test's witness; nothing otherwise)."""
        if self.witness is not None:
            self.witness(card if face_up else turned(card), origin, place, face_up)

    def card_shown(self, card: str, place: Place) -> str | None:
        """For a screen drawing a card of `place` by itself: what of it to draw
        (`drawn`: the card, its other face, or None for its back). Reported to
        the witness."""
        return self.drawn(card, self.card_face(card, place))

    def card_face(self, card: str, place: Place) -> bool:
        """For a screen drawing a card of `place` by itself: may it show its face?
        (The card is reported to the witness either way.)"""
        face = self.may_see(place)
        self.shown(card, place, place, face)
        return face
