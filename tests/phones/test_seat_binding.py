"""A seat is its phone's: the phone that joined a seat comes back to it by
itself (after a sleep, a reload, a Wi-Fi drop), and any other phone plays it
only once the TV has said yes to that phone's own request. Real clients on
loopback, every wait bounded."""

from __future__ import annotations

import asyncio
import json

import aiohttp

from game.phones.protocol import Act
from game.phones.server import CLOSES, QUESTION_GAP, Notice
from tests.phones.loopback import (
    closed,
    drained,
    first,
    notices,
    phone_at,
    ping_pong,
    run,
    socket_url,
)

ACT = json.dumps({"type": "act", "offer": 1, "choice": 0})


async def joined(server, seat: int) -> str:
    """A phone joins the free `seat` and leaves (a reload, a locked screen): its secret."""
    async with phone_at(server, seat, seated=False) as phone:
        return (await first(phone, "seated"))["phone"]


def test_the_same_phone_comes_back_by_itself_with_the_latest_state(server):
    async def reload():
        secret = await joined(server, 0)
        server.send(0, {"type": "state", "turn": 7})  # sent while the phone slept
        async with phone_at(server, 0, secret) as phone:
            assert (await first(phone, "state"))["turn"] == 7
            await phone.send_str(ACT)
            await ping_pong(phone)

    run(reload())
    assert drained(server) == [(0, Act.model_validate_json(ACT))]
    assert "takeover" not in [n.what for n in notices(server)]


def test_a_phone_back_from_a_lost_wifi_is_seated_while_its_old_socket_hangs(server):
    """The old socket was never closed (the Wi-Fi went): the phone's new one
    is seated at once, without a question, and the old one let go."""

    async def drop():
        async with aiohttp.ClientSession() as client:
            old = await client.ws_connect(socket_url(server, 0))
            secret = (await first(old, "seated"))["phone"]
            async with phone_at(server, 0, secret) as phone:
                await phone.send_str(ACT)
                await ping_pong(phone)
            code, said = await closed(old)
            assert said[-1]["type"] == "bye" and code == CLOSES["taken"]

    run(drop())
    assert len(drained(server)) == 1
    assert [n.what for n in notices(server, 3)] == ["here", "here", "away"]


def test_another_phone_never_plays_a_free_seat_without_a_yes(server):
    async def other(secret: str):
        await joined(server, 0)  # the seat's phone joined and is away now
        async with phone_at(server, 0, secret, seated=False) as intruder:
            waiting = await first(intruder, "waiting")
            assert waiting["request"] in waiting["words"]  # the name the TV's question shows
            await intruder.send_str(ACT)

    run(other(""))
    asked = notices(server, 4)  # the server read the act before it saw the phone go
    assert drained(server) == []
    assert [n.what for n in asked] == ["here", "away", "takeover", "withdrawn"]


def test_a_forged_secret_is_another_phone(server):
    async def forge():
        await joined(server, 0)
        async with phone_at(server, 0, "x" * 22, seated=False) as intruder:
            await first(intruder, "waiting")

    run(forge())
    assert "takeover" in [n.what for n in notices(server)]


def test_a_yes_seats_the_asking_phone_and_the_old_secret_no_longer_does(server):
    async def take():
        old_secret = await joined(server, 0)
        notices(server, 2)
        async with phone_at(server, 0, seated=False) as new:
            await first(new, "waiting")
            (asked,) = notices(server, 1)
            server.answer_takeover(0, asked.request, True)
            new_secret = (await first(new, "seated"))["phone"]
            assert new_secret != old_secret
            server.clock = lambda: 1e9  # long after: the old phone may ask again
            async with phone_at(server, 0, old_secret, seated=False) as former:
                await first(former, "waiting")  # a question, not its seat back

    run(take())


def test_thirty_requests_make_one_question(server):
    server.door.per_address = 64  # thirty devices on the Wi-Fi, here all on loopback

    async def crowd():
        async with phone_at(server, 0), aiohttp.ClientSession() as client:
            sockets = await asyncio.gather(
                *(client.ws_connect(socket_url(server, 0)) for _ in range(30))
            )
            kinds = []
            for ws in sockets:
                message = json.loads((await ws.receive(timeout=5)).data)
                kinds.append(message["type"])
                if message["type"] == "bye":
                    assert (await closed(ws))[0] == CLOSES["busy"]
            assert sorted(kinds) == ["bye"] * 29 + ["waiting"]
            for ws in sockets:
                await ws.close()

    run(crowd())
    assert [n.what for n in notices(server)].count("takeover") == 1


def test_an_answer_answers_only_the_request_it_names(server):
    async def two_requests():
        async with phone_at(server, 0):
            async with phone_at(server, 0, seated=False) as first_asker:
                await first(first_asker, "waiting")
            *_, asked, withdrawn = notices(server, 3)
            assert (asked.what, withdrawn) == (
                "takeover",
                Notice(0, "withdrawn", asked.request, asked.label),
            )
            server.clock = lambda: 1e9  # past the gap between two questions
            async with phone_at(server, 0, seated=False) as second_asker:
                await first(second_asker, "waiting")
                (second,) = notices(server, 1)
                assert second.request != asked.request
                server.answer_takeover(0, asked.request, True)  # the first request's yes
                await second_asker.send_str(ACT)  # still waiting: plays nothing
                server.answer_takeover(0, second.request, False)
                code, said = await closed(second_asker)
            assert code == CLOSES["refused"]  # and never seated by the first request's yes
            assert said == [{"type": "bye", "why": "refused", "words": server.words["refused"]}]

    run(two_requests())
    assert drained(server) == []


def test_a_second_request_inside_the_gap_is_told_the_tv_is_busy(server):
    async def soon():
        async with phone_at(server, 0):
            async with phone_at(server, 0, seated=False) as asker:
                await first(asker, "waiting")
            async with phone_at(server, 0, seated=False) as again:
                code, said = await closed(again)
            assert said[0]["words"] == server.words["busy"] and code == CLOSES["busy"]

    run(soon())
    assert QUESTION_GAP > 0


def test_a_refused_tap_does_not_replace_the_state_a_returning_phone_is_sent(server):
    async def reload():
        secret = await joined(server, 0)
        server.send(0, {"type": "state", "turn": 7})
        server.send(0, {"type": "refused", "reason": "Not your turn"})  # a late tap's answer
        async with phone_at(server, 0, secret) as phone:
            assert (await first(phone, "state"))["turn"] == 7

    run(reload())


def test_a_waiting_phone_that_floods_is_cut_off(server):
    async def flood():
        async with phone_at(server, 0):
            async with phone_at(server, 0, seated=False) as asker:
                await first(asker, "waiting")
                for _ in range(2000):
                    if asker.closed:
                        break
                    await asker.send_str(ACT)
                code, said = await closed(asker)
            assert code == CLOSES["flood"] and len(said) <= 1000
            assert said[-1]["words"] == server.words["flood"]

    run(flood())
    assert drained(server) == []
