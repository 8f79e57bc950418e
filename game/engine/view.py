"""What one seat may know: its own hand, and only the public rest.

A two-sided deck (game/engine/sides.py) shows more: a hand is held with the
face in play towards its owner, so everyone else sees the other face of
every card in it, and the draw pile lies with the face in play down, so its
top card's other face is seen by all (`public`, `pile_back`). A seat never
sees the other faces of its own hand. Cards are named here by the face seen
(`red:7`), never by both faces.

Which faces share a card is public only where the rule file lists its pairs
(a printed deck): then `back` is the other side's table. Paired at random for
the match, it is hidden like a hand: `back` is None, `cards` names each card
by its face in play alone (`faces_alone`, game/engine/cards.py), and a seat
learns a card's other face only from what `public` and `pile_back` show it.
`cards` is indexed by card id for the seat's own hand. The ids say no
pairing either: a deck paired at random numbers its cards in a hidden order
of the match (game/engine/sides.py `side_tables`), not in the rule file's
order of faces, so on the second side a seat's own ids say nothing of the
first faces only the others see. The no-peeking test
(tests/bots/test_no_peeking.py) pairs hidden cards anew and checks that no
decision changes, and that a bot reading its ids learns nothing.

What a seat saw happen, the history this leaves out, is game/engine/seen.py's
(`seen_events`): a module of its own, since it reads the events' declarations
(game/engine/events/, built on pydantic) and this one is imported with the
package, before the menu's first frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from game.engine.decisions import purpose_of
from game.engine.kind_names import KindName
from game.engine.purposes import Purpose

if TYPE_CHECKING:
    from game.engine.cards import CardTable
    from game.engine.state import GameState


class PendingView(TypedDict):
    kind: KindName
    seat: int
    options: list[str | int]
    purpose: Purpose  # what the answer is for (game/engine/purposes.py)


class PenaltyView(TypedDict):
    count: int
    target: int
    source: int
    challengeable: bool
    stacked: bool
    # Colours by name, each of the side it was named on (a card that turns
    # the table over may name one of the side no longer in play).
    color_before: str | None
    until_color: str | None  # draws go on until a card of this colour


class View(TypedDict):
    seat: int
    # The faces in play, shared by the match: per card id, what the seat's
    # own cards show it (`cards.face_names`, colours, kinds). No hidden card's
    # place is in it.
    cards: CardTable
    side: str | None  # the side in play of a two-sided deck
    # The other side's faces, by card id, where the rule file lists which
    # faces share a card (None where they are paired at random, or one-sided):
    # a sampler deals hidden cards that agree with the public faces. A card
    # of the seat's own hand is looked up in it only by what others see.
    back: CardTable | None
    # Per seat, the other faces of its hand in hand order (the seat's own: []).
    public: list[list[str]]
    pile_back: str | None  # the other face of the draw pile's top card
    players: int
    names: list[str]
    hand: list[int]
    hand_cards: list[str]
    hand_sizes: list[int]
    discard: list[str]
    top: str | None
    color: str | None
    direction: int
    draw_pile: int
    dealer: int
    round: int
    to_act: int | None
    pending: PendingView | None
    penalty: PenaltyView | None
    drawn: list[str]
    draft_card: str | None
    uno_called: list[bool]
    uno_window: int
    scores: list[int]
    target: int | None
    eliminated: list[bool]
    over: bool
    winner: int | None


def view(state: GameState, seat: int) -> View:
    """The table as `seat` sees it. Other hands are sizes only; the draw pile
    is a count; whether a Wild Draw Four was a bluff stays hidden."""
    cards = state.cards
    names = cards.face_names
    decision = state.pending
    owed = state.penalty
    hands = state.hands
    back = state.back
    shown: CardTable = cards
    shown_back = back
    if back is None:
        public: list[list[str]] = [[] for _ in hands]
        pile_back = None
    else:
        if state.rules.model.pairs == "random":  # the pairing stays hidden
            shown, shown_back = cards.faces_alone(), None
        faces = back.face_names
        public = [
            [] if other == seat else [faces[c] for c in hand] for other, hand in enumerate(hands)
        ]
        pile_back = faces[state.draw_pile[-1]] if state.draw_pile else None
    return {
        "seat": seat,
        "cards": shown,
        "side": cards.side_name,
        "back": shown_back,
        "public": public,
        "pile_back": pile_back,
        "players": state.players,
        "names": list(state.names),
        "hand": list(state.hands[seat]),
        "hand_cards": [names[c] for c in state.hands[seat]],
        "hand_sizes": [len(h) for h in state.hands],
        "discard": [names[c] for c in state.discard],
        "top": names[state.top] if state.discard else None,
        "color": cards.color_name(state.color),
        "direction": state.direction,
        "draw_pile": len(state.draw_pile),
        "dealer": state.dealer,
        "round": state.round_no,
        "to_act": state.to_act,
        "pending": None
        if decision is None
        else {
            "kind": decision.kind,
            "seat": decision.seat,
            "options": list(decision.options),
            "purpose": purpose_of(decision),
        },
        "penalty": None
        if owed is None
        else {
            "count": owed.count,
            "target": owed.target,
            "source": owed.source,
            "challengeable": owed.challengeable,
            "stacked": owed.stacked,
            "color_before": owed.color_before,
            "until_color": state.tables[owed.until_side].color_name(owed.until_color),
        },
        "drawn": [names[c] for c in state.drawn] if state.actor == seat else [],
        # A draft: only the drafting seat sees the card it looks at.
        "draft_card": names[state.draft_card]
        if state.draft_card >= 0 and decision is not None and decision.seat == seat
        else None,
        "uno_called": list(state.uno_called),
        "uno_window": state.uno_window,
        "scores": list(state.scores),
        "target": state.target,
        "eliminated": list(state.eliminated),
        "over": state.over,
        "winner": state.winner,
    }
