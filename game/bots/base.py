"""What every bot is: the interface the drivers (the simulator, the table, the
tournament, the tests) use, and the little every level shares.

A bot of any level
- is made for one seat of a table with `make_bot(level, seed, rules)` and
  told where it sits with `sit(rules, seat)` (a driver does this before the
  first action; it is harmless to repeat);
- is told what happens: `observe(action, events)` after every action with the
  events as its seat saw them (`game.engine.view.seen_events`). Only bots
  with `watches = True` use it, so a driver may skip the others;
- answers `choose(look, actions)` on its turn and `interject(look, actions)`
  for out-of-turn actions (returning None lets the moment pass). `look()`
  returns the seat's `view`; `actions` come from `legal_actions`.

A bot never sees more than its seat may: `look`, the events it was shown and
the rule set are all it has. Its own seeded generator makes it reproducible.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.bots.levels import LEVELS, LevelSettings
from game.engine.rng import Rng
from game.engine.ruleset import RuleSet


class Bot:
    level = ""
    watches = False  # whether `observe` does anything

    def __init__(self, seed: int, rules: RuleSet | None = None) -> None:
        self.rng = Rng(seed)
        self.settings: LevelSettings = LEVELS[self.level]
        self.rules = rules
        self.seat: int | None = None

    def sit(self, rules: RuleSet, seat: int) -> None:
        """Take `seat` at a table playing `rules`; a new table forgets the old."""
        if self.rules is not rules or self.seat != seat:
            self.rules = rules
            self.seat = seat
            self._seated()

    def _seated(self) -> None:
        """Set up what depends on the table (a level's memory)."""

    def observe(self, action, events: Sequence[Mapping[str, Any]]) -> None:
        """One action and its events as this seat saw them."""

    def choose(self, look, actions):
        raise NotImplementedError

    def interject(self, look, actions):
        return None

    def chance(self, probability: float) -> bool:
        """True with `probability`, from the bot's own generator."""
        if probability >= 1.0:
            return True
        if probability <= 0.0:
            return False
        return self.rng.below(1 << 20) < probability * (1 << 20)

    def _require_rules(self, view: dict) -> RuleSet:
        if self.rules is None:
            raise RuntimeError(
                f"the {self.level} bot needs the rule set: make_bot(level, seed, rules) "
                "or bot.sit(rules, seat) before it plays"
            )
        if self.seat is None:
            self.sit(self.rules, view["seat"])
        return self.rules
