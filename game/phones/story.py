"""What a seat's phone tells of the table: the story the TV tells, as that
seat saw it.

The same narrator as the TV's (game/table/narrate.py), fed the match's events as
the seat saw them (`seen_events`: another seat's drawn or dealt cards are
hidden), so a line on the phone is the line the TV says, in the game's
language, and never more than the seat may know. It keeps the last few lines,
each numbered so a page can tell the new ones from those it announced, and
the round's result once a round is over.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.engine.seen import seen_events
from game.i18n import _, language
from game.table.model import TableModel
from game.table.narrate import Line, Narrator
from game.ui.card_book import CardBook

MOST = 8  # lines a phone is sent: what a glance up at the TV would have caught


@dataclass(frozen=True, slots=True)
class StoryLine:
    """A line of the story and its number (counted from the match's start)."""

    number: int
    line: Line


class SeatStory:
    """The table's story for one seat, followed along the match's log."""

    def __init__(self, book: CardBook, seat: int, names: Sequence[str], deck_size: int) -> None:
        self.seat = seat
        self.model = TableModel(len(names), list(names), deck_size)
        self.narrator = Narrator(book, self.model)
        self.lines: deque[StoryLine] = deque(maxlen=MOST)
        self.told = 0
        self.read = 0  # events of the log taken in
        self.round_end: dict[str, Any] | None = None
        self.round_words: Line | None = None
        self.match_words: Line | None = None
        self.language = language()

    def follow(self, log: Sequence[dict]) -> None:
        """Take in the events of `log` not yet read (the match's whole log)."""
        if language() != self.language:
            self.language = language()
            self._reword()
        for seen in seen_events(log[self.read :], self.seat):
            event = dict(seen)
            self.model.apply(event)
            line = self.narrator.tell(event)
            kind = event.get("t")
            if kind == "round":
                self.round_end = self.round_words = None
            elif kind == "round_end":
                self.round_end, self.round_words = event, line
            elif kind == "game_end":
                self.match_words = line
            if line is not None:
                self.told += 1
                self.lines.append(StoryLine(self.told, line))
        self.read = len(log)

    def recent(self) -> list[dict[str, Any]]:
        """The last lines, oldest first, numbered."""
        return [{"n": told.number, "words": told.line.text} for told in self.lines]

    def result(self) -> dict[str, Any] | None:
        """The round's result once it is over: who won, each seat's points
        and total, and the match's end when that came too."""
        event = self.round_end
        if event is None:
            return None
        points = event.get("points") or {}
        totals = event.get("scores") or self.model.scores
        rows = [
            {
                "name": self.model.name(seat),
                "points": int(points.get(str(seat), 0)),
                "total": int(totals[seat]) if seat < len(totals) else 0,
                "winner": seat == event.get("winner"),
            }
            for seat in range(self.model.players)
        ]
        return {
            "title": self.round_words.text if self.round_words else "",
            "match": self.match_words.text if self.match_words else None,
            "heads": [
                _("Players"),
                _("Round {n}").format(n=self.model.round_no),
                _("Scores"),
            ],
            "rows": rows,
        }

    def _reword(self) -> None:
        """Every kept line in the language now chosen (told again from its event)."""
        again = self.narrator.reword
        self.lines = deque(
            (replace(told, line=again(told.line)) for told in self.lines), maxlen=MOST
        )
        if self.round_words is not None:
            self.round_words = again(self.round_words)
        if self.match_words is not None:
            self.match_words = again(self.match_words)
