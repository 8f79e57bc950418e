"""Esc on a question a player must answer (UNO Duo's draft, a colour to name,
a player to pick) opens the match's pause over it, as on the table: it did
nothing, so nobody could reach Settings or leave until it was answered."""

from __future__ import annotations

import pygame

from game.match import SeatConfig
from tests.scenes.players import start_match

DUO = [SeatConfig("Ana"), SeatConfig("Bo")]


def test_esc_on_the_draft_opens_the_pause_and_esc_again_goes_back_to_it(driver):
    start_match(driver.app, DUO, seed=3, rules=["duo"])
    assert driver.until(lambda: driver.top_name in ("CurtainScene", "ChoiceScene"), limit=3000)
    if driver.top_name == "CurtainScene":
        driver.key(pygame.K_RETURN, frames=5)
    assert driver.until(lambda: driver.top_name == "ChoiceScene", limit=3000)
    question = driver.top
    driver.key(pygame.K_ESCAPE, frames=2)
    assert driver.top_name == "PauseScene"
    driver.key(pygame.K_ESCAPE, frames=2)
    assert driver.top is question  # the draft waits where it was


def _frame(app) -> pygame.Surface:
    surface = pygame.Surface((1280, 720))
    app.draw(surface)
    return surface


def _without_below(app, pause) -> pygame.Surface:
    """The pause drawn over nothing at all: what it shows of its own."""
    surface = pygame.Surface((1280, 720))
    surface.fill((255, 0, 255))
    pause.draw(surface)
    return surface


def test_the_pause_over_an_overlay_lays_no_text_over_its_words(driver):
    """Seen: Esc on a curtain drew "Paused" over the dimmed "Pass to Ana" and a
    piece of "...ur hand" between the buttons. Over any overlay (a curtain, a
    colour to name, the history) nothing of it shows through the pause."""
    screen = start_match(driver.app, [SeatConfig("Ana"), SeatConfig("Bo")], seed=3)
    assert driver.until(lambda: driver.top_name == "CurtainScene", limit=3000)
    overlays = [driver.top]
    driver.app.push("history", screen=screen)
    overlays.append(driver.top)
    driver.app.push(
        "color_wheel", table=screen.table, colors=["red", "blue"], on_pick=lambda c: None
    )
    overlays.append(driver.top)
    for overlay in reversed(overlays):
        while driver.top is not overlay:
            driver.app.pop()
        driver.app.push("pause", screen=screen)
        pause = driver.top
        frame = _frame(driver.app)
        alone = _without_below(driver.app, pause)
        assert pygame.image.tobytes(frame, "RGB") == pygame.image.tobytes(alone, "RGB"), (
            f"{type(overlay).__name__} shows through the pause"
        )
        driver.app.pop()
