"""Rule sets by the names a log's `game` event gives, each loaded once."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from pathlib import Path

from game.engine import RuleSet
from game.files.plain_text import printable
from game.log.format import MatchRefused
from game.rules.errors import RuleFileError
from game.rules.loader import load_rules


class RuleSets:
    """Rule sets by the names a log gives, each loaded once (a log of many
    matches names the same rules again and again).

    A log is a shared file: the names in it reach only rule sets under
    rules/ or files inside the log's own folder (`log_folder`), resolved the
    way an `extends:` in a shared rule file is (game/rules/names.py)."""

    def __init__(
        self,
        log_folder: str | os.PathLike[str] | None = None,
        *,
        load: Callable[[list[str]], RuleSet] | None = None,
    ) -> None:
        if load is None:
            folder = Path(log_folder) if log_folder is not None else Path.cwd()
            self._load: Callable[[list[str]], RuleSet] = functools.partial(
                load_rules, folder=folder
            )
        else:
            self._load = load
        self._known: dict[tuple[str, ...], RuleSet | MatchRefused] = {}

    def get(self, names: list[str]) -> RuleSet:
        key = tuple(names)
        found = self._known.get(key)
        if found is None:
            found = self._known[key] = self._try(list(names))
        if isinstance(found, MatchRefused):
            raise found
        return found

    def _try(self, names: list[str]) -> RuleSet | MatchRefused:
        listed = " + ".join(printable(name, 60) for name in names)
        try:
            return self._load(names)
        except RuleFileError as err:
            first = printable(err.errors[0], 200) if err.errors else "refused"
            more = f" (and {len(err.errors) - 1} more)" if len(err.errors) > 1 else ""
            return MatchRefused(f"the rules {listed} cannot be loaded: {first}{more}")
        except (OSError, ValueError, RuntimeError, RecursionError) as err:
            return MatchRefused(f"the rules {listed} cannot be loaded: {printable(err, 200)}")
