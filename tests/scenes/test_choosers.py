"""The colour wheel: arrows move to the neighbouring colour as drawn, digits pick
in drawn order, for any number of colours a rule set defines."""

from __future__ import annotations

import math

import pygame
import pytest

from game.play.match import SeatConfig
from game.scenes.choose import ChoosePlayerScene, ColorWheelScene
from game.scenes.reveal import RevealScene
from tests.scenes.players import start_match
from tests.support.spies import recorded

KEYS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


def open_wheel(driver, colors):
    seats = [SeatConfig("Ana"), SeatConfig("Bo", "bot")]
    screen = start_match(driver.app, seats, seed=1)
    picked: list[str] = []
    driver.app.push(
        ColorWheelScene(driver.app, table=screen.table, colors=colors, on_pick=picked.append)
    )
    driver.frames()
    return driver.top, picked


def drawn_color(driver, pos) -> tuple[int, int, int]:
    return tuple(driver.app.screen.get_at(pos))[:3]


def test_right_from_red_goes_to_the_color_drawn_right_of_it(driver):
    """Seen: → → from Red landed back on Red."""
    wheel, _ = open_wheel(driver, ["red", "yellow", "green", "blue"])
    wheel.focus = "red"
    red = wheel.middle("red")
    driver.key(pygame.K_RIGHT)
    assert wheel.focus != "red" and wheel.middle(wheel.focus)[0] > red[0]
    driver.key(pygame.K_RIGHT)
    assert wheel.focus != "red"


@pytest.mark.parametrize(
    "colors",
    [
        ["red", "yellow", "green", "blue"],
        ["red", "green", "blue"],
        ["red", "orange", "yellow", "green", "blue"],
        ["red", "orange", "yellow", "green", "blue", "purple"],
        ["black", "white"],
    ],
)
def test_arrows_move_to_the_neighbour_as_drawn(driver, colors):
    wheel, picked = open_wheel(driver, colors)
    # Each slice is drawn where the scene says it is.
    cx, cy = wheel.center
    for color in wheel.colors:
        x, y = wheel.middle(color)
        outer = (round(cx + (x - cx) * 1.45), round(cy + (y - cy) * 1.45))  # clear of the ring
        seen, want = drawn_color(driver, outer), wheel.table.book.color_rgb(color)
        assert sum(abs(a - b) for a, b in zip(seen, want, strict=True)) < 24, (color, seen)
    reached = {wheel.focus}
    for start in wheel.colors:
        for key, (dx, dy) in KEYS.items():
            wheel.focus = start
            before = wheel.middle(start)
            driver.key(key)
            after = wheel.middle(wheel.focus)
            reached.add(wheel.focus)
            if wheel.focus == start:
                continue
            vx, vy = after[0] - before[0], after[1] - before[1]
            off = abs(math.degrees(math.atan2(vy, vx) - math.atan2(dy, dx)) % 360)
            assert min(off, 360 - off) < 70, (start, key, wheel.focus)
    assert reached == set(colors), "some colour cannot be reached with the arrows"
    # 1-N focus the slices in drawn order; Enter names the focused one.
    for digit, color in enumerate(wheel.colors, start=1):
        driver.key(pygame.K_0 + digit)
        assert wheel.focus == color
    driver.key(pygame.K_RETURN)
    assert picked == [wheel.colors[-1]]


def test_a_click_names_the_slice_under_the_pointer(driver):
    wheel, picked = open_wheel(driver, ["red", "orange", "yellow", "green", "blue"])
    x, y = wheel.middle("green")
    driver.click((x, y))
    assert picked == ["green"]


def test_the_wheels_number_keys_show_only_while_the_keyboard_is_in_hand(driver, monkeypatch):
    """A controller has no digits: its wheel showed 1-4 it could not press."""
    from game.ui import text

    wheel, _ = open_wheel(driver, ["red", "yellow", "green", "blue"])
    shown = recorded(monkeypatch, text, "shadowed")
    wheel.draw(driver.app.screen)
    assert {"1", "2", "3", "4"} <= set(shown)
    shown.clear()
    driver.app.prompts.device = "pad"
    wheel.draw(driver.app.screen)
    assert not {"1", "2", "3", "4"} & set(shown)


def test_pick_a_player_sits_on_a_panel_over_the_tables_middle(driver):
    """Its title ran into the line of what was just played, its prompt into the piles."""
    seats = [SeatConfig("Ana"), SeatConfig("Bo", "bot"), SeatConfig("Cy", "bot")]
    screen = start_match(driver.app, seats, seed=1)
    driver.app.push(
        ChoosePlayerScene(driver.app, table=screen.table, options=[1, 2], on_pick=lambda s: None)
    )
    driver.frames(2)
    scene = driver.top
    surface = driver.app.screen
    scene.draw(surface)
    # Between the title and the buttons, where the table's caption was drawn:
    # the panel's dark fill, not the felt.
    between = (scene.buttons[0].rect.left - 10, scene.buttons[0].rect.top - 8)
    r, g, b = tuple(surface.get_at(between))[:3]
    assert b > g and b > r, (r, g, b)  # the panel is blue-black; the felt is green


@pytest.mark.parametrize("key", [pygame.K_t, pygame.K_h, pygame.K_LEFT, pygame.K_SPACE])
def test_the_private_look_closes_on_any_key_as_it_says(driver, key):
    seats = [SeatConfig("Ana"), SeatConfig("Bo", "bot")]
    screen = start_match(driver.app, seats, seed=1)
    driver.frames(2)
    cards = list(screen.table.hand_names(1))
    driver.app.push(
        RevealScene(
            driver.app,
            title="Bo's hand",
            cards=cards,
            privacy=screen.privacy,
            owner=1,
            to=0,
            book=screen.book,
        )
    )
    driver.frames()
    assert driver.top_name == "RevealScene"
    driver.key(key)
    assert driver.top_name != "RevealScene"
