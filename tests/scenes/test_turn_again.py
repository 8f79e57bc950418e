"""A turn that comes straight back to the person at the screen (their Skip
against the only other human, a bot's Reverse) has no curtain: it is said, and
for a moment no key, click or controller button plays a card."""

from __future__ import annotations

import pygame
import pytest

from game.play.match import SeatConfig
from tests.scenes.fake_pads import PadRig
from tests.scenes.players import Couch, PadCouch, start_match

TWO = [SeatConfig("Ana"), SeatConfig("Bo")]
# A bot between the two: its Reverse sends the turn straight back.
BOT_BETWEEN = [SeatConfig("Ana"), SeatConfig("Cy", "bot"), SeatConfig("Bo")]


def until_a_turn_comes_straight_back(driver, couch, screen) -> int:
    """Play until a human's turn comes straight back to them, no curtain between
    (their Skip, a Reverse at two), and the table has shown it: the seat."""
    session = screen.session
    seen = {"curtain": False, "turns": 0}

    def back() -> bool:
        if driver.top_name == "CurtainScene":
            seen["curtain"] = True
        humans = session.humans
        turns = [e["p"] for e in session.log if e["t"] == "turn" and e["p"] in humans]
        if len(turns) != seen["turns"]:
            seen["turns"] = len(turns)
            seen["curtain"] = False
            seen["again"] = len(turns) >= 2 and turns[-1] == turns[-2]
        top = driver.top
        return (
            bool(seen.get("again"))
            and not seen["curtain"]
            and driver.top_name == "PlayScene"
            and top.controls.idle
            and screen.table.viewer == session.state.to_act
        )

    assert driver.until(back, limit=3000, each=couch.step), "no turn came straight back"
    return screen.table.viewer


def human_moves(session) -> int:
    humans = session.humans
    moves = ("play", "draw", "pass")
    return sum(1 for e in session.log if e["t"] in moves and e.get("p") in humans)


@pytest.mark.parametrize("seats", [TWO, BOT_BETWEEN], ids=["own-skip", "bot-reverse"])
def test_enter_on_a_turn_that_came_straight_back_plays_nothing_for_a_moment(driver, seats):
    screen = start_match(driver.app, seats, seed=3)
    session = screen.session
    seat = until_a_turn_comes_straight_back(driver, Couch(driver), screen)
    scene = driver.top
    moves = human_moves(session)
    for key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_d, pygame.K_RETURN):
        driver.key(key)  # "lifting the curtain" that is not there
    assert human_moves(session) == moves, "a key pressed to lift a curtain played"
    toast = screen.table.callouts.toast_text
    assert toast == f"Your turn again, {session.state.names[seat]}"
    driver.frames(40)  # the moment passes: the turn is theirs to play
    assert scene.controls.actor() == seat
    couch = Couch(driver)
    assert driver.until(lambda: human_moves(session) > moves, limit=60, each=couch.step)


def test_a_controllers_a_on_a_turn_that_came_straight_back_plays_nothing_for_a_moment(driver):
    rig = PadRig(driver)
    pads = {seat: rig.plug(f"Pad {seat}", guid=f"guid-{seat}") for seat in (0, 1)}
    for seat, pad in pads.items():
        rig.gamepads.claim(pad.instance, seat)
    screen = start_match(driver.app, TWO, seed=3)
    session = screen.session
    couch = PadCouch(driver, rig, pads)
    seat = until_a_turn_comes_straight_back(driver, couch, screen)
    moves = human_moves(session)
    for _ in range(3):
        rig.press(pads[seat], pygame.CONTROLLER_BUTTON_A)
        driver.frames(2)
    assert human_moves(session) == moves, "a controller's A pressed to lift a curtain played"
    driver.frames(40)
    assert driver.top.controls.actor() == seat
