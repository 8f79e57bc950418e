"""The random bot: uniform over the legal actions."""

from __future__ import annotations

from collections.abc import Sequence

from game.bots.base import Bot, Look
from game.engine.actions import Action


class RandomBot(Bot):
    level = "random"

    def choose(self, look: Look, actions: Sequence[Action]) -> Action:
        return actions[self.rng.below(len(actions))] if len(actions) > 1 else actions[0]

    def interject(self, look: Look, actions: Sequence[Action]) -> Action | None:
        # "Do nothing" is one more option, so a catch is as likely as any move.
        pick = self.rng.below(len(actions) + 1)
        return actions[pick] if pick < len(actions) else None
