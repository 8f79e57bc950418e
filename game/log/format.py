"""The replay-log format as data: every event's fields, their types and ranges.

docs/replay-format.md is the prose; this is the same table for a program.
`read_event` is what makes a line from a shared (hostile) file safe to use:
after it, every field the format names is present with its documented type
and within its documented range, and nothing else is in the event (a field
the format does not name, a newer version's or another tool's, is welcome
and left out). `check_event` holds what we write to the same table, and
refuses a field nobody documented. Seats are checked against the match's
`players`, so a match is read in order, its `game` event first.

The limits keep a file someone shared from costing more than a small
machine has: a log is at most `MAX_LOG_BYTES`, a line `MAX_LINE_BYTES`.
Text taken from a file is shown only through `printable`.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from game.plain_text import printable

MAX_LOG_BYTES = 64 * 1024 * 1024  # about 1,000 four-seat matches of classic
MAX_LINE_BYTES = 1024 * 1024
MAX_PLAYERS = 20  # the engine's most seats; a rule set allows fewer
MAX_CARDS = 10_000  # cards in one list: a hand, a draw, a deal
MAX_RULES = 32  # rule-set names in `game.rules`
MAX_TEXT = 200  # characters in a name, a card, a colour, a rule-set name
MAX_INT = 2**63 - 1  # scores, points, targets
MAX_SEED = 2**64  # seeds are in (-2**64, 2**64)
MAX_DIGITS = 25  # an integer literal longer than this is refused before it is parsed
WHY = ("turn", "penalty", "uno", "challenge", "effect")
# The events in which the order of a hand's cards shows: they list a hand as
# it is held (`swap` moves one whole). The engine writes a hand's order nowhere
# else; the re-execution relies on it (see reexec.py).
HAND_ORDER_EVENTS = frozenset({"reveal", "hands", "discard", "swap"})


class LogError(ValueError):
    """A log that cannot be used: unreadable, malformed, or not what the engine
    writes. `str()` is `file:line: what is wrong`, safe to print.

    `line` is the 1-based line in the file (None when the file as a whole is
    refused); `reason` is the message without the place."""

    def __init__(self, reason: str, *, path: str | None = None, line: int | None = None) -> None:
        self.reason = reason
        self.path = path
        self.line = line
        super().__init__(self.where() + reason)

    def where(self) -> str:
        parts = [printable(self.path)] if self.path is not None else []
        if self.line is not None:
            parts.append(str(self.line))
        return ":".join(parts) + ": " if parts else ""

    def at(self, path: str | None = None, line: int | None = None) -> LogError:
        """The same refusal, placed in a file (keeping what is already known)."""
        return type(self)(
            self.reason,
            path=self.path if path is None else path,
            line=self.line if line is None else line,
        )


class Malformed(LogError):
    """A line that is not an event of the format (bad JSON, a wrong field)."""


class MatchRefused(LogError):
    """One match of a log does not re-execute (it diverges, stops short, or
    cannot be started); the file's other matches may."""


def encode_event(event: dict) -> str:
    """One event as its log line, without the newline: compact, keys in the
    order the engine made them, ASCII only (so also safe to print)."""
    return json.dumps(event, separators=(",", ":"), allow_nan=False)


def shown(event: object, limit: int = 240) -> str:
    """An event for a message: its log line, cut to `limit` characters."""
    try:
        line = encode_event(event) if isinstance(event, dict) else printable(event)
    except (TypeError, ValueError):
        line = printable(repr(event))
    return line if len(line) <= limit else line[: limit - 1] + "…"


# --- parsing one line ---------------------------------------------------------------


def _refuse_float(text: str) -> float:
    raise Malformed(f"{printable(text, 30)} is not a whole number; the format has none other")


def _refuse_constant(text: str) -> float:
    raise Malformed(f"{text} is not a number the format allows")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise Malformed(f"a number of {len(text)} digits; no field holds more than {MAX_DIGITS}")
    return int(text)


def _without_repeats(pairs: list[tuple[str, object]]) -> dict:
    # JSON would let the last of two "seed" keys win, silently: a reader and a
    # person reading the line would then see different matches.
    found = dict(pairs)
    if len(found) != len(pairs):
        keys = [key for key, _value in pairs]
        twice = next(key for n, key in enumerate(keys) if key in keys[:n])
        raise Malformed(f"the key '{printable(twice, 30)}' appears twice in one object")
    return found


_DECODER = json.JSONDecoder(
    parse_float=_refuse_float,
    parse_int=_bounded_int,
    parse_constant=_refuse_constant,
    object_pairs_hook=_without_repeats,
)


def parse_line(data: bytes) -> dict:
    """One line's bytes (without its newline) as a JSON object; Malformed if not."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise Malformed(f"not UTF-8 text (byte {err.start + 1} of the line)") from None
    if text.startswith("\ufeff"):
        # Notepad and friends add one when a log is saved again; say so, not "not JSON".
        raise Malformed(
            "starts with a byte-order mark (an editor added it): save as UTF-8 without one"
        )
    if not text.strip():
        raise Malformed("a blank line; every line is one event")
    try:
        value, end = _DECODER.raw_decode(text)
    except json.JSONDecodeError as err:
        raise Malformed(f"not valid JSON: {err.msg} (column {err.colno})") from None
    except RecursionError:
        raise Malformed("JSON nested too deeply") from None
    if text[end:].strip():
        raise Malformed(f"not valid JSON: extra data at column {end + 1}")
    if not isinstance(value, dict):
        raise Malformed(f"an event is a JSON object, not {_kind(value)}")
    return value


def _kind(value: object) -> str:
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


# --- the fields -----------------------------------------------------------------------

# A field check returns None when the value is right, else what is wrong with it.
Check = Callable[[object, int], "str | None"]


def _int_in(low: int, high: int) -> Check:
    def check(value: object, players: int) -> str | None:
        if type(value) is not int:
            return f"should be a whole number, not {_kind(value)}"
        if not low <= value <= high:
            return f"should be from {low} to {high}, not {value}"
        return None

    return check


def _seat(value: object, players: int) -> str | None:
    if type(value) is not int:
        return f"should be a seat number, not {_kind(value)}"
    if not 0 <= value < players:
        return f"is seat {value}, but the match has seats 0 to {players - 1}"
    return None


def _text(value: object, players: int, *, card: bool = False, color: bool = False) -> str | None:
    if not isinstance(value, str):
        return f"should be a string, not {_kind(value)}"
    if not value or len(value) > MAX_TEXT:
        return f"should be 1 to {MAX_TEXT} characters long"
    if not value.isprintable():
        return "holds a control or format character"
    if card:
        # A two-sided card is written face in play/other face: red:7/teal:5.
        for side in value.split("/", 1):
            color_part, _, face = side.partition(":")
            if not color_part or not face or ":" in face or "/" in face:
                return f"'{printable(value, 40)}' is not a card (written colour:face)"
    if color and ":" in value:
        return f"'{printable(value, 40)}' is not a colour"
    return None


def _card(value: object, players: int) -> str | None:
    return _text(value, players, card=True)


def _color(value: object, players: int) -> str | None:
    return _text(value, players, color=True)


def _color_or_null(value: object, players: int) -> str | None:
    return None if value is None else _color(value, players)


def _list_of(item: Check, what: str, low: int = 0, high: int = MAX_CARDS) -> Check:
    def check(value: object, players: int) -> str | None:
        if not isinstance(value, list):
            return f"should be a list of {what}, not {_kind(value)}"
        if not low <= len(value) <= high:
            return f"should hold {low} to {high} {what}, not {len(value)}"
        for index, entry in enumerate(value):
            wrong = item(entry, players)
            if wrong is not None:
                return _at(f"[{index}]", wrong)
        return None

    return check


def _at(where: str, wrong: str) -> str:
    """`where` prefixed to what is wrong there: `names[0] should be…`, `hands[1][2] …`."""
    return f"{where}{wrong}" if wrong.startswith("[") else f"{where} {wrong}"


def _per_seat(item: Check, what: str) -> Check:
    def check(value: object, players: int) -> str | None:
        if not isinstance(value, list):
            return f"should be a list of {what}, one per seat, not {_kind(value)}"
        if len(value) != players:
            return f"should hold {players} {what}, one per seat, not {len(value)}"
        return _list_of(item, what, players, players)(value, players)

    return check


_CARDS = _list_of(_card, "cards")
_SOME_CARDS = _list_of(_card, "cards", low=1)
_SCORE = _int_in(-MAX_INT, MAX_INT)
_SCORES = _per_seat(_SCORE, "scores")


def _points(value: object, players: int) -> str | None:
    if not isinstance(value, dict):
        return f"should be an object of seat → points, not {_kind(value)}"
    if set(value) != {str(seat) for seat in range(players)}:
        return f"should name every seat from '0' to '{players - 1}' once"
    for seat, points in value.items():
        wrong = _SCORE(points, players)
        if wrong is not None:
            return _at(f"['{seat}']", wrong)
    return None


def _cut(value: object, players: int) -> str | None:
    if not isinstance(value, dict):
        return f"should be an object of seat → card, not {_kind(value)}"
    if not 1 <= len(value) <= players:
        return f"should name 1 to {players} seats"
    for seat, card in value.items():
        if seat not in {str(s) for s in range(players)}:
            return f"'{printable(seat, 20)}' is not a seat of this match"
        wrong = _card(card, players)
        if wrong is not None:
            return _at(f"['{seat}']", wrong)
    return None


def _true(value: object, players: int) -> str | None:
    return None if value is True else f"should be true when present, not {printable(value, 20)}"


def _bool(value: object, players: int) -> str | None:
    return None if isinstance(value, bool) else f"should be true or false, not {_kind(value)}"


def _direction(value: object, players: int) -> str | None:
    if type(value) is int and value in (1, -1):
        return None
    return f"should be 1 or -1, not {printable(value, 20)}"


def _why(value: object, players: int) -> str | None:
    if value in WHY and isinstance(value, str):
        return None
    return f"should be one of {', '.join(WHY)}, not {printable(value, 20)}"


def _target(value: object, players: int) -> str | None:
    return None if value is None else _int_in(1, MAX_INT)(value, players)


def _rules(value: object, players: int) -> str | None:
    return _list_of(_text, "rule-set names", 1, MAX_RULES)(value, players)


def _names(value: object, players: int) -> str | None:
    if not isinstance(value, list):
        return f"should be a list of names, one per seat, not {_kind(value)}"
    if len(value) != players:
        return f"should hold {players} names, one per seat, not {len(value)}"
    for index, name in enumerate(value):
        if not isinstance(name, str):
            return f"[{index}] should be a string, not {_kind(name)}"
        if len(name) > MAX_TEXT:
            return f"[{index}] should be at most {MAX_TEXT} characters long"
    return None


# Per event: its required fields, then the fields it may have.
EVENTS: dict[str, tuple[dict[str, Check], dict[str, Check]]] = {
    "game": (
        {
            "rules": _rules,
            "seed": _int_in(-MAX_SEED + 1, MAX_SEED - 1),
            "players": _int_in(2, MAX_PLAYERS),
            "names": _names,
            "target": _target,
        },
        {},
    ),
    "cut": ({"cards": _cut}, {}),
    "round": ({"n": _int_in(1, MAX_INT), "dealer": _seat}, {}),
    "deal": ({"p": _seat, "cards": _CARDS}, {}),
    "draft": ({"p": _seat, "card": _card, "kept": _bool}, {}),
    "start": (
        {"card": _card, "color": _color_or_null, "first": _seat, "direction": _direction},
        {},
    ),
    "color": ({"p": _seat, "color": _color}, {}),
    "turn": ({"p": _seat}, {}),
    "play": ({"p": _seat, "card": _card, "color": _color_or_null}, {}),
    "draw": ({"p": _seat, "cards": _SOME_CARDS, "why": _why}, {}),
    "pass": ({"p": _seat}, {}),
    "skip": ({"p": _seat}, {}),
    "direction": ({"direction": _direction}, {}),
    "uno": ({"p": _seat}, {}),
    "catch": ({"by": _seat, "p": _seat}, {}),
    "challenge": ({"by": _seat, "p": _seat, "guilty": _bool}, {}),
    "reveal": ({"p": _seat, "to": _seat, "cards": _CARDS}, {}),
    "reshuffle": ({"cards": _int_in(1, MAX_CARDS)}, {}),
    "swap": ({"p": _seat, "with": _seat}, {}),
    "hands": ({"hands": _per_seat(_CARDS, "hands")}, {"discard": _CARDS}),
    "round_end": (
        {"winner": _seat, "points": _points, "scores": _SCORES},
        {"blocked": _true, "side": _text},
    ),
    "game_end": (
        {"winner": _seat, "scores": _SCORES},
        {"team": _list_of(_seat, "seats", 1, MAX_PLAYERS)},
    ),
    "chose": ({"p": _seat, "player": _seat}, {}),
    "eliminated": ({"p": _seat, "score": _SCORE}, {}),
    "discard": ({"p": _seat, "cards": _SOME_CARDS}, {}),
    "jump_in": ({"p": _seat, "over": _seat}, {}),
    "flip": ({"side": _text, "top": _card, "color": _color_or_null}, {}),
}


def check_event(event: dict, players: int) -> None:
    """Raise Malformed naming the first field of `event` that is not as the
    format says (for a match of `players` seats; a `game` event brings its own).
    For an event we write: a field the format does not name is one nobody
    documented, and is refused too."""
    unknown = _unknown_fields(event, players)
    if unknown:
        raise Malformed(f"'{printable(unknown[0], 40)}' is not a field of a {event['t']} event")


def read_event(event: dict, players: int) -> dict:
    """`event` read from a file, checked as `check_event` checks it, but for the
    fields the format does not name: more fields are welcome (a log from a
    newer version or another tool), so they are left out of the event
    returned, and nothing that reads it sees them."""
    unknown = _unknown_fields(event, players)
    if not unknown:
        return event
    return {name: value for name, value in event.items() if name not in unknown}


def _unknown_fields(event: dict, players: int) -> list[str]:
    """Raise Malformed for the first field the format names that is wrong or
    missing; the names of the fields it does not name."""
    kind = event.get("t")
    if not isinstance(kind, str):
        raise Malformed("the event has no string field 't'")
    spec = EVENTS.get(kind)
    if spec is None:
        raise Malformed(f"'{printable(kind, 40)}' is not an event of the format")
    required, optional = spec
    if kind == "game":
        wrong = required["players"](event.get("players"), 0)
        if "players" not in event or wrong is not None:
            raise Malformed(f"game.players {wrong or 'is missing'}")
        players = event["players"]
    for name, check in required.items():
        if name not in event:
            raise Malformed(f"{kind}.{name} is missing")
        wrong = check(event[name], players)
        if wrong is not None:
            raise Malformed(_at(f"{kind}.{name}", wrong))
    unknown = []
    for name, value in event.items():
        if name == "t" or name in required:
            continue
        extra = optional.get(name)
        if extra is None:
            unknown.append(name)
            continue
        wrong = extra(value, players)
        if wrong is not None:
            raise Malformed(_at(f"{kind}.{name}", wrong))
    return unknown
