"""Rule sets for tests. Every one is layered the way the game layers rule
files (`game.rules.loader.layer`), so a test's options mean what the same
lines in a house-rule file would mean.

* `classic()`, `rules(*names)` -- shipped rule files through the real loader.
* `rules_with(overrides, **top_level)` -- classic.yaml with options layered
  over it, e.g. `rules_with({"turn": {"draw_when_playable": True}})` or
  `rules_with(scoring={"scheme": "rounds_won", "target": 3})`.
* `overlay(name)` -- classic with tests/support/overlays/NAME.yaml layered
  over it by the real loader.
* `overlay_file(name, data)` -- any mapping written as a rule file of its own.
* `house_option(house, options, base=...)` -- rules/house/HOUSE.yaml with one
  of its documented options changed, layered over `base` by the real loader.
* `shipped_variants()` -- the names of each shipped base alone and of each
  house rule over the first base it loads with.
* `loads_together(*names)` -- whether the named rule files load together.
* `whole_matches(names)` -- whether a quick test of `names` must play its
  matches to the end, or may play one round.
* `write_rule(folder, name, text)` -- a rule file written as a modder would.
* `refusals(names)` -- what loading `names` refuses, each as
  `file.yaml:line:column: message`.
"""

from __future__ import annotations

import atexit
import copy
import shutil
import tempfile
from functools import cache
from pathlib import Path

import yaml

from game.engine.ruleset import RuleSet
from game.rules.errors import RuleFileError
from game.rules.loader import RULES_DIR, layer, load_rules
from game.rules.names import available_rule_sets
from game.rules.validation import validate_rules
from game.rules.yamlsafe import load_yaml_file
from tests.depth import thorough

OVERLAYS = Path(__file__).resolve().parent / "overlays"
_TMP = Path(tempfile.mkdtemp(prefix="uno-test-rules-"))
atexit.register(shutil.rmtree, _TMP, ignore_errors=True)


@cache
def rules(*names: str) -> RuleSet:
    """The named rule files layered by the real loader, e.g. rules("duo")."""
    return load_rules(list(names))


def classic() -> RuleSet:
    """rules/classic.yaml through the real loader."""
    return rules("classic")


DAY_NIGHT = Path(__file__).resolve().parent.parent / "rules" / "two_sided" / "day-night.yaml"


def day_night() -> RuleSet:
    """A modder's two-sided deck with every pair of faces listed
    (tests/rules/two_sided/day-night.yaml), through the real loader."""
    return load_rules([str(DAY_NIGHT)])


@cache
def file_data(name: str) -> dict:
    """A shipped rule file's mapping (`classic`, `house/stacking`), as read."""
    return load_yaml_file(RULES_DIR / f"{name}.yaml").data


def whole_matches(names: list[str] | tuple[str, ...]) -> bool:
    """Whether a test playing `names` must play whole matches: always with
    --thorough; in the quick run only when a house file among them has a
    `scoring:` section, as what it changes shows over the rounds of a match.
    One round plays every card rule of the others."""
    return thorough() or any(
        name.startswith("house/") and "scoring" in file_data(name) for name in names
    )


def layered(name: str, *overs: dict) -> dict:
    """A shipped rule file's mapping with `overs` layered over it."""
    data = copy.deepcopy(file_data(name))
    for over in overs:
        layer(data, over)
    return data


def rules_with(overrides: dict | None = None, **top_level) -> RuleSet:
    """classic.yaml with option overrides layered over it."""
    data = layered("classic", overrides or {}, top_level)
    return validate_rules(data, sources=("classic", "test-overrides"))


def overlay(name: str) -> RuleSet:
    """classic layered with a YAML file from tests/support/overlays/ by the real loader."""
    return load_rules(["classic", str(OVERLAYS / f"{name}.yaml")])


def overlay_file(name: str, data: dict) -> str:
    """Write `data` as a rule file `NAME.yaml` and return its path."""
    path = _TMP / f"{name}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return str(path)


_OPTION_FILES: dict[tuple, RuleSet] = {}


def house_option(house: str, options: dict, base: str | tuple[str, ...] = "classic") -> RuleSet:
    """rules/house/HOUSE.yaml with its options changed (e.g. `{"turn": {"draw":
    {"cap": 3}}}`), layered over `base` by the real loader."""
    bases = (base,) if isinstance(base, str) else tuple(base)
    key = (house, repr(options), bases)
    if key not in _OPTION_FILES:
        data = layered(f"house/{house}", options)
        path = overlay_file(f"house/{house}-option{len(_OPTION_FILES)}", data)
        _OPTION_FILES[key] = load_rules([*bases, path])
    return _OPTION_FILES[key]


@cache
def loads_together(*names: str) -> bool:
    """Whether the named rule files load together, through the real loader."""
    try:
        rules(*names)
    except RuleFileError:
        return False
    return True


def shipped_variants() -> list[list[str]]:
    """Each shipped base alone, then each house rule over the first base it
    loads with (classic, then uno112, then the others); a house rule that
    loads with none is an error of the shipped files."""
    return [list(names) for names in _shipped_variants()]


@cache
def _shipped_variants() -> tuple[tuple[str, ...], ...]:
    # Cached, as `rules` is: several test modules choose their parameters
    # from it at collection, in every worker, and parsing the YAML dominates.
    names = available_rule_sets()
    bases = [n for n in names if not n.startswith("house/")]
    found = [(base,) for base in bases]
    for house in (n for n in names if n.startswith("house/")):
        base = next((b for b in ("classic", "uno112", *bases) if loads_together(b, house)), None)
        if base is None:
            raise AssertionError(f"{house} loads on no shipped base")
        found.append((base, house))
    return tuple(found)


def write_rule(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def refusals(names: list[str]) -> list[str]:
    try:
        load_rules(names)
    except RuleFileError as refused:
        return [f"{Path(e.file).name}:{e.line}:{e.column}: {e.message}" for e in refused.errors]
    raise AssertionError(f"{names} loaded")
