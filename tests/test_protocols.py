"""A protocol names what its users call, no more: every member a protocol of
the game declares is used by some module that names the protocol (or by the
module that declares it). A member nobody calls is a protocol restating the
object it stands for (docs/architecture.md, "Who imports whom")."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
# The engine's read-only views of a rule file's settings are the schema's
# fields, typed for the engine (game/engine/ruleset.py): mypy holds them to the
# schema, and a setting is read through `rules.model`, not by a user naming the view.
SETTINGS_VIEWS = GAME / "engine" / "ruleset.py"


def _is_protocol(node: ast.ClassDef) -> bool:
    return any(
        (isinstance(base, ast.Name) and base.id == "Protocol")
        or (isinstance(base, ast.Attribute) and base.attr == "Protocol")
        for base in node.bases
    )


def _members(node: ast.ClassDef) -> set[str]:
    names: set[str] = set()
    for item in node.body:
        if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(item.name)
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            names.add(item.target.id)
    return {name for name in names if not (name.startswith("__") and name.endswith("__"))}


def _used_names(tree: ast.AST, skip: ast.ClassDef | None = None) -> set[str]:
    """The attribute names read or called in a module (outside the protocol itself)."""
    skipped = set(ast.walk(skip)) if skip is not None else set()
    return {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node not in skipped
    }


def protocols() -> list[tuple[Path, ast.ClassDef, ast.Module]]:
    found = []
    for path in sorted(GAME.rglob("*.py")):
        if path == SETTINGS_VIEWS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and _is_protocol(node):
                found.append((path, node, tree))
    return found


def unused_members() -> list[str]:
    sources = {path: path.read_text(encoding="utf-8") for path in sorted(GAME.rglob("*.py"))}
    trees = {path: ast.parse(source) for path, source in sources.items()}
    unused = []
    for path, node, tree in protocols():
        users = [p for p, source in sources.items() if p != path and node.name in source]
        used = _used_names(tree, skip=node)
        for user in users:
            used |= _used_names(trees[user])
        for member in sorted(_members(node) - used):
            unused.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}.{member}")
    return unused


def test_every_protocol_member_is_used_by_some_user_of_the_protocol():
    assert protocols(), "no protocol found: the walk is broken"
    unused = unused_members()
    assert not unused, "protocol members nobody uses:\n" + "\n".join(unused)
