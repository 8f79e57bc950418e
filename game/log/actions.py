"""The engine's actions seen from a log event, for the re-execution.

Which legal actions could write a given event first (so that a step copies
and applies only those), what the engine could have written instead, and the
engine's own reason when the log's action is not legal. No rule is decided
here: every answer comes from `legal_actions`, `apply` and `why_illegal`.
"""

from __future__ import annotations

from game.engine import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    Draw,
    GameState,
    NextRound,
    Pass,
    Play,
    apply,
    legal_actions,
    out_of_turn_seats,
    why_illegal,
)
from game.engine.decisions import REGISTRY
from game.engine.event_kinds import EVENT_KINDS
from game.engine.events import Event
from game.files.plain_text import printable

# The answers that write only events their kind lists as written by them
# (`EventKind.written_by`), by the seat in its `actor` field.
_OWN_EVENTS = (Play, Draw, CallUno, Catch, Challenge, NextRound, Pass)


def moves(state: GameState) -> list:
    """Every legal action now: the seat to act first, then those out of turn."""
    decision = state.pending
    if decision is None:
        return []
    found = list(legal_actions(state, decision.seat))
    for seat in out_of_turn_seats(state):
        if seat != decision.seat:
            found.extend(legal_actions(state, seat))
    return found


def first_events(state: GameState) -> list[Event]:
    """The first event of each thing the engine could do now, each once."""
    found: list[Event] = []
    for action in moves(state):
        _, written = apply(state, action)
        if written and written[0] not in found:
            found.append(written[0])
    return found


def could_write(state: GameState, action, event: dict) -> bool:
    """Whether `action` can write `event` first. Never false for an action that
    could; true where the first event cannot be told in advance. What an answer
    of the open decision's own writes first, its kind says (`reads`); which
    answers write an event first, the event's kind (`written_by`, `by_effects`)."""
    kind = event["t"]
    declared = EVENT_KINDS[kind]
    decision = state.pending
    assert decision is not None, "only an open decision has actions"
    action_type = type(action)
    reads = REGISTRY[decision.kind].reads.get(action_type)
    if reads is not None and action.seat == decision.seat:
        return reads(state, action, event)
    if action_type is Accept:
        return declared.by_effects  # what accepting a penalty sets off
    if action_type not in _OWN_EVENTS:
        return True  # a choice whose first event depends on what follows
    if action_type not in declared.written_by:
        return False
    if declared.actor is not None and event[declared.actor] != action.seat:
        return False
    if action_type is Play:
        # Out of turn, a play is a jump-in first; on its turn, the play itself.
        if (action.seat != decision.seat) != (kind == "jump_in"):
            return False
        if kind == "jump_in":
            return True
        cards = state.cards
        if event["card"] != cards.names[action.card]:
            return False
        return (
            action.color is None or cards.color[action.card] >= 0 or event["color"] == action.color
        )
    if action_type is Catch:
        return event["p"] == action.target
    return True


def why_refused(state: GameState, event: dict) -> str | None:
    """The engine's own words for why the log's action is not legal, when the
    event names one (a play, a draw, a catch, …)."""
    kind = event["t"]
    seat = event.get("by", event.get("p"))
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        return None
    action: Play | Draw | Pass | CallUno | Catch | Challenge | None = None
    if kind == "play":
        names = state.cards.names
        card = next((c for c in state.hands[seat] if names[c] == event["card"]), None)
        if card is None:
            return f"seat {seat} holds no {printable(event['card'], 40)}"
        color = event["color"] if state.cards.color[card] < 0 else None
        action = Play(seat, card, color)
    elif kind == "draw" and event["why"] == "turn":
        action = Draw(seat)
    elif kind == "pass":
        action = Pass(seat)
    elif kind == "uno":
        action = CallUno(seat)
    elif kind == "catch":
        action = Catch(seat, event["p"])
    elif kind == "challenge":
        action = Challenge(seat)
    if action is None:
        return None
    return printable(why_illegal(state, action), 200)
