"""Words the engine says to players, kept translatable without leaving English.

A refusal ("Red 7 doesn't match Blue 5") or a rule phrase ("the next player
draws 2 cards") is a `Said`: it *is* the English text (a `str`, so logs,
tests and the command line read it as before), and it remembers the
template it was made from and the values put in, so a screen can say it in
the player's language (`game.i18n.say`). The engine loads no catalog and
knows no language: the templates are gettext msgids, found by extraction
through the `said`/`said_n` keywords (babel.cfg).

Values may be text (names and card labels, shown as they are), numbers, or
Said themselves (worded in turn).
"""

from __future__ import annotations

from collections.abc import Sequence


class Said(str):
    template: str
    plural: str | None
    number: int
    values: dict[str, object]

    def __new__(
        cls,
        template: str,
        values: dict[str, object],
        plural: str | None = None,
        number: int = 1,
    ) -> Said:
        form = plural if plural is not None and number != 1 else template
        made = super().__new__(cls, form.format(**values))
        made.template = template
        made.plural = plural
        made.number = number
        made.values = values
        return made


def said(template: str, **values: object) -> Said:
    """`template` with `values` put in (`{name}` placeholders)."""
    return Said(template, values)


def said_n(singular: str, plural: str, n: int, **values: object) -> Said:
    """The singular or plural template, by `n` (itself the value `{n}`)."""
    return Said(singular, {"n": n, **values}, plural, n)


def listed(items: Sequence[object], last: str) -> object:
    """Items in a list whose last is joined by `last` ("or", "and"): "a, b, or c"."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        pair = said("{first} or {last}", first=items[0], last=items[1])
        if last == "and":
            pair = said("{first} and {last}", first=items[0], last=items[1])
        return pair
    head = items[0]
    for item in items[1:-1]:
        head = said("{head}, {item}", head=head, item=item)
    if last == "and":
        return said("{head}, and {last}", head=head, last=items[-1])
    return said("{head}, or {last}", head=head, last=items[-1])
