"""What one seat may know: its own hand, and only the public rest."""

from __future__ import annotations

from typing import TypedDict

from game.engine.state import GameState


class PendingView(TypedDict):
    kind: str
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
