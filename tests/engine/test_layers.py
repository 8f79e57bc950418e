"""The engine's modules form layers: no import cycle, no import hidden in a function.

The ruleset/state/effects cycle was once hidden in function-level
imports. Now the run-time imports between engine modules form a directed
acyclic graph (checked here on the source), and the one mutual reference
the types need (a rule set holds effects that act on a state that holds the
rule set) is an annotation-only import under `TYPE_CHECKING`, allowed only
in modules that are not compiled (mypyc needs annotation types at run time).
"""

from __future__ import annotations

import ast
from pathlib import Path

from game import native

ENGINE = Path(__file__).resolve().parents[2] / "game" / "engine"


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"


def _engine_module(name: str | None) -> str | None:
    if name and name.startswith("game.engine."):
        return name.split(".")[2]
    return None


def _imports(tree: ast.Module) -> tuple[set[str], set[str]]:
    """(engine modules imported at run time, those imported for annotations only)."""
    runtime: set[str] = set()
    typing_only: set[str] = set()

    def visit(body: list[ast.stmt], into: set[str]) -> None:
        for node in body:
            if isinstance(node, ast.If) and _is_type_checking(node):
                visit(node.body, typing_only)
            elif isinstance(node, ast.ImportFrom):
                module = _engine_module(node.module)
                if module:
                    into.add(module)
                elif node.module == "game.engine":
                    into.update(alias.name for alias in node.names)
            elif isinstance(node, ast.Import):
                into.update(m for alias in node.names if (m := _engine_module(alias.name)))

    visit(tree.body, runtime)
    return runtime, typing_only


def _trees() -> dict[str, ast.Module]:
    return {
        path.stem: ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(ENGINE.glob("*.py"))
        if path.stem != "__init__"
    }


def test_no_import_inside_a_function():
    found = []
    for name, tree in _trees().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Import | ast.ImportFrom):
                        found.append(f"{name}.py:{inner.lineno} in {node.name}()")
    assert found == []


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """An import cycle in `graph` (module -> modules it imports), or None."""
    done: set[str] = set()

    def walk(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return None
        for imported in sorted(graph.get(module, ())):
            found = walk(imported, [*path, module])
            if found:
                return found
        done.add(module)
        return None

    for module in sorted(graph):
        found = walk(module, [])
        if found:
            return found
    return None


def test_runtime_imports_have_no_cycle():
    graph = {name: _imports(tree)[0] for name, tree in _trees().items()}
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_annotation_only_imports_stay_out_of_compiled_modules():
    compiled = set(native.COMPILED_MODULES)
    for name, tree in _trees().items():
        typing_only = _imports(tree)[1]
        if typing_only:
            assert name not in compiled, f"{name}.py is compiled but imports {typing_only} lazily"


def test_the_checks_see_a_cycle_and_a_lazy_import():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "from game.engine.state import GameState\n"
        "if TYPE_CHECKING:\n    from game.engine.ruleset import RuleSet\n"
    )
    assert _imports(tree) == ({"state"}, {"ruleset"})
