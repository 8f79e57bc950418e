"""One match being played: the rules, the engine state, the bots, the event queue.

The match controller of the screens (no pygame here). It holds the only
`GameState`, asks the engine what a seat may do, applies actions in place and
queues the events they return; the table on screen (game/table/view.py)
animates the queue. The scenes share one session through a `MatchScreen`
(game/table/match_screen.py), which adds what the screen needs: the table view
and who may look at which hand.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Generator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, cast

from game.bots import make_bot
from game.bots.base import Look
from game.bots.hint import Advisor, Hint
from game.engine import Action, Event, GameState, apply, legal_actions, new_game, view
from game.engine.ruleset import RuleSet
from game.log import LogError, write_log
from game.play.seats import BOT_LEVELS, DEFAULT_NAMES, SeatConfig
from game.play.sim import tell_bots
from game.rules.loader import load_rules

if TYPE_CHECKING:
    from game.lessons import Lesson, Tutor

__all__ = ["BOT_LEVELS", "DEFAULT_NAMES", "Due", "MatchSession", "Recorder", "SeatConfig"]


class Recorder(Protocol):
    """Keeps the match on disk as it goes (game/player_files/record.py)."""

    def record(self, events: list[dict]) -> None:
        """`events` were just added to the session's log."""


@dataclass(frozen=True)
class Due:
    """A moment the tutor gave (game/lessons/), due once the table has shown
    `at` events of the log: the events that made it matter."""

    at: int
    lesson: Lesson


class MatchSession:
    """A match in progress; `queue` holds the events the table has not shown yet.

    Learning as you play (`learning`): after every action the match's tutor
    (game/lessons/) names the moments that now matter, and `lessons` keeps
    them until the screens have shown them (game/table/lessons.py decides
    where and when: a moment about a hidden card only to its owner)."""

    def __init__(
        self,
        rule_names: list[str],
        seats: list[SeatConfig],
        *,
        target: int | None | str = "default",
        single_round: bool = False,
        seed: int | None = None,
        rules: RuleSet | None = None,
        learning: bool = False,
        per_seat: bool = False,
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
        self._seat_bots(_wire(events))
        self.queue: deque[dict] = deque(_wire(events))
        self.log: list[dict] = list(_wire(events))
        self.recorder: Recorder | None = None
        self.learning = learning
        self.per_seat = per_seat
        self.lessons: deque[Due] = deque()
        self.tutor: Tutor | None = None
        if learning:
            from game.lessons import Tutor

            # Only the people are taught their own moments: a bot's card keeps its lesson.
            self.tutor = Tutor(self.rules, len(seats), per_seat=per_seat, learners=self.humans)
            self._teach(events)

    @classmethod
    def going_on(
        cls,
        rule_names: list[str],
        rules: RuleSet,
        seats: list[SeatConfig],
        state: GameState,
        log: list[dict],
        target: int | None | str,
        single_round: bool,
        learning: bool = False,
        per_seat: bool = False,
        taught: dict | None = None,
    ) -> MatchSession:
        """A match that goes on from `state`, the state the engine reached by
        re-executing `log` (a saved match: game/player_files/resume.py). The
        table has seen the log already; nothing is queued. Learning as you
        play goes on from what was `taught` (`Tutor.to_dict`)."""
        session = cls.__new__(cls)
        session.rule_names = list(rule_names)
        session.rules = rules
        session.seats = seats
        session.target = target
        session.single_round = single_round
        session.seed = log[0]["seed"]
        session.state = state
        session._seat_bots(log)
        session.queue = deque()
        session.log = list(log)
        session.recorder = None
        session.learning = learning
        session.per_seat = per_seat
        session.lessons = deque()
        session.tutor = None
        if learning:
            from game.lessons import Tutor

            count = len(seats)
            try:
                tutor = Tutor.from_dict(rules, count, taught, per_seat, learners=session.humans)
            except ValueError:  # nothing taught yet, or a record this build cannot read
                tutor = Tutor(rules, count, per_seat=per_seat, learners=session.humans)
            session.tutor = tutor
        return session

    def _seat_bots(self, seen: list[dict]) -> None:
        """Seat the bots with the rule set; the ones that remember are shown
        `seen` (the match so far) as their seat saw it, and then every action."""
        self.bots = {
            i: make_bot(s.level, self.seed + 1 + i, self.rules)
            for i, s in enumerate(self.seats)
            if s.is_bot
        }
        for seat, bot in self.bots.items():
            bot.sit(self.rules, seat)
        self.watchers = [seat for seat, bot in self.bots.items() if bot.watches]
        tell_bots(self.bots, self.watchers, None, seen)
        self.advisors: dict[int, Advisor] = {}
        self.humans = [i for i, s in enumerate(self.seats) if not s.is_bot]

    def advisor(self, seat: int) -> Advisor:
        """The expert's advice for a person's `seat` (game/bots/hint.py), made
        when first asked: it is shown the match so far as that seat saw it,
        then every action, like a bot in that seat."""
        advisor = self.advisors.get(seat)
        if advisor is None:
            advisor = Advisor(self.rules, seat, self.seed ^ (0x417 + seat), deadline_ms=None)
            self.advisors[seat] = advisor
            tell_bots(self.advisors, [seat], None, self.log)
        return advisor

    def hinting(self, seat: int, actions: tuple[Action, ...]) -> Generator[None, None, Hint]:
        """The advice for `seat` among `actions`, a search world at a time
        (`Advisor.hinting`): the table's view is read at the first step."""
        return self.advisor(seat).hinting(self.look(seat), actions)

    @property
    def players(self) -> int:
        return self.state.players

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def look(self, seat: int) -> Look:
        state = self.state
        return lambda: view(state, seat)

    def legal(self, seat: int) -> tuple[Action, ...]:
        return legal_actions(self.state, seat)

    def apply(self, action: Action) -> list[dict]:
        """Apply a legal action in place and queue its events for the table."""
        _, typed = apply(self.state, action, in_place=True)
        events = _wire(typed)
        tell_bots(self.bots, self.watchers, action, events)
        if self.advisors:
            tell_bots(self.advisors, list(self.advisors), action, events)
        self.queue.extend(events)
        self.log.extend(events)
        self._teach(typed)
        if self.recorder is not None and events:
            self.recorder.record(events)
        return events

    def _teach(self, events: list[Event]) -> None:
        """The tutor's moments after `events`, due once the table has shown them."""
        if self.tutor is None:
            return
        for lesson in self.tutor.moments(self.state, events):
            self.lessons.append(Due(len(self.log), lesson))

    def reworded(self, lesson: Lesson) -> Lesson:
        """`lesson` in the language now spoken (it may have been worded before
        the player changed it)."""
        return lesson if self.tutor is None else self.tutor.reword(lesson)

    def taught(self) -> dict | None:
        """What the tutor has taught, for the save (None: not learning)."""
        return self.tutor.to_dict() if self.tutor is not None else None

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
            learning=self.learning,
            per_seat=self.per_seat,
        )

    def save_log(self, path: Path) -> bool:
        """Write the match's replay log (whole or not at all); False if it cannot be."""
        try:
            write_log(path, self.log)
        except (OSError, LogError):
            return False
        return True


def _wire(events: list[Event]) -> list[dict]:
    """The engine's typed events as the screens take them: the replay-log
    form (a log read from a file gives the same dicts), read by key."""
    return cast(list[dict], events)
