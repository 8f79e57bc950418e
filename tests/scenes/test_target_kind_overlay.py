"""The TV asks a card's own pick-a-player kind in the kind's own words, with
its hint, from the declaration alone (tests/support/target_kind.py)."""

from __future__ import annotations

import pygame

from game.play.match import SeatConfig
from tests.scenes.players import Couch, start_match
from tests.support.target_kind import QUESTION, TARGET_RULES

SEATS = [SeatConfig("Ana"), SeatConfig("Bo", "bot"), SeatConfig("Cy", "bot")]


def test_the_player_overlay_asks_the_kinds_question_and_hints_at_the_leader(driver, target_kind):
    screen = start_match(driver.app, SEATS, seed=4, rules=list(TARGET_RULES))
    state = lambda: screen.session.state  # noqa: E731
    couch = Couch(driver)
    for _ in range(6000):
        pending = state().pending
        if (
            driver.top_name == "ChoosePlayerScene"
            and pending is not None
            and pending.kind == "target"
        ):
            break
        couch.play_on()
    else:
        raise AssertionError("Ana never picked who draws two")
    overlay = driver.top
    assert overlay.title == QUESTION
    driver.frames()
    # The hint on it aims at the seat closest to going out.
    driver.key(pygame.K_t)
    for _ in range(200):
        if overlay.advice.shown is not None:
            break
        driver.frames()
    sizes = [len(hand) for hand in state().hands]
    picked = overlay.advice.advised()
    assert sizes[picked] == min(sizes[s] for s in overlay.options)
    driver.key(pygame.K_RETURN)
    assert driver.top is not overlay
