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
_messages: dict[tuple[str, ...], list[str]] = {}  # the errors without their places


def try_load(names: tuple[str, ...]) -> Loaded:
    """(RuleSet or None, error lines), cached per combination."""
    found = _loaded.get(names)
    if found is None:
        try:
            found = (load_rules(list(names)), [])
        except RuleFileError as err:
            found = (None, [str(e) for e in err.errors] or [str(err)])
            _messages[names] = [e.message for e in err.errors] or [str(err)]
        except Exception as exc:  # noqa: BLE001 - a broken file must never crash the menu
            found = (None, [f"{' + '.join(names)}: {exc}"])
        _loaded[names] = found
    return found


def error_messages(names: tuple[str, ...]) -> list[str]:
    """What is wrong with a combination, without the file:line:column of each
    (a one-line row has no room for them); empty when it loads."""
    rules, lines = try_load(names)
    return [] if rules is not None else _messages.get(names, lines)


def forget_loaded() -> None:
    _loaded.clear()
    _messages.clear()


def is_loaded(names: tuple[str, ...]) -> bool:
    """Whether `try_load(names)` would answer at once."""
    return names in _loaded
