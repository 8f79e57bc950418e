"""The phones' server against real clients on loopback: a phone plays only
its own seat, and whatever a hostile client sends is refused and changes
nothing. Every wait is bounded; nothing is timed."""

from __future__ import annotations

import json

import aiohttp
import pytest

from game.phones.protocol import MAX_MESSAGE_BYTES, Act
from game.phones.seats import PhoneSeats
from game.phones.server import BURST, HEADERS, Notice
from tests.phones.loopback import WAIT, drained, notices, phone_at, ping_pong, run, url


def test_a_phone_gets_what_its_seat_is_sent_and_its_answers_reach_the_game(server):
    async def play():
        async with phone_at(server, 2) as phone:
            await ping_pong(phone)
            server.send(2, {"type": "state", "hand": ["red 5"]})
            assert json.loads((await phone.receive(timeout=WAIT)).data)["hand"] == ["red 5"]
            await phone.send_str(json.dumps({"type": "act", "offer": 3, "choice": 1}))
            await ping_pong(phone)

    run(play())
    assert drained(server) == [(2, Act(type="act", offer=3, choice=1))]
    assert notices(server, 2) == [Notice(2, "here"), Notice(2, "away")]


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1, 2]",
        '{"type": "act", "offer": 1}',
        '{"type": "act", "offer": 1, "choice": 0, "seat": 0}',  # naming another seat
        '{"type": "act", "offer": "1", "choice": 0}',
        '{"type": "act", "offer": -1, "choice": 0}',
        '{"type": "act", "offer": 1, "choice": 100000}',
        '{"type": "act", "offer": 1.5, "choice": 0}',
        '{"type": "shutdown"}',
        "[" * 5000 + "]" * 5000,
    ],
)
def test_what_is_not_a_message_is_refused_and_changes_nothing(server, text):
    async def send():
        async with phone_at(server, 0) as phone:
            await phone.send_str(text[:MAX_MESSAGE_BYTES])
            answer = json.loads((await phone.receive(timeout=WAIT)).data)
            assert answer["type"] == "refused" and answer["reason"]

    run(send())
    assert drained(server) == []


def test_an_oversized_message_closes_the_connection_and_changes_nothing(server):
    async def send():
        async with phone_at(server, 0) as phone:
            act = {"type": "act", "offer": 1, "choice": 0, "pad": "x" * MAX_MESSAGE_BYTES}
            await phone.send_str(json.dumps(act))
            closed = await phone.receive(timeout=WAIT)
            assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)

    run(send())
    assert drained(server) == []


def test_a_flood_is_cut_to_the_rate_and_then_disconnected(server):
    act = json.dumps({"type": "act", "offer": 1, "choice": 0})

    async def flood():
        async with phone_at(server, 0) as phone:
            for _ in range(1000):
                if phone.closed:
                    break
                await phone.send_str(act)
            refused = 0
            for _ in range(1000):  # each message past the rate is refused, then the door shuts
                answer = await phone.receive(timeout=WAIT)
                if answer.type != aiohttp.WSMsgType.TEXT:
                    break
                refused += json.loads(answer.data)["type"] == "refused"
            assert answer.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            assert refused >= 1

    run(flood())
    # The bucket refills while the flood is sent, so a little more than the burst may pass.
    assert BURST <= len(drained(server)) < 200


@pytest.mark.parametrize("token", ["", "x", "A" * 22, "../../etc/passwd", "%00"])
def test_a_forged_token_opens_no_page_and_no_socket(server, token):
    async def forge():
        async with aiohttp.ClientSession() as client:
            async with client.get(url(server, f"/seat/{token}")) as page:
                assert page.status == 404
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await client.ws_connect(url(server, f"/ws/{token}"))

    run(forge())
    assert drained(server) == [] and notices(server) == []


def test_pages_load_nothing_from_elsewhere_and_leak_no_address(server):
    async def look():
        async with aiohttp.ClientSession() as client:
            token = server.seats.keys[0].token
            for path in ("/", f"/seat/{token}", "/static/phone.js", "/static/phone.css"):
                async with client.get(url(server, path)) as page:
                    assert page.status == 200, path
                    for name, value in HEADERS.items():
                        assert page.headers[name] == value
                    body = await page.text()
                    assert "http://" not in body and "https://" not in body, path
            async with client.get(url(server, "/static/server.py")) as page:
                assert page.status == 404

    run(look())


def test_tokens_are_long_random_and_new_each_match():
    first, second = PhoneSeats(range(10)), PhoneSeats(range(10))
    tokens = [key.token for key in first.keys.values()]
    assert len(set(tokens)) == 10 and all(len(t) >= 22 for t in tokens)  # 128 bits in base64
    assert not set(tokens) & {key.token for key in second.keys.values()}
    assert len({key.code for key in first.keys.values()}) == 10
