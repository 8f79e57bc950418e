"""Bots moving out of turn at the table: an UNO call, a catch, a jump-in, each
after the reaction time of its bot level (game/bots/timing.py).

The clock of a chance starts when the table has shown it (the play scene asks
only when every event has been shown), so a person sees what the bot saw as
early as it did. While a bot may still call or catch, the next bot waits with
its own turn: a missed UNO is a race between people and bots, not between a
bot's reflex and the next bot's turn. A jump-in does not hold the table up.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.bots.timing import CATCH, UNO, kind_of, reaction_time
from game.engine import out_of_turn_seats
from game.play.match import MatchSession

HOLDING = (UNO, CATCH)  # reactions the next bot's turn waits for


class BotReactions:
    def __init__(self, session: MatchSession, pace: Callable[[], str], seed: int) -> None:
        self.session = session
        self.pace = pace
        self.rng = random.Random(seed)
        self.due: dict[tuple[int, str], float] = {}  # (seat, kind) -> when it moves
        self._seen: int | None = None  # the log's length when the chances were read

    @property
    def holding(self) -> bool:
        """A bot may still call UNO or catch someone: the next bot's turn waits."""
        return any(kind in HOLDING for _, kind in self.due)

    def update(self, clock: float) -> bool:
        """Let the bots whose time has come react; True when one did."""
        session = self.session
        if len(session.log) != self._seen:
            self._schedule(clock)
        for (seat, kind), when in sorted(self.due.items(), key=lambda item: item[1]):
            if clock < when:
                break
            del self.due[(seat, kind)]
            offered = [a for a in session.legal(seat) if kind_of(a) == kind]
            if not offered:
                continue
            choice = session.bots[seat].interject(session.look(seat), offered)
            if choice is not None:
                session.apply(choice)
                return True
        return False

    def _schedule(self, clock: float) -> None:
        """A new moment at the table: which bots may react to it, and when."""
        session = self.session
        self._seen = len(session.log)
        self.due = {}
        pace = self.pace()
        for seat in out_of_turn_seats(session.state):
            if not session.is_bot(seat):
                continue
            level = session.seats[seat].level
            kinds = {kind_of(a) for a in session.legal(seat)}
            for kind in sorted(k for k in kinds if k is not None):
                self.due[(seat, kind)] = clock + reaction_time(level, kind, pace, self.rng)
