"""Hands on phones through the real scenes: two people play on their phones
(scripted WebSocket clients on loopback) and a bot on the TV's table. The TV
never raises a curtain or a choice for a seat on a phone, never shows a
phone's hand, and the phones' moves go through the table's own action path."""

from __future__ import annotations

import json
import socket

import aiohttp
import pygame
import pytest

from game.phones.link import match_screen
from game.phones.server import CLOSES
from game.play.match import MatchSession, SeatConfig
from game.scenes.deal import DealScene
from game.scenes.pause import PauseScene
from game.scenes.phones import PhonesScene
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from tests.phones.loopback import WAIT, closed, phone_at, run, socket_url
from tests.phones.players import ScriptedPhones

SEATS = [SeatConfig("Ana"), SeatConfig("Bo"), SeatConfig("Cy", "bot")]
TABLES = {"classic": SEATS, "duo": SEATS[:2]}
PRIVATE_SCENES = {"CurtainScene", "ColorWheelScene", "ChoosePlayerScene", "ChoiceScene"}


@pytest.mark.parametrize("rules", sorted(TABLES))
def test_two_phones_and_a_bot_play_a_round_with_no_curtain_on_the_tv(on_phones, rules):
    driver = on_phones
    app = driver.app
    session = MatchSession([rules], TABLES[rules], seed=5, single_round=True)
    screen = match_screen(app, session)
    assert screen.phones is not None
    app.push(DealScene(app, screen=screen))
    app.push(PhonesScene(app, screen=screen))
    assert driver.top_name == "PhonesScene"
    seen: set[str] = set()
    with ScriptedPhones(screen.phones.table):
        for _ in range(20000):
            driver.frames(1)
            seen.add(driver.top_name)
            assert screen.table.viewer is None  # no phone's hand is ever shown on the TV
            if driver.top_name == "PlayScene":
                assert screen.table.phones == {0, 1}  # each plate shows its phone is there
            if driver.top_name == "RoundScoreScene":
                break
        else:
            raise AssertionError(f"the round did not end; the screens were {sorted(seen)}")
    assert not seen & PRIVATE_SCENES, seen & PRIVATE_SCENES
    assert "PhonesScene" in seen and "PlayScene" in seen
    played = {e["p"] for e in session.log if e["t"] == "play"}
    assert {0, 1} <= played


def test_the_phones_stop_being_served_when_the_match_is_left(on_phones):
    driver = on_phones
    app = driver.app
    screen = match_screen(app, MatchSession(["classic"], SEATS, seed=5))
    app.push(DealScene(app, screen=screen))
    link = screen.phones
    assert link is not None and app.phones is link
    app.reset(TitleScene(app))
    driver.frames(1)
    assert app.phones is None and link.table.server._loop is None


def test_hands_on_phones_is_turned_on_in_the_new_game_form_too(driver):
    """The same setting as in Settings, on the New game screen below the house rules."""
    app = driver.app
    app.push(SetupScene(app))
    setup = driver.top
    row = next(r for r in setup.rows if r.kind == "phones")
    assert not app.settings.phones
    driver.click(row.rect.center)
    assert app.settings.phones
    driver.click(row.rect.center)
    assert not app.settings.phones


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "target"), [("classic", 200), ("duo", 120)])
def test_two_phones_and_a_bot_play_a_whole_match_with_no_curtain(on_phones, rules, target):
    """Round after round to the match's end: the round score is the TV's (a key
    goes on), every deal, draft and decision the phones', never a curtain."""
    driver = on_phones
    app = driver.app
    session = MatchSession([rules], TABLES[rules], seed=7, target=target)
    screen = match_screen(app, session)
    assert screen.phones is not None
    app.push(DealScene(app, screen=screen))
    app.push(PhonesScene(app, screen=screen))
    seen: set[str] = set()
    with ScriptedPhones(screen.phones.table):
        for _ in range(200_000):
            driver.frames(1)
            seen.add(driver.top_name)
            assert screen.table.viewer is None
            if driver.top_name == "RoundScoreScene" and driver.top.t > 1.0:
                driver.key(pygame.K_SPACE, frames=2)  # someone on the sofa goes on
            if driver.top_name == "MatchEndScene":
                break
        else:
            raise AssertionError(f"the match did not end; the screens were {sorted(seen)}")
    assert session.state.over and session.state.round_no > 1
    assert not seen & PRIVATE_SCENES, seen & PRIVATE_SCENES


def test_a_phone_away_a_while_is_offered_to_be_played_on_the_tv(on_phones):
    driver = on_phones
    app = driver.app
    session = MatchSession(["classic"], SEATS, seed=5, single_round=True)
    screen = match_screen(app, session)
    link = screen.phones
    assert link is not None
    app.push(DealScene(app, screen=screen))
    app.push(PhonesScene(app, screen=screen))
    with ScriptedPhones(link.table):
        assert driver.until(lambda: driver.top_name == "PlayScene", limit=3000)
    # Both phones went away (asleep, out of the Wi-Fi): after a while the TV asks.
    assert driver.until(lambda: driver.top_name == "ConfirmScene", limit=2000)
    assert "away" in driver.top.question
    driver.key(pygame.K_RETURN, frames=2)  # yes: play that seat here, behind the curtain
    assert link.on_tv and not all(link.plays_on_phone(seat) for seat in (0, 1))


def test_a_seat_whose_phone_never_came_is_played_on_the_tv_behind_the_curtain(on_phones):
    """Start on the join screen goes on without every phone: Bo has none, so
    his turns are the TV's, behind his curtain, while Ana's are her phone's."""
    driver = on_phones
    app = driver.app
    session = MatchSession(["classic"], SEATS, seed=5, single_round=True)
    screen = match_screen(app, session)
    assert screen.phones is not None
    app.push(DealScene(app, screen=screen))
    app.push(PhonesScene(app, screen=screen))
    with ScriptedPhones(screen.phones.table, seats=[0]):
        driver.key(pygame.K_RETURN, frames=2)  # Start, with one phone there
        curtains: set[int] = set()

        def bos_curtain() -> bool:
            if driver.top_name == "CurtainScene":
                curtains.add(driver.top.seat)
            return 1 in curtains

        assert driver.until(bos_curtain, limit=6000)
    assert curtains == {1}  # never one for Ana, whose hand is on her phone


async def loopback_first(ws: aiohttp.ClientWebSocketResponse) -> dict:
    return json.loads((await ws.receive(timeout=WAIT)).data)


def test_a_new_phones_request_is_asked_once_named_and_no_is_what_enter_says(on_phones):
    """Ana's phone plays her seat; another phone asks thirty times: one
    question, naming the request its phone shows, No focused; Enter is no,
    and the asking phone is told so in the player's words."""
    driver = on_phones
    app = driver.app
    session = MatchSession(["classic"], SEATS, seed=5, single_round=True)
    screen = match_screen(app, session)
    link = screen.phones
    assert link is not None
    app.push(DealScene(app, screen=screen))
    app.push(PhonesScene(app, screen=screen))
    server = link.table.server
    server.door.per_address = 64  # thirty devices on the Wi-Fi, here all on loopback

    async def ask():
        async with phone_at(server, 0), aiohttp.ClientSession() as client:
            askers = [await client.ws_connect(socket_url(server, 0)) for _ in range(30)]
            said = [await loopback_first(ws) for ws in askers]
            waiting = [m for m in said if m["type"] == "waiting"]
            assert len(waiting) == 1
            for _ in range(30):
                driver.frames(1)
            questions = [s for s in app.stack if type(s).__name__ == "ConfirmScene"]
            assert len(questions) == 1 and waiting[0]["request"] in questions[0].detail
            assert questions[0].focus.current is questions[0].buttons[1]  # No
            driver.key(pygame.K_RETURN, frames=2)
            asker = askers[said.index(waiting[0])]
            code, bye = await closed(asker)
            assert code == CLOSES["refused"] and bye[-1]["words"] == server.words["refused"]
            for ws in askers:
                await ws.close()

    run(ask())
    assert driver.top_name == "PhonesScene"


def test_the_seat_codes_are_shown_again_from_the_pause_menu(on_phones):
    driver = on_phones
    app = driver.app
    screen = match_screen(app, MatchSession(["classic"], SEATS, seed=5))
    app.push(DealScene(app, screen=screen))
    app.push(PauseScene(app, screen=screen))
    pause = driver.top
    codes = next(b for b in pause.buttons if b.label == "Phone codes")
    driver.click(codes.rect.center)
    assert driver.top_name == "PhonesScene" and driver.top.codes.keys() == {0, 1}
    driver.frames(200)  # every phone may be there: shown again, it stays until asked to go
    assert driver.top_name == "PhonesScene"
    driver.key(pygame.K_ESCAPE, frames=2)
    assert driver.top_name == "PauseScene"


def test_a_busy_port_is_named_with_the_setting_that_changes_it(on_phones):
    driver = on_phones
    app = driver.app
    with socket.create_server(("127.0.0.1", 0)) as taken:
        app.settings.phone_port = taken.getsockname()[1]
        screen = match_screen(app, MatchSession(["classic"], SEATS, seed=5))
    assert screen.phones is None
    assert "phone_port" in app.notice and str(app.settings.phone_port) in app.notice


def test_the_question_goes_when_the_asking_phone_leaves(on_phones):
    driver = on_phones
    app = driver.app
    screen = match_screen(app, MatchSession(["classic"], SEATS, seed=5))
    link = screen.phones
    assert link is not None
    app.push(DealScene(app, screen=screen))
    app.push(PhonesScene(app, screen=screen))
    server = link.table.server

    async def ask_and_go():
        async with phone_at(server, 1), phone_at(server, 1, seated=False) as asker:
            assert (await loopback_first(asker))["type"] == "waiting"
            assert driver.until(lambda: driver.top_name == "ConfirmScene", limit=300)
        # gone before the TV answered: its question is taken down
        assert driver.until(lambda: driver.top_name == "PhonesScene", limit=300)

    run(ask_and_go())
    assert link.questions == {}
