"""A controller per player: seats claimed on the setup screen, each
controller acting for its own seat only, unplugged and plugged back in mid-game.

Several simulated controllers are driven at once: SDL's hot-plug and button
events are posted as the real ones, and the fake controllers (fake_pads.py)
stand in only for the devices SDL's dummy driver lacks.
"""

from __future__ import annotations

import pygame

from game.bots import timing
from game.engine import Play
from game.play.match import SeatConfig
from game.scenes.play import PlayScene
from game.ui.input import LIGHT_OFF, SEAT_COLORS
from tests.scenes.fake_pads import PadRig
from tests.scenes.players import PadCouch, open_setup, start_match

A = pygame.CONTROLLER_BUTTON_A
B = pygame.CONTROLLER_BUTTON_B
X = pygame.CONTROLLER_BUTTON_X
Y = pygame.CONTROLLER_BUTTON_Y
LB = pygame.CONTROLLER_BUTTON_LEFTSHOULDER
START = pygame.CONTROLLER_BUTTON_START
RIGHT = pygame.CONTROLLER_BUTTON_DPAD_RIGHT

THREE_ON_PADS = [SeatConfig("Ana"), SeatConfig("Bo"), SeatConfig("Cy"), SeatConfig("Dee", "bot")]


# --- claiming seats on the setup screen ---------------------------------------------------


def test_a_takes_a_seat_and_b_gives_it_back(driver):
    rig = PadRig(driver)
    setup = open_setup(driver)
    pads = rig.gamepads
    assert [s.is_bot for s in setup.seats] == [False, True, True, True]
    ana = rig.plug("Xbox Wireless Controller")
    bo = rig.plug("DualSense Wireless Controller")
    rig.press(ana, A)
    assert pads.seat_of(ana.instance) == 0
    assert ana.led == SEAT_COLORS[0] and ana.rumbles  # its light is the seat's, and it buzzed
    assert pads.claims[0].pad_name == "Xbox Wireless Controller"
    # No Human seat is free: the first Bot seat turns Human for the new player.
    rig.press(bo, A)
    assert pads.seat_of(bo.instance) == 1 and not setup.seats[1].is_bot
    assert setup.seats[1].name == "Bo" and bo.led == SEAT_COLORS[1]
    assert "plays on DualSense" in driver.app.notice
    rig.press(bo, B)  # B gives the seat back; the seat stays Human
    assert pads.seat_of(bo.instance) is None and bo.led == LIGHT_OFF
    assert not setup.seats[1].is_bot and driver.top is setup
    rig.press(bo, A)  # a free Human seat again
    assert pads.seat_of(bo.instance) == 1 and setup.seats[2].is_bot
    driver.frames(2)  # the rows with their controllers draw


def test_a_free_controller_never_starts_the_match(driver):
    rig = PadRig(driver)
    setup = open_setup(driver)
    driver.key(pygame.K_UP)  # Up from the first row wraps to Start
    assert setup.rows[setup.focus].kind == "start"
    late = rig.plug("Late friend")
    rig.press(late, A, frames=3)
    assert driver.top is setup and rig.gamepads.seat_of(late.instance) == 0
    rig.press(late, A)  # a claimed controller presses what is focused: Start
    assert driver.app.in_match


def test_every_seat_taken_turns_a_controller_away(driver):
    rig = PadRig(driver)
    setup = open_setup(driver)
    while len(setup.seats) > 2:
        setup.game.change_players(-1)
    setup._rebuild()
    first, second, third = (rig.plug(f"Pad {i}") for i in range(3))
    rig.press(first, A)
    rig.press(second, A)
    rig.press(third, A)
    assert "Every seat has a controller" in driver.app.notice
    assert rig.gamepads.seat_of(third.instance) is None and third.led is None
    assert [rig.gamepads.seat_of(p.instance) for p in (first, second)] == [0, 1]


def test_a_seat_turned_bot_or_dropped_lets_its_controller_go(driver):
    rig = PadRig(driver)
    setup = open_setup(driver)
    ana, bo = rig.plug("Pad A"), rig.plug("Pad B")
    rig.press(ana, A)
    rig.press(bo, A)  # seat 2, turned Human
    # Seat 2's kind: Human -> Bot, with the keyboard on its row.
    row = next(i for i, r in enumerate(setup.rows) if r.kind == "seat" and r.index == 1)
    setup._focus(row)
    driver.key(pygame.K_RIGHT)
    assert setup.seats[1].is_bot and rig.gamepads.seat_of(bo.instance) is None
    assert bo.led == LIGHT_OFF
    rig.press(bo, A)  # back to Human, claimed again
    assert rig.gamepads.seat_of(bo.instance) == 1
    players = next(i for i, r in enumerate(setup.rows) if r.kind == "players")
    setup._focus(players)
    for _ in range(3):
        driver.key(pygame.K_LEFT)
    assert len(setup.seats) == 2
    assert rig.gamepads.seat_of(ana.instance) == 0 and rig.gamepads.seat_of(bo.instance) == 1
    driver.key(pygame.K_LEFT)  # the rules allow 2 at least: nothing is dropped
    assert len(setup.seats) == 2


# --- a match played on controllers -------------------------------------------------------


def seated(driver, seats, seed, pads_for=(0, 1, 2), **kw):
    """A match whose seats `pads_for` each claimed a controller; (screen, rig, pads)."""
    rig = PadRig(driver)
    pads = {}
    for seat in pads_for:
        pad = rig.plug(f"Pad of {seats[seat].name}", guid=f"guid-{seat}")
        rig.gamepads.claim(pad.instance, seat)
        pads[seat] = pad
    screen = start_match(driver.app, seats, seed=seed, **kw)
    return screen, rig, pads


def _toast(scene) -> str:
    return scene.table.callouts.toast_text or ""


def test_the_curtain_lifts_only_for_its_own_controller(driver):
    screen, rig, pads = seated(driver, THREE_ON_PADS, seed=3)
    assert driver.until(lambda: driver.top_name == "CurtainScene", limit=2000)
    curtain = driver.top
    owner = curtain.seat
    other = next(s for s in pads if s != owner)
    for button in (A, B, X, RIGHT, START):
        rig.press(pads[other], button)
        assert driver.top is curtain, f"seat {other}'s button {button} got past the curtain"
    assert driver.app.notice.startswith(f"Waiting for {screen.session.state.names[owner]}")
    assert screen.table.viewer is None
    rig.press(pads[owner], A)
    assert isinstance(driver.top, PlayScene) and screen.table.viewer == owner


def test_a_controller_acts_for_its_seat_alone(driver):
    screen, rig, pads = seated(driver, THREE_ON_PADS, seed=5)
    session = screen.session
    couch = PadCouch(driver, rig, pads)

    def someone_on_turn():
        top = driver.top
        return isinstance(top, PlayScene) and top.controls.actor() in pads

    assert driver.until(someone_on_turn, limit=3000, each=couch.step)
    scene = driver.top
    actor = scene.controls.actor()
    names = session.state.names
    for other in (s for s in pads if s != actor):
        selected = scene.controls.selected
        for button in (A, X, B, RIGHT):
            n = len(session.log)
            rig.press(pads[other], button)
            assert len(session.log) == n, f"seat {other}'s button {button} acted"
            assert _toast(scene) == f"Not now, {names[other]}: it is {names[actor]}'s turn."
        assert scene.controls.selected == selected
        assert driver.top is scene
    # The keyboard acts for whoever is to act.
    n, pressed = len(session.log), len(couch.pressed)
    selected = scene.controls.selected
    driver.key(pygame.K_RIGHT)
    assert scene.controls.selected != selected
    couch.keys.turn(scene)  # and a colour, if it was a wild, by the keys too

    def moved() -> bool:
        return any(e.get("p") == actor for e in session.log[n:])

    assert driver.until(moved, limit=50, each=couch.keys.step)
    assert couch.keys.turns == 1 and len(couch.pressed) == pressed  # no controller helped


def test_three_controllers_play_a_round(driver):
    """Every turn, colour and choice of three people is made on their own controller."""
    screen, rig, pads = seated(driver, THREE_ON_PADS, seed=11, single_round=True)
    session = screen.session
    couch = PadCouch(driver, rig, pads)
    assert driver.until(lambda: driver.top_name == "RoundScoreScene", limit=20000, each=couch.step)
    plays = {e["p"] for e in session.log if e["t"] == "play"}
    assert set(pads) <= plays
    assert {seat for seat, _ in couch.pressed} == set(pads)
    assert couch.keys.turns == 0  # no human turn needed a key


def playing(driver, couch):
    """A step of `couch` that stops at the round's end."""

    def step() -> None:
        if driver.top_name not in ("RoundScoreScene", "MatchEndScene"):
            couch.step()

    return step


def _color_on_a_controller(driver, seed: int) -> bool:
    screen, rig, pads = seated(driver, THREE_ON_PADS, seed=seed, single_round=True)
    couch = PadCouch(driver, rig, pads)

    def wheel_up() -> bool:
        top = driver.top
        return driver.top_name == "ColorWheelScene" and top.private_to in pads

    if not driver.until(wheel_up, limit=6000, each=playing(driver, couch)):
        return False
    wheel = driver.top
    owner = wheel.private_to
    other = next(s for s in pads if s != owner)
    n = len(screen.session.log)
    for button in (A, B, RIGHT, START):
        rig.press(pads[other], button)
        assert driver.top is wheel
    assert len(screen.session.log) == n
    assert "Waiting for" in driver.app.notice
    rig.press(pads[owner], A)
    assert driver.top is not wheel
    driver.frames(2)
    assert any(e["t"] in ("play", "color") and e["p"] == owner for e in screen.session.log[n:])
    return True


def test_a_private_choice_answers_only_its_own_controller(driver):
    """A colour to name is its player's: another controller waits, its own names it."""
    for seed in range(1, 30):
        driver.app.stack.clear()
        if _color_on_a_controller(driver, seed):
            return
    raise AssertionError("no colour was named on a controller")


def _catch_race(driver, seed: int) -> bool:
    screen, rig, pads = seated(driver, THREE_ON_PADS, seed=seed, single_round=True)
    session = screen.session
    couch = PadCouch(driver, rig, pads, call_uno=False)
    go = playing(driver, couch)

    def forgot() -> bool:
        on_table = isinstance(driver.top, PlayScene) or driver.top_name == "CurtainScene"
        return on_table and session.state.uno_window in pads and not session.queue

    if not driver.until(forgot, limit=8000, each=go):
        return False
    window = session.state.uno_window
    first, second = (s for s in pads if s != window)
    n = len(session.log)
    rumbles = len(pads[window].rumbles)
    rig.press_together((pads[first], LB), (pads[second], LB))
    catches = [e for e in session.log[n:] if e["t"] == "catch"]
    assert catches == [{"t": "catch", "by": first, "p": window}]
    names = session.state.names
    assert screen.table.callouts.toast_text == (
        f"Too late, {names[second]}: {names[first]} already caught {names[window]}"
    )
    # Someone else's UNO is never called from another controller.
    rig.press(pads[second], Y)
    assert not any(e["t"] == "uno" for e in session.log[n:])
    # The penalty draw shakes the pad of the one caught once the table shows it.
    drawn = next(e for e in session.log[n:] if e["t"] == "draw")
    assert drawn["p"] == window and drawn["why"] == "uno"
    others = {s: len(pads[s].rumbles) for s in (first, second)}
    assert driver.until(lambda: len(pads[window].rumbles) > rumbles, limit=600, each=go)
    low, _, ms = pads[window].rumbles[-1]
    assert 0 < low <= 1 and ms >= 200
    assert all(len(pads[s].rumbles) == others[s] for s in others)
    return True


def test_two_players_race_to_catch_the_same_missed_uno(driver, monkeypatch):
    """The first valid press wins; the second is told who was faster. The player
    caught feels the penalty on their controller."""
    monkeypatch.setitem(timing.PACE, "instant", 1000.0)  # the bot leaves it to people
    for seed in range(1, 40):
        driver.app.stack.clear()
        if _catch_race(driver, seed):
            return
    raise AssertionError("nobody forgot to call UNO")


def _jump_in(driver, seed: int) -> bool:
    rules = ["classic", "house/jump-in"]
    screen, rig, pads = seated(driver, THREE_ON_PADS, seed=seed, rules=rules)
    session = screen.session

    def jumper() -> int | None:
        top = driver.top
        if not isinstance(top, PlayScene) or not top.controls.idle:
            return None
        to_act = session.state.to_act
        for seat in pads:
            if seat != to_act and any(type(a) is Play for a in session.legal(seat)):
                return seat
        return None

    step = playing(driver, PadCouch(driver, rig, pads))
    if not driver.until(lambda: jumper() is not None, limit=4000, each=step):
        return False
    seat = jumper()
    assert seat is not None
    looking = screen.table.viewer
    n = len(session.log)
    rig.press(pads[seat], A)
    if driver.top_name == "ColorWheelScene":
        # A wild jumped in on the same wild: its player names the colour on its own wheel.
        assert driver.top.private_to == seat
        rig.press(pads[seat], A)
        driver.frames(2)
    assert any(e["t"] == "play" and e["p"] == seat for e in session.log[n:])
    if looking not in (None, seat):
        # The hand on show lost its turn with the couch looking up: it goes face down.
        assert screen.table.viewer is None
    return True


def test_jumping_in_from_a_controller(driver):
    """With jump-in rules, A on a controller out of turn plays its seat's identical card
    (its hand need not be up: the card is public once played)."""
    for seed in range(1, 40):
        driver.app.stack.clear()
        if _jump_in(driver, seed):
            return
    raise AssertionError("no chance to jump in")


# --- unplugged and plugged back in ---------------------------------------------------------


def test_an_unplugged_controller_keeps_its_seat(driver):
    screen, rig, pads = seated(driver, THREE_ON_PADS, seed=4)
    gamepads = rig.gamepads
    session = screen.session
    bo = pads[1]
    assert driver.until(lambda: driver.top_name != "DealScene", limit=600)
    rig.unplug(bo)
    assert driver.app.notice == "Seat 2 (Bo) lost its controller: the game goes on"
    assert gamepads.lost_seats() == [1] and bo.closed
    assert "Seat 2 (Bo) lost its controller" in (gamepads.lost_line() or "")
    # The game goes on: the keyboard plays Bo's turns meanwhile.
    couch = PadCouch(driver, rig, {0: pads[0], 2: pads[2]})
    moves = len(session.log)
    driver.until(lambda: len(session.log) > moves + 30, limit=3000, each=couch.step)
    assert len(session.log) > moves + 30 and not session.state.over
    # The same controller (its GUID) plugged in again takes the seat back.
    again = rig.replug(bo)
    assert again.instance != bo.instance
    assert gamepads.seat_of(again.instance) == 1 and not gamepads.lost_seats()
    assert again.led == SEAT_COLORS[1]
    assert "Seat 2 (Bo): controller back" in driver.app.notice
    # Unplugged again: any free controller pressing A takes the seat.
    rig.unplug(again)
    stranger = rig.plug("Someone else's pad", guid="another-model")
    assert "Press A on it to take Seat 2 (Bo)" in driver.app.notice
    top, n = driver.top, len(session.log)
    rig.press(stranger, A)
    assert gamepads.seat_of(stranger.instance) == 1 and gamepads.lost_line() is None
    assert stranger.led == SEAT_COLORS[1]
    assert driver.top is top and len(session.log) == n  # the A did nothing else


def test_controller_events_never_stop_the_game(driver):
    """Hot-plug storms, presses from controllers never opened, a pad with no light
    or motor: the table goes on."""
    screen, rig, pads = seated(driver, THREE_ON_PADS, seed=8, pads_for=(0,))
    mute = rig.plug("Old pad", light=False, motor=False)
    rig.gamepads.claim(mute.instance, 1)
    couch = PadCouch(driver, rig, {0: pads[0], 1: mute})
    for i in range(60):
        couch.step()
        if i % 7 == 0:
            pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=999))
            pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=42))
            pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=7))
            driver.frames()
    assert driver.app.running and driver.app.in_match
    assert mute.leds == [] and mute.rumbles == []
