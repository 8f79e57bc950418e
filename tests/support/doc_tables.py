"""The tables of a docs page, read for a test that holds them to the code,
and a plain-Python file declaration (game/records.py) as its table's rows."""

from __future__ import annotations

import json

from game.records import (
    LEFT_OUT,
    REQUIRED,
    Either,
    Field,
    Flag,
    Kind,
    ListOf,
    OneOf,
    Record,
    Section,
    Text,
    Whole,
)


def table(page: str, heading: str) -> list[dict[str, str]]:
    """The first table under `## heading` in `page`: one mapping per row,
    from the header's cells to the row's (stripped; backticks kept)."""
    section = page.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]
    lines = [line.strip() for line in section.splitlines()]
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    header: list[str] = []
    rows: list[dict[str, str]] = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if not header:
            header = cells
        elif not set("".join(cells)) <= set("-: "):
            rows.append(dict(zip(header, cells, strict=True)))
    return rows


def _code(value: object) -> str:
    return f"`{json.dumps(value, ensure_ascii=False)}`"


def _joined(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


def _count(shortest: int, longest: int) -> str:
    return f"{shortest} to {longest}" if shortest else f"up to {longest}"


def in_words(kind: Kind) -> str:
    """What a field may hold, as the docs' tables say it."""
    if isinstance(kind, Flag):
        return "`true` or `false`"
    if isinstance(kind, OneOf):
        return _joined([_code(choice) for choice in kind.choices])
    if isinstance(kind, Whole):
        return f"whole number, {kind.low} to {kind.high}"
    if isinstance(kind, Text):
        if kind.pattern is not None:
            words = f"text matching `{kind.pattern.pattern}`"
        else:
            words = f"text, {_count(kind.shortest, kind.longest)} characters"
        return words + (", printable" if kind.printable else "")
    if isinstance(kind, Either):
        return _joined([in_words(part) for part in kind.kinds])
    if isinstance(kind, ListOf):
        what = "objects" if isinstance(kind.item, Record) else in_words(kind.item)
        return f"list of {_count(kind.shortest, kind.longest)}: {what}"
    if isinstance(kind, Record):
        return "object" + (", other keys kept" if kind.others else "")
    if isinstance(kind, Section):
        return "object, read field by field"
    raise AssertionError(f"no words for {kind!r}")


def _default(field: Field) -> str:
    if field.default is REQUIRED:
        return "required"
    if field.default is LEFT_OUT:
        return "left out"
    return _code(field.default)


def declared_rows(fields: tuple[Field, ...], prefix: str = "") -> dict[str, tuple[str, str]]:
    """Each field, and each field of the objects it holds, by its path
    (`setup.seats[].name`): what it may hold and its default, in words."""
    rows: dict[str, tuple[str, str]] = {}
    for field in fields:
        path = prefix + field.name
        rows[f"`{path}`"] = (in_words(field.kind), _default(field))
        kind = field.kind
        if isinstance(kind, Section | Record):
            rows.update(declared_rows(kind.fields, path + "."))
        elif isinstance(kind, ListOf) and isinstance(kind.item, Record):
            rows.update(declared_rows(kind.item.fields, path + "[]."))
    return rows


def documented_rows(page: str, heading: str) -> dict[str, tuple[str, str]]:
    """The table under `heading` as `declared_rows` gives it."""
    return {row["field"]: (row["holds"], row["default"]) for row in table(page, heading)}
