"""Errors found in rule files, each pointing at a place in a file."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from game.engine.said import Said


@dataclass(frozen=True, order=True)
class RuleError:
    """One problem at one place in a rule file.

    ``line`` and ``column`` are 1-based. ``message`` carries the dotted key path
    (for example ``cards.skip.points: ...``) when the caller knows one; errors about
    the YAML text itself have no key path.
    """

    file: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        # A `Said`: where the message is one a player meets (a house rule
        # for another base, two that clash), `game.i18n.say` words it in the
        # player's language; the place stays as it is.
        return Said(
            "{file}:{line}:{column}: {message}",
            {"file": self.file, "line": self.line, "column": self.column, "message": self.message},
        )


class RuleFileError(Exception):
    """Every error found in one go, so a modder can fix them all before retrying.

    ``errors`` is sorted by file, line and column.
    """

    def __init__(self, errors: Iterable[RuleError]) -> None:
        self.errors: list[RuleError] = sorted(errors)
        super().__init__(self.errors)

    def __str__(self) -> str:
        return "\n".join(str(error) for error in self.errors)


def unknown_name(what: str, name: Any, known: Iterable[Any]) -> str:
    """ "unknown effect 'skipp' (did you mean 'skip'?)", or the list of known names."""
    names = sorted(map(str, known))
    close = difflib.get_close_matches(str(name), names, n=1)
    if close:
        return f"unknown {what} '{name}' (did you mean '{close[0]}'?)"
    return f"unknown {what} '{name}' (known: {', '.join(names)})"
