"""The rule lab's shots of tools/screenshots.py (`--lab`), in the real window.

    xvfb-run -a -s "-screen 0 1280x720x24" python tools/screenshots.py --lab

The New game screen's "What does this do?" opened as a player opens it (the
keyboard, on the form): classic with house/stacking, while the bots play
(rule-lab-progress.png) and with its answer (rule-lab.png); UNO Flip with
house/seven-o (rule-lab-flip.png); and the same at large text, in Finnish
(rule-lab-large-fi.png), whose words run longest.
"""

from __future__ import annotations

import time
from types import ModuleType

import pygame


def open_lab(shots: ModuleType, app, base: str, house: str):
    """From the title: New game, `base` chosen, `house` on, then the lab."""
    shots.frames(app, 10)
    shots.press(app, pygame.K_RETURN, 10)
    setup = app.top
    while setup.base != base:
        shots.press(app, pygame.K_RIGHT, 1)
    shots.frames(app, 60)  # the house rules' rows read against the base
    shots.focus_house(app, house)
    shots.press(app, pygame.K_SPACE, 2)
    lab = next(i for i, row in enumerate(setup.rows) if row.kind == "lab")
    while setup.focus != lab:
        shots.press(app, pygame.K_UP, 1)
    shots.press(app, pygame.K_RETURN, 2)
    assert type(app.top).__name__ == "RuleLabScene"
    return app.top


def answered(shots: ModuleType, app, lab) -> None:
    """Frames at the real pace until the answer shows (the workers need real time)."""
    started = time.monotonic()
    while not lab.answered:
        assert lab.error is None, lab.error
        assert time.monotonic() - started < 60, "the lab gave no answer in a minute"
        shots.frames(app)
        time.sleep(shots.DT)
    shots.frames(app, 5)


def lab_shots(shots: ModuleType) -> None:
    """`shots` is tools/screenshots.py, which opened the window."""
    app = shots.new_app()
    lab = open_lab(shots, app, "classic", "house/stacking")
    shots.frames(app, 20)
    time.sleep(0.8)  # a few chunks done: the bar has moved
    shots.frames(app, 2)
    shots.save(app, "rule-lab-progress")
    answered(shots, app, lab)
    shots.save(app, "rule-lab")
    print("title:", pygame.display.get_caption()[0])
    app = shots.new_app()
    answered(shots, app, open_lab(shots, app, "flip", "house/seven-o"))
    shots.save(app, "rule-lab-flip")
    app = shots.new_app(language="fi", text_size="large")
    answered(shots, app, open_lab(shots, app, "classic", "house/stacking"))
    shots.save(app, "rule-lab-large-fi")
