"""Controllers come and go: a hot-plugged pad is opened, an unplugged one is
closed with a line on screen, and the game in progress loses nothing."""

from __future__ import annotations

import pygame

from game.scenes.title import TitleScene
from game.ui.input import PADMAP, Gamepads, command_for
from tests.scenes.fake_pads import Device, FakeControllers
from tests.scenes.players import open_setup


def _added(index: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=index)


def _removed(instance: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=instance)


def _fake(count: int = 2) -> FakeControllers:
    module = FakeControllers()
    for i in range(count):
        module.devices[i] = Device(f"Pad {i}", f"guid-{i}")
    return module


def test_plugging_in_and_out_is_reported():
    pads = Gamepads(module=_fake())
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

    # The deal is shuffled anew each time, and may open on a colour to name
    # or a curtain: whatever is on top, the table is the play scene below.
    def table():
        return next((s for s in driver.app.stack if type(s).__name__ == "PlayScene"), None)

    reached = driver.until(lambda: table() is not None and driver.top_name != "DealScene")
    assert reached, f"no table: {driver.top_name} on top, notice {driver.app.notice!r}"
    play = table()
    session = play.session
    pads = Gamepads(module=_fake())
    driver.app.gamepads = pads
    pygame.event.post(_added(1))
    driver.frames(2)
    assert driver.app.notice == "Controller connected: Pad 1"
    pygame.event.post(_removed(100))
    driver.frames(2)
    assert driver.app.notice.startswith("Controller unplugged")
    # The same match goes on: nothing was reset, nothing ended.
    assert table() is play and play.session is session and not session.state.over


def test_pad_buttons_are_commands():
    for button, name in PADMAP.items():
        event = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=1)
        assert command_for(event).name == name


# Every key works on a game controller the way the controls table of docs/playing.md says.


def pad(driver, button: int, frames: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=1))
    driver.frames(frames)


def test_menus_on_a_pad(driver):
    driver.app.push(TitleScene(driver.app))
    driver.frames()
    title = driver.top
    pad(driver, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    pad(driver, pygame.CONTROLLER_BUTTON_DPAD_UP)
    assert title.focus.index == 0
    pad(driver, pygame.CONTROLLER_BUTTON_A, 2)  # New game
    assert driver.top_name == "SetupScene"
    pad(driver, pygame.CONTROLLER_BUTTON_B)  # back
    assert driver.top is title
    pad(driver, pygame.CONTROLLER_BUTTON_B)  # B on the title: quit? asks first
    assert driver.top_name == "ConfirmScene"
    pad(driver, pygame.CONTROLLER_BUTTON_B)  # no
    assert driver.top is title and driver.app.running
    pad(driver, pygame.CONTROLLER_BUTTON_START)  # Start is Esc: asks too
    assert driver.top_name == "ConfirmScene"
    pad(driver, pygame.CONTROLLER_BUTTON_A)
    assert not driver.app.running


def test_a_turn_on_a_pad(driver, monkeypatch):
    from game.engine import Draw, Pass
    from game.play.match import SeatConfig
    from game.scenes.play import PlayScene
    from game.ui import settings as settings_module
    from tests.scenes.players import Couch, start_match

    monkeypatch.setitem(settings_module.BOT_DELAY, "instant", 1.0)
    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy")]
    seen = set()
    # Seed 1 opens on a turn with a card to play, seed 30 on one to draw and
    # then pass (each seed tried is a match started); the rest are the fallback.
    for seed in [1, 30, *(s for s in range(2, 40) if s != 30)]:
        driver.app.stack.clear()
        screen = start_match(driver.app, seats, seed=seed)
        session = screen.session
        couch = Couch(driver)

        def my_turn():
            top = driver.top
            return isinstance(top, PlayScene) and top.controls.actor() is not None

        if not driver.until(my_turn, limit=3000, each=couch.play_on):
            continue
        scene = driver.top
        hand = screen.table.sprites(0)
        before = scene.controls.selected
        pad(driver, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
        assert scene.controls.selected == (before + 1) % len(hand)
        pad(driver, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
        assert scene.controls.selected == before
        pad(driver, pygame.CONTROLLER_BUTTON_BACK)  # the history
        assert driver.top_name == "HistoryScene"
        pad(driver, pygame.CONTROLLER_BUTTON_BACK)
        pad(driver, pygame.CONTROLLER_BUTTON_START)  # pause
        assert driver.top_name == "PauseScene"
        pad(driver, pygame.CONTROLLER_BUTTON_START)
        assert driver.top is scene
        lifted = [i for i, s in enumerate(hand) if s.name in scene.controls.lit.lift]
        n = len(session.log)
        if lifted and "play" not in seen:
            while scene.controls.selected != lifted[0]:
                pad(driver, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
            pad(driver, pygame.CONTROLLER_BUTTON_A)  # play it
            assert any(e["t"] == "play" and e["p"] == 0 for e in session.log[n:])
            seen.add("play")
        elif not lifted and Draw(0) in session.legal(0):
            pad(driver, pygame.CONTROLLER_BUTTON_X)  # draw
            assert any(e["t"] == "draw" and e["p"] == 0 for e in session.log[n:])
            seen.add("draw")
            if driver.until(my_turn, limit=50) and Pass(0) in session.legal(0):
                m = len(session.log)
                pad(driver, pygame.CONTROLLER_BUTTON_B)  # pass
                assert any(e["t"] == "pass" and e["p"] == 0 for e in session.log[m:])
                seen.add("pass")
        if {"play", "draw", "pass"} <= seen:
            return
    raise AssertionError(f"only saw {seen}")


def test_calls_and_catches_on_a_pad(driver, monkeypatch):
    from game.bots import timing
    from game.play.match import SeatConfig
    from game.scenes.play import PlayScene
    from tests.scenes.players import Couch, start_match

    monkeypatch.setitem(timing.PACE, "instant", 1000.0)  # bots leave it to the pad
    # Beginners say UNO a reaction after their card is down, so one may be caught
    # (a bot that never forgets says it with its play).
    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot", "beginner") for n in ("Bo", "Cy", "Dee")]
    screen = start_match(driver.app, seats, seed=7)
    session = screen.session
    couch = Couch(driver, call_uno=False)
    done = set()

    def step():
        top = driver.top
        if isinstance(top, PlayScene) and top.controls.idle:
            n = len(session.log)
            if top.controls.board.uno_button.visible and "uno" not in done:
                pad(driver, pygame.CONTROLLER_BUTTON_Y)
                assert any(e["t"] == "uno" and e["p"] == 0 for e in session.log[n:])
                done.add("uno")
                return
            if top.controls.board.catch_button.visible and "catch" not in done:
                pad(driver, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)
                assert any(e["t"] == "catch" and e["by"] == 0 for e in session.log[n:])
                done.add("catch")
                return
        couch.play_on()

    assert driver.until(lambda: {"uno", "catch"} <= done, limit=30000, each=step)
