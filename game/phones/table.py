"""The phones of one match, as the game's loop sees them.

`PhoneTable` owns the server for the match's length: it paints every face of
the deck for it, offers each phone its seat's legal actions whenever the game
moves on (`sync`), and turns what the phones answered into the actions their
seats chose (`take`), which the game applies through the same path as a key
press or a controller's; a refusal goes back to the phone in the engine's
words. It runs on the game's thread; only the server has a thread of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from game.engine.actions import Action
from game.engine.state import GameState
from game.i18n import capitalized, language, say
from game.phones.faces import PhoneFaces
from game.phones.hints import Advise, PhoneHints
from game.phones.offer import PhoneLooks, card_image, mark_image, phone_state, phone_words
from game.phones.private import PrivateMoments
from game.phones.protocol import Act, Offers, Refused
from game.phones.seats import PhoneSeats
from game.phones.server import Notice, PhoneServer
from game.phones.story import SeatStory
from game.ui.card_book import CardBook

if TYPE_CHECKING:
    from game.lessons import Lesson


class PhoneTable:
    def __init__(
        self,
        seats: Iterable[int],
        deck: Iterable[str],
        book: CardBook,
        looks: PhoneLooks,
        host: str = "127.0.0.1",
        port: int = 0,
        colors: Iterable[str] = (),
    ) -> None:
        self.book = book
        self.looks = looks
        self.keys = PhoneSeats(seats)
        self.server = PhoneServer(self.keys, host, port)
        self.server.words, self._words_in = phone_words(), language()
        self.offers: Offers[Action] = Offers()
        self._shown: dict[int, tuple[object, ...]] = {}
        self._options: dict[int, list[str]] = {}  # the words of each seat's offer, as sent
        self.private = PrivateMoments(self.keys.keys, book)
        self.hints = PhoneHints()
        self._stories: dict[int, SeatStory] = {}
        faces = PhoneFaces(book, looks.patterns)
        for card in set(deck):
            self.server.images[card_image(card)] = faces.png(card)
        for color in colors:
            self.server.images[mark_image(color)] = faces.mark_png(color)

    @property
    def seats(self) -> list[int]:
        return list(self.keys.keys)

    def start(self) -> None:
        self.server.start()

    def stop(self) -> None:
        self.server.stop()

    def sync(
        self,
        state: GameState,
        log: Sequence[dict],
        lessons: Sequence[tuple[int, Lesson]] = (),
        reword: Callable[[Lesson], Lesson] = lambda lesson: lesson,
    ) -> None:
        """Offer each phone what its seat may do now, and tell it what happened;
        `log` is the match's events so far (it grows whenever the game moves on),
        from which each seat's private moments are read too (game/phones/private.py),
        and `lessons` the moments of learning as you play due now, each for its
        seat, which `reword` words again should the language change."""
        self.private.follow(log, state)
        for seat, lesson in lessons:
            self.private.teach(seat, lesson, reword)
            self._shown.pop(seat, None)  # told even when the table has not moved on
        spoken = language()
        if self._words_in != spoken:  # what the server says by itself, too
            self.server.words, self._words_in = phone_words(), spoken
        moment = len(log)
        for seat in self.keys.keys:
            pending = state.pending
            decision = (pending.kind, pending.seat, pending.options) if pending else None
            # A new language is told at once, though the table has not moved on.
            shown = (moment, decision, spoken)
            # An answer uses its offer up: the seat is offered again, though an
            # answer that wrote no event (a choice leading to another) left the
            # moment as it was.
            if self._shown.get(seat) == shown and self.offers.current(seat):
                continue
            self._shown[seat] = shown
            story = self._stories.get(seat)
            if story is None:
                story = SeatStory(self.book, seat, state.names, len(state.cards.face_names))
                self._stories[seat] = story
            story.follow(log)
            message, actions = phone_state(state, seat, self.book, self.looks, story)
            message["offer"] = self.offers.offer(seat, actions)
            message["private"] = self.private.moments(seat)
            self._options[seat] = [option["words"] for option in message["options"]]
            self.server.send(seat, message)

    def take(self) -> list[tuple[int, Action]]:
        """The actions the phones chose since last asked, in the order they came."""
        chosen = []
        while not self.server.inbox.empty():
            seat, act = self.server.inbox.get_nowait()
            if not isinstance(act, Act):
                self.hints.ask(seat)  # answered by `answer_hints`, a slice of a frame at a time
                continue
            try:
                chosen.append((seat, self.offers.take(seat, act)))
            except Refused as refused:
                self.refuse(seat, refused.reason)
        return chosen

    def answer_hints(self, state: GameState, advise: Advise) -> None:
        """Think a little more about the hints the phones asked for, and tell
        each phone its own when it is found (game/phones/hints.py)."""
        answers = self.hints.update(
            self.offers, advise, lambda seat, i: self._options[seat][i], state, self.book
        )
        for seat, message in answers:
            self.server.send(seat, message)

    def refuse_hints(self, reason: object) -> None:
        """Hints are off at this table: each phone that asked is told so."""
        for seat in self.hints.drop():
            self.refuse(seat, reason)

    def refuse(self, seat: int, reason: object) -> None:
        """Tell `seat`'s phone why its move was refused (the engine's words, in the game's)."""
        why = capitalized(say(reason, self.book.engine_words()))
        self.server.send(seat, {"type": "refused", "reason": why})

    def notices(self) -> list[Notice]:
        found = []
        while not self.server.notices.empty():
            found.append(self.server.notices.get_nowait())
        return found
