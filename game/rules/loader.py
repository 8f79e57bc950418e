"""Loading rule sets: names and paths, `extends:` chains, layering, marks.

A rule set is named either by its name under `rules/` (`classic`,
`house/stacking`) or by a path to a `.yaml` file. A file may say
`extends: NAME` (or a list of names) to build on other rule sets; a name in
`extends` is looked up under `rules/` first, then relative to the file.
Layering is a deep merge of mappings, later over earlier; any other value,
lists included, is replaced whole.

Every problem, in any file of the chain, is reported at once as a
`RuleError` with the file, line and column it comes from.
"""

from __future__ import annotations

import copy
from pathlib import Path

from game.engine.ruleset import ATOMIC_SETTINGS, Alternatives, RuleSet, RulesInvalid, validate_rules
from game.rules.conflicts import narrow_players, overlay_clash, semantic_conflicts
from game.rules.errors import RuleError, RuleFileError
from game.rules.yamlsafe import LoadedYaml, load_yaml_file

# Keys that steer layering and are not rules themselves.
LAYER_KEYS = ("extends", "requires", "conflicts_with")
RULES_DIR = Path(__file__).resolve().parents[2] / "rules"
MAX_CHAIN = 32


def display_path(path: Path) -> str:
    """A path as a player typed it: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def resolve_name(name: str, relative_to: Path | None = None, rules_dir: Path = RULES_DIR) -> Path:
    """The file a rule-set name or path stands for (it may not exist)."""
    as_path = Path(name)
    candidates = []
    if as_path.suffix in (".yaml", ".yml"):
        if relative_to is not None and not as_path.is_absolute():
            candidates.append(relative_to / as_path)
        candidates.append(as_path)
        candidates.append(rules_dir / as_path)
    else:
        candidates.append(rules_dir / f"{name}.yaml")
        if relative_to is not None:
            candidates.append(relative_to / f"{name}.yaml")
        candidates.append(as_path.with_suffix(".yaml"))
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    return candidates[0]


class _Layers:
    """The files of one rule set, base first, and where each merged key came from."""

    def __init__(self) -> None:
        self.files: list[LoadedYaml] = []
        self.errors: list[RuleError] = []
        self.data: dict = {}
        self.origin: dict[tuple, LoadedYaml] = {}
        self.requirements: list[tuple[LoadedYaml, object]] = []
        self.exclusions: list[tuple[LoadedYaml, object]] = []
        self.overlay = False  # adding a house rule on top of the base, not the base itself
        self.base: LoadedYaml | None = None  # the file the first name stands for
        self.overlay_files: list[LoadedYaml] = []
        self._loaded: dict[Path, LoadedYaml | None] = {}

    def add(
        self,
        path: Path,
        chain: tuple[Path, ...],
        cause: tuple[LoadedYaml, tuple] | None,
    ):
        path = path.resolve()
        if path in chain:
            cycle = " -> ".join(display_path(p) for p in chain + (path,))
            self._error(cause, path, f"extends cycle: {cycle}")
            return
        if path in self._loaded:
            return  # already layered in (two house rules extending one base)
        if len(chain) >= MAX_CHAIN:
            self._error(cause, path, f"extends chain longer than {MAX_CHAIN} files")
            return
        if not path.is_file():
            self._error(cause, path, f"no rule set '{display_path(path)}'")
            return
        try:
            loaded = load_yaml_file(path, display_path(path))
        except RuleFileError as err:
            self._loaded[path] = None
            self.errors.extend(err.errors)
            return
        self._loaded[path] = loaded
        data = loaded.data
        if data is None:
            data = {}
        if not isinstance(data, dict):
            self.errors.append(loaded.error_at((), "a rule set is a mapping of settings"))
            return
        for index, parent in enumerate(self._extends_of(loaded, data)):
            loc = ("extends",) if isinstance(data.get("extends"), str) else ("extends", index)
            target = resolve_name(parent, relative_to=path.parent)
            self.add(target, chain + (path,), (loaded, loc))
        self.files.append(loaded)
        if self.overlay:
            self.overlay_files.append(loaded)
        if "requires" in data:
            self.requirements.append((loaded, data["requires"]))
        if "conflicts_with" in data:
            self.exclusions.append((loaded, data["conflicts_with"]))
        body = {k: v for k, v in data.items() if k not in LAYER_KEYS}
        self._merge(self.data, body, loaded, ())

    def check_requirements(self, rules_dir: Path) -> None:
        """A layer that names `requires:` needs one of those rule sets below it."""
        present = {Path(f.filename).resolve() for f in self.files} | set(self._loaded)
        for loaded, required in self.requirements:
            names = [required] if isinstance(required, str) else required
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                self.errors.append(
                    loaded.error_at(("requires",), "requires: a rule-set name or a list of names")
                )
                continue
            found = [resolve_name(n, rules_dir=rules_dir).resolve() in present for n in names]
            if not any(found):
                base = self.base.filename if self.base is not None else "the base"
                self.errors.append(
                    loaded.error_at(
                        ("requires",),
                        f"{loaded.filename} goes with {' or '.join(names)} "
                        f"(or a rule set built on it), and {base} is not one",
                    )
                )

    def check_exclusions(self, rules_dir: Path) -> None:
        """A layer's `conflicts_with: {name: why}` refuses those rule sets below it."""
        present = {Path(f.filename).resolve(): f for f in self.files}
        for loaded, excluded in self.exclusions:
            if isinstance(excluded, list):
                excluded = {name: "" for name in excluded}
            if not isinstance(excluded, dict) or not all(isinstance(n, str) for n in excluded):
                self.errors.append(
                    loaded.error_at(
                        ("conflicts_with",),
                        "conflicts_with: a list of rule-set names, or names mapped to the reason",
                    )
                )
                continue
            for name, why in excluded.items():
                other = present.get(resolve_name(name, rules_dir=rules_dir).resolve())
                if other is not None:
                    reason = f": {why}" if why else ""
                    self.errors.append(
                        loaded.error_at(
                            ("conflicts_with", name),
                            f"{loaded.filename} does not go with {other.filename}{reason}",
                        )
                    )

    def _extends_of(self, loaded: LoadedYaml, data: dict) -> list[str]:
        parents = data.get("extends", [])
        if isinstance(parents, str):
            return [parents]
        if isinstance(parents, list) and all(isinstance(p, str) for p in parents):
            return parents
        self.errors.append(
            loaded.error_at(("extends",), "extends: a rule-set name or a list of names")
        )
        return []

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
            if (
                isinstance(value, dict)
                and isinstance(into.get(key), dict)
                and key not in ATOMIC_SETTINGS
            ):
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
                into[key] = copy.deepcopy(value)
                for stale in [p for p in self.origin if p[: len(here)] == here]:
                    del self.origin[stale]
            self.origin[here] = loaded

    def _layer_index(self, loc: tuple) -> int:
        for cut in range(len(loc), 0, -1):
            loaded = self.origin.get(tuple(loc[:cut]))
            if loaded is not None:
                return self.files.index(loaded)
        return -1

    def locate(self, loc: tuple, message: str) -> RuleError:
        """The file and mark a problem at key path `loc` of the merged data comes from."""
        if isinstance(loc, Alternatives):
            newest = max(loc, key=lambda one: self._layer_index(one))
            return self.locate(tuple(newest), message)
        for cut in range(len(loc), 0, -1):
            loaded = self.origin.get(tuple(loc[:cut]))
            if loaded is not None:
                break
        else:
            loaded = self.files[-1]
        text = ".".join(str(part) for part in loc)
        return loaded.error_at(loc, f"{text}: {message}" if text else message)


def load_rules(names: list[str] | tuple[str, ...], rules_dir: Path = RULES_DIR) -> RuleSet:
    """Layer the named rule sets, later over earlier, and validate the result.

    Raises RuleFileError carrying every error found, in every file."""
    if not names:
        raise RuleFileError([RuleError("<rules>", 1, 1, "no rule set named")])
    layers = _Layers()
    for index, name in enumerate(names):
        layers.overlay = index > 0
        layers.add(resolve_name(name, rules_dir=rules_dir), (), None)
        if index == 0 and layers.files:
            layers.base = layers.files[-1]
    layers.check_requirements(rules_dir)
    layers.check_exclusions(rules_dir)
    if not layers.errors:
        layers.errors.extend(semantic_conflicts(layers.data, layers.origin))
    if layers.errors:
        raise RuleFileError(sorted(set(layers.errors)))
    try:
        return validate_rules(layers.data, sources=tuple(names))
    except RulesInvalid as invalid:
        errors = {layers.locate(loc, message) for loc, message in invalid.problems}
        raise RuleFileError(sorted(errors)) from None


HOUSE_RULE_BASE = "classic"


def layer_base(path: Path) -> str | None:
    """For a house-rule layer (a file without `extends:`), the base to check it
    on: the first rule set it `requires`, else classic. None for a full rule set."""
    try:
        data = load_yaml_file(path).data
    except RuleFileError:
        return None
    if not isinstance(data, dict) or "extends" in data or "house_rules" not in data:
        return None
    required = data.get("requires")
    if isinstance(required, str):
        return required
    if isinstance(required, list) and required and isinstance(required[0], str):
        return required[0]
    return HOUSE_RULE_BASE


def check_files(paths: list[str], rules_dir: Path = RULES_DIR) -> list[RuleError]:
    """Every error in each file. A complete rule set is checked on its own; a
    house-rule layer is checked on top of the classic rules."""
    errors: list[RuleError] = []
    for name in paths:
        path = resolve_name(name, rules_dir=rules_dir)
        base = layer_base(path)
        layers = [name] if base is None else [base, name]
        try:
            load_rules(layers, rules_dir=rules_dir)
        except RuleFileError as err:
            errors.extend(err.errors)
    return errors


def available_rule_sets(rules_dir: Path = RULES_DIR) -> list[str]:
    """Names of every rule file under `rules/`, e.g. `classic`, `house/stacking`."""
    return sorted(
        str(p.relative_to(rules_dir).with_suffix("")).replace("\\", "/")
        for p in rules_dir.rglob("*.yaml")
    )
