"""Screenshots of controllers at the couch: seats claimed on the setup screen, and
the curtain of a seat played on a controller.

    xvfb-run -a -s "-screen 0 1280x720x24" python tools/screenshots_pads.py [OUT_DIR]

SDL under Xvfb has no controllers, so the fake ones of the scene tests
(tests/scenes/fake_pads.py) are plugged in; their presses go through the real
event path. Writes docs/screenshots/setup_controllers.png and curtain_controller.png.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("COUCH_UNO_PREFS", tempfile.mkdtemp(prefix="couch-uno-shots-"))

import pygame  # noqa: E402

from game.app import App, open_window, start_pygame  # noqa: E402
from game.scenes.title import TitleScene  # noqa: E402
from game.ui.input import key_event  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from tests.scenes.fake_pads import PadRig  # noqa: E402

OUT = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
DT = 1 / 60


class Frames:
    """Runs the app's frames and presents them, as the tests' driver does."""

    def __init__(self, app: App) -> None:
        self.app = app

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.frame(DT, pygame.event.get())
            self.app.window.present()


def save(app: App, name: str) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(OUT / f"{name}.png"))
    print("saved", OUT / f"{name}.png")


def main() -> int:
    start_pygame()
    app = App(open_window(), Settings(pacing="fast"))
    run = Frames(app)
    rig = PadRig(run)
    app.push(TitleScene(app))
    run.frames(20)
    pygame.event.post(key_event(pygame.K_RETURN))
    run.frames(10)
    A, B = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B
    pads = [
        rig.plug("Xbox Wireless Controller"),
        rig.plug("DualSense Wireless Controller"),
        rig.plug("8BitDo Pro 2"),
        rig.plug("Nintendo Switch Pro Controller"),
    ]
    for pad in pads:
        rig.press(pad, A, frames=3)
    rig.press(pads[3], B, frames=3)  # the fourth gives its seat back
    rig.unplug(pads[2])  # the third loses its controller: the seat waits
    run.frames(300)  # the unplug notice gives way to the lasting line
    save(app, "setup_controllers")

    # Cy's controller comes back; Dee turns Bot; seat 1's controller starts the match.
    rig.replug(pads[2])
    down = pygame.CONTROLLER_BUTTON_DPAD_DOWN
    setup = app.top
    while not (setup.rows[setup.focus].kind == "seat" and setup.rows[setup.focus].index == 3):
        rig.press(pads[0], down)
    rig.press(pads[0], pygame.CONTROLLER_BUTTON_DPAD_RIGHT, frames=2)
    while setup.rows[setup.focus].kind != "start":
        rig.press(pads[0], down)
    rig.press(pads[0], A, frames=2)
    for _ in range(3000):
        if type(app.top).__name__ == "CurtainScene":
            break
        run.frames()
    run.frames(30)
    save(app, "curtain_controller")
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
