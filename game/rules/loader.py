"""Loading rule sets: `extends:` chains, layering, marks.

`load_rules` reads the rule sets the player named (a name stands for a file
as game/rules/names.py says) and, with each file, the rule sets it names:
`extends: NAME` (or a list of names) to build on, `requires:` and
`conflicts_with:`, and `on:` (what a layer says instead over a rule set
named there: `on: {flip: {cards: …}}`). A named file that is no regular file (a device, a folder)
is refused, naming the line. Layering is a deep merge of mappings, later over
earlier; any other value, lists included, is replaced whole.

Every problem, in any file of the chain, is reported at once as a
`RuleError` with the file, line and column it comes from. All the files one
rule set reaches are bounded together (game/rules/load_budget.py), and a
layer that sets a mapping is the origin of every key in it, so a second
house rule changing one of them is a clash, not a silent override.
"""

from __future__ import annotations

import copy
import dataclasses
import os
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.engine.ruleset import Alternatives, Loc, RuleSet
from game.engine.said import listed, said
from game.engine.words import ENGLISH
from game.os_words import os_problem
from game.plain_text import printable
from game.resources import RULES_DIR
from game.rules.conflicts import narrow_players, overlay_clash, semantic_conflicts
from game.rules.errors import RuleError, RuleFileError
from game.rules.load_budget import LoadBudget
from game.rules.marked import LoadedYaml
from game.rules.names import (
    NameRefused,
    display_path,
    real_path,
    resolve_name,
    resolve_shared_name,
)
from game.rules.schema import ATOMIC_SETTINGS, holds_words, is_bare_line
from game.rules.selftest import self_test
from game.rules.validation import RulesInvalid, validate_rules
from game.rules.yamlsafe import load_yaml_file

# Keys that steer layering and are not rules themselves.
LAYER_KEYS = ("extends", "requires", "conflicts_with", "on")
MAX_CHAIN = 32  # files in one extends chain
MAX_NAMES = 32  # names in one extends, requires or conflicts_with


def merges_into(into: dict, key: object, value: object, here: tuple = ()) -> bool:
    """Whether layering `value` over `into[key]` (at key path `here`) merges the
    two mappings key by key; otherwise it replaces what was there. Lists and
    the settings that only make sense whole (ATOMIC_SETTINGS) are replaced,
    and so are words given anew with their English (see `words_below`)."""
    if holds_words(here) and isinstance(value, dict) and ENGLISH in value:
        return False
    return (
        isinstance(value, dict) and isinstance(into.get(key), dict) and key not in ATOMIC_SETTINGS
    )


def words_below(into: dict, key: object, value: object, here: tuple) -> bool:
    """Whether layering `value` over `into[key]` adds languages to plain words
    below it (game/engine/words.py): then the plain text becomes the English of
    a mapping (in place), and the two merge. A mapping with its own English
    is new words and replaces the words below, translations and all: those
    were of the old English."""
    if (
        holds_words(here)
        and isinstance(value, dict)
        and ENGLISH not in value
        and isinstance(into.get(key), str)
    ):
        into[key] = {ENGLISH: into[key]}
        return True
    return False


def lift_house_rule(into: dict, key: object, value: Any, here: tuple) -> tuple[Any, bool]:
    """A house rule written short (its line alone, `is_bare_line`) layered with
    one written in full (`name:`, `description:`): the short one is lifted to
    `{description: line}`, which is what it means, so the two merge. Returns
    the value to layer (lifted, if it was the short one) and whether the one
    below was lifted (in place)."""
    if len(here) != 2 or here[0] != "house_rules" or not isinstance(into.get(key), (str, dict)):
        return value, False
    below = into[key]
    if is_bare_line(value) and not is_bare_line(below):
        return {"description": value}, False
    if is_bare_line(below) and not is_bare_line(value):
        into[key] = {"description": below}
        return value, True
    return value, False


def layer(into: dict, over: dict, path: tuple = ()) -> None:
    """Layer the mapping `over` onto `into`, in place, as a later rule file is
    layered over an earlier one (without the checks and marks of loading:
    tests and tools that build rules in code use this)."""
    for key, value in over.items():
        value, _lifted = lift_house_rule(into, key, value, path + (key,))
        words_below(into, key, value, path + (key,))
        if merges_into(into, key, value, path + (key,)):
            layer(into[key], value, path + (key,))
        else:
            into[key] = copy.deepcopy(value)


def _unreadable(path: Path) -> str | None:
    """Why `path` cannot be read as a rule file, or None (a regular file)."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        return os_problem(exc)
    return None if stat.S_ISREG(mode) else "not a regular file"


def _size(path: Path) -> int:
    """The size of the file at `path` (0 when the system will not say: reading
    it then says why)."""
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def _names_in(value: object) -> list | None:
    """The names of an `extends`-like setting, or None when it is not names."""
    names = [value] if isinstance(value, str) else value
    if (
        isinstance(names, list)
        and len(names) <= MAX_NAMES
        and all(isinstance(n, str) for n in names)
    ):
        return names
    return None


def _paths_below(here: tuple, value: object) -> list[tuple]:
    """`here` and the key path of every mapping entry below it in `value`
    (lists are set whole, so the path of a list is the last one)."""
    paths = []
    pending = [(here, value)]
    while pending:
        at, below = pending.pop()
        paths.append(at)
        if isinstance(below, dict):
            pending.extend((at + (key,), item) for key, item in below.items())
    return paths


class _Layers:
    """The files of one rule set, base first, and where each merged key came from."""

    def __init__(self) -> None:
        self.files: list[LoadedYaml] = []
        self.errors: list[RuleError] = []
        self.data: dict = {}
        self.origin: dict[tuple, LoadedYaml] = {}
        # Where a layer changed a value (set one it did not hold before): the
        # settings each house rule's file changes (`house_settings`).
        self.changed: dict[tuple, LoadedYaml] = {}
        self.requirements: list[tuple[LoadedYaml, object]] = []
        self.exclusions: list[tuple[LoadedYaml, object]] = []
        self.overlay = False  # adding a house rule on top of the base, not the base itself
        self.base: LoadedYaml | None = None  # the file the first name stands for
        self.overlay_files: list[LoadedYaml] = []
        self._loaded: dict[Path, LoadedYaml | None] = {}
        self._folder_of: dict[int, Path] = {}  # id of a loaded file -> its folder
        self.budget = LoadBudget()  # what all the files together may make it read
        self.rules_dir = RULES_DIR

    def add(
        self,
        path: Path,
        chain: tuple[Path, ...],
        cause: tuple[LoadedYaml, tuple] | None,
    ):
        path = real_path(path)
        if path in chain:
            cycle = " -> ".join(display_path(p) for p in chain + (path,))
            self._error(cause, path, f"extends cycle: {cycle}")
            return
        if path in self._loaded:
            return  # already layered in (two house rules extending one base)
        if len(chain) >= MAX_CHAIN:
            self._error(cause, path, f"extends chain longer than {MAX_CHAIN} files")
            return
        if not os.path.lexists(path):
            self._error(cause, path, f"no rule set '{display_path(path)}'")
            return
        if cause is not None and (unreadable := _unreadable(path)):
            self._error(cause, path, f"cannot read '{display_path(path)}': {unreadable}")
            return
        if self.budget.spent:
            return  # past a bound already: that is the one error to fix
        if refused := self.budget.before_reading(_size(path)):
            self._error(cause, path, self._past_bound(cause, path, refused))
            return
        try:
            loaded = load_yaml_file(path, display_path(path))
        except RuleFileError as err:
            self._loaded[path] = None
            self.errors.extend(err.errors)
            return
        if refused := self.budget.after_reading(len(loaded.value_marks)):
            self._error(cause, path, self._past_bound(cause, path, refused))
            return
        self._loaded[path] = loaded
        self._folder_of[id(loaded)] = path.parent
        data = loaded.data
        if data is None:
            data = {}
        if not isinstance(data, dict):
            self.errors.append(loaded.error_at((), "a rule set is a mapping of settings"))
            return
        for index, parent in enumerate(self._extends_of(loaded, data)):
            loc = ("extends",) if isinstance(data.get("extends"), str) else ("extends", index)
            try:
                target = resolve_shared_name(parent, path.parent, self.rules_dir)
            except NameRefused as refused:
                self.errors.append(loaded.error_at(loc, f"extends: {refused}"))
                continue
            self.add(target, chain + (path,), (loaded, loc))
        if "on" in data:
            loaded = self._said_on(loaded, data["on"])
            assert isinstance(loaded.data, dict)  # a mapping with keys replaced
            data = loaded.data
            self._loaded[path] = loaded
            self._folder_of[id(loaded)] = path.parent
        self.files.append(loaded)
        if self.overlay:
            self.overlay_files.append(loaded)
        if "requires" in data:
            self.requirements.append((loaded, data["requires"]))
        if "conflicts_with" in data:
            self.exclusions.append((loaded, data["conflicts_with"]))
        body = {k: v for k, v in data.items() if k not in LAYER_KEYS}
        self._merge(self.data, body, loaded, ())

    def check_requirements(self) -> None:
        """A layer that names `requires:` needs one of those rule sets below it."""
        present = set(self._loaded)
        for loaded, required in self.requirements:
            names = _names_in(required)
            if names is None:
                self.errors.append(
                    loaded.error_at(
                        ("requires",),
                        f"requires: a rule-set name or a list of at most {MAX_NAMES} names",
                    )
                )
                continue
            paths = [self._shared(loaded, "requires", n) for n in names]
            if None in paths:
                continue  # a name that stands for no file is refused as that
            if not any(path in present for path in paths):
                base = Path(self.base.filename).name if self.base is not None else "the base"
                # Said without paths: the New game screen shows it on the house rule's row.
                self.errors.append(
                    loaded.error_at(
                        ("requires",),
                        said(
                            "goes with {names} (or a rule set built on it), not with {base}",
                            names=listed(names, "or"),
                            base=base,
                        ),
                    )
                )

    def check_exclusions(self) -> None:
        """A layer's `conflicts_with: {name: why}` refuses those rule sets below it."""
        layered = {id(file) for file in self.files}
        present = {path: file for path, file in self._loaded.items() if id(file) in layered}
        for loaded, excluded in self.exclusions:
            if isinstance(excluded, list):
                excluded = {name: "" for name in excluded if isinstance(name, str)}
            if (
                not isinstance(excluded, dict)
                or len(excluded) > MAX_NAMES
                or not all(isinstance(n, str) for n in excluded)
            ):
                self.errors.append(
                    loaded.error_at(
                        ("conflicts_with",),
                        f"conflicts_with: a list of at most {MAX_NAMES} rule-set names,"
                        " or names mapped to the reason",
                    )
                )
                continue
            for name, why in excluded.items():
                found = self._shared(loaded, ("conflicts_with", name), name)
                other = present.get(found) if found is not None else None
                if other is not None:
                    clash = (
                        said(
                            "{file} does not go with {other}: {why}",
                            file=loaded.filename,
                            other=other.filename,
                            why=why,
                        )
                        if why
                        else said(
                            "{file} does not go with {other}",
                            file=loaded.filename,
                            other=other.filename,
                        )
                    )
                    self.errors.append(loaded.error_at(("conflicts_with", name), clash))

    def _said_on(self, loaded: LoadedYaml, on: object) -> LoadedYaml:
        """`loaded` as it reads over the rule sets below it: under `on:`, a
        rule-set name maps to keys that replace the file's own keys of the
        same name when that rule set is below this layer (the first named
        that is). Marks follow, so a problem is still shown where it is
        written."""
        if (
            not isinstance(on, dict)
            or len(on) > MAX_NAMES
            or not all(isinstance(n, str) and isinstance(b, dict) for n, b in on.items())
        ):
            self.errors.append(
                loaded.error_at(
                    ("on",),
                    f"on: at most {MAX_NAMES} rule-set names, each mapped to the keys"
                    " this file says instead over it",
                )
            )
            return loaded
        layered = {id(file) for file in self.files}
        present = {path for path, file in self._loaded.items() if id(file) in layered}
        below = [name for name in on if self._shared(loaded, ("on", name), name) in present]
        if not below:
            return loaded
        name = below[0]
        instead = on[name]
        assert isinstance(loaded.data, dict)
        data = {k: v for k, v in loaded.data.items() if k not in instead}
        data.update(instead)
        here = ("on", name)

        def moved(marks: dict) -> dict:
            kept = {p: m for p, m in marks.items() if not p or p[0] not in instead}
            kept.update({p[2:]: m for p, m in marks.items() if p[:2] == here and len(p) > 2})
            return kept

        return LoadedYaml(data, loaded.filename, moved(loaded.marks), moved(loaded.value_marks))

    def _shared(self, loaded: LoadedYaml, loc: str | tuple, name: str) -> Path | None:
        """The real path a name in `loaded` stands for; a refusal is reported at `loc`."""
        key = (loc,) if isinstance(loc, str) else loc
        folder = self._folder_of.get(id(loaded), Path.cwd())
        try:
            return real_path(resolve_shared_name(name, folder, self.rules_dir))
        except NameRefused as refused:
            self.errors.append(loaded.error_at(key, f"{key[0]}: {refused}"))
            return None

    def _extends_of(self, loaded: LoadedYaml, data: dict) -> list[str]:
        names = _names_in(data.get("extends", []))
        if names is not None:
            return names
        self.errors.append(
            loaded.error_at(
                ("extends",), f"extends: a rule-set name or a list of at most {MAX_NAMES} names"
            )
        )
        return []

    @staticmethod
    def _past_bound(cause, path: Path, why: str) -> str:
        return why if cause is None else f"extends {display_path(path)}: {why}"

    def _error(self, cause, path: Path, message: str) -> None:
        if cause is None:
            self.errors.append(RuleError(display_path(path), 1, 1, message))
        else:
            loaded, loc = cause
            self.errors.append(loaded.error_at(loc, message))

    def _merge(self, into: dict, over: dict, loaded: LoadedYaml, path: tuple) -> None:
        if not path and self.overlay and self.files[:-1]:
            base = self.origin.get(("players",)) or self.files[0]
            self.errors.extend(narrow_players(into, over, base.filename, loaded))
        for key, value in over.items():
            here = path + (key,)
            value, lifted = lift_house_rule(into, key, value, here)
            if lifted:
                # The line below is now its description: a problem in it is
                # still the file's that wrote it.
                for below in _paths_below((), into[key]["description"]):
                    if here + below in self.origin:
                        self.origin[here + ("description",) + below] = self.origin[here + below]
                writer = self._written_by(here)
                if writer is not None:
                    self.origin.setdefault(here + ("description",), writer)
            if words_below(into, key, value, here) and here in self.origin:
                self.origin[here + (ENGLISH,)] = self.origin[here]
            if merges_into(into, key, value, here):
                self._merge(into[key], value, loaded, here)
            else:
                earlier = self.origin.get(here)
                if (
                    self.overlay
                    and here[0] != "players"  # player ranges narrow instead
                    and earlier in self.overlay_files
                    and earlier is not loaded
                    and into.get(key) != value
                ):
                    self.errors.append(overlay_clash(here, into.get(key), value, earlier, loaded))
                for stale in _paths_below(here, into.get(key)):
                    self.origin.pop(stale, None)
                if into.get(key) != value:
                    self.changed[here] = loaded
                into[key] = copy.deepcopy(value)
                # Every key below a mapping set whole is this layer's word too,
                # so a later layer changing one of them inside it clashes
                # instead of overwriting it in silence.
                self.origin.update(dict.fromkeys(_paths_below(here, value), loaded))
            self.origin[here] = loaded

    def house_settings(self) -> dict[str, tuple[Loc, ...]]:
        """Per house rule switched on, the settings the file that declares it
        changed (its words aside): what the house rule does."""
        rules = self.data.get("house_rules")
        found: dict[str, tuple[Loc, ...]] = {}
        for short in rules if isinstance(rules, dict) else ():
            writer = self.origin.get(("house_rules", short))
            found[short] = tuple(
                loc
                for loc, loaded in self.changed.items()
                if loaded is writer and loc[0] != "house_rules" and not holds_words(loc)
            )
        return found

    def _written_by(self, loc: tuple) -> LoadedYaml | None:
        """The file that set the value at `loc` (or the mapping holding it) last."""
        for cut in range(len(loc), 0, -1):
            loaded = self.origin.get(tuple(loc[:cut]))
            if loaded is not None:
                return loaded
        return None

    def _layer_index(self, loc: tuple) -> int:
        loaded = self._written_by(loc)
        return -1 if loaded is None else self.files.index(loaded)

    def locate(self, loc: tuple, message: str) -> RuleError:
        """The file and mark a problem at key path `loc` of the merged data comes from."""
        if isinstance(loc, Alternatives):
            newest = max(loc, key=lambda one: self._layer_index(one))
            return self.locate(tuple(newest), message)
        loaded = self._written_by(loc) or self.files[-1]
        # A key is shown cut, however long the file wrote it (a side's name, say).
        text = ".".join(printable(part, 40) for part in loc)
        return loaded.error_at(loc, f"{text}: {message}" if text else message)


def load_rules(
    names: Sequence[str], rules_dir: Path = RULES_DIR, *, folder: Path | None = None
) -> RuleSet:
    """Layer the named rule sets, later over earlier, and validate the result.

    Names are resolved as the player types them (`resolve_name`), or, given
    `folder`, as names written in a shared file of that folder
    (`resolve_shared_name`: a replay log's `rules` field). Raises
    RuleFileError carrying every error found, in every file."""
    if not names:
        raise RuleFileError([RuleError("<rules>", 1, 1, "no rule set named")])
    layers = _Layers()
    layers.rules_dir = rules_dir
    for index, name in enumerate(names):
        layers.overlay = index > 0
        try:
            if folder is None:
                path = resolve_name(name, rules_dir=rules_dir)
            else:
                path = resolve_shared_name(name, folder, rules_dir)
        except NameRefused as refused:
            layers.errors.append(RuleError(_shown_name(name), 1, 1, str(refused)))
            continue
        layers.add(path, (), None)
        if index == 0 and layers.files:
            layers.base = layers.files[-1]
    layers.check_requirements()
    layers.check_exclusions()
    if not layers.errors:
        layers.errors.extend(semantic_conflicts(layers.data, layers.origin))
    if layers.errors:
        raise RuleFileError(sorted(set(layers.errors)))
    try:
        rules = validate_rules(layers.data, sources=tuple(names))
    except RulesInvalid as invalid:
        errors = {layers.locate(loc, message) for loc, message in invalid.problems}
        raise RuleFileError(sorted(errors)) from None
    return dataclasses.replace(rules, house_settings=layers.house_settings())


def _shown_name(name: object) -> str:
    """A name the player typed, as the place of its error (cut, escaped)."""
    return printable(name, 60) if isinstance(name, str) and name else "<rules>"


HOUSE_RULE_BASE = "classic"


def layer_base(path: Path, rules_dir: Path = RULES_DIR) -> str | None:
    """For a house-rule layer (a file without `extends:`), the base to check it
    on, as `load_rules` takes it: the first rule set it `requires`, else
    classic. None for a full rule set."""
    try:
        data = load_yaml_file(path).data
    except RuleFileError:
        return None
    if not isinstance(data, dict) or "extends" in data or "house_rules" not in data:
        return None
    required = _names_in(data.get("requires"))
    if not required:
        return HOUSE_RULE_BASE
    try:
        found = real_path(resolve_shared_name(required[0], path.parent, rules_dir))
    except NameRefused:
        return HOUSE_RULE_BASE  # loading the layer reports the refusal
    if found.is_relative_to(real_path(rules_dir)):
        return found.relative_to(real_path(rules_dir)).with_suffix("").as_posix()
    return str(found)


def check_files(paths: Sequence[str], rules_dir: Path = RULES_DIR) -> list[RuleError]:
    """Every error in each file. A complete rule set is checked on its own; a
    house-rule layer is checked on top of the classic rules, and on each rule
    set it says something else over (`on:`). What loads is then played a
    little (`self_test`): accepted means playable."""
    errors: list[RuleError] = []
    for name in paths:
        try:
            path = resolve_name(name, rules_dir=rules_dir)
        except NameRefused as refused:
            errors.append(RuleError(_shown_name(name), 1, 1, str(refused)))
            continue
        base = layer_base(path, rules_dir)
        bases = [None] if base is None else [base, *_said_on_bases(path, base, rules_dir)]
        for below in bases:
            layers = [name] if below is None else [below, name]
            try:
                rules = load_rules(layers, rules_dir=rules_dir)
            except RuleFileError as err:
                errors.extend(e for e in err.errors if e not in errors)
                continue
            shown = display_path(path)
            errors.extend(RuleError(shown, 1, 1, problem) for problem in self_test(rules))
    return errors


def _said_on_bases(path: Path, base: str, rules_dir: Path = RULES_DIR) -> list[str]:
    """The rule sets a layer names under `on:` (found from its folder, as
    loading it finds them), other than `base`."""
    try:
        data = load_yaml_file(path).data
    except RuleFileError:
        return []
    on = data.get("on") if isinstance(data, dict) else None
    if not isinstance(on, dict) or len(on) > MAX_NAMES:
        return []
    found = []
    for name in on:
        try:
            target = real_path(resolve_shared_name(name, path.parent, rules_dir))
        except (NameRefused, TypeError):
            continue  # loading the layer reports the refusal
        if name != base:
            found.append(str(target))
    return found
