"""No module of the game imports itself round a circle: the import graph of
every module under game/ has no cycle. Every import statement counts, the
ones at the top of a module, the ones under `if TYPE_CHECKING:` and the ones
inside a function alike: a circle only for the type checker still ties the
modules on it into one knot a reader must take in at once.

What the engine may import at all is tests/engine/test_engine_boundary.py's."""

from __future__ import annotations

import ast
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(GAME.rglob("*.py"))}


def imports_of(source: str, here: str, package: bool, known) -> dict[str, int]:
    """The game's modules that the source of module `here` imports, each with the
    line of its first import: `from game.ui import text` is the module
    game.ui.text, `from game.engine import Play` the package."""
    edges: dict[str, int] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import | ast.ImportFrom):
            for target in _targets(node, here, package, known):
                if target != here:
                    edges.setdefault(target, node.lineno)
    return edges


def _targets(node: ast.Import | ast.ImportFrom, here: str, package: bool, known) -> list[str]:
    if isinstance(node, ast.Import):
        found = []
        for alias in node.names:
            name = alias.name
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name:
                found.append(name)
        return found
    if node.level:
        parts = here.split(".") if package else here.split(".")[:-1]
        parts = parts[: len(parts) - node.level + 1]
        base = ".".join([*parts, *([node.module] if node.module else [])])
    else:
        base = node.module or ""
    found = []
    for alias in node.names:
        if f"{base}.{alias.name}" in known:
            found.append(f"{base}.{alias.name}")
        elif base in known:
            found.append(base)
    return found


def import_graph() -> dict[str, dict[str, int]]:
    """Each module of the game -> the game's modules it imports, with the line."""
    modules = _modules()
    return {
        name: imports_of(
            path.read_text(encoding="utf-8"), name, path.name == "__init__.py", modules
        )
        for name, path in modules.items()
    }


def knots(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected parts of the graph with more than one module
    (Tarjan's algorithm, iterative): each is a set of modules on a circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.append(member)
                    if member == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return found


def circle_in(graph: dict[str, dict[str, int]], knot: list[str], where=None) -> str:
    """One circle through a knot, each step with the file and line that import:
    'game/a.py:3 imports game.b -> game/b.py:9 imports game.a'."""
    where = where or _file
    members = set(knot)
    start = knot[0]
    paths = {start: [start]}
    queue = [start]
    while queue:  # breadth first: the shortest way back to the start
        node = queue.pop(0)
        for child in graph[node]:
            if child == start:
                steps = [*paths[node], start]
                return " -> ".join(
                    f"{where(a)}:{graph[a][b]} imports {b}" for a, b in pairwise(steps)
                )
            if child in members and child not in paths:
                paths[child] = [*paths[node], child]
                queue.append(child)
    raise AssertionError(f"{knot} holds no circle")


def _named(graph: dict[str, dict[str, int]], knot: list[str]) -> str:
    return f"{circle_in(graph, knot)}\n  (tied together: {', '.join(knot)})"


def _file(module: str) -> str:
    path = _modules()[module]
    return str(path.relative_to(ROOT))


def _in_engine(module: str) -> bool:
    return module == "game.engine" or module.startswith("game.engine.")


def test_no_module_of_the_game_imports_itself_round_a_circle():
    graph = import_graph()
    circles = [_named(graph, knot) for knot in knots(graph) if not all(map(_in_engine, knot))]
    assert not circles, "import circles:\n" + "\n".join(circles)


def test_no_module_of_the_engine_imports_itself_round_a_circle():
    graph = import_graph()
    circles = [_named(graph, knot) for knot in knots(graph) if all(map(_in_engine, knot))]
    assert not circles, "import circles in the engine:\n" + "\n".join(circles)


def test_every_kind_of_import_is_an_edge():
    known = {"game.a", "game.a.b", "game.c", "game.d", "game.e", "game.f"}
    source = """
from typing import TYPE_CHECKING

import game.c as c
from game.a import b

if TYPE_CHECKING:
    from game.d import Thing


def later():
    from game.e import Other

    return Other


from .f import Far
"""
    edges = imports_of(source, "game.x", False, known)
    assert edges == {"game.c": 4, "game.a.b": 5, "game.d": 8, "game.e": 12, "game.f": 17}


def test_a_circle_is_named_with_its_files_and_lines():
    graph = {"game.a": {"game.b": 3}, "game.b": {"game.c": 5}, "game.c": {"game.a": 7, "game.d": 2}}
    graph["game.d"] = {}
    assert knots(graph) == [["game.a", "game.b", "game.c"]]
    named = circle_in(graph, ["game.a", "game.b", "game.c"], where=lambda m: m)
    assert named == (
        "game.a:3 imports game.b -> game.b:5 imports game.c -> game.c:7 imports game.a"
    )
