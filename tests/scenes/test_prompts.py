"""The key prompts name the keys of the device in hand: a controller's press
turns a screen's line and its buttons' chips to the pad's words, a key press
turns them back, and the mouse resting (or jittering) changes nothing. On the
screens of long text a controller's LB and RB turn the pages."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Pass
from game.play.match import SeatConfig
from game.scenes.choose import ColorWheelScene
from game.scenes.history import HistoryScene
from game.scenes.pause import PauseScene
from game.scenes.players import PlayersScene
from game.scenes.rules_text import RulesScene
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.ui import text
from game.ui.input import pad_event
from game.ui.rules_words import PAGE_LINES
from tests.scenes.players import Couch, open_setup, start_match
from tests.support.spies import recorded

DPAD_DOWN = pygame.CONTROLLER_BUTTON_DPAD_DOWN
LB = pygame.CONTROLLER_BUTTON_LEFTSHOULDER
RB = pygame.CONTROLLER_BUTTON_RIGHTSHOULDER


@pytest.fixture
def drawn(monkeypatch):
    """Every line of text drawn since the last `drawn.clear()`."""
    return recorded(monkeypatch, text, "render")


def pad(driver, button: int, frames: int = 1) -> None:
    pygame.event.post(pad_event(1, button))
    driver.frames(frames)


def jiggle(driver) -> None:
    for x in range(3):
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(700 + x, 5), rel=(1, 0), buttons=(0, 0, 0))
        )
    driver.frames()


def shows(driver, drawn, line: str) -> bool:
    drawn.clear()
    driver.frames()
    return line in drawn


def test_the_title_line_follows_the_device(driver, drawn):
    keyboard = "Up/Down choose, Enter select, F11 fullscreen, M mute"
    controller = "D-pad choose, A select, B quit"
    driver.app.push(TitleScene(driver.app))
    assert shows(driver, drawn, keyboard) and controller not in drawn
    pad(driver, DPAD_DOWN)
    assert shows(driver, drawn, controller) and keyboard not in drawn
    jiggle(driver)
    assert shows(driver, drawn, controller)  # the mouse moving is not a press
    driver.key(pygame.K_UP)
    assert shows(driver, drawn, keyboard) and controller not in drawn
    pad(driver, DPAD_DOWN)
    driver.click((5, 5))  # a click on nothing: the mouse is in hand
    assert shows(driver, drawn, keyboard)


@pytest.mark.parametrize(
    ("scene", "keyboard", "controller"),
    [
        (
            SettingsScene,
            "Up/Down choose, Left/Right change, Esc back",
            "D-pad up/down choose, left/right change, B back",
        ),
        (
            RulesScene,
            "Up/Down scroll, PgUp/PgDn a page, Esc back",
            "D-pad scroll, LB/RB a page, B back",
        ),
        (
            PlayersScene,
            "Up/Down scroll, PgUp/PgDn a page, Esc back",
            "D-pad scroll, LB/RB a page, B back",
        ),
    ],
)
def test_menu_lines_follow_the_device(driver, drawn, scene, keyboard, controller):
    driver.app.push(scene(driver.app))
    assert shows(driver, drawn, keyboard)
    pad(driver, DPAD_DOWN)
    assert shows(driver, drawn, controller) and keyboard not in drawn
    driver.key(pygame.K_UP)
    assert shows(driver, drawn, keyboard)


def test_the_setup_chips_and_line_follow_the_device(driver, drawn):
    setup = open_setup(driver)
    assert (setup.start_button.hint, setup.back_button.hint) == ("Enter", "Esc")
    drawn.clear()
    pad(driver, DPAD_DOWN)
    # A controller's B frees its seat here: Start is the way back.
    assert (setup.start_button.hint, setup.back_button.hint) == ("A", "Start")
    assert {"A", "Start"} <= set(drawn) and "Enter" not in drawn  # the chips as drawn
    assert (
        "D-pad up/down move, left/right change, LB/RB seats / rules, A toggle / edit name / start"
        in drawn
    )
    jiggle(driver)
    assert setup.back_button.hint == "Start"
    driver.key(pygame.K_DOWN)
    assert (setup.start_button.hint, setup.back_button.hint) == ("Enter", "Esc")


def test_the_table_chips_name_the_pad_buttons(driver):
    seats = [SeatConfig("Ana"), SeatConfig("Bo", "bot"), SeatConfig("Cy", "bot")]
    start_match(driver.app, seats, seed=4)

    assert driver.until(lambda: type(driver.top).__name__ == "PlayScene")
    play = driver.top
    board = play.controls.board
    chips = (board.uno_button, board.catch_button, board.history_button, play.controls.hint.button)
    assert [b.hint for b in chips] == ["U", "C", "H", "T"]
    board.show_turn("more", {Pass}, 0, True)
    assert board.main_button.hint == "Space"
    pad(driver, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    assert [b.hint for b in chips] == ["Y", "LB", "View", "R3"]
    board.show_turn("more", {Pass}, 0, True)
    assert board.main_button.label == "Done" and board.main_button.hint == "B"


def test_lb_and_rb_page_the_rules(driver, drawn):
    driver.app.push(RulesScene(driver.app))
    driver.frames()
    rules = driver.top
    driver.key(pygame.K_c)  # the keyboard's C catches nobody and turns no page
    driver.key(pygame.K_x)
    assert rules.scroll == 0
    pad(driver, RB)
    assert rules.scroll == PAGE_LINES
    pad(driver, RB)
    assert rules.scroll == 2 * PAGE_LINES
    pad(driver, LB)
    assert rules.scroll == PAGE_LINES
    assert driver.top is rules  # paging left the screen where it was


def test_lb_and_rb_page_the_pause_rules(driver, drawn):
    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy")]
    screen = start_match(driver.app, seats, seed=3)
    driver.app.push(PauseScene(driver.app, screen=screen))
    driver.frames()
    pause = driver.top
    line = "D-pad up/down choose, A select, B resume, LB/RB page through the rules"
    assert not shows(driver, drawn, line)  # the keyboard's pause is as it was
    assert pause.buttons[0].hint == "Esc"
    pad(driver, RB)
    assert pause.scroll > 0 and driver.top is pause
    assert shows(driver, drawn, line)
    assert pause.buttons[0].hint == "B"
    pad(driver, LB)
    assert pause.scroll == 0


def test_the_table_overlays_speak_of_the_pad(driver, drawn):
    seats = [SeatConfig("Ana"), SeatConfig("Bo", "bot"), SeatConfig("Cy", "bot")]
    screen = start_match(driver.app, seats, seed=4)
    assert driver.until(lambda: type(driver.top).__name__ == "PlayScene")
    table = driver.top.table
    colors = ["red", "yellow", "green", "blue"]
    wheel = driver.app.push(
        ColorWheelScene(
            driver.app, table=table, colors=colors, on_pick=lambda c: None, cancellable=True
        )
    )
    keyboard = "Arrows or 1-4 choose, Enter or click to name it, Esc to pick another card"
    assert wheel.hint() == keyboard
    pad(driver, DPAD_DOWN)
    # B names the colour on a controller, as A does: Start steps back.
    assert wheel.hint() == "D-pad choose, A names it, Start to pick another card"
    driver.app.pop()
    driver.app.push(HistoryScene(driver.app, screen=screen))
    assert shows(driver, drawn, "A, B or View closes it")
    driver.key(pygame.K_LEFT)  # no command of the history's: it stays, in keyboard words
    assert shows(driver, drawn, "H, Esc or a click closes it")


def test_the_rules_name_the_controller_buttons_as_the_chips_do():
    """How to play tells a controller's buttons by the names its chips and prompt
    lines print (prompts.PAD_NAMES): it called the history's button "Back"
    while every chip and the history itself said "View"."""
    from game.ui.input import BACK, CATCH, CHALLENGE, CONFIRM, DRAW, HISTORY, PASS, UNO
    from game.ui.prompts import pad_button
    from game.ui.rules_words import CONTROLS

    (line,) = [line for line in CONTROLS if line.startswith("A game controller")]
    told = {
        CONFIRM: "plays",
        DRAW: "draws",
        UNO: "calls UNO",
        CATCH: "catches",
        CHALLENGE: "challenges",
        PASS: "passes",
        HISTORY: "shows the history",
        BACK: "pauses",
    }
    for command, does in told.items():
        assert f"{pad_button(command)} {does}" in line, (command, line)


def test_another_seats_controller_leaves_the_prompts_of_the_person_at_the_screen(driver):
    """Ana plays on the keyboard, Bo on his controller: Bo's presses during Ana's
    turn (a catch tried, a press refused) turned Ana's prompts into the pad's
    words (found by QA). A controller with no seat, or the person's own, still does."""
    from tests.scenes.fake_pads import PadRig

    rig = PadRig(driver)
    bo_pad = rig.plug("Bo's pad", guid="guid-bo")
    rig.gamepads.claim(bo_pad.instance, 1)
    spare = rig.plug("A spare pad", guid="guid-spare")
    seats = [SeatConfig("Ana"), SeatConfig("Bo"), SeatConfig("Cy", "bot")]
    screen = start_match(driver.app, seats, seed=3)
    prompts = driver.app.prompts
    couch = Couch(driver)

    def anas_turn() -> bool:
        pending = screen.session.state.pending
        return (
            driver.top_name == "PlayScene"
            and screen.table.viewer == 0
            and pending is not None
            and pending.seat == 0
        )

    assert driver.until(anas_turn, each=couch.step)
    driver.key(pygame.K_LEFT)  # Ana, on the keyboard
    rig.press(bo_pad, pygame.CONTROLLER_BUTTON_Y)
    assert not prompts.on_pad
    rig.press(spare, pygame.CONTROLLER_BUTTON_Y)
    assert prompts.on_pad
