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

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
    from game.engine.ruleset import RuleSet
    from game.engine.state import GameState

# `view` is both a function and the module that holds it: once anything
# imported the module, the package's attribute would be the module and never
# reach __getattr__ below. So the name is bound now; its module imports only
# types and is cheap.
from game.engine.view import View, view  # noqa: E402

# Each name's module, imported when the name is first asked for: importing one
# module of the package (game.engine.said, which the menus use) loads no other,
# so the game's first frame does not wait for the whole engine. The registries
# (effects, conditions, scoring, decision kinds) fill as their modules load:
# a rule file's validation (game/rules/card_blocks.py, which every rule set
# passes) and the flow (`new_game`, `apply`, `legal_actions`) load all of
# them, and so must anything else that reads one.
_HOMES = {
    **dict.fromkeys(
        (
            "Accept",
            "Action",
            "CallUno",
            "Catch",
            "Challenge",
            "Choose",
            "Draw",
            "NextRound",
            "Pass",
            "Play",
            "action_from_dict",
            "action_to_dict",
        ),
        "actions",
    ),
    "Event": "events",
    **dict.fromkeys(
        (
            "IllegalAction",
            "apply_in_place",
            "fresh_legal_actions",
            "legal_actions",
            "new_game",
            "out_of_turn_seats",
            "why_illegal",
        ),
        "flow",
    ),
    "RuleSet": "ruleset",
    "GameState": "state",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def apply(
    state: GameState, action: Action, *, in_place: bool = False
) -> tuple[GameState, list[Event]]:
    """Carry out `action`; raise IllegalAction (with a reason) if it is not legal."""
    from game.engine.flow import apply_in_place

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
    "action_from_dict",
    "action_to_dict",
    "View",
    "apply",
    "apply_in_place",
    "fresh_legal_actions",
    "legal_actions",
    "new_game",
    "out_of_turn_seats",
    "view",
    "why_illegal",
]
