"""Controllers come and go: a hot-plugged pad is opened, an unplugged one is
closed with a line on screen, and the game in progress loses nothing."""

from __future__ import annotations

import pygame

from game.ui.input import PADMAP, Gamepads, command_for
from tests.scenes.test_menus import open_setup


class FakePad:
    def __init__(self, index: int) -> None:
        self.name = f"Pad {index}"
        self.closed = False
        self._index = index

    def as_joystick(self):
        index = self._index

        class Joy:
            def get_instance_id(self):
                return 100 + index

        return Joy()

    def quit(self) -> None:
        self.closed = True


class FakeControllerModule:
    Controller = FakePad


def _added(index: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=index)


def _removed(instance: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=instance)


def test_plugging_in_and_out_is_reported():
    pads = Gamepads()
    pads._module = FakeControllerModule
    assert pads.notice(_added(0)) == "Controller connected: Pad 0"
    pad = pads.pads[100]
    line = pads.notice(_removed(100))
    assert line.startswith("Controller unplugged") and pad.closed and not pads.pads
    assert pads.notice(_removed(100)) is None  # a second removal is nothing


def test_a_pad_that_cannot_be_opened_is_ignored(app):
    pads = Gamepads()  # the real module: index 7 is no controller on the dummy driver
    assert pads.notice(_added(7)) is None


def test_unplugging_mid_game_keeps_the_table(driver):
    setup = open_setup(driver)
    driver.key(pygame.K_UP)  # Up from the first row wraps to Start
    assert setup.rows[setup.focus].kind == "start"
    driver.key(pygame.K_RETURN, frames=3)
    assert driver.until(lambda: driver.top_name in ("PlayScene", "CurtainScene"), limit=3000)
    scene = driver.top
    state = scene.session.state
    pads = Gamepads()
    pads._module = FakeControllerModule
    driver.app.gamepads = pads
    pygame.event.post(_added(1))
    driver.frames(2)
    assert driver.app.notice == "Controller connected: Pad 1"
    pygame.event.post(_removed(101))
    driver.frames(2)
    assert driver.app.notice.startswith("Controller unplugged")
    assert driver.top is scene and scene.session.state is state and not state.over


def test_pad_buttons_are_commands():
    for button, name in PADMAP.items():
        event = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=1)
        assert command_for(event).name == name
