"""The keyboard, mouse and controller map, and input that means nothing."""

from __future__ import annotations

import random

import pygame
import pytest

from game.play.match import SeatConfig
from game.ui import input as inp
from game.ui.input import click_event, command_for, key_event
from tests.depth import work
from tests.scenes.players import Couch, start_match


@pytest.mark.parametrize(
    ("key", "name"),
    [
        (pygame.K_LEFT, inp.LEFT),
        (pygame.K_RIGHT, inp.RIGHT),
        (pygame.K_UP, inp.UP),
        (pygame.K_DOWN, inp.DOWN),
        (pygame.K_RETURN, inp.CONFIRM),
        (pygame.K_KP_ENTER, inp.CONFIRM),
        (pygame.K_d, inp.DRAW),
        (pygame.K_u, inp.UNO),
        (pygame.K_c, inp.CATCH),
        (pygame.K_SPACE, inp.PASS),
        (pygame.K_ESCAPE, inp.BACK),
        (pygame.K_F11, inp.FULLSCREEN),
        (pygame.K_x, inp.CHALLENGE),
        (pygame.K_m, inp.MUTE),
    ],
)
def test_keys_map_to_commands(key, name):
    assert command_for(key_event(key)).name == name


def test_digits_carry_their_number():
    cmd = command_for(key_event(pygame.K_3))
    assert cmd.name == inp.DIGIT and cmd.digit == 3


def test_mouse_buttons():
    left = command_for(click_event((100, 200)))
    assert left.name == inp.CLICK and left.pos == (100, 200)
    assert command_for(click_event((1, 2), button=3)).name == inp.RIGHT_CLICK
    assert command_for(click_event((1, 2), button=2)) is None
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 6), rel=(0, 0), buttons=(0, 0, 0))
    assert command_for(motion).name == inp.MOVE


def test_controller_buttons():
    event = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_A)
    assert command_for(event).name == inp.CONFIRM
    event = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_Y)
    assert command_for(event).name == inp.UNO


def test_stray_input_means_nothing():
    assert command_for(key_event(pygame.K_F7)) is None
    assert command_for(key_event(pygame.K_q)) is None
    assert command_for(pygame.event.Event(pygame.KEYDOWN)) is None  # no key field at all
    assert command_for(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1)) is None
    assert command_for(pygame.event.Event(pygame.USEREVENT, x=1)) is None


STRAY_KEYS = [
    pygame.K_q,
    pygame.K_F1,
    pygame.K_F7,
    pygame.K_TAB,
    pygame.K_LSHIFT,
    pygame.K_DELETE,
    pygame.K_HOME,
    pygame.K_PAGEDOWN,
    pygame.K_z,
    pygame.K_9,
    pygame.K_KP_5,
    pygame.K_LALT,
    pygame.K_BACKSPACE,
    pygame.K_CAPSLOCK,
    pygame.K_PRINTSCREEN,
]


def stray_events(rng: random.Random, n: int) -> list[pygame.event.Event]:
    events = []
    for _ in range(n):
        roll = rng.random()
        if roll < 0.5:
            events.append(key_event(rng.choice(STRAY_KEYS), rng.choice(["", "q", "é", "İ"])))
        elif roll < 0.65:
            pos = (rng.randrange(-50, 1330), rng.randrange(-50, 770))
            events.append(click_event(pos, rng.choice([1, 2, 3, 4, 5])))
        elif roll < 0.75:
            events.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, 1, 5])))
        elif roll < 0.85:
            events.append(
                pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(["a", "ş", "ö", ""]))
            )
        elif roll < 0.9:
            events.append(pygame.event.Event(pygame.KEYUP, key=pygame.K_a, mod=0))
        else:
            events.append(pygame.event.Event(pygame.USEREVENT, code=rng.randrange(9)))
    return events


def test_stray_input_never_crashes_any_scene(driver):
    """Keys and clicks that mean nothing, sent to every scene on the way through a match."""
    rng = random.Random(5)
    seats = [
        SeatConfig("Ana"),
        SeatConfig("Bo", "bot"),
        SeatConfig("Selin"),
        SeatConfig("Cy", "bot"),
    ]
    start_match(driver.app, seats, seed=12, target=100)
    couch = Couch(driver)
    seen = set()
    for _ in range(work(1500, 500)):
        name = driver.top_name
        seen.add(name)
        for event in stray_events(rng, 3):
            pygame.event.post(event)
        driver.frames()
        if name == "RoundScoreScene":
            driver.key(pygame.K_SPACE)
            driver.key(pygame.K_SPACE)
        elif name == "MatchEndScene":
            break
        else:
            couch.step()
    assert {"PlayScene", "CurtainScene"} <= seen


def test_stray_input_on_menus(driver):
    from game.scenes.title import TitleScene

    rng = random.Random(9)
    driver.app.push(TitleScene(driver.app))
    driver.frames(2)
    for scene_key in (None, pygame.K_DOWN, pygame.K_DOWN):
        if scene_key:
            driver.key(scene_key)
        driver.key(pygame.K_RETURN, frames=2)  # open a menu entry
        for event in stray_events(rng, 60):
            if event.type == pygame.MOUSEBUTTONDOWN:
                continue  # a stray click could press Start or Quit: fine, but not here
            pygame.event.post(event)
            driver.frames()
        while driver.top_name != "TitleScene":
            if driver.top_name == "SetupScene" and driver.top.editing is not None:
                driver.key(pygame.K_RETURN)
            driver.key(pygame.K_ESCAPE)
    assert driver.app.running


def test_a_letter_that_moves_has_its_partner_moving_back():
    # A moved left while D draws: a player with WASD habits pressed D to move
    # right and drew a card. Letters move in pairs or not at all.
    directions = {inp.LEFT, inp.RIGHT, inp.UP, inp.DOWN}
    for one, other in ((pygame.K_w, pygame.K_s), (pygame.K_a, pygame.K_d)):
        moves = [inp.KEYMAP.get(key) in directions for key in (one, other)]
        assert moves[0] == moves[1], (pygame.key.name(one), pygame.key.name(other))
