"""Phones played by a script, as real WebSocket clients on loopback, and a
table that drives a match between them and bots the way the game's loop does
(game/phones/table.py): offer, take, apply."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from dataclasses import dataclass
from typing import Any

import aiohttp

from game.engine import IllegalAction
from game.phones.table import PhoneTable
from game.play.match import MatchSession

HINTS = 4  # hints a table of scripted phones asks for at most (each is a search)
MAX_STEPS = 20_000  # loop turns of the table before a test gives up (each waits a little)


@dataclass(frozen=True)
class Style:
    """How a scripted phone plays beyond its first playable card: it challenges
    every Wild Draw Four it may, catches whoever it may, plays out of turn when
    jump-in lets it, forgets UNO, asks for a hint on each turn."""

    challenge: bool = False
    catch: bool = False
    jump_in: bool = False
    forget_uno: bool = False
    hints: bool = False


class ScriptedPhones:
    """One thread running a phone for each of `seats`: each answers its turn
    with the first card it may play (else the first other option), calls UNO
    when offered, and keeps every message it was sent (`style` says more)."""

    def __init__(
        self, table: PhoneTable, seats: list[int] | None = None, style: Style = Style()
    ) -> None:
        self.table = table
        self.style = style
        self.seats = table.seats if seats is None else seats
        self.received: dict[int, list[dict[str, Any]]] = {seat: [] for seat in self.seats}
        self.latest: dict[int, dict[str, Any]] = {}  # the last state each phone was sent
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._main, daemon=True)
        self.failed: BaseException | None = None
        self.connected = threading.Event()
        self._hinted: set[int] = set()  # the offers a hint was asked on

    def __enter__(self) -> ScriptedPhones:
        self._thread.start()
        assert self.connected.wait(timeout=10), "the phones could not connect"
        return self

    def caught_up(self, timeout: float = 5.0) -> None:
        """Wait until every phone has been sent its seat's latest offer. An
        offer already taken was answered by its phone, so that phone had it."""
        offers = self.table.offers
        until = time.monotonic() + timeout
        while time.monotonic() < until:
            if all(
                offers.current(s) in (0, self.latest.get(s, {}).get("offer")) for s in self.seats
            ):
                return
            time.sleep(0.01)
        raise AssertionError(f"the phones were not sent their seats' offers in {timeout} s")

    def __exit__(self, *_exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=10)
        assert self.failed is None, f"a phone failed: {self.failed!r}"

    def _main(self) -> None:
        try:
            asyncio.run(self._run())
        except BaseException as failed:  # the test reads it: a phone that died plays nothing
            self.failed = failed
            self.connected.set()

    async def _run(self) -> None:
        async with aiohttp.ClientSession() as client:
            sockets = [
                await client.ws_connect(self.table.server.address(seat).replace("/seat/", "/ws/"))
                for seat in self.seats
            ]
            self.connected.set()
            await asyncio.gather(
                *(self._phone(seat, ws) for seat, ws in zip(self.seats, sockets, strict=True))
            )
            for ws in sockets:
                await ws.close()

    def _wants_hint(self, seat: int, data: dict[str, Any]) -> bool:
        """A phone that asks for hints asks once on each of its turns."""
        if not self.style.hints or data["type"] != "state" or not data["your_turn"]:
            return False
        if data["offer"] in self._hinted or len(self._hinted) >= HINTS:
            return False
        self._hinted.add(data["offer"])
        return True

    async def _phone(self, seat: int, ws: aiohttp.ClientWebSocketResponse) -> None:
        while not self._stop.is_set():
            try:
                message = await ws.receive(timeout=0.2)
            except TimeoutError:
                continue
            if message.type != aiohttp.WSMsgType.TEXT:
                return
            data = json.loads(message.data)
            self.received[seat].append(data)
            if data["type"] == "refused" and self.latest.get(seat) is not None:
                # Refused (too fast, say): a person taps again a moment later.
                await asyncio.sleep(0.1)
                data = self.latest[seat]
            elif data["type"] == "state":
                self.latest[seat] = data
            choice = choose(data, self.style) if data["type"] == "state" else None
            if self._wants_hint(seat, data):
                await ws.send_str(json.dumps({"type": "hint"}))
            if choice is not None:
                await ws.send_str(
                    json.dumps({"type": "act", "offer": data["offer"], "choice": choice})
                )


def choose(state: dict[str, Any], style: Style = Style()) -> int | None:
    """The option a scripted phone takes in `state` (None: it waits)."""
    options = state["options"]
    uno = [i for i, o in enumerate(options) if o["words"] == "Call UNO"]
    if uno and not style.forget_uno:
        return uno[0]
    catches = [i for i, o in enumerate(options) if o["words"].startswith("Catch")]
    if catches and style.catch:
        return catches[0]
    cards = [i for i, o in enumerate(options) if "card" in o]
    if not state["your_turn"] or not options:
        return cards[0] if cards and style.jump_in else None
    challenge = [i for i, o in enumerate(options) if o["words"] == "Challenge"]
    if challenge and style.challenge:
        return challenge[0]
    others = [
        i
        for i, o in enumerate(options)
        if "card" not in o and "Catch" not in o["words"] and o["words"] != "Call UNO"
    ]
    return (cards or others or [0])[0]


def step(session: MatchSession, table: PhoneTable) -> bool:
    """One turn of the game's loop: offer, apply what the phones chose, let a
    bot whose turn it is move. False when nobody could move (a phone is
    expected: the caller lets it answer)."""
    table.sync(session.state, session.log)
    table.answer_hints(session.state, session.hinting)
    moved = False
    for seat, action in table.take():
        try:
            session.apply(action)
            moved = True
        except IllegalAction as refused:
            table.refuse(seat, refused.args[0])
    decision = session.state.pending
    if decision is not None and session.is_bot(decision.seat):
        seat = decision.seat
        session.apply(session.bots[seat].choose(session.look(seat), session.legal(seat)))
        moved = True
    return moved


def round_over(session: MatchSession, rounds: int = 1) -> bool:
    state = session.state
    return (
        state.over
        or state.round_no > rounds
        or (state.pending is not None and state.pending.kind == "next_round")
    )


def drive(session: MatchSession, table: PhoneTable, *, rounds: int = 1) -> None:
    """Play until `rounds` rounds have ended: the phones' seats by their
    phones, the others by their bots, one action at a time."""
    for _ in range(MAX_STEPS):
        if round_over(session, rounds):
            table.sync(session.state, session.log)
            return
        if not step(session, table):
            time.sleep(0.002)  # a phone's answer is on its way
    raise AssertionError("the match did not get on")
