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
