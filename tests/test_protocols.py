"""A protocol names what its users call, no more: every member a protocol of
the game declares is used by some module that names the protocol, or a
protocol made of it (or by the module that declares it). A member nobody
calls is a protocol restating the object it stands for (docs/architecture.md,
"Who imports whom"). And a scene names what it asks of the app: no scene but
the title, which opens every other, is handed an app protocol as wide as the
title's."""

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


def _base_names(node: ast.ClassDef) -> set[str]:
    return {
        base.id if isinstance(base, ast.Name) else base.attr
        for base in node.bases
        if isinstance(base, ast.Name | ast.Attribute)
    }


def _made_of(name: str, found: list[tuple[Path, ast.ClassDef, ast.Module]]) -> set[str]:
    """`name` and every protocol made of it, however deep (by name)."""
    names = {name}
    while True:
        more = {node.name for _, node, _ in found if _base_names(node) & names} - names
        if not more:
            return names
        names |= more


def unused_members() -> list[str]:
    sources = {path: path.read_text(encoding="utf-8") for path in sorted(GAME.rglob("*.py"))}
    trees = {path: ast.parse(source) for path, source in sources.items()}
    found = protocols()
    unused = []
    for path, node, tree in found:
        # A role (game/scenes/base.py) is used by whoever names a protocol made of it.
        named = _made_of(node.name, found)
        users = [
            p for p, source in sources.items() if p != path and any(n in source for n in named)
        ]
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


SCENES = GAME / "scenes"
TITLE = "TitleScene"
# The match's scenes share one protocol (game/scenes/services.py): each hands
# the next the app it was given, round the circle of a match.
SHARED = SCENES / "services.py"


def _classes(path: Path) -> dict[str, ast.ClassDef]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name: node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}


def _imported(path: Path, name: str) -> Path | None:
    """The module of the game `name` is imported from in `path`, if it is."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.startswith("game.")
            and any((alias.asname or alias.name) == name for alias in node.names)
        ):
            return ROOT.joinpath(*node.module.split(".")).with_suffix(".py")
    return None


def declared(path: Path, name: str) -> tuple[Path, ast.ClassDef]:
    """Where the class `name`, as `path` names it, is declared."""
    classes = _classes(path)
    if name in classes:
        return path, classes[name]
    source = _imported(path, name)
    assert source is not None, f"{path.relative_to(ROOT)}: {name} is neither declared nor imported"
    return declared(source, name)


def app_members(path: Path, name: str) -> set[str]:
    """Every member of the protocol `name` (as `path` names it), with those of
    the protocols it is made of."""
    where, node = declared(path, name)
    members = _members(node)
    for base in _base_names(node) - {"Protocol"}:
        members |= app_members(where, base)
    return members


def scenes() -> list[tuple[Path, ast.ClassDef]]:
    """Every scene class: a class of game/scenes/ made from `Scene` or another scene."""
    found = {
        (path, node.name): node
        for path in sorted(SCENES.glob("*.py"))
        for node in _classes(path).values()
    }
    names = {"Scene"}
    while True:
        more = {name for (_, name), node in found.items() if _base_names(node) & names} - names
        if not more:
            break
        names |= more
    return [(path, node) for (path, name), node in found.items() if name in names - {"Scene"}]


def app_annotation(node: ast.ClassDef) -> str | None:
    """What a scene's constructor types its `app` as; None where it takes none of its own."""
    for item in node.body:
        if isinstance(item, ast.FunctionDef) and item.name == "__init__":
            app = next((a for a in item.args.args if a.arg == "app"), None)
            if app is None:
                return None
            if app.annotation is None:
                return ""
            return ast.unparse(app.annotation)
    return None


def test_every_scene_names_what_it_asks_of_the_app():
    """Each scene's constructor takes a protocol declared beside it (or the
    match's, shared), narrower than the title's but for the title itself."""
    found = scenes()
    assert len(found) > 20, "the scenes were not found: the walk is broken"
    title = next((path, node) for path, node in found if node.name == TITLE)
    title_type = app_annotation(title[1])
    assert title_type, "the title's constructor takes no typed app"
    everything = app_members(title[0], title_type)
    wide = []
    for path, node in found:
        typed = app_annotation(node)
        if typed is None:
            continue  # the constructor of the scene it is made from takes it
        where = f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"
        if not typed:
            wide.append(f"{where} takes an app of no type")
            continue
        source, _ = declared(path, typed)
        if source not in (path, SHARED):
            wide.append(f"{where} takes {typed}, declared in {source.relative_to(ROOT)}")
        if node.name != TITLE and app_members(path, typed) >= everything:
            wide.append(f"{where} takes {typed}, as wide as the title's")
    assert not wide, "scenes handed more of the app than they name:\n" + "\n".join(wide)
