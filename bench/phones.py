"""Hands on phones: how fast a tap reaches the game, and what the server costs the TV.

    python bench/phones.py [--actions N] [--frames N]

Everything runs on loopback. Ten phones (real WebSocket clients, in a thread
of their own like a phone's browser) play a classic match of ten seats
through the phones' server; for each tap, the time from the phone sending it
to the game having applied it, which is when the TV has its events (the
game's loop takes phones' answers once a frame: at 60 frames a second that
adds up to 16.7 ms, which this figure includes by polling at that rate).
Bar: p99 <= 50 ms. Then the play scene's frame time (bench/frame.py's heavy
table) without the server, and with it running and ten phones connected.
Bar: p99 within 1 ms of without.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import aiohttp  # noqa: E402
import pygame  # noqa: E402
from frame import frame_costs, percentile  # noqa: E402
from workload import size  # noqa: E402

from game.engine import IllegalAction  # noqa: E402
from game.phones.offer import PhoneLooks, every_face  # noqa: E402
from game.phones.table import PhoneTable  # noqa: E402
from game.play.match import MatchSession, SeatConfig  # noqa: E402
from game.ui.card_book import CardBook  # noqa: E402

NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo"]
FRAME = 1 / 60


class Phones:
    """Ten phones: each answers its turn at once (first option) and notes when it sent it."""

    def __init__(self, table: PhoneTable, answer: bool) -> None:
        self.table = table
        self.answer = answer
        self.sent: dict[int, float] = {}  # offer number -> when its answer was sent
        self.stop = threading.Event()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)

    async def _run(self) -> None:
        async with aiohttp.ClientSession() as client:
            sockets = [
                await client.ws_connect(self.table.server.address(s).replace("/seat/", "/ws/"))
                for s in self.table.seats
            ]
            self.ready.set()
            await asyncio.gather(*(self._phone(ws) for ws in sockets))

    async def _phone(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        while not self.stop.is_set():
            try:
                message = await ws.receive(timeout=0.1)
            except TimeoutError:
                continue
            if message.type != aiohttp.WSMsgType.TEXT:
                return
            data = json.loads(message.data)
            if self.answer and data["type"] == "state" and data["your_turn"] and data["options"]:
                self.sent[data["offer"]] = time.perf_counter()
                await ws.send_str(json.dumps({"type": "act", "offer": data["offer"], "choice": 0}))


def open_table(session: MatchSession) -> PhoneTable:
    deck = sorted(every_face(session.state))
    table = PhoneTable(range(len(NAMES)), deck, CardBook(session.rules), PhoneLooks())
    table.start()
    return table


def tap_latency(actions: int) -> list[float]:
    """Milliseconds from a phone's tap to the game having applied it."""
    pygame.init()
    session = MatchSession(["classic"], [SeatConfig(n) for n in NAMES], seed=3)
    table = open_table(session)
    phones = Phones(table, answer=True)
    phones.thread.start()
    phones.ready.wait(10)
    offered: dict[int, int] = {}  # seat -> the offer its phone was last sent
    latencies = []
    try:
        while len(latencies) < actions and not session.state.over:
            table.sync(session.state, session.log)
            offered = {seat: table.offers.current(seat) for seat in table.seats}
            for seat, action in table.take():
                try:
                    session.apply(action)
                except IllegalAction as refused:
                    table.refuse(seat, refused.args[0])
                    continue
                sent = phones.sent.get(offered[seat])
                if sent is not None:
                    latencies.append((time.perf_counter() - sent) * 1000)
            time.sleep(FRAME)
    finally:
        phones.stop.set()
        table.stop()
    return latencies


def frames_with_phones(frames: int) -> dict:
    pygame.init()
    session = MatchSession(["classic"], [SeatConfig(n) for n in NAMES], seed=3)
    table = open_table(session)
    phones = Phones(table, answer=False)
    phones.thread.start()
    phones.ready.wait(10)
    try:
        return frame_costs(frames)
    finally:
        phones.stop.set()
        table.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=size(300, 3))
    parser.add_argument("--frames", type=int, default=size(1200, 5))
    args = parser.parse_args()
    taps = tap_latency(args.actions)
    print(f"tap to applied, {len(taps)} taps, 10 phones on loopback:")
    print(f"  median {statistics.median(taps):.1f} ms, p99 {percentile(taps, 99):.1f} ms (bar 50)")
    without = frame_costs(args.frames)
    with_phones = frames_with_phones(args.frames)
    print(f"play scene, {args.frames} frames, update + draw:")
    for name, costs in (("without the server", without), ("with 10 phones", with_phones)):
        print(f"  {name}: median {costs['median_ms']:.2f} ms, p99 {costs['p99_ms']:.2f} ms")
    print(f"  p99 difference {with_phones['p99_ms'] - without['p99_ms']:+.2f} ms (bar: within 1)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
