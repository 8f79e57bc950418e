"""The long rule texts (the Rules screen, the pause's rules in force) scroll
down to their last line and no further: scrolled to the end, the panel is
full, never one line at its top over an empty panel."""

from __future__ import annotations

import pygame

from game.match import SeatConfig
from tests.scenes.players import start_match


def _inked_rows(surface: pygame.Surface, area: pygame.Rect) -> int:
    """How many pixel rows of `area` hold text (near-white pixels)."""
    rows = 0
    for y in range(area.top, area.bottom, 4):
        if any(min(surface.get_at((x, y))[:3]) > 215 for x in range(area.left, area.right, 2)):
            rows += 1
    return rows


def test_the_rules_screen_stops_at_its_last_line(driver):
    driver.app.push("rules")
    driver.frames()
    scene = driver.top
    for _ in range(len(scene.lines) + 10):
        driver.key(pygame.K_DOWN)
    lowest = scene.scroll
    driver.key(pygame.K_UP)
    assert scene.scroll == lowest - 1  # one press up moves at once
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-50, flipped=False))
    driver.frames()
    assert scene.scroll == lowest
    # The panel's lower half still holds text.
    assert _inked_rows(driver.app.screen, pygame.Rect(80, 400, 1100, 250)) > 10


def test_the_pause_rules_stop_at_their_last_line(driver):
    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy")]
    screen = start_match(driver.app, seats, seed=3)
    driver.app.push("pause", screen=screen)
    driver.frames()
    pause = driver.top
    for _ in range(len(pause.lines) + 10):
        driver.key(pygame.K_RIGHT)
    lowest = pause.scroll
    assert 0 < lowest < len(pause.lines)
    driver.key(pygame.K_LEFT)
    assert pause.scroll < lowest  # scrolling back answers at once
    driver.key(pygame.K_RIGHT)
    assert pause.scroll == lowest
    assert _inked_rows(driver.app.screen, pygame.Rect(470, 400, 740, 220)) > 10


def test_a_long_favourite_on_the_players_screen_wraps_rather_than_shrinks(app):
    from game.scenes.players import FAVOURITE_ROOM, ROW, favourite_image
    from game.ui import text

    long_label = "Classic UNO + Jump-in + Stacking + Seven-O"
    img = favourite_image(long_label)
    assert img.get_width() <= FAVOURITE_ROOM and img.get_height() <= ROW
    # Two lines of readable type, not one line shrunk to 12 px.
    shrunk = text.fit(long_label, 22, FAVOURITE_ROOM)
    assert img.get_height() > 1.5 * shrunk.get_height()
    short = favourite_image("UNO 112")  # a short one stays one line, full size
    assert short.get_height() == text.render("UNO 112", 22).get_height()
