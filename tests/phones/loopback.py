"""Phones' server tests on loopback: a server, phones as the page connects
them (real aiohttp clients), and bounded waits for what the server did."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp

from game.phones.protocol import Act
from game.phones.server import Notice, PhoneServer

WAIT = 5.0  # the most any step waits for the server; a slower answer fails the test


def url(server: PhoneServer, path: str) -> str:
    return f"http://127.0.0.1:{server.port}{path}"


def socket_url(server: PhoneServer, seat: int, secret: str = "") -> str:
    query = f"?phone={secret}" if secret else ""
    return url(server, f"/ws/{server.seats.keys[seat].token}{query}")


def drained(server: PhoneServer) -> list[tuple[int, Act]]:
    found = []
    while not server.inbox.empty():
        found.append(server.inbox.get_nowait())
    return found


def notices(server: PhoneServer, count: int = 0) -> list[Notice]:
    """The notices so far, waiting (bounded) until there are at least `count`."""
    found = [server.notices.get(timeout=WAIT) for _ in range(count)]
    while not server.notices.empty():
        found.append(server.notices.get_nowait())
    return found


async def ping_pong(socket: aiohttp.ClientWebSocketResponse) -> dict:
    """Send something the server answers, so everything sent before it was handled."""
    await socket.send_str("{}")
    return json.loads((await socket.receive(timeout=WAIT)).data)


async def first(socket: aiohttp.ClientWebSocketResponse, kind: str) -> dict[str, Any]:
    """The next message, which must be of type `kind`."""
    message = await socket.receive(timeout=WAIT)
    assert message.type == aiohttp.WSMsgType.TEXT, message
    data = json.loads(message.data)
    assert data["type"] == kind, data
    return data


async def closed(socket: aiohttp.ClientWebSocketResponse) -> tuple[int, list[dict[str, Any]]]:
    """The code the server closed `socket` with (bounded wait), and what it
    said until then."""
    said = []
    for _ in range(5000):
        message = await socket.receive(timeout=WAIT)
        if message.type == aiohttp.WSMsgType.CLOSE:
            return int(message.data), said
        assert message.type == aiohttp.WSMsgType.TEXT, message
        said.append(json.loads(message.data))
    raise AssertionError("the socket was not closed")


@contextlib.asynccontextmanager
async def phone_at(
    server: PhoneServer, seat: int, secret: str = "", *, seated: bool = True
) -> AsyncIterator[aiohttp.ClientWebSocketResponse]:
    """A phone's connection to `seat`, as the page opens it (showing `secret`,
    the one it keeps, if any); with `seated`, once the server has seated it."""
    async with (
        aiohttp.ClientSession() as client,
        client.ws_connect(socket_url(server, seat, secret)) as ws,
    ):
        if seated:
            await first(ws, "seated")
        yield ws


def run(coroutine) -> None:
    asyncio.run(asyncio.wait_for(coroutine, timeout=4 * WAIT))
