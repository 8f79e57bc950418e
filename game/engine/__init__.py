"""The Couch UNO rules engine: pure Python, seeded, driven by rule data.

    state, events = new_game(rules, players=4, seed=7)
    actions = legal_actions(state, state.to_act)
    state, events = apply(state, actions[0])

`apply` returns a new state and leaves the old one untouched; simulations
that do not need the old state pass `in_place=True`. Events are dicts in the
replay-log format (typed in `events.py`). No pygame, no clock, no global random in here.

A bot that plays games out to see where they lead works on a playout copy,
which plays the very same game but builds no events (nothing reads them)
and draws from the original's generator until it needs its own:

    playout = state.clone(events=False)
    while playout.pending is not None and playout.pending.kind != "next_round":
        seat = playout.pending.seat
        actions = fresh_legal_actions(playout, seat)
        apply_in_place(playout, policy(actions), trusted=True)  # returns []

What a seat must decide is `state.pending` (every kind, with its answers, is
declared in `decisions.REGISTRY`); `out_of_turn_seats(state)` says who else
may act right now (a catch, an UNO call, an identical card played out of
turn). Per-card facts — names,
colours, points, the deck size — are `state.cards` (a `CardTable`), shared
by every game of a rule set; a two-sided deck's are the side in play's
(`state.tables` holds one per side, `state.back` the faces not in play).
"""

from __future__ import annotations

from game.engine.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    Choose,
    Draw,
    NextRound,
    Pass,
    Play,
    action_from_dict,
    action_to_dict,
)
from game.engine.events import Event
from game.engine.flow import (
    IllegalAction,
    apply_in_place,
    fresh_legal_actions,
    legal_actions,
    new_game,
    out_of_turn_seats,
    why_illegal,
)
from game.engine.rule_validation import RulesInvalid, validate_rules
from game.engine.ruleset import RuleSet
from game.engine.state import GameState
from game.engine.view import View, view


def apply(
    state: GameState, action: Action, *, in_place: bool = False
) -> tuple[GameState, list[Event]]:
    """Carry out `action`; raise IllegalAction (with a reason) if it is not legal."""
    if not in_place:
        state = state.clone()
    return state, apply_in_place(state, action)


__all__ = [
    "Accept",
    "Action",
    "CallUno",
    "Catch",
    "Challenge",
    "Choose",
    "Draw",
    "Event",
    "GameState",
    "IllegalAction",
    "NextRound",
    "Pass",
    "Play",
    "RuleSet",
    "RulesInvalid",
    "action_from_dict",
    "action_to_dict",
    "View",
    "apply",
    "apply_in_place",
    "fresh_legal_actions",
    "legal_actions",
    "new_game",
    "out_of_turn_seats",
    "validate_rules",
    "view",
    "why_illegal",
]
