"""How a game of UNO flows: one action at a time.

A match is a series of rounds (dealing.py: seats, the cut, the deal or the
draft, the first card); a round is a series of turns (turn.py: playing,
drawing, cards owed, the end of a round). Every moment a seat must decide
something is `state.pending`, a decision whose kind (decisions.py) says what
its answers are, how each is carried out and why anything else is refused.
`legal_actions` lists those answers plus the out-of-turn actions any seat
may take (legality.py): calling UNO, catching a seat that forgot, playing an
identical card out of turn; `why_illegal` says why anything else is refused
(refusals.py).

`apply_in_place` carries out one action: the out-of-turn ones here, the
answers by their decision's kind.
"""

from __future__ import annotations

from game.engine.actions import TURN_ACTIONS, Action, CallUno, Catch, Play
from game.engine.dealing import new_game
from game.engine.decisions import APPLY
from game.engine.events import Event
from game.engine.legality import fresh_legal_actions, legal_actions, out_of_turn_seats
from game.engine.refusals import why_illegal
from game.engine.state import GameState
from game.engine.turn import jump_in, play, run_effects

__all__ = [
    "IllegalAction",
    "apply_in_place",
    "fresh_legal_actions",
    "legal_actions",
    "new_game",
    "out_of_turn_seats",
    "why_illegal",
]


class IllegalAction(ValueError):
    """An action that `legal_actions` did not offer; the message says why."""


def apply_in_place(
    state: GameState, action: Action, trusted: bool = False, events: list[Event] | None = None
) -> list[Event]:
    """Carry out one action on `state` itself and return the events.

    `trusted` skips the legality check, for drivers that took `action` from
    `legal_actions` of this very state (the simulation loop); `events`, when
    given, is the list the new events are appended to (and returned). A
    playout copy (`GameState.clone(events=False)`) appends none."""
    if not trusted and action not in legal_actions(state, action.seat):
        raise IllegalAction(why_illegal(state, action))
    if state.legal_cache:
        state.legal_cache.clear()
    if events is None:
        events = []
    sink = events if state.writes_events else None
    kind = type(action)
    seat = action.seat
    if state.uno_window >= 0 and seat != state.uno_window and kind in TURN_ACTIONS:
        # Another seat acts: the official window closes; the later one
        # (until the forgetful seat's own next turn) now may close.
        if state.flags.catch_until_own_turn:
            state.uno_window_passed = True
        else:
            state.uno_window = -1
    decision = state.pending
    if decision is not None and decision.seat == seat:
        handler = APPLY[decision.kind].get(kind)  # None: an UNO call, not an answer
        if handler is not None:
            if handler(state, sink, action):
                run_effects(state, sink)
            return events
    # Out of turn, or no answer to the decision: calling UNO, catching a seat
    # that forgot, or an identical card played out of turn (`turn.jump_in`).
    if kind is CallUno:
        state.uno_called[seat] = True
        if state.uno_window == seat:
            state.uno_window = -1
        if sink is not None:
            sink.append({"t": "uno", "p": seat})
    elif kind is Catch:
        assert isinstance(action, Catch)
        target = action.target
        state.uno_window = -1
        if sink is not None:
            sink.append({"t": "catch", "by": seat, "p": target})
        state.take_cards(target, state.rules.model.uno.penalty, "uno", sink)
    else:
        assert isinstance(action, Play), "only a card may be played out of turn"
        jump_in(state, sink, seat)
        play(state, sink, action)
    return events
