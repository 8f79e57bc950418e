"""What one seat may know: its own hand, and only the public rest."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypedDict

from game.engine.kind_names import KindName

if TYPE_CHECKING:
    from game.engine.state import GameState


class PendingView(TypedDict):
    kind: KindName
    seat: int
    options: list[str | int]


class PenaltyView(TypedDict):
    count: int
    target: int
    source: int
    challengeable: bool
    stacked: bool
    color_before: str | None


class View(TypedDict):
    seat: int
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
    names = cards.names
    decision = state.pending
    owed = state.penalty
    return {
        "seat": seat,
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

    The cards another seat is dealt, draws or keeps in a draft stay hidden
    (each hidden card is None, so the count still shows); a reveal after a
    challenge shows the cards only to the challenger; a redistribution of
    hands shows the seat only its own new hand. Cards put face up (plays, the
    cut, the draft discard, a colour purge) are public. Events nothing hides
    are passed on as they are: read them, never change them."""
    seen = []
    for event in events:
        kind = event["t"]
        # Dealt and drawn cards are their seat's; a reveal is its challenger's.
        owner = event["to"] if kind == "reveal" else event.get("p")
        if kind in ("deal", "draw", "reveal") and owner != seat:
            event = {**event, "cards": [None] * len(event["cards"])}
        elif kind == "draft" and event["p"] != seat and event["kept"]:
            # A kept draft card goes to its seat's hand unseen; a card turned
            # onto the draft discard is face up (docs/rules.md §3).
            event = {**event, "card": None}
        elif kind == "hands":
            hands = [
                hand if other == seat else [None] * len(hand)
                for other, hand in enumerate(event["hands"])
            ]
            event = {**event, "hands": hands}
        seen.append(event)
    return seen
