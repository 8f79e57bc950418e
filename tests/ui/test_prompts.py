"""A command's key per device comes from the maps (KEYMAP, PADMAP), and the
device is the one of the last press: motion never changes it."""

from __future__ import annotations

import pygame

from game.ui import input as keys
from game.ui.input import (
    BACK,
    CATCH,
    CHALLENGE,
    CONFIRM,
    DIGIT,
    DRAW,
    HINT,
    HISTORY,
    LEFT,
    PAGE,
    PASS,
    UNO,
    Command,
    click_event,
    key_event,
    pad_event,
)
from game.ui.prompts import GO_ON, MENU_BACK, PAD, Prompts, paged


def _motion() -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 4), rel=(1, 0), buttons=(0, 0, 0))


def _stick() -> pygame.event.Event:
    return pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=1, axis=0, value=9000)


def test_the_last_press_decides_and_motion_does_not():
    prompts = Prompts()
    assert not prompts.on_pad  # keyboard words until a controller is pressed
    prompts.notice(pad_event(1, pygame.CONTROLLER_BUTTON_DPAD_DOWN))
    assert prompts.device == PAD
    for event in (_motion(), _stick(), pygame.event.Event(pygame.KEYUP, key=pygame.K_a)):
        prompts.notice(event)
        assert prompts.on_pad, event
    prompts.notice(key_event(pygame.K_q))  # any key, even one that is no command
    assert not prompts.on_pad
    prompts.notice(pad_event(1, pygame.CONTROLLER_BUTTON_A))
    prompts.notice(click_event((10, 10)))
    assert not prompts.on_pad


def test_chips_name_each_devices_key():
    prompts = Prompts()
    keyboard = {c: prompts.key(c) for c in (UNO, CATCH, DRAW, PASS, CHALLENGE, HISTORY, HINT)}
    assert keyboard == {
        UNO: "U",
        CATCH: "C",
        DRAW: "D",
        PASS: "Space",
        CHALLENGE: "X",
        HISTORY: "H",
        HINT: "T",
    }
    assert (prompts.key(CONFIRM), prompts.key(BACK), prompts.key(MENU_BACK)) == (
        "Enter",
        "Esc",
        "Esc",
    )
    assert (prompts.key(GO_ON), prompts.key(DIGIT, 3)) == ("Space", "3")
    prompts.notice(pad_event(1, pygame.CONTROLLER_BUTTON_A))
    pad = {c: prompts.key(c) for c in (UNO, CATCH, DRAW, PASS, CHALLENGE, HISTORY, HINT)}
    assert pad == {
        UNO: "Y",
        CATCH: "LB",
        DRAW: "X",
        PASS: "B",
        CHALLENGE: "RB",
        HISTORY: "View",
        HINT: "R3",
    }
    # In a menu a controller's B goes back; Start is the pause's (and the setup's) back.
    assert (prompts.key(MENU_BACK), prompts.key(BACK), prompts.key(GO_ON)) == ("B", "Start", "A")
    assert prompts.key(DIGIT, 3) == ""  # a controller has no number keys


def test_a_changed_mapping_changes_the_chip(monkeypatch):
    prompts = Prompts()
    monkeypatch.setitem(keys.KEYMAP, pygame.K_d, LEFT)
    monkeypatch.setitem(keys.KEYMAP, pygame.K_g, DRAW)
    monkeypatch.setitem(keys.PADMAP, pygame.CONTROLLER_BUTTON_X, LEFT)
    monkeypatch.setitem(keys.PADMAP, pygame.CONTROLLER_BUTTON_LEFTSTICK, DRAW)
    assert prompts.key(DRAW) == "G"
    prompts.notice(pad_event(1, pygame.CONTROLLER_BUTTON_A))
    assert prompts.key(DRAW) == "L3"


def test_lb_and_rb_page_only_on_a_controller():
    up = paged(Command(CATCH, pad=1))
    down = paged(Command(CHALLENGE, pad=1))
    assert (up.name, up.digit, down.name, down.digit) == (PAGE, 1, PAGE, -1)
    assert paged(Command(CATCH)).name == CATCH  # the keyboard's C is not a page
    assert paged(Command(UNO, pad=1)).name == UNO
