"""The phones' web server: the page, and one WebSocket per phone.

It runs aiohttp on an asyncio loop in a thread of its own, so the pygame loop
never waits on the network; the two meet only through thread-safe queues
(`inbox`, `notices`) and `send`, which hands a message to the server's loop.
It listens only between `start` and `stop`, on the address it is given: the
tests and benchmarks use loopback, the game the local network interface a
player chose.
"""

from __future__ import annotations

import asyncio
import json
import queue
import socket
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from aiohttp import WSMsgType, web

from game.phones.protocol import MAX_MESSAGE_BYTES, Act, AskHint, RateLimit, Refused, parse
from game.phones.seats import PhoneSeats

PAGE = Path(__file__).with_name("page")
STATIC = {"phone.js": "text/javascript", "phone.css": "text/css"}
# The page loads nothing from anywhere else, runs only its own script, and
# sends its address (which holds the seat's token) to nobody.
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
        " connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}
BURST, PER_SECOND = 20, 10.0  # what a person tapping fast never reaches
MAX_DROPPED = 200  # a phone that keeps flooding past the limit is disconnected
MAX_REFUSED = 50  # and so is one that keeps sending what is not a message
MAX_CODE_TRIES = 20  # wrong codes per address, then that address is not answered


@dataclass(frozen=True, slots=True)
class Notice:
    """What the TV should know of a seat's phone."""

    seat: int
    what: Literal["here", "away", "takeover"]


class _Phone:
    def __init__(self, socket: web.WebSocketResponse) -> None:
        self.socket = socket
        self.limit = RateLimit(BURST, PER_SECOND, time.monotonic())
        self.dropped = 0
        self.refused = 0


class PhoneServer:
    def __init__(self, seats: PhoneSeats, host: str = "127.0.0.1", port: int = 0) -> None:
        self.seats = seats
        self.host = host
        self.port = port
        self.inbox: queue.SimpleQueue[tuple[int, Act | AskHint]] = queue.SimpleQueue()
        self.notices: queue.SimpleQueue[Notice] = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        # Only the server's loop touches these.
        self._phones: dict[int, _Phone] = {}
        self._waiting: dict[int, _Phone] = {}  # a second phone, until the TV says yes or no
        # What each seat was last sent, for a phone that comes back.
        self._latest: dict[int, str] = {}
        self._code_tries: dict[str, int] = {}
        # Every face of the deck as a PNG, by its address: all of them, painted
        # before the server starts, so which faces exist says nothing of where
        # any card is (game/phones/table.py).
        self.images: dict[str, bytes] = {}
        # What the server itself says to a phone, in the game's language
        # (game/phones/offer.py phone_words): "waiting" while the TV decides
        # whether a second phone may take a seat, "too_fast" past the rate.
        self.words: dict[str, str] = {}

    # The game's side ----------------------------------------------------------------

    def start(self) -> None:
        """Listen; returns once the port is bound (`self.port` is then the real one)."""
        self._thread = threading.Thread(target=self._run, name="phones", daemon=True)
        self._thread.start()
        self._ready.wait(timeout=10)
        if self._failed is not None:
            raise OSError(f"the phones' server could not start: {self._failed}")

    def stop(self) -> None:
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        asyncio.run_coroutine_threadsafe(self._shutdown(), loop).result(timeout=10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=10)
        self._loop = self._thread = None

    def send(self, seat: int, message: dict[str, Any]) -> None:
        """Send `message` to `seat`'s phone now, and again to a phone that joins later."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._send, seat, json.dumps(message))

    def answer_takeover(self, seat: int, allow: bool) -> None:
        """The TV's answer to a second phone asking for `seat`."""
        if self._loop is not None:
            asyncio.run_coroutine_threadsafe(self._takeover(seat, allow), self._loop)

    def address(self, seat: int) -> str:
        return f"http://{self.host}:{self.port}/seat/{self.seats.keys[seat].token}"

    # The server's loop --------------------------------------------------------------

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self._loop = loop
        try:
            loop.run_until_complete(self._listen())
        except OSError as failed:
            self._failed = failed
            self._ready.set()
            return
        self._ready.set()
        loop.run_forever()
        loop.close()

    async def _listen(self) -> None:
        app = web.Application(client_max_size=MAX_MESSAGE_BYTES)
        app.router.add_get("/", self._join_page)
        app.router.add_get("/join", self._join)
        app.router.add_get("/seat/{token}", self._seat_page)
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get("/card/{name}", self._card)
        app.router.add_get("/mark/{name}", self._card)
        app.router.add_get("/ws/{token}", self._socket)
        app.on_response_prepare.append(_secure)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        listening = socket.create_server((self.host, self.port))
        self.port = listening.getsockname()[1]
        await web.SockSite(self._runner, listening).start()

    async def _shutdown(self) -> None:
        for phone in [*self._phones.values(), *self._waiting.values()]:
            await phone.socket.close(code=1001, message=b"the match is over")
        if self._runner is not None:
            await self._runner.cleanup()

    async def _join_page(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(PAGE / "join.html", headers={"Content-Type": "text/html"})

    async def _join(self, request: web.Request) -> web.StreamResponse:
        address = request.remote or ""
        if self._code_tries.get(address, 0) >= MAX_CODE_TRIES:
            raise web.HTTPTooManyRequests(text="Too many wrong codes.")
        token = self.seats.token_of_code(request.query.get("code", "")[:32])
        if token is None:
            self._code_tries[address] = self._code_tries.get(address, 0) + 1
            raise web.HTTPNotFound(text="No seat has that code.")
        raise web.HTTPSeeOther(f"/seat/{token}")

    async def _seat_page(self, request: web.Request) -> web.StreamResponse:
        if self.seats.seat_of(request.match_info["token"]) is None:
            raise web.HTTPNotFound(text="No such seat.")
        return web.FileResponse(PAGE / "phone.html", headers={"Content-Type": "text/html"})

    async def _static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound()
        return web.FileResponse(PAGE / name, headers={"Content-Type": STATIC[name]})

    async def _card(self, request: web.Request) -> web.StreamResponse:
        image = self.images.get(request.path)
        if image is None:
            raise web.HTTPNotFound()
        return web.Response(body=image, content_type="image/png")

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        seat = self.seats.seat_of(request.match_info["token"])
        if seat is None:
            raise web.HTTPForbidden(text="No such seat.")
        # aiohttp closes at max_msg_size itself; a message of exactly the limit is allowed.
        websocket = web.WebSocketResponse(max_msg_size=MAX_MESSAGE_BYTES + 1, heartbeat=20)
        await websocket.prepare(request)
        phone = _Phone(websocket)
        if seat in self._phones and not self._phones[seat].socket.closed:
            await self._ask_takeover(seat, phone)
        else:
            await self._seat(seat, phone)
        try:
            async for message in websocket:
                if message.type != WSMsgType.TEXT:
                    break
                await self._receive(seat, phone, message.data)
        finally:
            await self._left(seat, phone)
        return websocket

    async def _seat(self, seat: int, phone: _Phone) -> None:
        self._phones[seat] = phone
        self.notices.put(Notice(seat, "here"))
        if seat in self._latest:
            await phone.socket.send_str(self._latest[seat])

    async def _ask_takeover(self, seat: int, phone: _Phone) -> None:
        previous = self._waiting.pop(seat, None)
        if previous is not None:
            await previous.socket.close(code=4001, message=b"another phone asked")
        self._waiting[seat] = phone
        self.notices.put(Notice(seat, "takeover"))
        waiting = {"type": "waiting", "words": self.words.get("waiting", "")}
        await phone.socket.send_str(json.dumps(waiting))

    async def _takeover(self, seat: int, allow: bool) -> None:
        phone = self._waiting.pop(seat, None)
        if phone is None:
            return
        if not allow:
            await phone.socket.close(code=4001, message=b"the table said no")
            return
        old = self._phones.pop(seat, None)
        if old is not None:
            await old.socket.close(code=4000, message=b"another phone took this seat")
        await self._seat(seat, phone)

    async def _receive(self, seat: int, phone: _Phone, text: str) -> None:
        if self._phones.get(seat) is not phone:
            return  # a phone waiting for the TV's answer plays nothing yet
        if not phone.limit.allow(time.monotonic()):
            phone.dropped += 1
            if phone.dropped > MAX_DROPPED:
                await phone.socket.close(code=1008, message=b"too many messages")
            else:  # a person may tap again; what a flood makes is bounded by MAX_DROPPED
                reason = self.words.get("too_fast", "")
                await phone.socket.send_str(json.dumps({"type": "refused", "reason": reason}))
            return
        try:
            message = parse(text)
        except Refused as refused:
            phone.refused += 1
            await phone.socket.send_str(json.dumps({"type": "refused", "reason": refused.reason}))
            if phone.refused > MAX_REFUSED:
                await phone.socket.close(code=1008, message=b"too many bad messages")
            return
        if isinstance(message, Act | AskHint):
            self.inbox.put((seat, message))

    async def _left(self, seat: int, phone: _Phone) -> None:
        if self._waiting.get(seat) is phone:
            del self._waiting[seat]
        elif self._phones.get(seat) is phone:
            del self._phones[seat]
            self.notices.put(Notice(seat, "away"))

    def _send(self, seat: int, text: str) -> None:
        self._latest[seat] = text
        phone = self._phones.get(seat)
        if phone is not None and not phone.socket.closed:
            asyncio.ensure_future(phone.socket.send_str(text))


async def _secure(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(HEADERS)
