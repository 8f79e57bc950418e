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
import contextlib
import itertools
import json
import queue
import secrets
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from aiohttp import WSMsgType, web

from game.phones.door import HANDLER_ARGS, SERVER_NAME, CodeTries, Door, own_address
from game.phones.protocol import MAX_MESSAGE_BYTES, Act, AskHint, RateLimit, Refused, parse
from game.phones.seats import CODE_ALPHABET, PhoneSeats

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
    "Server": SERVER_NAME,
}
BURST, PER_SECOND = 20, 10.0  # what a person tapping fast never reaches
MAX_DROPPED = 200  # a phone that keeps flooding past the limit is disconnected
MAX_REFUSED = 50  # and so is one that keeps sending what is not a message
MAX_SECRET = 64  # characters of a phone's secret looked at (seats.py makes 22)
# After the TV was asked about a seat, the next phone asking for it waits this
# long: a phone that keeps asking cannot keep the TV's screen busy.
QUESTION_GAP = 3.0
LABEL_LENGTH = 3  # the short name of a request, shown on the asking phone and the TV
# Why the server closes a phone's socket: a close code the page knows, and
# the key of the words (phone_words) it is told first, in the game's language.
CLOSES = {
    "taken": 4000,  # another phone plays the seat now: the page stops
    "refused": 4001,  # the TV said no: the page stops
    "busy": 4002,  # the TV is asked about this seat already: the page tries again later
    "over": 1001,  # the match is over
    "flood": 1008,  # too many messages, or too many that were not messages
}


@dataclass(frozen=True, slots=True)
class Notice:
    """What the TV should know of a seat's phone. A "takeover" asks the TV
    whether the phone of request `request` may play the seat; that phone shows
    `label`, and only an answer naming `request` seats it. "withdrawn": that
    phone left before the answer."""

    seat: int
    what: Literal["here", "away", "takeover", "withdrawn"]
    request: int = 0
    label: str = ""


class _Phone:
    def __init__(self, socket: web.WebSocketResponse) -> None:
        self.socket = socket
        self.limit = RateLimit(BURST, PER_SECOND, time.monotonic())
        self.dropped = 0
        self.refused = 0


@dataclass(frozen=True, slots=True)
class _Asking:
    request: int
    label: str
    phone: _Phone


class PhoneServer:
    def __init__(self, seats: PhoneSeats, host: str = "127.0.0.1", port: int = 0) -> None:
        self.seats = seats
        self.host = host
        self.port = port
        self.inbox: queue.SimpleQueue[tuple[int, Act | AskHint]] = queue.SimpleQueue()
        self.notices: queue.SimpleQueue[Notice] = queue.SimpleQueue()
        self.door = Door()
        # The clock of the waits (a wrong code's, a question's); tests move it on.
        self.clock: Callable[[], float] = time.monotonic
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._listening: asyncio.Server | None = None
        self._ready = threading.Event()
        self._failed: OSError | None = None
        # Only the server's loop touches these.
        self._phones: dict[int, _Phone] = {}
        self._asking: dict[int, _Asking] = {}  # the one phone per seat the TV is asked about
        self._next_question: dict[int, float] = {}
        self._requests = itertools.count(1)
        # The latest state each seat was sent, for its phone coming back: never
        # a refusal or anything else said once.
        self._latest: dict[int, str] = {}
        self._code_tries = CodeTries()
        self._closing: set[asyncio.Task[None]] = set()
        # Every face of the deck as a PNG, by its address: all of them, painted
        # before the server starts, so which faces exist says nothing of where
        # any card is (game/phones/table.py).
        self.images: dict[str, bytes] = {}
        # What the server itself says to a phone, in the game's language
        # (game/phones/offer.py phone_words): "asking" while the TV decides
        # whether a new phone may take a seat, "too_fast" past the rate, and
        # why it closes a phone's socket (CLOSES).
        self.words: dict[str, str] = {}

    # The game's side ----------------------------------------------------------------

    def start(self) -> None:
        """Listen; returns once the port is bound (`self.port` is then the real one).
        The OSError of a port that cannot be had is raised as it is (its errno
        says why)."""
        self._thread = threading.Thread(target=self._run, name="phones", daemon=True)
        self._thread.start()
        self._ready.wait(timeout=10)
        if self._failed is not None:
            raise self._failed

    def stop(self) -> None:
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        asyncio.run_coroutine_threadsafe(self._shutdown(), loop).result(timeout=10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=10)
        self._loop = self._thread = None

    def send(self, seat: int, message: dict[str, Any]) -> None:
        """Send `message` to `seat`'s phone now; a state is sent again to the
        seat's phone when it comes back, anything else only now."""
        if self._loop is not None:
            keep = message.get("type") == "state"
            self._loop.call_soon_threadsafe(self._send, seat, json.dumps(message), keep)

    def answer_takeover(self, seat: int, request: int, allow: bool) -> None:
        """The TV's answer to request `request` (a Notice's) for `seat`; an
        answer to any other request than the seat's open one changes nothing."""
        if self._loop is not None:
            asyncio.run_coroutine_threadsafe(self._takeover(seat, request, allow), self._loop)

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
        listening = socket.create_server((self.host, self.port))
        self.port = listening.getsockname()[1]
        app = web.Application(
            client_max_size=MAX_MESSAGE_BYTES, middlewares=[own_address(self.host, self.port)]
        )
        app.router.add_get("/", self._join_page)
        app.router.add_get("/join", self._join)
        app.router.add_get("/seat/{token}", self._seat_page)
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get("/card/{name}", self._card)
        app.router.add_get("/mark/{name}", self._card)
        app.router.add_get("/ws/{token}", self._socket)
        app.on_response_prepare.append(_secure)
        self._runner = web.AppRunner(app, access_log=None, **HANDLER_ARGS)
        await self._runner.setup()
        assert self._runner.server is not None
        handlers = self.door.handlers(self._runner.server, access_log=None, **HANDLER_ARGS)
        loop = asyncio.get_running_loop()
        self._listening = await loop.create_server(handlers, sock=listening)

    async def _shutdown(self) -> None:
        if self._listening is not None:
            self._listening.close()
        asking = [ask.phone for ask in self._asking.values()]
        for phone in [*self._phones.values(), *asking]:
            await self._bye(phone, "over")
        if self._runner is not None:
            await self._runner.cleanup()

    async def _join_page(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(PAGE / "join.html", headers={"Content-Type": "text/html"})

    async def _join(self, request: web.Request) -> web.StreamResponse:
        address = request.remote or ""
        wait = self._code_tries.wait(address, self.clock())
        if wait > 0:  # the code is not even looked at until the wait is over
            retry = CodeTries.retry_after(wait)
            raise web.HTTPTooManyRequests(
                text=f"Too many wrong codes: try again in {retry} s.",
                headers={"Retry-After": retry},
            )
        token = self.seats.token_of_code(request.query.get("code", "")[:32])
        if token is None:
            self._code_tries.wrong(address, self.clock())
            raise web.HTTPNotFound(text="No seat has that code.")
        self._code_tries.right(address)
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
        secret = request.query.get("phone", "")[:MAX_SECRET]
        # aiohttp closes at max_msg_size itself; a message of exactly the limit is allowed.
        websocket = web.WebSocketResponse(max_msg_size=MAX_MESSAGE_BYTES + 1, heartbeat=20)
        await websocket.prepare(request)
        phone = _Phone(websocket)
        if self.seats.is_owner(seat, secret):
            await self._seat(seat, phone, secret)  # its own phone, back: no question
        elif not self.seats.owned(seat):
            await self._seat(seat, phone, self.seats.bind(seat))  # the first phone to come
        else:
            await self._ask(seat, phone)
        try:
            async for message in websocket:
                if message.type != WSMsgType.TEXT:
                    break
                await self._receive(seat, phone, message.data)
        finally:
            await self._left(seat, phone)
        return websocket

    async def _seat(self, seat: int, phone: _Phone, secret: str) -> None:
        old = self._phones.get(seat)
        self._phones[seat] = phone
        if old is not None and old is not phone:
            # Most often the same phone's socket the Wi-Fi lost, not yet noticed
            # dead: the close must not hold up the phone that is here.
            self._later(self._bye(old, "taken"))
        self.notices.put(Notice(seat, "here"))
        await self._say(phone, {"type": "seated", "phone": secret})
        if seat in self._latest:
            await self._say(phone, self._latest[seat])

    async def _ask(self, seat: int, phone: _Phone) -> None:
        now = self.clock()
        if seat in self._asking or now < self._next_question.get(seat, 0.0):
            await self._bye(phone, "busy")
            return
        request = next(self._requests)
        label = "".join(secrets.choice(CODE_ALPHABET) for _ in range(LABEL_LENGTH))
        self._asking[seat] = _Asking(request, label, phone)
        self._next_question[seat] = now + QUESTION_GAP
        self.notices.put(Notice(seat, "takeover", request, label))
        words = self.words.get("asking", "{request}").replace("{request}", label)
        await self._say(phone, {"type": "waiting", "words": words, "request": label})

    async def _takeover(self, seat: int, request: int, allow: bool) -> None:
        asking = self._asking.get(seat)
        if asking is None or asking.request != request:
            return
        del self._asking[seat]
        if allow:
            await self._seat(seat, asking.phone, self.seats.bind(seat))
        else:
            await self._bye(asking.phone, "refused")

    async def _receive(self, seat: int, phone: _Phone, text: str) -> None:
        # Every socket is held to the rate, a phone waiting for the TV's answer too.
        if not phone.limit.allow(time.monotonic()):
            phone.dropped += 1
            if phone.dropped > MAX_DROPPED:
                await self._bye(phone, "flood")
            else:  # a person may tap again; what a flood makes is bounded by MAX_DROPPED
                await self._say(
                    phone, {"type": "refused", "reason": self.words.get("too_fast", "")}
                )
            return
        if self._phones.get(seat) is not phone:
            return  # a phone waiting for the TV's answer plays nothing yet
        try:
            message = parse(text)
        except Refused as refused:
            phone.refused += 1
            await self._say(phone, {"type": "refused", "reason": refused.reason})
            if phone.refused > MAX_REFUSED:
                await self._bye(phone, "flood")
            return
        if isinstance(message, Act | AskHint):
            self.inbox.put((seat, message))

    async def _left(self, seat: int, phone: _Phone) -> None:
        asking = self._asking.get(seat)
        if asking is not None and asking.phone is phone:
            del self._asking[seat]
            self.notices.put(Notice(seat, "withdrawn", asking.request, asking.label))
        elif self._phones.get(seat) is phone:
            del self._phones[seat]
            self.notices.put(Notice(seat, "away"))

    def _send(self, seat: int, text: str, keep: bool) -> None:
        if keep:
            self._latest[seat] = text
        phone = self._phones.get(seat)
        if phone is not None and not phone.socket.closed:
            self._later(self._say(phone, text))

    async def _say(self, phone: _Phone, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else json.dumps(message)
        with contextlib.suppress(ConnectionError):  # it left: its socket's end says so
            await phone.socket.send_str(text)

    async def _bye(self, phone: _Phone, why: str) -> None:
        """Tell `phone` why in its player's words, then close its socket."""
        if phone.socket.closed:
            return
        await self._say(phone, {"type": "bye", "why": why, "words": self.words.get(why, "")})
        with contextlib.suppress(ConnectionError):
            await phone.socket.close(code=CLOSES[why], message=why.encode())

    def _later(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._closing.add(task)  # held until done: the loop keeps only a weak reference
        task.add_done_callback(self._closing.discard)


async def _secure(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(HEADERS)
