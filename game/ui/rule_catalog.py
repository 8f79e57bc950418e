"""Rule sets for the menus, loaded once per combination and kept.

A combination that fails to load gives its error lines instead (a broken file
must never crash a menu).

A house rule is read against the base the New game screen has chosen, and,
when it does not load there, against the base it is written for (what it
`requires`, else classic, as `check` takes it): so the screen tells a house
rule that goes with other rules from one whose own file is wrong.
"""

from __future__ import annotations

from typing import Literal

from game.engine.ruleset import RuleSet
from game.rules.describe import rules_label
from game.rules.errors import RuleFileError
from game.rules.loader import HOUSE_RULE_BASE, layer_base, load_rules
from game.rules.names import NameRefused, resolve_name

Loaded = tuple[RuleSet | None, list[str]]
# How a house rule goes with a base: it loads on it; it loads on the base it
# is written for but not on this one (it goes with other rules); or not even
# there (its file is wrong).
Fit = Literal["fits", "misfit", "broken"]

_loaded: dict[tuple[str, ...], Loaded] = {}
_messages: dict[tuple[str, ...], list[str]] = {}  # the errors without their places
_own_bases: dict[str, str] = {}


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
    _own_bases.clear()


def named(names: tuple[str, ...], lang: str) -> str | None:
    """The rule set loaded from `names` as a player names it in `lang`
    ("Classic UNO + Jump-in"), or None when those files do not load."""
    rules = try_load(names)[0]
    return rules_label(rules, lang) if rules is not None else None


def is_loaded(names: tuple[str, ...]) -> bool:
    """Whether `try_load(names)` would answer at once."""
    return names in _loaded


def own_base(house: str) -> str:
    """The base a house rule is written for: the first rule set it
    `requires`, else classic (read from its file once)."""
    found = _own_bases.get(house)
    if found is None:
        try:
            found = layer_base(resolve_name(house)) or HOUSE_RULE_BASE
        except (NameRefused, OSError):
            found = HOUSE_RULE_BASE  # loading the pair says what is wrong
        _own_bases[house] = found
    return found


def house_fit(base: str, house: str) -> Fit | None:
    """How `house` goes with `base` (see `Fit`); None until the combinations
    that tell are loaded (`to_load` names the next one)."""
    if to_load(base, house) is not None:
        return None
    if try_load((base, house))[0] is not None:
        return "fits"
    own = (own_base(house), house)
    if own != (base, house) and try_load(own)[0] is not None:
        return "misfit"
    return "broken"


def to_load(base: str, house: str) -> tuple[str, ...] | None:
    """The next combination `house_fit` (and the words of the house rule's
    row) needs loaded, or None: the house rule on `base`; if it fails there,
    on the base it is written for, and that base alone."""
    pair = (base, house)
    if not is_loaded(pair):
        return pair
    if try_load(pair)[0] is not None:
        return None
    own = (own_base(house), house)
    if not is_loaded(own):
        return own
    if try_load(own)[0] is not None and not is_loaded(own[:1]):
        return own[:1]
    return None
