"""The types of the replay log's fields, and the check of each value.

game/engine/events/ declares every event with these types; each is
`Annotated` with the check of its values, which pydantic runs when a log
line is validated (game/log/format.py). A check sees a value from a file
someone shared: it returns what is wrong as a `Wrong`, whose text leaves the
file's own text (`{shown}`) for the reader to escape (game/files/plain_text.py,
which the engine does not import).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, NotRequired, get_args, get_origin

from pydantic import Field, PlainValidator, ValidationInfo
from pydantic_core import PydanticCustomError

MAX_PLAYERS = 20  # the engine's most seats; a rule set allows fewer
MAX_CARDS = 10_000  # cards in one list: a hand, a draw, a deal
MAX_RULES = 32  # rule-set names in `game.rules`
MAX_TEXT = 200  # characters in a name, a card, a colour, a rule-set name
MAX_INT = 2**63 - 1  # scores, points, targets
MAX_SEED = 2**64  # seeds are in (-2**64, 2**64)
WHY = ("turn", "penalty", "uno", "challenge", "effect")
FIELD_ERROR = "event_field"  # pydantic's error type for a value a check refused


@dataclass(frozen=True)
class Wrong:
    """What is wrong with a value: `words` ("should be a seat number, not a
    string"), with `{shown}` where `shown` (the file's text, cut to `limit`
    characters and escaped by whoever prints it) goes."""

    words: str
    shown: object = None
    limit: int = 40

    def within(self, where: str) -> Wrong:
        """The same, said of a place inside the value: `[2] should be…`."""
        words = f"{where}{self.words}" if self.words.startswith("[") else f"{where} {self.words}"
        return Wrong(words, self.shown, self.limit)

    def said(self, escape: Callable[[object, int], str]) -> str:
        if "{shown}" not in self.words:
            return self.words
        return self.words.replace("{shown}", escape(self.shown, self.limit))


# A check returns None when the value is right; `players` is the match's seat count.
Check = Callable[[object, int], "Wrong | None"]


def _validator(check: Check) -> PlainValidator:
    """A check as pydantic runs it, the match's seats taken from the context."""

    def validate(value: object, info: ValidationInfo) -> object:
        context = info.context
        wrong = check(value, context["players"] if context else MAX_PLAYERS)
        if wrong is not None:
            raise PydanticCustomError(
                FIELD_ERROR, "{words}", {"words": wrong.words, "wrong": wrong}
            )
        return value

    return PlainValidator(validate)


def means(text: str) -> Any:
    """What a field says, for a reader of this declaration."""
    return Field(description=text)


def kind_of(value: object) -> str:
    """A JSON value's kind, for a message: "a string", "a list"."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    return {
        int: "a number",
        str: "a string",
        list: "a list",
        dict: "an object",
    }.get(type(value), type(value).__name__)


# --- the checks ----------------------------------------------------------------------


def _int_in(low: int, high: int) -> Check:
    def check(value: object, players: int) -> Wrong | None:
        if type(value) is not int:
            return Wrong(f"should be a whole number, not {kind_of(value)}")
        if not low <= value <= high:
            return Wrong(f"should be from {low} to {high}, not {value}")
        return None

    return check


def _seat(value: object, players: int) -> Wrong | None:
    if type(value) is not int:
        return Wrong(f"should be a seat number, not {kind_of(value)}")
    if not 0 <= value < players:
        return Wrong(f"is seat {value}, but the match has seats 0 to {players - 1}")
    return None


def _text(value: object, players: int, *, card: bool = False, color: bool = False) -> Wrong | None:
    if not isinstance(value, str):
        return Wrong(f"should be a string, not {kind_of(value)}")
    if not value or len(value) > MAX_TEXT:
        return Wrong(f"should be 1 to {MAX_TEXT} characters long")
    if not value.isprintable():
        return Wrong("holds a control or format character")
    if card:
        # A two-sided card is written face in play/other face: red:7/teal:5.
        for side in value.split("/", 1):
            color_part, _, face = side.partition(":")
            if not color_part or not face or ":" in face or "/" in face:
                return Wrong("'{shown}' is not a card (written colour:face)", value)
    if color and ":" in value:
        return Wrong("'{shown}' is not a colour", value)
    return None


def _card(value: object, players: int) -> Wrong | None:
    return _text(value, players, card=True)


def _color(value: object, players: int) -> Wrong | None:
    return _text(value, players, color=True)


def _color_or_null(value: object, players: int) -> Wrong | None:
    return None if value is None else _color(value, players)


def _list_of(item: Check, what: str, low: int = 0, high: int = MAX_CARDS) -> Check:
    def check(value: object, players: int) -> Wrong | None:
        if not isinstance(value, list):
            return Wrong(f"should be a list of {what}, not {kind_of(value)}")
        if not low <= len(value) <= high:
            return Wrong(f"should hold {low} to {high} {what}, not {len(value)}")
        for index, entry in enumerate(value):
            wrong = item(entry, players)
            if wrong is not None:
                return wrong.within(f"[{index}]")
        return None

    return check


def _per_seat(item: Check, what: str) -> Check:
    def check(value: object, players: int) -> Wrong | None:
        if not isinstance(value, list):
            return Wrong(f"should be a list of {what}, one per seat, not {kind_of(value)}")
        if len(value) != players:
            return Wrong(f"should hold {players} {what}, one per seat, not {len(value)}")
        return _list_of(item, what, players, players)(value, players)

    return check


_score = _int_in(-MAX_INT, MAX_INT)
_cards = _list_of(_card, "cards")


def _points(value: object, players: int) -> Wrong | None:
    if not isinstance(value, dict):
        return Wrong(f"should be an object of seat → points, not {kind_of(value)}")
    if set(value) != {str(seat) for seat in range(players)}:
        return Wrong(f"should name every seat from '0' to '{players - 1}' once")
    for seat, points in value.items():
        wrong = _score(points, players)
        if wrong is not None:
            return wrong.within(f"['{seat}']")
    return None


def _cut(value: object, players: int) -> Wrong | None:
    if not isinstance(value, dict):
        return Wrong(f"should be an object of seat → card, not {kind_of(value)}")
    if not 1 <= len(value) <= players:
        return Wrong(f"should name 1 to {players} seats")
    for seat, card in value.items():
        if seat not in {str(s) for s in range(players)}:
            return Wrong("'{shown}' is not a seat of this match", seat, 20)
        wrong = _card(card, players)
        if wrong is not None:
            return wrong.within(f"['{seat}']")
    return None


def _true(value: object, players: int) -> Wrong | None:
    return None if value is True else Wrong("should be true when present, not {shown}", value, 20)


def _bool(value: object, players: int) -> Wrong | None:
    return (
        None if isinstance(value, bool) else Wrong(f"should be true or false, not {kind_of(value)}")
    )


def _direction(value: object, players: int) -> Wrong | None:
    if type(value) is int and value in (1, -1):
        return None
    return Wrong("should be 1 or -1, not {shown}", value, 20)


def _why(value: object, players: int) -> Wrong | None:
    if isinstance(value, str) and value in WHY:
        return None
    return Wrong(f"should be one of {', '.join(WHY)}, not {{shown}}", value, 20)


def _target(value: object, players: int) -> Wrong | None:
    return None if value is None else _int_in(1, MAX_INT)(value, players)


def _names(value: object, players: int) -> Wrong | None:
    if not isinstance(value, list):
        return Wrong(f"should be a list of names, one per seat, not {kind_of(value)}")
    if len(value) != players:
        return Wrong(f"should hold {players} names, one per seat, not {len(value)}")
    for index, name in enumerate(value):
        if not isinstance(name, str):
            return Wrong(f"[{index}] should be a string, not {kind_of(name)}")
        if len(name) > MAX_TEXT:
            return Wrong(f"[{index}] should be at most {MAX_TEXT} characters long")
    return None


# --- the types of the fields ---------------------------------------------------------

PLAYER_COUNT = _int_in(2, MAX_PLAYERS)
Seat = Annotated[int, _validator(_seat)]
Seats = Annotated[list[int], _validator(_list_of(_seat, "seats", 1, MAX_PLAYERS))]
Card = Annotated[str, _validator(_card)]
Cards = Annotated[list[str], _validator(_cards)]
SomeCards = Annotated[list[str], _validator(_list_of(_card, "cards", low=1))]
Hands = Annotated[list[list[str]], _validator(_per_seat(_cards, "hands"))]
Color = Annotated[str, _validator(_color)]
ColorOrNull = Annotated[str | None, _validator(_color_or_null)]
Text = Annotated[str, _validator(_text)]
Direction = Annotated[int, _validator(_direction)]
Flag = Annotated[bool, _validator(_bool)]
Score = Annotated[int, _validator(_score)]
Scores = Annotated[list[int], _validator(_per_seat(_score, "scores"))]
Points = Annotated[dict[str, int], _validator(_points)]
RuleNames = Annotated[list[str], _validator(_list_of(_text, "rule-set names", 1, MAX_RULES))]
Seed = Annotated[int, _validator(_int_in(-MAX_SEED + 1, MAX_SEED - 1))]
PlayerCount = Annotated[int, _validator(PLAYER_COUNT)]
Names = Annotated[list[str], _validator(_names)]
Target = Annotated[int | None, _validator(_target)]
CutCards = Annotated[dict[str, str], _validator(_cut)]
RoundNumber = Annotated[int, _validator(_int_in(1, MAX_INT))]
Why = Annotated[str, _validator(_why)]
CardCount = Annotated[int, _validator(_int_in(1, MAX_CARDS))]
TrueWhenPresent = Annotated[bool, _validator(_true)]

# The types whose values are cards: a field of one of them says who sees it
# (`EventKind.cards`, game/engine/event_kinds.py).
CARD_TYPES = (Card, Cards, SomeCards, Hands, CutCards)
_CARD_CHECKS = tuple(get_args(kind)[1] for kind in CARD_TYPES)


def holds_cards(annotation: object) -> bool:
    """Whether a field typed `annotation` (`Annotated[Card, means(...)]`,
    perhaps `NotRequired`) holds cards."""
    while get_origin(annotation) is NotRequired:
        (annotation,) = get_args(annotation)
    checks = getattr(annotation, "__metadata__", ())
    return any(check is card for check in checks for card in _CARD_CHECKS)
