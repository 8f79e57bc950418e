"""game/lessons/ is pure: no pygame, no clock, no random, no file, and only
the packages below the screens (the engine, the catalogs, the rule words).
The screens import it, never the other way round."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "game" / "lessons"
BANNED = {"pygame", "time", "datetime", "random", "os", "pathlib", "io", "open"}
ALLOWED = ("game.engine", "game.i18n", "game.rules", "game.lessons", "__future__")


def test_the_lessons_import_nothing_impure_nor_a_screen():
    for path in sorted(LESSONS.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            else:
                if isinstance(node, ast.Name) and node.id == "open":
                    raise AssertionError(f"{path.name}:{node.lineno}: opens a file")
                continue
            for name in names:
                assert name.split(".")[0] not in BANNED, f"{path.name}:{node.lineno}: {name}"
                if name.startswith("game"):
                    assert name.startswith(ALLOWED), f"{path.name}:{node.lineno}: {name}"


def test_importing_the_lessons_loads_no_pygame():
    code = "import sys, game.lessons; print('pygame' in sys.modules)"
    found = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert found.stdout.strip() == "False"
