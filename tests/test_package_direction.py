"""The packages of game/ import in one direction: each imports only itself and
what docs/architecture.md ("Packages and their one direction") lists below
it, counting every import statement (at the top, under `if TYPE_CHECKING:`,
inside a function), as tests/test_import_graph.py counts them for circles.
The order is read from that page, so the page a newcomer reads is the rule
the test holds the code to."""

from __future__ import annotations

import re

from tests.test_import_graph import ROOT, import_graph

PAGE = ROOT / "docs" / "architecture.md"


def documented_order() -> list[str]:
    """The packages from the page, lowest first."""
    text = PAGE.read_text(encoding="utf-8")
    section = text.split("## Packages and their one direction", 1)[1]
    block = re.search(r"```text\n(.*?)```", section, re.S)
    assert block, "docs/architecture.md has lost its list of packages"
    names = [line.split()[0] for line in block.group(1).splitlines() if line.strip()]
    return names[::-1]


def unit_of(module: str) -> str:
    """The package (or loose module) of game/ that `module` belongs to."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "game"


def upward_imports(graph: dict[str, dict[str, int]], order: list[str]) -> list[str]:
    rank = {name: i for i, name in enumerate(order)}
    found = []
    for module, targets in graph.items():
        here = unit_of(module)
        if here == "game":
            continue  # the package itself: it only chooses how to load the engine
        for target, line in targets.items():
            there = unit_of(target)
            if there not in ("game", here) and rank[there] > rank[here]:
                path = module.replace(".", "/") + ".py"
                found.append(f"{path}:{line}: {here} imports {target} ({there} is above it)")
    return found


def test_every_package_is_placed_in_the_order():
    order = documented_order()
    units = {unit_of(m) for m in import_graph()} - {"game"}
    assert units - set(order) == set(), "place these in docs/architecture.md's list"
    assert set(order) - units == set(), "these are listed but not in game/"
    assert all(unit_of(m) in order for m in ("game.engine.state", "game.app"))


def test_no_package_imports_one_above_it():
    assert upward_imports(import_graph(), documented_order()) == []


def test_an_upward_import_is_caught():
    graph = {"game.engine.state": {"game.ui.text": 7}, "game.ui.text": {"game.engine.state": 3}}
    assert upward_imports(graph, ["engine", "ui"]) == [
        "game/engine/state.py:7: engine imports game.ui.text (ui is above it)"
    ]
