"""Rule-set names: which file a name stands for, and whether the game may read it.

The player names a rule set on the command line or in the menu by its name
under `rules/` (`classic`, `house/stacking`) or by a path to a `.yaml` file
(`resolve_name`). A name written inside a shared file (`extends:`,
`requires:`, `conflicts_with:` in a rule file, a replay log's `rules` field)
reaches no further than the game's `rules/` folder and the file's own folder
tree (`resolve_shared_name`): a rule-set name is looked up under `rules/`
first, then beside the file; a relative `.yaml` path must stay inside the
file's folder (symlinks followed); anything else — an absolute path, `..` out
of the folder — is refused in words (`NameRefused`). A log written
in a folder names the player's rule sets so that they resolve there to the
same files (`names_for_folder`). Reading and layering the files is
game/rules/loader.py's job.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

from game.engine.event_fields import MAX_TEXT
from game.files.os_words import os_problem
from game.files.plain_text import printable
from game.files.resources import RULES_DIR
from game.rules.errors import unknown_name

# A rule-set name: `classic`, `house/stacking`, `my rules` (no `.yaml`, no `.` or
# `..` folder, no leading `/`).
RULE_SET_NAME = re.compile(r"[\w-][\w .-]*(?:/[\w-][\w .-]*)*")
SUFFIXES = (".yaml", ".yml")
# The longest rule-set name: what a log or a save keeps of one
# (game/engine/event_fields.py), so every name typed or written can be kept.
MAX_NAME = MAX_TEXT
# The longest folder or file name in one, with `.yaml` added: 255 bytes is
# what common file systems allow.
MAX_PART_BYTES = 250


class NameRefused(ValueError):
    """A rule-set name that names no file the game may read; the text says why."""


def real_path(path: Path) -> Path:
    """`path` absolute with symlinks resolved; a symlink loop is left unresolved
    (reading it then fails in words) instead of raising."""
    return Path(os.path.realpath(path))


def display_path(path: Path) -> str:
    """A path as a player would look for it: relative to the working folder
    when inside it, else a shipped file as `rules/...` (the game may be started
    from anywhere, and a full path on the setup screen says nothing to a
    player), else as given."""
    try:
        real = real_path(path)
    except OSError:
        return str(path)
    for base in (Path.cwd(), RULES_DIR.parent):
        try:
            return str(real.relative_to(real_path(base)))
        except (ValueError, OSError):
            continue
    return str(path)


def _plain_name_problem(name: object) -> str | None:
    """What makes `name` no rule-set name, judged before the file system is
    asked anything: a name no file can have would make it answer with an
    error ("File name too long") instead of a file."""
    if not isinstance(name, str):
        return "a rule-set name is text"
    if not name:
        return "an empty rule-set name"
    if "\0" in name:
        return "a rule-set name cannot hold a NUL character"
    if len(name) > MAX_NAME:
        return (
            f"a rule-set name is at most {MAX_NAME} characters, and"
            f" '{printable(name, 40)}' has {len(name)}"
        )
    if not name.isprintable():
        return f"'{printable(name, 40)}': a rule-set name cannot hold control or format characters"
    for part in re.split(r"[/\\]", name):
        if len(part.encode("utf-8", "surrogatepass")) > MAX_PART_BYTES:
            return (
                f"'{printable(part, 40)}' is too long for a file name: each folder or"
                f" file name in a rule-set name is at most {MAX_PART_BYTES} bytes"
            )
    return None


def _os_refusal(name: str, error: OSError) -> NameRefused:
    """Why the file system could not be asked about `name`, in our words."""
    return NameRefused(f"cannot look for the rule set '{printable(name, 60)}': {os_problem(error)}")


def resolve_name(name: str, rules_dir: Path = RULES_DIR) -> Path:
    """The file a rule-set name or path typed by the player stands for.

    A name (`classic`, `house/stacking`) is a file under `rules/`, else NAME.yaml
    in the working folder; a path ending in .yaml or .yml is that file (it may
    not exist: reading it says so). Raises NameRefused for anything else."""
    problem = _plain_name_problem(name)
    if problem:
        raise NameRefused(problem)
    try:
        return _typed_name(name, rules_dir)
    except OSError as error:
        raise _os_refusal(name, error) from None


def _typed_name(name: str, rules_dir: Path) -> Path:
    if Path(name).suffix in SUFFIXES:
        in_rules = rules_dir / name
        if not os.path.lexists(name) and RULE_SET_NAME.fullmatch(name) and in_rules.is_file():
            return in_rules  # `classic.yaml` for `classic`
        return Path(name)
    if RULE_SET_NAME.fullmatch(name):
        for candidate in (rules_dir / f"{name}.yaml", Path(f"{name}.yaml")):
            if candidate.is_file():
                return candidate
        raise NameRefused(unknown_name("rule set", name, available_rule_sets(rules_dir)))
    raise NameRefused(
        f"'{name}' is neither a rule-set name under rules/ (classic, house/stacking)"
        " nor a .yaml file"
    )


def resolve_shared_name(name: object, folder: Path, rules_dir: Path = RULES_DIR) -> Path:
    """The file a name written inside a shared file (in `folder`) stands for.

    Used for `extends:`, `requires:` and `conflicts_with:`, and for a replay
    log's `rules` field (`folder` is then the log's folder). A rule-set name is
    looked up under `rules/`, then as NAME.yaml in `folder`; a relative .yaml
    path is looked up in `folder`, then under `rules/`. What it finds must lie
    inside `folder` (or `rules/`) once symlinks are followed; it may not exist
    (reading it then says so). Raises NameRefused, in words, for anything else:
    an absolute path, `..` leaving the folder, a name that is no .yaml file."""
    problem = _plain_name_problem(name)
    if problem:
        raise NameRefused(problem)
    assert isinstance(name, str)
    try:
        return _shared_name(name, folder, rules_dir)
    except OSError as error:
        raise _os_refusal(name, error) from None


def _shared_name(name: str, folder: Path, rules_dir: Path) -> Path:
    if Path(name).suffix in SUFFIXES and not Path(name).is_absolute():
        candidate = folder / name
        in_rules = rules_dir / name
        if not candidate.exists() and in_rules.is_file() and _inside(in_rules, rules_dir):
            return in_rules
    elif RULE_SET_NAME.fullmatch(name):
        in_rules = rules_dir / f"{name}.yaml"
        if in_rules.is_file():
            return in_rules
        candidate = folder / f"{name}.yaml"
        if not os.path.lexists(candidate):
            raise NameRefused(unknown_name("rule set", name, available_rule_sets(rules_dir)))
    else:
        raise NameRefused(
            f"'{name}' is neither a rule-set name under rules/ nor a relative path to a"
            " .yaml file in this folder"
        )
    if not _inside(candidate, folder):
        raise NameRefused(
            f"'{name}' is outside this file's folder: a shared file may only name rule sets"
            " under rules/ or in its own folder"
        )
    return candidate


def names_for_folder(names: Sequence[str], folder: Path, rules_dir: Path = RULES_DIR) -> list[str]:
    """What a file kept in `folder` (a replay log) writes for the rule sets the
    player named, so that `resolve_shared_name` finds the very same files from
    there: a name under rules/ stays as it is, another file is written
    relative to `folder`. Raises NameRefused, in words, for a file outside
    `folder`'s tree, which a shared file may not name."""
    written = []
    for name in names:
        meant = real_path(resolve_name(name, rules_dir))
        try:
            if real_path(resolve_shared_name(name, folder, rules_dir)) == meant:
                written.append(name)
                continue
        except NameRefused:
            pass
        base = real_path(folder)
        if not meant.is_relative_to(base):
            raise NameRefused(
                f"'{name}' lies outside {folder}, and a log may name only rule sets under"
                " rules/ or files in its own folder: write the log next to the rule file"
                " (or copy the rule file into rules/)"
            )
        written.append(meant.relative_to(base).as_posix())
    return written


def _inside(path: Path, folder: Path) -> bool:
    return real_path(path).is_relative_to(real_path(folder))


def available_rule_sets(rules_dir: Path = RULES_DIR) -> list[str]:
    """Names of every rule file under `rules/`, e.g. `classic`, `house/stacking`.

    Folders reached through symlinks are not entered (no loop can hold the
    menu), and a file whose name cannot be a rule-set name is left out."""
    names = []
    for folder, _, files in os.walk(rules_dir):
        for file in files:
            path = Path(folder, file)
            name = path.relative_to(rules_dir).with_suffix("").as_posix()
            if path.suffix == ".yaml" and RULE_SET_NAME.fullmatch(name) and path.is_file():
                names.append(name)
    return sorted(names)
