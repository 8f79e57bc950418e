"""What anyone on the Wi-Fi may cost the phones' server (game/phones/door.py):
connections capped in all and by address, idle and half-sent requests
closed, headers bounded, a Host or Origin not the server's own refused, wrong
codes slowed but the right one let in, and no version told. Raw sockets and
aiohttp clients on loopback; every wait bounded, nothing timed."""

from __future__ import annotations

import re
import socket

import aiohttp
import pytest

from game.phones import door
from game.phones.door import HANDLER_ARGS, MAX_WAIT, REQUEST_SECONDS
from game.phones.seats import PhoneSeats
from game.phones.server import PhoneServer
from tests.phones.loopback import WAIT, run, socket_url, url


def raw(server: PhoneServer, source: str = "127.0.0.1") -> socket.socket:
    """A bare connection to the server from the loopback address `source`."""
    opened = socket.create_connection(
        ("127.0.0.1", server.port), timeout=WAIT, source_address=(source, 0)
    )
    return opened


def answer(opened: socket.socket, request: bytes) -> bytes:
    """What the server answers `request` with, up to its closing or its first reply."""
    opened.sendall(request)
    try:
        return opened.recv(65536)
    except ConnectionResetError:
        return b""


def get(server: PhoneServer, path: str = "/", host: str | None = None) -> bytes:
    host = host or f"127.0.0.1:{server.port}"
    return f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()


def shut(opened: socket.socket) -> bool:
    """The server closed `opened` (within the bounded wait)."""
    try:
        return opened.recv(65536) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_connections_are_capped_by_address_and_in_all(server):
    server.door.total, server.door.per_address = 5, 3
    first = [raw(server) for _ in range(3)]
    one_too_many = raw(server)
    assert shut(one_too_many)
    other = [raw(server, "127.0.0.2") for _ in range(2)]  # another device still gets in
    over_all = raw(server, "127.0.0.3")
    assert shut(over_all)
    for opened in [*first, *other]:
        assert answer(opened, get(server)).startswith(b"HTTP/1.1 200"), "one under the caps"
        opened.close()
    again = raw(server)  # the ones that closed made room
    assert answer(again, get(server)).startswith(b"HTTP/1.1 200")
    again.close()


def test_idle_and_half_sent_requests_are_closed_within_seconds(monkeypatch):
    monkeypatch.setitem(
        HANDLER_ARGS, "keepalive_timeout", 0.5
    )  # the test's seconds, not the game's
    running = PhoneServer(PhoneSeats([0]), host="127.0.0.1", port=0)
    running.start()
    try:
        idle, half = raw(running), raw(running)
        half.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{running.port}\r\nX-Slow: ".encode())
        assert shut(idle) and shut(half)
    finally:
        running.stop()
    assert REQUEST_SECONDS <= 10 and door.HANDLER_ARGS["keepalive_timeout"] == 0.5


def test_headers_are_bounded_to_what_the_page_needs(server):
    opened = raw(server)
    header = b"X-Pad: " + b"a" * 4096 + b"\r\n"
    start = f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n".encode()
    reply = answer(opened, start + header * 4 + b"\r\n")
    assert reply == b"" or reply.startswith(b"HTTP/1.0 400")
    many = raw(server)
    lines = b"".join(b"X-%d: 1\r\n" % i for i in range(100))
    reply = answer(many, start + lines + b"\r\n")
    assert reply == b"" or reply.startswith(b"HTTP/1.0 400")
    assert HANDLER_ARGS["max_field_size"] * HANDLER_ARGS["max_headers"] <= 128 * 1024


def test_a_host_or_origin_not_the_servers_own_is_refused(server):
    assert answer(raw(server), get(server, host="evil.example")).startswith(b"HTTP/1.1 421")
    assert answer(raw(server), get(server, host=f"localhost:{server.port}")).startswith(
        b"HTTP/1.1 421"
    )

    async def from_elsewhere():
        async with aiohttp.ClientSession() as client:
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await client.ws_connect(socket_url(server, 0), origin="http://evil.example")
            own = await client.ws_connect(
                socket_url(server, 0), origin=f"http://127.0.0.1:{server.port}"
            )
            await own.close()

    run(from_elsewhere())


def test_wrong_codes_slow_an_address_but_the_right_code_is_let_in(server):
    code = server.seats.keys[2].code
    now = [1000.0]
    server.clock = lambda: now[0]

    async def guess():
        async with aiohttp.ClientSession() as client:
            async with client.get(url(server, f"/join?code={code.lower()}")) as page:
                assert page.status == 200 and str(page.url).endswith(server.seats.keys[2].token)
            refused = 0
            for _ in range(40):
                async with client.get(
                    url(server, "/join?code=WRONG1"), allow_redirects=False
                ) as page:
                    assert page.status in (404, 429)
                    if page.status == 429:
                        refused += 1
                        assert 1 <= int(page.headers["Retry-After"]) <= MAX_WAIT
                now[0] += 0.5
            assert refused > 0  # the guesses were slowed
            async with client.get(url(server, f"/join?code={code}"), allow_redirects=False) as page:
                assert page.status == 429  # a guess is not even looked at during the wait
            now[0] += MAX_WAIT
            async with client.get(url(server, f"/join?code={code}"), allow_redirects=False) as page:
                assert page.status == 303  # the right code, once the wait is over: never locked out

    run(guess())


def test_no_version_is_told(server):
    async def look():
        async with aiohttp.ClientSession() as client:
            for path in ("/", "/nowhere"):
                async with client.get(url(server, path)) as page:
                    told = page.headers.get("Server", "")
                    assert not re.search(r"\d|aiohttp|python", told, re.I), told

    run(look())
    reply = answer(raw(server), b"GET / HTTP/1.1\r\nHost: " + b"x" * 5000 + b"\r\n\r\n")
    assert not re.search(rb"Server: [^\r]*(\d|aiohttp|Python)", reply, re.I), reply
