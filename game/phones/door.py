"""What anyone on the Wi-Fi may cost the phones' server, before any seat is asked.

The server is open to every device on the local network, so each of them is
bounded at the door:

- connections: at most `MAX_CONNECTIONS` at once, `MAX_PER_ADDRESS` of them
  from one address; one more is closed as it opens, so one device cannot use
  up the game's files and keep the phones out;
- requests: whole within `REQUEST_SECONDS` of the connection opening (and of
  the last answer on a kept-alive one), else closed, half-sent or idle alike;
  the request line and headers bounded to what the page needs;
- addresses: a request must name the server's own address as its Host and,
  when a browser says where a page came from, as its Origin, so a page from
  elsewhere cannot reach the game through a browser on the Wi-Fi;
- codes: wrong seat codes from one address make it wait longer and longer
  before its next try (`CodeTries`), never for good: the right code is
  always let in once the wait is over.
"""

from __future__ import annotations

import asyncio
import math
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

SERVER_NAME = "Couch UNO"  # the Server header: no version of anything for a prober to look up
MAX_CONNECTIONS = 128  # ten phones, each with a browser's few connections, and room to spare
# A browser opens about six connections to load a page: a phone, or a test's
# two browsers on loopback (one address), stays well below this.
MAX_PER_ADDRESS = 24
REQUEST_SECONDS = 5.0
# What a phone's browser sends: a path of about 80 characters, a dozen headers
# (the longest its user agent or accepted languages).
HANDLER_ARGS: dict[str, Any] = {
    "keepalive_timeout": REQUEST_SECONDS,
    "max_line_size": 2048,
    "max_field_size": 2048,
    "max_headers": 40,
    "lingering_time": 1.0,
}
FREE_TRIES = 5  # wrong codes an address may type before it waits
FIRST_WAIT, MAX_WAIT = 1.0, 30.0  # then 1 s, 2 s, 4 s... up to 30 s between tries
MAX_ADDRESSES = 4096  # addresses whose wrong codes are remembered


class Door:
    """Counts the connections open, in all and by address (the server's loop only)."""

    def __init__(self, total: int = MAX_CONNECTIONS, per_address: int = MAX_PER_ADDRESS) -> None:
        self.total = total
        self.per_address = per_address
        self.open: Counter[str] = Counter()

    def enter(self, address: str) -> bool:
        if sum(self.open.values()) >= self.total or self.open[address] >= self.per_address:
            return False
        self.open[address] += 1
        return True

    def leave(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]

    def handlers(self, server: web.Server, **handler_args: Any) -> Callable[[], web.RequestHandler]:
        """The connections' factory for `loop.create_server`: aiohttp's own
        handler, counted in and out at this door."""
        door = self
        loop = asyncio.get_running_loop()

        class Counted(web.RequestHandler):
            address: str | None = None

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                peer = transport.get_extra_info("peername")
                address = str(peer[0]) if peer else ""
                if not door.enter(address):
                    assert isinstance(transport, asyncio.Transport)
                    transport.abort()  # before aiohttp knows of it: nothing to undo
                    return
                self.address = address
                super().connection_made(transport)

            def connection_lost(self, exc: BaseException | None) -> None:
                if self.address is not None:
                    door.leave(self.address)
                    self.address = None
                super().connection_lost(exc)

            def handle_error(
                self,
                request: web.BaseRequest,
                status: int = 500,
                exc: BaseException | None = None,
                message: str | None = None,
            ) -> web.StreamResponse:
                # What was not a request (too long, half-sent, garbage) is
                # answered in a line and the connection closed: nothing of it
                # echoed back, no version told, no traceback logged for it.
                if request.writer.output_size > 0:
                    raise ConnectionError("an answer was being sent already")
                answer = web.Response(
                    status=status, text="Bad request.", headers={"Server": SERVER_NAME}
                )
                answer.force_close()
                return answer

        return lambda: Counted(server, loop=loop, **handler_args)


def own_address(host: str, port: int) -> Callable[..., Awaitable[web.StreamResponse]]:
    """A middleware refusing a request whose Host or Origin is not `host:port`."""
    hosts = {f"{host}:{port}"} | ({host} if port == 80 else set())
    origins = {f"http://{name}" for name in hosts}

    @web.middleware
    async def checked(
        request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if request.headers.get("Host") not in hosts or (
            origin is not None and origin not in origins
        ):
            raise web.HTTPMisdirectedRequest(text="This is not the address of this game.")
        return await handler(request)

    return checked


class CodeTries:
    """Wrong seat codes by address: `FREE_TRIES` free, then each one doubles
    the wait before the next try, up to `MAX_WAIT`. The clock is passed in."""

    def __init__(self) -> None:
        self._wrong: dict[str, tuple[int, float]] = {}  # address -> (wrong tries, next try from)

    def wait(self, address: str, now: float) -> float:
        """Seconds `address` must still wait before its code is looked at (0: none)."""
        _tries, start = self._wrong.get(address, (0, 0.0))
        return max(0.0, start - now)

    def wrong(self, address: str, now: float) -> None:
        tries = self._wrong.pop(address, (0, 0.0))[0] + 1
        over = tries - FREE_TRIES
        wait = 0.0 if over < 0 else min(MAX_WAIT, FIRST_WAIT * 2.0 ** min(over, 16))
        if len(self._wrong) >= MAX_ADDRESSES:  # forget the longest-remembered address
            del self._wrong[next(iter(self._wrong))]
        self._wrong[address] = (tries, now + wait)

    def right(self, address: str) -> None:
        self._wrong.pop(address, None)

    @staticmethod
    def retry_after(wait: float) -> str:
        return str(max(1, math.ceil(wait)))
