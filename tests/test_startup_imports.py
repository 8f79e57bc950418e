"""The menu's first frame waits for nothing it does not show: the rules engine,
the rule files' schema (pydantic), YAML, the bots and the replay log are loaded
when a match or a command needs them, the command line's parser when there is
one to read, the card art from the second frame on; a saved match's rule set,
which the menu names, beside the menu once it is up (bench/startup.py times
the start-up)."""

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
    "game.play.match",
    "asyncio",  # the desktop's frames need no event loop (game/app.py, run_frames)
    "argparse",  # `python main.py` alone has no command line to parse (game/cli.py)
    "hashlib",  # OpenSSL's library, for checking a compiled engine's build (game/native.py)
    "game.ui.card_art",  # the title's fan is dealt from the second frame on
    "game.ui.card_symbols",
    "game.ui.rule_catalog",  # a saved match's rules are named once the menu is up
)


def first_frame_modules(prefs) -> set[str]:
    """Every module loaded when `python main.py` has shown its first frame."""
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        COUCH_UNO_FIRST_FRAME="exit",
        COUCH_UNO_PREFS=str(prefs),
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
    return loaded


def test_the_first_menu_frame_loads_no_engine_rules_or_bots(tmp_path):
    assert first_frame_modules(tmp_path) & set(NOT_BEFORE_THE_MENU) == set()


def test_a_saved_match_holds_the_first_frame_back_no_more(tmp_path):
    """Seen: with a match saved, the title named its rules in the language of
    the moment by loading the whole rule set before its first frame (YAML,
    pydantic, every check), three times the rest of the start-up."""
    from game.play.match import MatchSession, SeatConfig
    from game.player_files.saves import SaveSlot

    slot = SaveSlot(tmp_path)
    slot.keep(MatchSession(["classic"], [SeatConfig("Ana"), SeatConfig("Bo", "bot")], seed=3))
    slot.close()
    assert slot.saved() is not None
    assert first_frame_modules(tmp_path) & set(NOT_BEFORE_THE_MENU) == set()


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
