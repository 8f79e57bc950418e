"""Card faces for the phones, painted by the TV's own painter.

A phone shows the same card art as the TV: each face is painted from its
rule file by game/ui/card_art.py (a modder's card looks the same on both)
and sent as a PNG. Faces are painted on the game's thread, the only one
that draws, once per face and setting, and handed to the server.
"""

from __future__ import annotations

import io

import pygame

from game.ui import patterns
from game.ui.card_art import CardArt
from game.ui.card_book import CardBook

MARK_SIDE = 64  # a colour's shape: the page scales it into its swatch
PHONE_CARD = (120, 180)  # painted a little larger than the TV's cards: phones have dense screens


class PhoneFaces:
    def __init__(self, book: CardBook, patterns: bool) -> None:
        self.book = book
        self.art = CardArt(PHONE_CARD, patterns=patterns)
        self._png: dict[str, bytes] = {}

    def mark_png(self, color: str) -> bytes:
        """Colour-blind mode's shape for `color` (game/ui/patterns.py), for the
        page to draw on that colour wherever it shows one."""
        return _encoded(patterns.mark(self.book.color_pattern(color), MARK_SIDE))

    def png(self, card: str) -> bytes:
        found = self._png.get(card)
        if found is None:
            found = self._png[card] = _encoded(self.art.face(self.book.look(card)))
        return found


def _encoded(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "face.png")
    return buffer.getvalue()
