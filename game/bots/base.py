"""What every bot is: the interface the drivers (the simulator, the table, the
tournament, the tests) use, and the little every level shares.

A bot of any level
- is made for one seat of a table with `make_bot(level, seed, rules)` and
  told where it sits with `sit(rules, seat)` (a driver does this before the
  first action; it is harmless to repeat);
- is told what happens: `observe(action, events)` after every action with the
  events as its seat saw them (`game.engine.seen.seen_events`). Only bots
  with `watches = True` use it, so a driver may skip the others;
- answers `choose(look, actions)` on its turn and `interject(look, actions)`
  for out-of-turn actions (returning None lets the moment pass). `look()`
  returns the seat's `view`; `actions` come from `legal_actions`.

A bot never sees more than its seat may: `look`, the events it was shown and
the rule set are all it has. Its own seeded generator makes it reproducible.

A level that keeps a table answers each decision by what it is for (its
`Purpose`, game/engine/purposes.py), not by its kind's name: `SHARED_ANSWERS`
holds the answers every level shares (a seat picked by the purpose of the
pick, game/bots/seats.py; the next round), and a level adds only what it
plays its own way (`{**SHARED_ANSWERS, Purpose.TURN: ...}`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from game.bots.levels import LEVELS, LevelSettings
from game.bots.seats import partner_of, pick_seat
from game.engine.actions import Action, Choose
from game.engine.purposes import Purpose
from game.engine.rng import Rng
from game.engine.ruleset import RuleSet
from game.engine.view import PenaltyView, View

# What a bot is handed to see the table: its seat's view, made when asked.
Look = Callable[[], View]


def asked(view: View) -> Purpose:
    """What the decision the seat is asked is for (a bot chooses only when one is open)."""
    pending = view["pending"]
    assert pending is not None, "a bot chooses only when a decision is open"
    return pending["purpose"]


def choices(offered: Sequence[Action]) -> list[Choose]:
    """The answers to a choice: an UNO call or a jump-in may be offered beside
    them, so a level answering a choice picks among these only."""
    return [a for a in offered if isinstance(a, Choose)]


def owed(view: View) -> PenaltyView:
    """The cards the seat is asked to take (a penalty decision is open)."""
    penalty = view["penalty"]
    assert penalty is not None, "asked about a penalty only while one is owed"
    return penalty


class Bot:
    level = ""
    watches = False  # whether `observe` does anything
    # Whether the level weighs a partner (`teams`) when it picks a seat.
    plays_for_team = False
    # How the level answers a decision, by its purpose, called by its
    # `choose` as answer(self, view, actions): `SHARED_ANSWERS` and what the
    # level plays its own way. A level that keeps no table (the random bot; the expert, which
    # searches a turn and otherwise asks its strong advisor) answers every
    # decision alike.
    answers: ClassVar[Mapping[Purpose, Callable[..., Action]]] = {}

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

    def partner(self, view: View) -> int | None:
        """The seat's partner, for a level that plays for its team."""
        if not self.plays_for_team:
            return None
        return partner_of(view["seat"], view["players"], self.rules)

    def _pick_seat(self, view: View, offered: Sequence[Action]) -> Action:
        """A seat picked for what the pick is for (game/bots/seats.py)."""
        picks = choices(offered)
        seat = pick_seat(
            asked(view),
            [int(a.value) for a in picks],
            view["hand_sizes"],
            view["seat"],
            view["direction"],
            self.partner(view),
        )
        return next(a for a in picks if a.value == seat)

    def _next_round(self, view: View, actions: Sequence[Action]) -> Action:
        return actions[0]


# What every level that keeps a table answers alike: it starts from these.
SHARED_ANSWERS: Mapping[Purpose, Callable[..., Action]] = {
    Purpose.SWAP: Bot._pick_seat,
    Purpose.HURT: Bot._pick_seat,
    Purpose.HELP: Bot._pick_seat,
    Purpose.NEXT_ROUND: Bot._next_round,
}
