"""What one seat saw happen: the events as its seat saw them, the history
the seat's `view` (game/engine/view.py) leaves out.

Who sees the cards of an event is its declaration (`EventKind.cards` and
`moves_hands`, game/engine/event_kinds.py), read here and nowhere else:
the bots and the hint learn from `seen_events`, and a phone asks
`shown_alone` which events showed its seat cards alone
(game/phones/private.py). Cards are named by the face seen (`red:7`, never
both faces of a two-sided card).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

# Importing the format declares every event's kind (game/engine/events/).
import game.engine.events  # noqa: F401
from game.engine.event_kinds import (
    EACH_OWN,
    EVENT_KINDS,
    EVERYONE,
    NOBODY,
    EventKind,
    Seen,
    SeenBy,
)


def seen_events(events: Sequence[Mapping[str, Any]], seat: int) -> list[Mapping[str, Any]]:
    """The events as `seat` saw them happen: the history `view` leaves out.

    Who sees the cards of each field is the event's declaration (`cards`,
    game/engine/event_kinds.py): a card the seat does not see is None, so the
    count still shows (another seat's deal or draw, a reveal to another
    challenger, a kept draft card, the other new hands of a redistribution).
    Events nothing hides are passed on as they are: read them, never change them."""
    seen = []
    kinds = EVENT_KINDS
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
    kind = EVENT_KINDS[event["t"]]
    moved = kind.moves_hands
    if moved is not None and moved.sees(event, seat):
        return True
    return any(
        name in event and sight is not EVERYONE and _sees(sight, event, seat)
        for name, sight in kind.cards.items()
    )


def hand_shown(event: Mapping[str, Any]) -> tuple[int, int, list[Any]] | None:
    """The hand `event` shows one seat alone, as (its owner, the seat shown
    it, its cards), by the event's declaration (`EventKind.shows_hand`); None
    for an event that shows no hand."""
    shown = EVENT_KINDS[event["t"]].shows_hand
    if shown is None:
        return None
    return int(event[shown.owner]), int(event[shown.to]), list(event[shown.cards])


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
