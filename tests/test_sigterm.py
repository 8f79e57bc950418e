"""`kill PID` (SIGTERM) during a match: the game ends, the match saved, with
no question on screen that nobody is there to answer."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from game.player_files.saves import SAVE_FILE

ROOT = Path(__file__).resolve().parent.parent


def test_sigterm_during_a_match_saves_and_exits(tmp_path):
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        COUCH_UNO_PREFS=str(tmp_path),
    )
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.sigterm_child"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        assert line.startswith("first-frame"), child.stderr.read() if child.stderr else ""
        child.send_signal(signal.SIGTERM)
        try:
            code = child.wait(timeout=60)  # a bound on a hang, not a measured time
        except subprocess.TimeoutExpired:
            raise AssertionError("the game asked instead of ending on SIGTERM") from None
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert code == 0
    assert (tmp_path / SAVE_FILE).is_file()  # the match can be continued
