"""A game that reaches each decision kind the engine declares: the rule
files layered, the players, the seed, played by basic bots. The engine names
no rule set (tests/engine/test_engine_discipline.py), so a kind's example
lives here; tests/test_decision_kinds.py fails for a declared kind that has
none, or whose example never reaches it.

    rule_set, state = reach("player")   # a state at a "player" decision
"""

from __future__ import annotations

from dataclasses import dataclass

from game.bots.basic import BasicBot
from game.engine import GameState, apply, legal_actions, new_game, view
from game.engine.ruleset import RuleSet
from tests.support.rules import rules

# Actions a game may take before it reaches its kind (a round is ~100).
REACH_WITHIN = 2000


@dataclass(frozen=True)
class Example:
    rules: tuple[str, ...]  # shipped rule names or paths, layered in order
    seed: int = 0
    players: int = 3


EXAMPLES: dict[str, Example] = {
    "play": Example(("classic",)),
    "drawn": Example(("classic",)),
    "penalty": Example(("classic",)),
    "more": Example(("classic", "house/multi-card")),
    # A Wild turned up first: the next seat names the colour.
    "color": Example(("uno112",), seed=1),
    "player": Example(("classic", "house/seven-o")),
    "draft": Example(("duo",), players=2),
    "dump": Example(("duo",), players=2),
    "dump_next": Example(("duo",), players=2),
    "next_round": Example(("classic",)),
}


def reach(kind: str, example: Example | None = None) -> tuple[RuleSet, GameState]:
    """The rule set and the first state of `kind`'s example at a decision of
    that kind; AssertionError if it gets there within REACH_WITHIN actions."""
    example = example or EXAMPLES[kind]
    rule_set = rules(*example.rules)
    state, _ = new_game(rule_set, example.players, example.seed)
    bots = [BasicBot(example.seed + seat, rule_set) for seat in range(example.players)]
    for _ in range(REACH_WITHIN):
        if state.pending is not None and state.pending.kind == kind:
            return rule_set, state
        if state.over:
            break
        seat = state.to_act
        actions = list(legal_actions(state, seat))
        chosen = bots[seat].choose(lambda s=state, t=seat: view(s, t), actions)
        state, _ = apply(state, chosen)
    raise AssertionError(f"the example of {kind!r} ({example}) never reaches it")
