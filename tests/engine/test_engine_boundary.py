"""The engine imports nothing from outside itself.

game/engine/ is the rules the game plays by; a rule file's format (its
schema, its checks, how it is read and layered) is game/rules/'s, and how a
card looks is game/looks.py's. Loading a rule file goes one way, game/rules
-> engine: the engine reads the validated settings through its own protocols
(game/engine/ruleset.py), so no engine module imports game.rules, game.looks
or anything else of the game, not even for annotations under TYPE_CHECKING.
Of the libraries, pydantic serves only the engine's two file formats where
they are declared: the effects' parameter models, each beside its effect
(a module may import it only where it declares `Params` or a model built on
it), and the replay log's events (the events/ package and the checks of their
fields, event_fields.py, with typing_extensions' TypedDict, which pydantic reads
before Python 3.12).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "game" / "engine"

PYDANTIC = {"pydantic", "pydantic_core"}
# The replay log's one declaration: the package game/engine/events/ and the fields' checks.
EVENT_FORMAT = {"event_fields.py"}
EVENTS = "events"


def _declares_params(tree: ast.Module) -> bool:
    """Whether the module declares `Params` or a class built on it."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            bases = {base.id for base in node.bases if isinstance(base, ast.Name)}
            if node.name == "Params" or "Params" in bases:
                return True
    return False


def _imported(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules an import statement reads, as absolute names ('.' for a
    relative import, which stays inside the package)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        return ["."]
    module = node.module or ""
    if module == "game":  # `from game import engine`: each name is a module
        return [f"game.{alias.name}" for alias in node.names]
    return [module]


def _allowed(module: str, params_here: bool, event_format: bool) -> bool:
    root = module.split(".")[0]
    if module == "." or module == "game.engine" or module.startswith("game.engine."):
        return True
    if root == "__future__" or root in sys.stdlib_module_names:
        return True
    if event_format and root in {*PYDANTIC, "typing_extensions"}:
        return True
    return root in PYDANTIC and params_here


def outside_imports(engine: Path) -> list[str]:
    """Every import statement of the engine's modules (at the top, in a
    function or under TYPE_CHECKING alike) that reaches outside it."""
    found = []
    for path in sorted(engine.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        params_here = _declares_params(tree)
        event_format = (path.name in EVENT_FORMAT and path.parent == engine) or (
            path.parent == engine / EVENTS
        )
        for node in ast.walk(tree):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for module in _imported(node):
                if not _allowed(module, params_here, event_format):
                    found.append(f"{path.relative_to(engine).as_posix()}:{node.lineno}: {module}")
    return found


def test_the_engine_imports_nothing_from_outside_itself():
    assert sorted(ENGINE.glob("*.py")), f"no engine sources under {ENGINE}"
    found = outside_imports(ENGINE)
    assert not found, "the engine reaches outside itself:\n" + "\n".join(found)


def test_the_check_sees_every_way_out(tmp_path):
    """The check on a made-up engine: each way of reaching outside is caught,
    and what the engine may import passes."""
    fake = tmp_path / "engine"
    fake.mkdir()
    (fake / "looks.py").write_text("from game.looks import ARTS\n")
    (fake / "typing_only.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.rules.schema import X\n"
    )
    (fake / "lazy.py").write_text("def f():\n    import game.rules.loader\n")
    (fake / "package.py").write_text("from game import rules, engine\n")
    (fake / "schema.py").write_text("from pydantic import BaseModel\nclass Model(BaseModel): ...\n")
    (fake / "yaml_too.py").write_text("import yaml\n")
    (fake / "effects.py").write_text(
        "from __future__ import annotations\n"
        "import re\n"
        "from pydantic import BaseModel, Field\n"
        "from game.engine.said import said\n"
        "from . import cards\n"
        "from game import engine\n"
        "class Params(BaseModel): ...\n"
    )
    (fake / "blocks.py").write_text(
        "from pydantic import Field\nfrom game.engine.effects import Params\n"
        "class SkipParams(Params):\n    count: int = Field(1)\n"
    )
    assert [found.split(": ", 1) for found in outside_imports(fake)] == [
        ["lazy.py:2", "game.rules.loader"],
        ["looks.py:1", "game.looks"],
        ["package.py:1", "game.rules"],
        ["schema.py:1", "pydantic"],
        ["typing_only.py:3", "game.rules.schema"],
        ["yaml_too.py:1", "yaml"],
    ]
