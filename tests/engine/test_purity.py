"""The engine is pure: no pygame, no clock, no global random.

The rules engine must run headless (simulations, CI, the replay checker) and
must give the same game for the same seed on any machine at any time. So
game/engine/ never imports pygame, never reads the clock (`time`,
`datetime`) and never touches the module-level random generator: its only
randomness is the seeded generator carried in the game state
(game/engine/rng.py).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "game" / "engine"

BANNED = {"random", "time", "datetime", "pygame"}

# The one audited exception: rng.py builds the game's generator on a private
# `random.Random(seed)` instance (MT19937, specified bit for bit), never the
# module-level generator, and writes its own bounded integers and shuffles.
# Only the class itself may be imported, and only there.
ALLOWED_FROM = {("rng.py", "random"): {"Random"}}


def _imports(path: Path):
    """(line, module, names) for every import statement in a file; names is
    None for `import x`."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, None
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module, {alias.name for alias in node.names}


def import_violations(engine: Path) -> list[str]:
    found = []
    for path in sorted(engine.rglob("*.py")):
        rel = path.relative_to(engine).as_posix()
        for line, module, names in _imports(path):
            root = module.split(".")[0]
            if root not in BANNED:
                continue
            allowed = ALLOWED_FROM.get((rel, module))
            if names is not None and allowed is not None and names <= allowed:
                continue
            shown = f"import {module}" if names is None else f"from {module} import {sorted(names)}"
            found.append(f"{rel}:{line}: {shown}")
    return found


def dynamic_import_violations(engine: Path) -> list[str]:
    """A grep for what the import check cannot see: `__import__("time")`,
    `importlib.import_module("pygame")`."""
    found = []
    for path in sorted(engine.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            dynamic = "__import__" in code or "import_module" in code
            if dynamic and any(f'"{name}' in code or f"'{name}" in code for name in BANNED):
                found.append(f"{path.relative_to(engine)}:{number}: {line.strip()}")
    return found


def module_attribute_violations(engine: Path) -> list[str]:
    """`random.shuffle(...)`, `time.time()`: a banned module used by name."""
    found = []
    for path in sorted(engine.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in BANNED
            ):
                where = path.relative_to(engine)
                found.append(f"{where}:{node.lineno}: {node.value.id}.{node.attr}")
    return found


def test_engine_imports_no_clock_random_or_pygame():
    assert sorted(ENGINE.rglob("*.py")), f"no engine sources under {ENGINE}"
    found = import_violations(ENGINE)
    assert not found, "the engine must stay pure:\n" + "\n".join(found)


def test_engine_has_no_dynamic_imports_of_banned_modules():
    found = dynamic_import_violations(ENGINE)
    assert not found, "\n".join(found)


def test_the_module_level_random_generator_is_never_used():
    found = module_attribute_violations(ENGINE)
    assert not found, "\n".join(found)


def test_the_checks_catch_what_they_are_for(tmp_path):
    """The checks above on a made-up engine full of what they forbid."""
    fake = tmp_path / "engine"
    (fake / "sub").mkdir(parents=True)
    (fake / "a.py").write_text("import os, random\nfrom time import monotonic\n")
    (fake / "b.py").write_text("import datetime as dt\nfrom pygame import Rect\n")
    (fake / "sub" / "c.py").write_text("import pygame.mixer\nclock = __import__('time')\n")
    (fake / "rng.py").write_text("from random import Random, shuffle\n")
    (fake / "d.py").write_text("from random import Random\nimport random\nrandom.seed(1)\n")
    (fake / "ok.py").write_text("from game.engine.rng import Rng  # random, time: words only\n")
    imports = import_violations(fake)
    assert [v.split(":")[0] for v in imports] == [
        "a.py",
        "a.py",
        "b.py",
        "b.py",
        "d.py",  # Random is allowed in rng.py only
        "d.py",
        "rng.py",  # shuffle is the module-level generator
        "sub/c.py",
    ], imports
    assert [v.split(":")[0] for v in dynamic_import_violations(fake)] == ["sub/c.py"]
    assert [v.split(":")[0] for v in module_attribute_violations(fake)] == ["d.py"]
    (fake / "rng.py").write_text("from random import Random\n")
    assert "rng.py" not in " ".join(import_violations(fake))


def test_importing_the_engine_and_loading_rules_loads_no_pygame():
    code = (
        "import json, sys\n"
        "import game.engine\n"
        "import game.log\n"
        "from game.rules.loader import load_rules\n"
        "rules = load_rules(['classic'])\n"
        "state, events = game.engine.new_game(rules, 3, 1)\n"
        "import game.play.sim, game.bots\n"
        "bots = [game.bots.make_bot('basic', s) for s in range(3)]\n"
        "match = game.play.sim.play_match(rules, 3, 1, bots, single_round=True)\n"
        "game.log.reexecute(match.events, rules)\n"
        "print(json.dumps(sorted(m for m in sys.modules"
        " if m == 'pygame' or m.startswith('pygame.'))))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    loaded = json.loads(result.stdout.strip().splitlines()[-1])
    assert loaded == [], f"headless code pulled in pygame: {loaded}"
