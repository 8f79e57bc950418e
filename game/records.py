"""A JSON object read against a declaration of its fields, in plain Python.

The files read before the menu's first frame (the settings, a save's header)
are declared with these rather than as pydantic models (game/players_file.py):
importing pydantic alone would cost most of the start-up's budget
(bench/startup.py). Each field is declared once: its name, what it may hold
(a `Kind`), its default, and what the player is told when the file holds
something else. `read` takes what fits and falls back field by field (the
settings); `problem` names what is wrong with an object that is taken whole
or not at all (a save's header). The checks are what these files need and
no more; docs/files.md's tables are held to the declarations by tests.
"""

from __future__ import annotations

import copy
import re
from typing import TYPE_CHECKING

from game.plain_text import printable

if TYPE_CHECKING:
    from game.engine.said import Said


class _Marker:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


REQUIRED = _Marker("REQUIRED")  # the field must be there
LEFT_OUT = _Marker("LEFT_OUT")  # missing or wrong, the field is left out of what is read


class Kind:
    """What a field may hold. (Plain classes, not dataclasses: making a frozen
    dataclass costs about a millisecond, and these are made before the menu's
    first frame.)"""

    __slots__: tuple[str, ...] = ()

    def fits(self, value: object) -> bool:
        raise NotImplementedError

    def __repr__(self) -> str:
        shown = ", ".join(repr(getattr(self, name)) for name in self.__slots__)
        return f"{type(self).__name__}({shown})"


class Flag(Kind):
    """true or false (not 0 or 1, not "yes")."""

    def fits(self, value: object) -> bool:
        return isinstance(value, bool)


class Text(Kind):
    __slots__ = ("longest", "shortest", "pattern", "printable")

    def __init__(
        self,
        longest: int,
        shortest: int = 0,
        pattern: re.Pattern[str] | None = None,
        printable: bool = False,  # no control or format character
    ) -> None:
        self.longest = longest
        self.shortest = shortest
        self.pattern = pattern
        self.printable = printable

    def fits(self, value: object) -> bool:
        return (
            isinstance(value, str)
            and self.shortest <= len(value) <= self.longest
            and (self.pattern is None or self.pattern.fullmatch(value) is not None)
            and (not self.printable or value.isprintable())
        )


class OneOf(Kind):
    """One of these values (compared by equality: any JSON value may be asked about)."""

    __slots__ = ("choices",)

    def __init__(self, choices: tuple[object, ...]) -> None:
        self.choices = choices

    def fits(self, value: object) -> bool:
        return value in self.choices


class Whole(Kind):
    """A whole number from `low` to `high`; true and false are not numbers."""

    __slots__ = ("low", "high")

    def __init__(self, low: int, high: int) -> None:
        self.low = low
        self.high = high

    def fits(self, value: object) -> bool:
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and self.low <= value <= self.high
        )


class Either(Kind):
    __slots__ = ("kinds",)

    def __init__(self, kinds: tuple[Kind, ...]) -> None:
        self.kinds = kinds

    def fits(self, value: object) -> bool:
        return any(kind.fits(value) for kind in self.kinds)


class ListOf(Kind):
    __slots__ = ("item", "longest", "shortest")

    def __init__(self, item: Kind, longest: int, shortest: int = 0) -> None:
        self.item = item
        self.longest = longest
        self.shortest = shortest

    def fits(self, value: object) -> bool:
        return (
            isinstance(value, list)
            and self.shortest <= len(value) <= self.longest
            and all(self.item.fits(item) for item in value)
        )


class Field:
    __slots__ = ("name", "kind", "default", "wrong")

    def __init__(
        self,
        name: str,
        kind: Kind,
        default: object = REQUIRED,  # or LEFT_OUT, or what a missing or wrong field takes
        wrong: Said | None = None,  # the notice when the file holds something else; None: silently
    ) -> None:
        self.name = name
        self.kind = kind
        self.default = default
        self.wrong = wrong

    def __repr__(self) -> str:
        return f"Field({self.name!r}, {self.kind!r}, {self.default!r})"


class Record(Kind):
    """An object taken whole or not at all."""

    __slots__ = ("fields", "others")

    def __init__(self, fields: tuple[Field, ...], others: bool = False) -> None:
        self.fields = fields
        self.others = others  # keys it does not declare are allowed (and kept as they are)

    def fits(self, value: object) -> bool:
        return isinstance(value, dict) and problem(value, self) is None


class Section(Kind):
    """An object read field by field (`read`): a field that does not fit falls back alone."""

    __slots__ = ("fields",)

    def __init__(self, fields: tuple[Field, ...]) -> None:
        self.fields = fields

    def fits(self, value: object) -> bool:
        return isinstance(value, dict)


def problem(data: dict, record: Record) -> str | None:
    """What is wrong with `data` as `record`, in a few words (English, for a
    message that quotes them): the fields missing, a key it does not declare,
    or the first field that holds something else; None when it fits."""
    missing = sorted(f.name for f in record.fields if f.default is REQUIRED and f.name not in data)
    if missing:
        return f"missing {', '.join(missing)}"
    unknown = sorted(set(data) - {f.name for f in record.fields})
    if unknown and not record.others:
        return f"unknown {printable(unknown[0], 40)}"
    for f in record.fields:
        if f.name in data and not f.kind.fits(data[f.name]):
            return f.name
    return None


def read(data: dict, fields: tuple[Field, ...]) -> tuple[dict[str, object], list[Field]]:
    """The value of each field in `data`, in the declaration's order: what it
    holds if that fits, else its default (a `LEFT_OUT` field is left out);
    keys not declared are dropped. Also the fields that held something
    else (or a required one missing), in order, for their notices."""
    taken: dict[str, object] = {}
    wrong: list[Field] = []
    for f in fields:
        if f.name in data:
            value = data[f.name]
            if isinstance(f.kind, Section) and isinstance(value, dict):
                taken[f.name], inner = read(value, f.kind.fields)
                wrong += inner
                continue
            if f.kind.fits(value):
                taken[f.name] = value
                continue
            wrong.append(f)
        elif f.default is REQUIRED:
            wrong.append(f)
            continue
        if f.default is not LEFT_OUT:
            taken[f.name] = copy.deepcopy(f.default)
    return taken, wrong
