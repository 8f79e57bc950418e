"""A stand-in tutor for the screens' tests of learning as you play: it gives
the moments a test asks for, when the test says, so a test can aim a moment
at the worst time (another person's turn, a hand behind its curtain). The
real tutor's moments are game/lessons/'s, tested there."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.play.match import MatchSession


@dataclass(frozen=True)
class Lesson:
    """As game/lessons/ makes them: what the screens read of a moment."""

    key: str
    title: str
    words: str
    cards: tuple[str, ...] = ()
    seat: int | None = None


Give = Callable[[object, list], list[Lesson]]


class StubTutor:
    def __init__(self, give: Give) -> None:
        self.give = give
        self.taught: list[str] = []

    def moments(self, state, events) -> list[Lesson]:
        found = [lesson for lesson in self.give(state, events) if lesson.key not in self.taught]
        self.taught.extend(lesson.key for lesson in found)
        return found

    def reword(self, lesson: Lesson) -> Lesson:
        return lesson  # a test's own words are in one language

    def to_dict(self) -> dict:
        return {"taught": list(self.taught)}


def teach(session: MatchSession, give: Give) -> StubTutor:
    """Learning as you play on `session`, with the moments `give` names."""
    tutor = StubTutor(give)
    session.learning = True
    session.tutor = tutor  # type: ignore[assignment]
    return tutor


def hand_of(state, seat: int, most: int = 2) -> tuple[str, ...]:
    names = state.cards.names
    return tuple(names[card] for card in list(state.hands[seat])[:most])
