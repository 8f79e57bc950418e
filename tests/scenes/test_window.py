"""A real window under Xvfb: the whole table at any window size, clicks landing on
what is under the pointer, F11. Each run saves what the window shows."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.ui.window import fitting_size, letterbox

ROOT = Path(__file__).resolve().parents[2]
SIZES = [(800, 450), (1024, 576), (1280, 720), (1920, 1080), (1080, 1350)]
# The quick run checks the sizes that once cropped, and the tall one; --thorough all five.
QUICK = {(800, 450), (1080, 1350)}  # a wide and a tall letterbox

SCRIPT = r"""
import json, os, sys
sys.path.insert(0, {root!r})
os.environ.pop("SDL_VIDEODRIVER", None)
import pygame
from game.app import App, open_window, start_pygame
from game.play.match import MatchSession, SeatConfig
from game.scenes.deal import DealScene
from game.scenes.title import TitleScene
from game.table.match_screen import MatchScreen
from game.ui.settings import Settings

W, H = {size!r}
start_pygame()
window = open_window()
assert pygame.display.get_driver() == "x11", pygame.display.get_driver()
report = {{"opened": list(window.size)}}
window.resize((W, H))  # as a player stretching it over the whole screen
app = App(window, Settings(pacing="fast"))
app.push(TitleScene(app))

def frames(n, dt=1 / 60):
    for _ in range(n):
        app.frame(dt, pygame.event.get())
        window.present()

frames(5)
report["size"] = list(window.size)
shown = pygame.display.get_surface()
pygame.image.save(shown, {out!r})
view = window.view
report["view"] = [view.x, view.y, view.w, view.h]
# Nothing cropped: the window shows the whole logical frame, scaled.
small = pygame.transform.smoothscale(app.screen, (64, 36))
seen = pygame.transform.smoothscale(shown.subsurface(view), (64, 36))
diff = sum(
    abs(a - b)
    for x in range(64) for y in range(36)
    for a, b in zip(small.get_at((x, y))[:3], seen.get_at((x, y))[:3])
)
report["mean_diff"] = diff / (64 * 36 * 3)
# A click where "New game" is drawn in the window opens the new-game screen.
button = app.top.buttons[0].rect
k = view.w / 1280
at = (round(view.x + button.centerx * k), round(view.y + button.centery * k))
pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
frames(3)
report["after_click"] = type(app.top).__name__
# A table, then F11 and back.
seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy", "Dee")]
screen = MatchScreen(MatchSession(["classic"], seats, seed=1), app.art, app.settings)
app.reset(DealScene(app, screen))
frames(15, 1 / 15)  # a second of the deal, in bigger steps
pygame.image.save(pygame.display.get_surface(), {table_out!r})
pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
frames(3)
report["fullscreen"] = [window.fullscreen, list(window.size)]
pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
frames(3)
report["windowed"] = [window.fullscreen, list(window.size)]
report["scene"] = type(app.top).__name__
print("REPORT", json.dumps(report))
pygame.quit()
"""


def test_letterbox_keeps_the_aspect_and_the_middle():
    assert letterbox((1280, 720)) == (0, 0, 1280, 720)
    assert letterbox((800, 450)).size == (800, 450)
    tall = letterbox((1080, 1350))
    assert tall.size == (1080, 608) and tall.centery == 675
    wide = letterbox((2560, 1080))
    assert wide.size == (1920, 1080) and wide.centerx == 1280
    assert fitting_size((800, 450)) == (800, 450)
    assert fitting_size((1920, 1080)) == (1280, 720)


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="xvfb-run is not installed")
@pytest.mark.xdist_group("real-window")  # one Xvfb at a time: `xvfb-run -a` races for a display
@pytest.mark.parametrize(
    "size",
    [pytest.param(s, marks=() if s in QUICK else pytest.mark.slow) for s in SIZES],
    ids=lambda s: f"{s[0]}x{s[1]}",
)
def test_a_real_window_shows_the_whole_table_at_any_size(tmp_path, size):
    """Seen: at 800x450 or 1024x576 the window showed a cropped middle of the table."""
    out = tmp_path / "menu.png"
    table_out = tmp_path / "table.png"
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env["COUCH_UNO_PREFS"] = str(tmp_path / "prefs")
    code = SCRIPT.format(root=str(ROOT), size=size, out=str(out), table_out=str(table_out))
    screen = f"-screen 0 {size[0]}x{size[1]}x24"
    result = subprocess.run(
        ["xvfb-run", "-a", "-s", screen, sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=180,
        env=env,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    line = next(x for x in result.stdout.splitlines() if x.startswith("REPORT "))
    report = json.loads(line[len("REPORT ") :])
    w, h = size
    opened = report["opened"]
    assert opened[0] <= w and opened[1] <= h, "the window opened larger than the screen"
    assert report["size"] == [w, h]
    view = report["view"]
    assert view[2] <= w and view[3] <= h and abs(view[2] / view[3] - 16 / 9) < 0.01
    assert view[2] == w or view[3] == h  # as large as fits
    assert report["mean_diff"] < 12, "what the window shows is not the whole table"
    assert report["after_click"] == "SetupScene", "the click missed the button under it"
    assert report["fullscreen"][0] and report["windowed"] == [False, [w, h]]
    assert report["scene"] in ("PlayScene", "DealScene", "CurtainScene")
    import pygame

    for png in (out, table_out):
        image = pygame.image.load(str(png))
        assert image.get_size() == size
