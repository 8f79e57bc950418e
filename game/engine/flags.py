"""The settings the engine consults on every action, read once per game.

A rule set's settings are models nested in one another (game/rules/schema.py,
read through game/engine/ruleset.py's protocols), so each one is a chain of
attribute lookups (in the compiled engine, generic ones). These
are plain typed fields one attribute away from the state (`state.flags`),
which the compiled engine reads as directly as a C struct's.
"""

from __future__ import annotations

from game.engine.ruleset import RuleSetModel


class RuleFlags:
    """The settings consulted on every action, from the rule set's model."""

    def __init__(self, model: RuleSetModel) -> None:
        self.draw_when_playable: bool = model.turn.draw_when_playable
        self.finish_forbidden: bool = model.round_end.finish_on_action_card == "forbidden"
        self.turn_limit: int = model.round_end.turn_limit
        self.any_stacking: bool = any(kind.stacks_on for kind in model.cards.values())
        self.catch_until_own_turn: bool = model.uno.catch_window == "until_own_next_turn"
        self.multi_play: bool = model.turn.multi_play.mode != "off"
        self.jump_in: bool = model.turn.jump_in.enabled
        self.play_drawn: str = model.turn.play_drawn
        self.unlimited_draw: bool = model.turn.draw.mode == "unlimited"
        self.draws_until_playable: bool = model.turn.draw.mode == "until_playable"
        self.draw_count: int = model.turn.draw.count

    def __deepcopy__(self, memo: dict[int, object]) -> RuleFlags:
        # Never changed after it is made: a copy of a state may share it, as
        # `GameState.clone` does (and a compiled class cannot be rebuilt
        # field by field, as `copy` would otherwise try).
        return self
