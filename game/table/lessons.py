"""Learning as you play, at the table: which of the tutor's moments may be
shown now, and to whom.

The match's tutor (game/lessons/) says what matters after each action; the
session keeps each moment with the point of the log it is about (`Due`,
game/play/match.py). The table shows a moment once it has shown those events, and
holds while the moment is up (game/scenes/lesson.py). Who sees it is decided
here, with the table's privacy:

- a public moment (no seat): on the TV, whoever is looking, and on every
  phone too (its players may be reading their phones, not the TV);
- a moment about a card hidden in a hand (a seat): only while that seat's
  hand is up on the screen to its owner (after their "Pass to NAME"
  curtain); until then it waits, and later public moments go past it;
- a seat played on a phone: on that phone only (`for_phones`), never on the TV;
- a bot's seat: nobody (the moment would only tell the table its cards).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.play.match import Due, MatchSession

if TYPE_CHECKING:
    from game.lessons import Lesson
    from game.table.privacy import Privacy


class LessonDesk:
    """The session's due moments, handed to the TV or to a phone when they may be."""

    def __init__(
        self,
        session: MatchSession,
        privacy: Privacy,
        on_phone: Callable[[int], bool],
        hidden: Callable[[], bool],
    ) -> None:
        self.session = session
        self.privacy = privacy
        self.on_phone = on_phone  # is this seat played on its phone now?
        self.hidden = hidden  # a resumed match before its first curtain: no hand is anyone's
        self._outbox: list[tuple[int, Lesson]] = []  # public moments shown, for the phones

    @property
    def shown(self) -> int:
        """How many events of the log the table has shown."""
        return len(self.session.log) - len(self.session.queue)

    def _due(self) -> list[Due]:
        shown = self.shown
        return [due for due in self.session.lessons if due.at <= shown]

    def for_phones(self) -> list[tuple[int, Lesson]]:
        """The due moments of seats played on phones, taken from the queue (each
        goes to its seat's phone alone); a bot's are dropped unseen."""
        taken, self._outbox = self._outbox, []
        for due in self._due():
            seat = due.lesson.seat
            if seat is None:
                continue
            if self.session.is_bot(seat):
                self.session.lessons.remove(due)
            elif self.on_phone(seat):
                self.session.lessons.remove(due)
                taken.append((seat, self.session.reworded(due.lesson)))
        return taken

    def for_screen(self) -> Lesson | None:
        """The next moment the TV may show now, taken from the queue (None: none)."""
        for due in self._due():
            seat = due.lesson.seat
            if seat is not None:
                if self.session.is_bot(seat) or self.on_phone(seat):
                    continue  # a phone's (`for_phones`) or nobody's
                if not self.may_show(seat):
                    continue  # it waits for its owner's hand to be up
            self.session.lessons.remove(due)
            # Worded when it became due: the language may have changed since.
            lesson = self.session.reworded(due.lesson)
            if seat is None:
                phones = [s for s in self.session.humans if self.on_phone(s)]
                self._outbox += [(s, lesson) for s in phones]
            return lesson
        return None

    def again(self, lesson: Lesson) -> None:
        """`lesson` was taken down before its owner had read it: it is due
        again, first, whenever it may be shown."""
        self.session.lessons.appendleft(Due(0, lesson))

    def all_on_phones(self) -> bool:
        """Every person plays on a phone: nobody may be at the TV's keys."""
        humans = self.session.humans
        return bool(humans) and all(self.on_phone(seat) for seat in humans)

    def may_show(self, seat: int) -> bool:
        """Is `seat`'s own hand up on the screen to its owner alone?"""
        privacy = self.privacy
        return (
            not self.hidden()
            and privacy.viewer == seat
            and not privacy.show_all
            and not privacy.hands_open
        )
