"""A phone's hint: the expert's advice for its seat, told to that phone alone.

A phone asks (`{"type": "hint"}`); the table answers
`{"type": "hint", "words": ..., "option": i}`, where `i` is the hinted
move's place in the offer the phone was last sent (None: nothing to
advise). The advice is the seat's advisor's, as on the TV
(`MatchSession.advisor`, game/bots/hint.py): it knows only what the seat
saw. Its search runs a slice of each frame (`SLICE_S`, as the TV's,
game/table/hint.py), so the TV keeps drawing while it thinks; an offer that
changes before it is done is searched again. Nothing of it is drawn on the
TV.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any

from game.bots.hint import Hint
from game.engine.actions import Action, Play
from game.engine.said import said
from game.engine.state import GameState
from game.i18n import capitalized, say
from game.phones.protocol import Offers
from game.ui.action_words import hint_line
from game.ui.card_book import CardBook

SLICE_S = 0.006  # of each frame's time, at most, for the search (the TV's hint's too)
Advise = Callable[[int, tuple[Action, ...]], Generator[None, None, Hint]]


@dataclass
class _Search:
    seat: int
    offer: int
    steps: Generator[None, None, Hint]


class PhoneHints:
    """The hints the phones asked for, searched one at a time."""

    def __init__(self) -> None:
        self._asked: list[int] = []  # seats, in the order they asked
        self._search: _Search | None = None

    def ask(self, seat: int) -> None:
        if seat not in self._asked:
            self._asked.append(seat)

    def drop(self) -> list[int]:
        """Forget every hint asked for; the seats that asked."""
        asked, self._asked, self._search = self._asked, [], None
        return asked

    def update(
        self,
        offers: Offers[Action],
        advise: Advise,
        words: Callable[[int, int], str],
        state: GameState,
        book: CardBook,
    ) -> list[tuple[int, dict[str, Any]]]:
        """Think a slice more; the answers done, as (seat, message). `words(seat, i)`
        is option i of the seat's offer as its phone shows it."""
        until = time.perf_counter() + SLICE_S
        answers = []
        while self._asked and time.perf_counter() < until:
            seat = self._asked[0]
            if not offers.actions(seat):  # its offer was answered before the hint came
                self._asked.pop(0)
                idle = Hint(None, said("nothing to do until your turn"))
                answers.append((seat, _told(idle, (), words, seat, state, book)))
                continue
            search = self._search
            if search is None or search.seat != seat or search.offer != offers.current(seat):
                search = self._search = _Search(
                    seat, offers.current(seat), advise(seat, offers.actions(seat))
                )
            try:
                next(search.steps)
            except StopIteration as done:
                self._search = None
                self._asked.pop(0)
                answers.append(
                    (seat, _told(done.value, offers.actions(seat), words, seat, state, book))
                )
        return answers


def _told(
    hint: Hint,
    actions: Sequence[Action],
    words: Callable[[int, int], str],
    seat: int,
    state: GameState,
    book: CardBook,
) -> dict[str, Any]:
    action = hint.action
    option = actions.index(action) if action is not None and action in actions else None
    if option is None:
        line = capitalized(say(hint.why, book.engine_words()))
    else:
        named = book.label(state.cards.face_names[action.card]) if isinstance(action, Play) else ""
        line = hint_line(hint.why, words(seat, option), book, named)
    return {"type": "hint", "words": line, "option": option}
