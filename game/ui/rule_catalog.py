"""Rule sets for the menus, loaded once per combination and kept.

A combination that fails to load gives its error lines instead (a broken file
must never crash a menu).
"""

from __future__ import annotations

from game.engine.ruleset import RuleSet
from game.rules.errors import RuleFileError
from game.rules.loader import load_rules

Loaded = tuple[RuleSet | None, list[str]]

_loaded: dict[tuple[str, ...], Loaded] = {}


def try_load(names: tuple[str, ...]) -> Loaded:
    """(RuleSet or None, error lines), cached per combination."""
    found = _loaded.get(names)
    if found is None:
        try:
            found = (load_rules(list(names)), [])
        except RuleFileError as err:
            found = (None, [str(e) for e in err.errors] or [str(err)])
        except Exception as exc:  # noqa: BLE001 - a broken file must never crash the menu
            found = (None, [f"{' + '.join(names)}: {exc}"])
        _loaded[names] = found
    return found


def forget_loaded() -> None:
    _loaded.clear()


def is_loaded(names: tuple[str, ...]) -> bool:
    """Whether `try_load(names)` would answer at once."""
    return names in _loaded
