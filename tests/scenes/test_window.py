"""A real window under Xvfb: start the game, open a table, save a screenshot, look at it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = r"""
import os, sys
sys.path.insert(0, {root!r})
os.environ.pop("SDL_VIDEODRIVER", None)
import pygame
from game.app import App, open_window
from game.match import MatchSession, SeatConfig
from game.ui.match_screen import MatchScreen
from game.ui.settings import Settings

pygame.init()
screen = open_window()
assert pygame.display.get_driver() == "x11", pygame.display.get_driver()
app = App(screen, Settings(pacing="fast"))
app.push("title")
for _ in range(5):
    app.frame(1 / 60, pygame.event.get())
    pygame.display.flip()
seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy", "Dee")]
app.push("deal", screen=MatchScreen(MatchSession(["classic"], seats, seed=1), app.art))
for _ in range(240):
    app.frame(1 / 60, pygame.event.get())
    pygame.display.flip()
pygame.image.save(screen, {out!r})
print("scene", type(app.top).__name__)
pygame.quit()
"""


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="xvfb-run is not installed")
def test_a_real_window_shows_a_table(tmp_path):
    out = tmp_path / "table.png"
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env["COUCH_UNO_PREFS"] = str(tmp_path / "prefs")
    code = SCRIPT.format(root=str(ROOT), out=str(out))
    result = subprocess.run(
        ["xvfb-run", "-a", "-s", "-screen 0 1280x720x24", sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "scene PlayScene" in result.stdout, result.stdout

    import pygame

    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)
    colours = {
        tuple(image.get_at((x, y)))[:3] for x in range(0, 1280, 16) for y in range(0, 720, 16)
    }
    assert len(colours) > 50, "the screenshot is blank or nearly so"
