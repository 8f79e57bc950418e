"""What a phone's seat is shown alone: its private moments of the round.

A seat played on a phone never has its hand shown on the TV, nor a curtain
raised for it (game/table/match_screen.py): what the engine shows that seat
alone goes to its phone instead, as a moment of the round. A moment is the
hand a challenge showed it (the challenger sees the challenged hand), its new
hand after a swap, a shuffle or hands passed on, and the cards it drew.
Which events showed a seat cards alone is the engine's to say (`shown_alone`,
game/engine/seen.py, from each event's declaration); the cards are read
from the events as that seat saw them (`seen_events`) and, for a swap, whose
event names no card, from the seat's own view when the table next tells the
phones (the game's loop does after every move it has shown): so no card
reaches a phone but one the engine showed its seat.

Learning as you play, a moment the tutor gives about a phone seat
(game/table/lessons.py) is one of its private moments too (`teach`): its
id is the lesson's key, and it stays until the round ends.

A moment keeps what it is told from, not its words: when the game's language
changes, every moment a phone holds is told again in the new one (as the
seat's story is, game/phones/story.py).

The state message carries a seat's moments of the round, newest last, each
`{"id", "title", "words", "cards"}`; the id is the event's place in the match's
log, the same on every message.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine import view
from game.engine.seen import seen_events, shown_alone
from game.engine.state import GameState
from game.i18n import _, capitalized, language, ngettext
from game.phones.offer import card_image
from game.ui.card_book import CardBook

if TYPE_CHECKING:
    from game.lessons import Lesson

MOST = 12  # moments a message carries: the round's latest

Telling = Callable[[], dict[str, Any]]  # a moment's title, words and cards, in the language now


@dataclass(slots=True)
class Kept:
    """A moment a seat holds: how to tell it, and its words as last told."""

    id: int | str
    tell: Telling
    lang: str = ""
    told: dict[str, Any] | None = None

    def now(self) -> dict[str, Any]:
        if self.told is None or self.lang != language():
            self.told, self.lang = self.tell(), language()
        return {"id": self.id, **self.told}


class PrivateMoments:
    """Each phone seat's private moments of the round, followed through the log."""

    def __init__(self, seats: Iterable[int], book: CardBook) -> None:
        self.book = book
        self._moments: dict[int, list[Kept]] = {seat: [] for seat in seats}
        self._read = 0  # how much of the log has been read
        self._cause: str | None = None  # the card whose effects are being told
        self._challenge: Mapping[str, Any] | None = None  # the last challenge's verdict
        self._catch: Mapping[str, Any] | None = None  # a catch its caught seat has yet to pay

    def moments(self, seat: int) -> list[dict[str, Any]]:
        return [kept.now() for kept in self._moments[seat][-MOST:]]

    def follow(self, log: Sequence[Mapping[str, Any]], state: GameState) -> None:
        """Read what the log added since last asked; `state` is the table after it."""
        start, self._read = self._read, len(log)
        for at in range(start, len(log)):
            event = log[at]
            kind = event["t"]
            if kind == "round":
                for moments in self._moments.values():
                    moments.clear()
                self._cause = self._challenge = self._catch = None
            elif kind in ("play", "start"):
                self._cause = str(event["card"])
            elif kind == "challenge":
                self._challenge = event
            elif kind == "catch":
                self._catch = event
            for seat, moments in self._moments.items():
                (seen,) = seen_events([event], seat)
                tell = self._moment(seen, seat, state)
                if tell is not None:
                    moments.append(Kept(at, tell))
            if kind == "draw" and event.get("why") == "uno":
                self._catch = None

    def teach(self, seat: int, lesson: Lesson, reword: Callable[[Lesson], Lesson]) -> None:
        """A moment of learning as you play, for `seat`'s phone alone;
        `reword` words it in the language now spoken (`MatchSession.reworded`)."""

        def tell() -> dict[str, Any]:
            worded = reword(lesson)
            return self._shown(worded.title, worded.words, worded.cards)

        self._moments[seat].append(Kept(f"lesson:{lesson.key}", tell))

    def _moment(self, event: Mapping[str, Any], seat: int, state: GameState) -> Telling | None:
        # Whether the seat saw cards alone is the engine's to say; what the
        # moment is called is the phone's.
        if not shown_alone(event, seat):
            return None
        told = MOMENTS.get(event["t"])
        return None if told is None else told(self, event, seat, state)

    # Each teller takes what it needs of the table now (it moves on before the
    # moment is told again) and tells the moment whenever asked.

    def _revealed(self, event: Mapping[str, Any], seat: int, state: GameState) -> Telling:
        names, challenge = tuple(state.names), self._challenge

        def tell() -> dict[str, Any]:
            words = _("{name}'s hand").format(name=names[event["p"]])
            return self._shown(words, self._verdict(names, challenge), event["cards"])

        return tell

    def _swapped(self, event: Mapping[str, Any], seat: int, state: GameState) -> Telling:
        names = tuple(state.names)
        # A swap names no card: the new hand is the seat's own view of it.
        hand = tuple(view(state, seat)["hand_cards"])

        def tell() -> dict[str, Any]:
            words = _("{name} swaps hands with {other}").format(
                name=names[event["p"]], other=names[event["with"]]
            )
            return self._shown(_("Your new hand"), words, hand)

        return tell

    def _passed_on(self, event: Mapping[str, Any], seat: int, state: GameState) -> Telling:
        cause = self._cause

        def tell() -> dict[str, Any]:
            if cause and "shuffle_hands" in self.book.effects(cause):
                words = _("the hands are shuffled and dealt out again")
            else:
                words = _("every hand is passed on")
            return self._shown(_("Your new hand"), self._caused(words, cause), event["hands"][seat])

        return tell

    def _drew(self, event: Mapping[str, Any], seat: int, state: GameState) -> Telling:
        names, cause, catch = tuple(state.names), self._cause, self._catch

        def tell() -> dict[str, Any]:
            drawn = self._drawn(event, names, cause, catch)
            return self._shown(_("Cards you drew"), drawn, event["cards"])

        return tell

    def _shown(self, title: str, words: str, cards: Sequence[str | None]) -> dict[str, Any]:
        return {
            "title": title,
            "words": capitalized(words),
            "cards": [
                {"label": self.book.label(card), "image": card_image(card)}
                for card in cards
                if card is not None
            ],
        }

    @staticmethod
    def _verdict(names: Sequence[str], challenge: Mapping[str, Any] | None) -> str:
        if challenge is None:
            return ""
        if challenge["guilty"]:
            words = _("{by} challenges {name}: {name} bluffed!")
        else:
            words = _("{by} challenges {name}, who played fair")
        return words.format(by=names[challenge["by"]], name=names[challenge["p"]])

    def _drawn(
        self,
        event: Mapping[str, Any],
        names: Sequence[str],
        cause: str | None,
        caught: Mapping[str, Any] | None,
    ) -> str:
        """The draw in the table's words (game/table/narrate.py says it so on the TV)."""
        n = len(event["cards"])
        who = names[event["p"]]
        why = event.get("why", "turn")
        if why == "uno":
            if caught is not None and caught["p"] == event["p"]:
                words = ngettext(
                    "{by} caught {name}: {name} draws {n}",
                    "{by} caught {name}: {name} draws {n}",
                    n,
                )
                return words.format(by=names[caught["by"]], name=who, n=n)
            words = ngettext(
                "{name} draws {n} for a missed UNO", "{name} draws {n} for a missed UNO", n
            )
            return words.format(name=who, n=n)
        if why == "challenge":
            words = ngettext(
                "{name} draws {n} after the challenge", "{name} draws {n} after the challenge", n
            )
            return words.format(name=who, n=n)
        draws = ngettext("{name} draws a card", "{name} draws {n} cards", n).format(name=who, n=n)
        return self._caused(draws, cause) if why in ("penalty", "effect") else draws

    def _caused(self, text: str, cause: str | None) -> str:
        if not cause:
            return text
        return _("{card}: {what}").format(card=self.book.label(cause), what=text)


Moment = Callable[[PrivateMoments, Mapping[str, Any], int, GameState], Telling]

# What a phone calls each event that shows its seat cards alone
# (`shown_alone`, game/engine/seen.py). Such an event with no entry is
# listed in `NO_MOMENT`, with why (tests/phones/test_private.py holds the two
# to the engine's declarations).
MOMENTS: dict[str, Moment] = {
    "reveal": PrivateMoments._revealed,
    "swap": PrivateMoments._swapped,
    "hands": PrivateMoments._passed_on,
    "draw": PrivateMoments._drew,
}
NO_MOMENT = {
    "deal": "the dealt hand is the phone's hand",
    "draft": "the phone's draft shows the card kept",
}
