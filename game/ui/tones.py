"""How a line of the table's words looks by its tone (game/table/narrate.py gives
each line one: "plain", "gold", "warn", "hit", or "color:<name>" for a colour
named): its ink, and in colour-blind mode the colour's shape before it
(game/ui/patterns.py). The table's event line, its bursts and the History
all draw lines through here."""

from __future__ import annotations

import pygame

from game.ui import patterns
from game.ui.card_art import CardArt
from game.ui.card_book import CardBook

TONES: dict[str, tuple[int, int, int]] = {
    "plain": (255, 255, 255),
    "gold": (255, 213, 79),
    "warn": (255, 200, 120),
    "hit": (255, 120, 90),
}

MARK_HEIGHT = 0.8  # colour-blind mode: a colour's shape before a line, of the line's height


def tone_color(tone: str, book: CardBook) -> pygame.Color:
    """A line's ink: a colour named ("color:<name>") as the rule set shows it, lightened."""
    if tone.startswith("color:"):
        return pygame.Color(book.color_rgb(tone[6:])).lerp((255, 255, 255), 0.35)
    return pygame.Color(TONES.get(tone, TONES["plain"]))


def tone_mark(tone: str, book: CardBook, art: CardArt) -> str | None:
    """Colour-blind mode: the shape drawn before a line that names a colour."""
    if art.patterns and tone.startswith("color:"):
        return book.color_pattern(tone[6:])
    return None


def with_mark(
    label: pygame.Surface, mark: str | None, line_height: int | None = None
) -> pygame.Surface:
    """`label` with the shape `mark` before it, as tall as its letters (None: as is);
    a label wrapped onto lines of `line_height` has it by its first line."""
    if mark is None:
        return label
    h = label.get_height()
    line = line_height or h
    shape = patterns.mark(mark, round(line * MARK_HEIGHT))
    gap = max(4, line // 5)
    out = pygame.Surface((shape.get_width() + gap + label.get_width(), h), pygame.SRCALPHA)
    out.blit(shape, shape.get_rect(midleft=(0, line // 2)))
    out.blit(label, (shape.get_width() + gap, 0))
    return out
