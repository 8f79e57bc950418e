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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypedDict

from game.engine.decisions import purpose_of
from game.engine.event_kinds import (
    EACH_OWN,
    EVENT_KINDS,
    EVERYONE,
    NOBODY,
    EventKind,
    Seen,
    SeenBy,
)
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
    back = state.back
    hidden_pairs = back is not None and state.rules.model.pairs == "random"
    return {
        "seat": seat,
        "cards": cards.faces_alone() if hidden_pairs else cards,
        "side": cards.side_name,
        "back": None if hidden_pairs else back,
        "public": [
            [] if back is None or other == seat else [back.face_names[c] for c in hand]
            for other, hand in enumerate(state.hands)
        ],
        "pile_back": back.face_names[state.draw_pile[-1]]
        if back is not None and state.draw_pile
        else None,
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


def seen_events(events: Sequence[Mapping[str, Any]], seat: int) -> list[Mapping[str, Any]]:
    """The events as `seat` saw them happen: the history `view` leaves out.

    Who sees the cards of each field is the event's declaration (`cards`,
    game/engine/event_kinds.py): a card the seat does not see is None, so the
    count still shows (another seat's deal or draw, a reveal to another
    challenger, a kept draft card, the other new hands of a redistribution).
    Events nothing hides are passed on as they are: read them, never change them."""
    seen = []
    kinds = _event_kinds()
    for event in events:
        kind = kinds[event["t"]]
        event = _faces_seen(event, kind)
        hidden: dict[str, Any] = {}
        for name, sight in kind.cards.items():
            if name not in event:
                continue
            cards = event[name]
            if sight is EACH_OWN:
                hidden[name] = [
                    hand if other == seat else _hidden(hand) for other, hand in enumerate(cards)
                ]
            elif not _sees(sight, event, seat):
                hidden[name] = _hidden(cards)
        seen.append({**event, **hidden} if hidden else event)
    return seen


def shown_alone(event: Mapping[str, Any], seat: int) -> bool:
    """Whether `event` shows `seat` cards that not every seat sees: its own
    draw or deal, a hand revealed to it, its new hand after hands moved."""
    kind = _event_kinds()[event["t"]]
    moved = kind.moves_hands
    if moved is not None and moved.sees(event, seat):
        return True
    return any(
        name in event and sight is not EVERYONE and _sees(sight, event, seat)
        for name, sight in kind.cards.items()
    )


def _event_kinds() -> Mapping[str, EventKind]:
    """Every kind of event, declared: importing the format declares them
    (game/engine/events/), and it needs pydantic, which the menu's first
    frame does without (tests/test_startup_imports.py)."""
    import game.engine.events  # noqa: F401, PLC0415

    return EVENT_KINDS


def _sees(sight: Seen, event: Mapping[str, Any], seat: int) -> bool:
    """Whether `seat` sees a field declared `sight` (a seat sees its own
    entry of a field each seat sees its own of)."""
    if isinstance(sight, SeenBy):
        return sight.sees(event, seat)
    return sight is not NOBODY


def _hidden(cards: Any) -> Any:
    """`cards` with each card None: one card, a list, a list per seat, seat -> card."""
    if isinstance(cards, list):
        return [_hidden(card) for card in cards]
    if isinstance(cards, dict):
        return {key: _hidden(card) for key, card in cards.items()}
    return None


def _face(name: str | None) -> str | None:
    """A card as a seat sees it: a two-sided card's face in play (red:7/teal:5 -> red:7)."""
    return name if name is None else name.partition("/")[0]


def _two_sided(cards: Any) -> bool:
    if isinstance(cards, list):
        return any(_two_sided(card) for card in cards)
    if isinstance(cards, dict):
        return any(_two_sided(card) for card in cards.values())
    return isinstance(cards, str) and "/" in cards


def _faces(cards: Any) -> Any:
    if isinstance(cards, list):
        return [_faces(card) for card in cards]
    if isinstance(cards, dict):
        return {key: _faces(card) for key, card in cards.items()}
    return _face(cards)


def _faces_seen(event: Mapping[str, Any], kind: EventKind) -> Mapping[str, Any]:
    """`event` with its cards (the fields its declaration names) named by the
    face seen; the event itself when no card in it has two faces (a one-sided
    deck's never has)."""
    changed = {name: _faces(event[name]) for name in kind.cards if _two_sided(event.get(name))}
    return {**event, **changed} if changed else event
