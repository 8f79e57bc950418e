"""A phone follows the TV's settings for the players' eyes: with colour-blind
mode on, every colour it shows comes with the colour's shape, painted by the
TV's own painter and served beside the card faces."""

from __future__ import annotations

import asyncio

import aiohttp

from game.engine import new_game
from game.phones.offer import PhoneLooks, every_color, every_face, phone_state
from game.phones.table import PhoneTable
from game.ui.card_book import CardBook
from tests.support.rules import rules


def test_color_blind_mode_gives_every_color_its_shape_on_the_phone(pygame_display):
    flip = rules("flip")
    state, _ = new_game(flip, 3, seed=2)
    book = CardBook(flip)
    shown, _ = phone_state(state, 0, book, PhoneLooks(patterns=True))
    assert shown["color"]["mark"] == f"/mark/{state.cards.color_name(state.color)}.png"
    plain, _ = phone_state(state, 0, book, PhoneLooks(patterns=False))
    assert "mark" not in plain["color"]
    table = PhoneTable(
        [0], sorted(every_face(state)), book, PhoneLooks(patterns=True), colors=every_color(state)
    )
    table.start()
    try:

        async def fetch(path: str) -> tuple[int, bytes]:
            async with (
                aiohttp.ClientSession() as client,
                client.get(f"http://127.0.0.1:{table.server.port}{path}") as page,
            ):
                return page.status, await page.read()

        for color in ("red", "pink", "purple"):  # both sides of the deck
            status, body = asyncio.run(fetch(f"/mark/{color}.png"))
            assert status == 200 and body.startswith(b"\x89PNG")
    finally:
        table.stop()
