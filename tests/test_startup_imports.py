"""The menu's first frame waits for nothing it does not show: the rules engine,
the rule files' schema (pydantic), YAML, the bots and the replay log are loaded
when a match or a command needs them (bench/startup.py times the start-up)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FIRST_FRAME = """
import json, sys
import couch_uno
sys.argv = ["main.py"]
try:
    couch_uno.main()
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""

NOT_BEFORE_THE_MENU = (
    "pydantic",
    "yaml",
    "game.engine.flow",
    "game.engine.effects",
    "game.bots",
    "game.rules.loader",
    "game.log",
    "game.match",
    "asyncio",  # the desktop's frames need no event loop (game/app.py, run_frames)
)


def test_the_first_menu_frame_loads_no_engine_rules_or_bots(tmp_path):
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        COUCH_UNO_FIRST_FRAME="exit",
        COUCH_UNO_PREFS=str(tmp_path),
    )
    done = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith("first-frame"), done.stdout
    loaded = set(json.loads(lines[-1]))
    assert "game.scenes.title" in loaded
    assert not loaded & set(NOT_BEFORE_THE_MENU)


def test_the_engines_view_function_is_never_shadowed_by_its_module():
    """`view` names a function and the module that holds it; the package loads
    its names lazily, so importing the module first once handed callers the
    module ('module' object is not callable)."""
    code = (
        "import types, game.engine.view, game.engine.flow\n"
        "from game.engine import view\n"
        "assert not isinstance(view, types.ModuleType), view\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
