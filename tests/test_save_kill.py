"""Killing the game at a random moment never leaves an unreadable save or
loses the previous one.

Each run starts tests/save_kill_child.py (matches of bots with saving on, one
decision every few milliseconds, so a write is nearly always in flight),
SIGKILLs it at a random moment, and then reads what is on disk the way the
game does when it starts again (and the next run starts on that folder):
the save must be there if the last write the child reported was a save,
hold at least the events it reported, read for the title, and re-execute
for Continue; the statistics must read without a notice. The default run
kills 3 children within a second of their first write; `--thorough` kills
50 within two seconds.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.player_files.players import load_stats
from game.player_files.save_format import STATS_FILE, peek
from game.player_files.saves import SAVE_FILE, SaveSlot
from tests.depth import work

ROOT = Path(__file__).resolve().parents[1]
FIRST_WRITE_SECONDS = 60.0  # a generous bound on the child's start-up, not a timing


def run_and_kill(folder: Path, seed: int, delay: float) -> list[str]:
    """Start a child, kill it `delay` seconds after its first write; its lines."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.save_kill_child", str(folder), str(seed)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: list[str] = []
    first = threading.Event()

    def read() -> None:
        assert child.stdout is not None
        for line in child.stdout:
            lines.append(line.strip())
            first.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert first.wait(FIRST_WRITE_SECONDS), "the child never saved"
        time.sleep(delay)
        os.kill(child.pid, signal.SIGKILL)
        child.wait(30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(30)
    reader.join(30)
    assert child.returncode == -signal.SIGKILL, child.stderr.read() if child.stderr else ""
    assert not any(line.startswith("error") for line in lines), lines[-3:]
    return lines


def check_after_kill(folder: Path, lines: list[str]) -> bool:
    """Check what a kill left; True if it cut a write short (a temporary file)."""
    saves = [line.split() for line in lines if line.startswith(("saved", "cleared"))]
    last = saves[-1] if saves else None
    path = folder / SAVE_FILE
    if last is not None and last[0] == "saved":
        # What the child last saw written is there, or something newer.
        assert path.is_file(), f"the save reported last is gone: {last}"
    if path.is_file():
        saved = peek(path)
        assert saved is not None
        if last is not None and last[0] == "saved" and saved.header.id == last[1]:
            assert saved.events >= int(last[2]), "the save lost events it had"
    cut_short = bool(list(folder.glob(".*.tmp")))
    # The game starts again: the title reads the save, Continue re-executes it.
    slot = SaveSlot(folder)
    offered = slot.saved()
    assert slot.problem is None, slot.problem
    assert not list(folder.glob(".*.tmp")), "a write cut short was not cleared away"
    if offered is not None:
        resumed = slot.resume()  # re-executes, or raises SaveProblem
        assert not resumed.over and resumed.log[0]["t"] == "game"
    stats = load_stats(folder / STATS_FILE)
    assert not stats.notices, stats.notices
    return cut_short


def kill_runs(folder: Path, runs: int) -> int:
    """`runs` kills on one folder, each start finding what the last kill left;
    how many kills cut a write short."""
    rng = random.Random(12)
    latest = work(2.0, 1.0)  # seconds: every second of the child's is busy writing
    cut_short = 0
    for run in range(runs):
        lines = run_and_kill(folder, seed=run + 1, delay=rng.uniform(0.0, latest))
        cut_short += check_after_kill(folder, lines)
    return cut_short


def test_a_killed_game_leaves_a_whole_save(tmp_path):
    kill_runs(tmp_path, 3)


@pytest.mark.slow
def test_fifty_kills_never_leave_an_unreadable_save(tmp_path):
    # Some kills land in the middle of a write: the case the test is for.
    assert kill_runs(tmp_path, 50) > 0
