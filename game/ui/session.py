"""One match being played on the couch: the engine state, the bots, the event queue.

The scenes share a session: the deal, the table, the score screens. The session
holds the only `GameState`, asks the engine what a seat may do, applies actions
in place and queues the events they return; the table view animates the queue.
"""

from __future__ import annotations

import json
import random
from collections import deque
from dataclasses import dataclass
from pathlib import Path

from game.bots import make_bot
from game.engine import apply, legal_actions, new_game, view
from game.engine.ruleset import RuleSet
from game.rules.loader import load_rules
from game.sim import tell_bots

DEFAULT_NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo"]
BOT_LEVELS = ("basic", "random")


@dataclass
class SeatConfig:
    name: str
    kind: str = "human"  # "human" or "bot"
    level: str = "basic"

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def to_dict(self) -> dict:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_dict(cls, data: dict, index: int) -> SeatConfig:
        name = str(data.get("name") or DEFAULT_NAMES[index % len(DEFAULT_NAMES)])[:16]
        kind = data.get("kind") if data.get("kind") in ("human", "bot") else "bot"
        level = data.get("level") if data.get("level") in BOT_LEVELS else "basic"
        return cls(name, kind, level)


class MatchSession:
    """A match in progress; `queue` holds the events the table has not shown yet."""

    def __init__(
        self,
        rule_names: list[str],
        seats: list[SeatConfig],
        *,
        target: int | None | str = "default",
        single_round: bool = False,
        seed: int | None = None,
        rules: RuleSet | None = None,
    ) -> None:
        self.rule_names = list(rule_names)
        self.rules = rules if rules is not None else load_rules(self.rule_names)
        self.seats = list(seats)
        self.target = target
        self.single_round = single_round
        self.seed = seed if seed is not None else random.randrange(1, 2**31)
        names = [s.name for s in seats]
        kwargs = {} if target == "default" else {"target": target}
        self.state, events = new_game(
            self.rules, len(seats), self.seed, names, single_round=single_round, **kwargs
        )
        self.bots = {
            i: make_bot(s.level, self.seed + 1 + i, self.rules)
            for i, s in enumerate(seats)
            if s.is_bot
        }
        for seat, bot in self.bots.items():
            bot.sit(self.rules, seat)
        # Bots that remember are told every action as their seat saw it.
        self.watchers = [seat for seat, bot in self.bots.items() if bot.watches]
        tell_bots(self.bots, self.watchers, None, events)
        self.humans = [i for i, s in enumerate(seats) if not s.is_bot]
        self.queue: deque[dict] = deque(events)
        self.log: list[dict] = list(events)
        self.table = None  # the TableView, made by the first scene that shows the table
        self.last_viewer: int | None = None  # the human who last looked at their hand
        self.last_round_end: dict | None = None  # for the round score screen

    @property
    def players(self) -> int:
        return self.state.players

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def look(self, seat: int):
        state = self.state
        return lambda: view(state, seat)

    def legal(self, seat: int) -> tuple:
        return legal_actions(self.state, seat)

    def apply(self, action) -> list[dict]:
        """Apply a legal action in place and queue its events for the table."""
        _, events = apply(self.state, action, in_place=True)
        tell_bots(self.bots, self.watchers, action, events)
        self.queue.extend(events)
        self.log.extend(events)
        return events

    def card_points(self, card: str) -> int:
        cards = self.state.cards
        card_id = cards.by_name.get(card)
        return cards.points[card_id] if card_id is not None else 0

    def card_id(self, seat: int, card: str) -> int | None:
        """An id of a card named `card` in `seat`'s hand (copies are interchangeable)."""
        names = self.state.cards.names
        for card_id in self.state.hands[seat]:
            if names[card_id] == card:
                return card_id
        return None

    def rematch(self) -> MatchSession:
        """The same table and rules, a new shuffle."""
        return MatchSession(
            self.rule_names,
            self.seats,
            target=self.target,
            single_round=self.single_round,
            rules=self.rules,
        )

    def save_log(self, path: Path) -> bool:
        try:
            with Path(path).open("w", encoding="utf-8") as out:
                out.writelines(json.dumps(e, separators=(",", ":")) + "\n" for e in self.log)
        except OSError:
            return False
        return True
