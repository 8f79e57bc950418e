"""Reading and writing the replay-log format: a line's JSON, and each event
checked against the format's declaration (game/engine/events/, the same
table as docs/replay-format.md).

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
from typing import Annotated, get_type_hints

from pydantic import Field, TypeAdapter, ValidationError

from game.engine.event_fields import FIELD_ERROR, PLAYER_COUNT, Wrong, kind_of
from game.engine.event_kinds import HandOrder, kinds_where
from game.engine.events import EVENT_TYPES, Event
from game.files.plain_text import printable

MAX_LOG_BYTES = 64 * 1024 * 1024  # about 1,000 four-seat matches of classic
MAX_LINE_BYTES = 1024 * 1024
MAX_DIGITS = 25  # an integer literal longer than this is refused before it is parsed
# The events in which the order of a hand's cards shows, as each kind declares
# (`EventKind.hand_order`): they list a hand as it is held (`swap` moves one
# whole). The engine writes a hand's order nowhere else; the re-execution
# relies on it (see reexec.py).
HAND_ORDER_EVENTS = kinds_where(lambda kind: kind.hand_order is not HandOrder.NONE)
# Of those, the ones that show one seat's hand, the seat in `p`'s.
ONE_HAND_EVENTS = kinds_where(lambda kind: kind.hand_order is HandOrder.SEAT)


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
        raise Malformed(f"an event is a JSON object, not {kind_of(value)}")
    return value


# --- the events -----------------------------------------------------------------------

# The events of the format, each field's type and check, are declared once, by
# the engine (game/engine/events/); pydantic runs the checks, through one
# validator made here, once.
_VALIDATOR: TypeAdapter[Event] = TypeAdapter(Annotated[Event, Field(discriminator="t")])
FIELDS = {kind: frozenset(get_type_hints(event)) for kind, event in EVENT_TYPES.items()}


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
    fields = FIELDS.get(kind)
    if fields is None:
        raise Malformed(f"'{printable(kind, 40)}' is not an event of the format")
    if kind == "game":
        own = event.get("players")
        players = own if type(own) is int and PLAYER_COUNT(own, 0) is None else 0
    try:
        _VALIDATOR.validate_python(event, context={"players": players})
    except ValidationError as invalid:
        raise Malformed(_first_problem(kind, invalid)) from None
    return [name for name in event if name not in fields]


def _first_problem(kind: str, invalid: ValidationError) -> str:
    """The first of pydantic's errors, in our words: a `game` event's seat count
    first, since every field of one per seat is checked against it."""
    errors = invalid.errors(include_url=False)
    first = next((e for e in errors if e["loc"][1:2] == ("players",)), errors[0])
    where = kind + "".join(
        f"[{step}]" if isinstance(step, int) else f".{step}" for step in first["loc"][1:]
    )
    if first["type"] == "missing":
        return f"{where} is missing"
    wrong = first.get("ctx", {}).get("wrong")
    if first["type"] == FIELD_ERROR and isinstance(wrong, Wrong):
        return wrong.within(where).said(printable)
    return f"{where} is not as docs/replay-format.md says"
