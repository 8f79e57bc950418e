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

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from game.bots.levels import LEVELS, LevelSettings
from game.engine.actions import Action
from game.engine.kind_names import KindName
from game.engine.rng import Rng
from game.engine.ruleset import RuleSet
from game.engine.view import PenaltyView, View

# What a bot is handed to see the table: its seat's view, made when asked.
Look = Callable[[], View]


def asked(view: View) -> KindName:
    """The kind of decision the seat is asked (a bot chooses only when one is open)."""
    pending = view["pending"]
    assert pending is not None, "a bot chooses only when a decision is open"
    return pending["kind"]


def owed(view: View) -> PenaltyView:
    """The cards the seat is asked to take (a penalty decision is open)."""
    penalty = view["penalty"]
    assert penalty is not None, "asked about a penalty only while one is owed"
    return penalty


class Bot:
    level = ""
    watches = False  # whether `observe` does anything
    # How the level answers each kind of decision (game/engine/decisions.py),
    # called by its `choose` as answer(self, ...) with what that level weighs.
    # A level may start from another's: {**BasicBot.answers, "draft": ...}.
    # Empty: the level answers every kind alike (the random bot; the expert,
    # which searches a turn and otherwise asks its strong advisor).
    answers: ClassVar[Mapping[KindName, Callable[..., Action]]] = {}

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

    def choose(self, look: Look, actions: Sequence[Action]) -> Action:
        raise NotImplementedError

    def interject(self, look: Look, actions: Sequence[Action]) -> Action | None:
        return None

    def chance(self, probability: float) -> bool:
        """True with `probability`, from the bot's own generator."""
        if probability >= 1.0:
            return True
        if probability <= 0.0:
            return False
        return self.rng.below(1 << 20) < probability * (1 << 20)

    def _require_rules(self, view: View) -> RuleSet:
        if self.rules is None:
            raise RuntimeError(
                f"the {self.level} bot needs the rule set: make_bot(level, seed, rules) "
                "or bot.sit(rules, seat) before it plays"
            )
        if self.seat is None:
            self.sit(self.rules, view["seat"])
        return self.rules
