"""The player's files, declared in plain Python: one declaration style for
every file the game writes and reads back (the settings, a save's header,
the players' statistics; docs/files.md, "Growing a format").

Not pydantic: the settings and a save's header are read before the menu's
first frame, and importing pydantic alone would cost most of the start-up's
budget (bench/startup.py), so one style for all of them is this one. Each
field is declared once: its name, what it may hold (a `Kind`), its default,
what it is (`about`, the docs' words) and what the player is told when the
file holds something else. A file kept on a dataclass declares its fields
on the dataclass (`stored`, `declared`).

`read` takes what fits and falls back field by field; `problem` names what
is wrong with an object that is taken whole or not at all (a save's
header). Neither refuses a key it does not declare: a newer build's field
is kept (`others=True`, written back as it was) or ignored. The checks are
what these files need and no more; docs/files.md's tables are written from
the declarations (tools/file_tables.py) and held to them by tests.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import MISSING, field, fields
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from game.engine.said import Said

T = TypeVar("T")


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
    __slots__ = ("longest", "shortest", "pattern", "printable", "blank")

    def __init__(
        self,
        longest: int,
        shortest: int = 0,
        pattern: re.Pattern[str] | None = None,
        printable: bool = False,  # no control or format character
        blank: bool = True,  # may be only spaces
    ) -> None:
        self.longest = longest
        self.shortest = shortest
        self.pattern = pattern
        self.printable = printable
        self.blank = blank

    def fits(self, value: object) -> bool:
        return (
            isinstance(value, str)
            and self.shortest <= len(value) <= self.longest
            and (self.pattern is None or self.pattern.fullmatch(value) is not None)
            and (not self.printable or value.isprintable())
            and (self.blank or not value.isspace())
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


class MapOf(Kind):
    """An object of at most `longest` keys, each a `key` text and its value a
    `value`; read item by item (a wrong item is left out alone)."""

    __slots__ = ("key", "value", "longest")

    def __init__(self, key: Text, value: Kind, longest: int) -> None:
        self.key = key
        self.value = value
        self.longest = longest

    def fits(self, value: object) -> bool:
        return (
            isinstance(value, dict)
            and len(value) <= self.longest
            and all(self.key.fits(k) and self.value.fits(v) for k, v in value.items())
        )


class Shown:
    """How a screen that lists a file's records shows a field (the Players
    screen, game/scenes/players.py): a column headed `heading` (an `N_`
    msgid, translated where drawn), holding the value, or the value out of
    another field's (`out_of`: "3 / 5")."""

    __slots__ = ("heading", "out_of")

    def __init__(self, heading: str, out_of: str | None = None) -> None:
        self.heading = heading
        self.out_of = out_of

    def __repr__(self) -> str:
        return f"Shown({self.heading!r}, out_of={self.out_of!r})"


class Field:
    __slots__ = ("name", "kind", "default", "wrong", "about", "shown")

    def __init__(
        self,
        name: str,
        kind: Kind,
        default: object = REQUIRED,  # or LEFT_OUT, or what a missing or wrong field takes
        wrong: Said | None = None,  # the notice when the file holds something else; None: silently
        about: str = "",  # what it is, for the docs' table
        shown: Shown | None = None,  # its column on a screen listing the records
    ) -> None:
        self.name = name
        self.kind = kind
        self.default = default
        self.wrong = wrong
        self.about = about
        self.shown = shown

    def __repr__(self) -> str:
        return f"Field({self.name!r}, {self.kind!r}, {self.default!r})"


class Record(Kind):
    """An object taken whole or not at all. Keys it does not declare never
    refuse it: they are kept as they are (`others`) or left out."""

    __slots__ = ("fields", "others")

    def __init__(self, fields: tuple[Field, ...], others: bool = False) -> None:
        self.fields = fields
        self.others = others

    def fits(self, value: object) -> bool:
        return isinstance(value, dict) and problem(value, self) is None


class Section(Kind):
    """An object read field by field (`read`): a field that does not fit falls
    back alone. Keys it does not declare are kept (`others`) or left out."""

    __slots__ = ("fields", "others")

    def __init__(self, fields: tuple[Field, ...], others: bool = False) -> None:
        self.fields = fields
        self.others = others

    def fits(self, value: object) -> bool:
        return isinstance(value, dict)


def problem(data: dict, record: Record) -> str | None:
    """What is wrong with `data` as `record`, in a few words (English, for a
    message that quotes them): the fields missing, or the first field that
    holds something else; None when it fits. A key it does not declare is
    no problem (a newer build's)."""
    missing = sorted(f.name for f in record.fields if f.default is REQUIRED and f.name not in data)
    if missing:
        return f"missing {', '.join(missing)}"
    for f in record.fields:
        if f.name in data and not f.kind.fits(data[f.name]):
            return f.name
    return None


Where = tuple[str | int, ...]  # where a value is in a file: keys and list indexes


class Misfit:
    """A field that held something else (or a required one missing), and where."""

    __slots__ = ("field", "path")

    def __init__(self, field: Field, path: Where) -> None:
        self.field = field
        self.path = path

    def __repr__(self) -> str:
        return f"Misfit({self.field.name!r}, {self.path!r})"


class _Dropped:
    """What a value that does not fit reads as; its misfit is already noted."""


_DROPPED = _Dropped()


def read(
    data: dict, fields: tuple[Field, ...], *, others: bool = False
) -> tuple[dict[str, object], list[Misfit]]:
    """The value of each field in `data`, in the declaration's order: what it
    holds if that fits, else its default (a `LEFT_OUT` field is left out);
    then, with `others`, the keys it does not declare, as they are (else
    they are left out). Also the fields that held something else (or a
    required one missing), in order, for their notices."""
    misfits: list[Misfit] = []
    taken, _whole = _fields(data, Section(fields, others), (), misfits)
    return taken, misfits


def _section(data: dict, section: Section, path: Where, misfits: list[Misfit]) -> object:
    """`data` read as `section`; dropped when a required field is missing or wrong."""
    taken, whole = _fields(data, section, path, misfits)
    return taken if whole else _DROPPED


def _fields(
    data: dict, section: Section, path: Where, misfits: list[Misfit]
) -> tuple[dict[str, object], bool]:
    taken: dict[str, object] = {}
    whole = True
    for f in section.fields:
        if f.name in data:
            value = _value(f.kind, data[f.name], (*path, f.name), misfits)
            if not isinstance(value, _Dropped):
                taken[f.name] = value
                continue
            if not _noted(value, f.kind, data[f.name]):
                misfits.append(Misfit(f, (*path, f.name)))
        elif f.default is REQUIRED:
            misfits.append(Misfit(f, (*path, f.name)))
        if f.default is REQUIRED:
            whole = False
        elif f.default is not LEFT_OUT:
            taken[f.name] = copy.deepcopy(f.default)
    if section.others:
        names = {f.name for f in section.fields}
        taken.update({k: v for k, v in data.items() if k not in names})
    return taken, whole


def _noted(value: object, kind: Kind, held: object) -> bool:
    """Whether a dropped value's misfit was noted inside it (a section whose
    required field was wrong) rather than being the field's own."""
    return isinstance(kind, Section) and isinstance(held, dict)


def _value(kind: Kind, value: object, path: Where, misfits: list[Misfit]) -> object:
    """`value` read as `kind`: item by item for a section, a list of sections
    and a map (an item that does not fit is left out, and noted); whole for
    anything else."""
    if isinstance(kind, Section):
        return _section(value, kind, path, misfits) if isinstance(value, dict) else _DROPPED
    if isinstance(kind, ListOf) and isinstance(kind.item, Section):
        if not isinstance(value, list) or len(value) < kind.shortest:
            return _DROPPED
        items = []
        for n, item in enumerate(value[: kind.longest]):
            if not isinstance(item, dict):
                misfits.append(Misfit(Field(f"[{n}]", kind.item), (*path, n)))
                continue
            got = _section(item, kind.item, (*path, n), misfits)
            if not isinstance(got, _Dropped):
                items.append(got)
        if len(value) > kind.longest:
            misfits.append(Misfit(Field(f"[{kind.longest}]", kind.item), (*path, kind.longest)))
        return items
    if isinstance(kind, MapOf):
        if not isinstance(value, dict):
            return _DROPPED
        mapped = {}
        for key, item in list(value.items())[: kind.longest]:
            named = kind.key.fits(key)
            got = _value(kind.value, item, (*path, key), misfits) if named else _DROPPED
            if not isinstance(got, _Dropped):
                mapped[key] = got
            elif not (named and _noted(got, kind.value, item)):
                misfits.append(Misfit(Field(str(key), kind.value), (*path, key)))
        if len(value) > kind.longest:
            misfits.append(Misfit(Field("", kind.value), (*path, "")))
        return mapped
    if not kind.fits(value):
        return _DROPPED
    if isinstance(kind, Record) and not kind.others and isinstance(value, dict):
        names = {f.name for f in kind.fields}
        return {k: v for k, v in value.items() if k in names}
    return value


# --- a file kept on a dataclass --------------------------------------------------------

_IN_FILE = "in the file"  # the key of a dataclass field's metadata that declares it


def stored(
    default: object,
    kind: Kind,
    about: str = "",
    wrong: Said | Callable[[str, object], Said] | None = None,
    shown: Shown | None = None,
) -> Any:
    """A dataclass field kept in a file: its default (`REQUIRED`: none), what
    it may hold, what it is, the notice when the file holds something
    else (or what makes it from the field's name and default) and its column
    where a screen lists the records (`shown`); `declared` makes the file's
    `Field` of it."""
    metadata = {_IN_FILE: (kind, about, wrong, shown)}
    if default is REQUIRED:
        return field(metadata=metadata)
    if isinstance(default, dict | list):
        return field(default_factory=default.copy, metadata=metadata)
    return field(default=default, metadata=metadata)


_DECLARED: dict[type, tuple[Field, ...]] = {}


def declared(cls: type) -> tuple[Field, ...]:
    """The file's fields declared on dataclass `cls` (`stored`), in its order."""
    if cls in _DECLARED:
        return _DECLARED[cls]
    found = []
    for setting in fields(cls):
        if _IN_FILE not in setting.metadata:
            continue
        kind, about, wrong, shown = setting.metadata[_IN_FILE]
        if setting.default is not MISSING:
            default = setting.default
        elif setting.default_factory is not MISSING:
            default = setting.default_factory()
        else:
            default = REQUIRED
        if callable(wrong):
            wrong = wrong(setting.name, default)
        found.append(Field(setting.name, kind, default, wrong, about, shown))
    _DECLARED[cls] = tuple(found)
    return _DECLARED[cls]


def built(cls: type[T], taken: dict[str, object]) -> T:
    """A `cls` (a dataclass declaring a file's object, with an `others` field)
    made of what `read` took: its declared fields, and the rest in `others`."""
    names = {f.name for f in declared(cls)}
    own = {k: v for k, v in taken.items() if k in names}
    make: Callable[..., T] = cls
    return make(**own, others={k: v for k, v in taken.items() if k not in names})


def dumped(value: Any) -> dict[str, object]:
    """A dataclass declaring a file's object, as the file holds it: its
    declared fields in order, then the keys it kept (`others`)."""
    own = {f.name: getattr(value, f.name) for f in declared(type(value))}
    return {**own, **{k: v for k, v in value.others.items() if k not in own}}
