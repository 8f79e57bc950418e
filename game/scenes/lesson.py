"""A moment of Learn as you play: the table holds while a callout says what a
rule does, and the cards it is about are outlined where they lie.

Raised by the table (game/scenes/play.py) only when the moment may be seen
(game/table/lessons.py): a moment about a hidden card is its owner's, shown
while their hand is up to them alone. The callout waits for Enter, Space, a
controller's A or a click, and says so; Esc pauses as at the table. A card
drawn in the callout asks the table's privacy like every other drawing path,
and a hand's cards are outlined only where that hand may be seen.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.scenes.base import Scene, Services
from game.table.match_screen import MatchScreen
from game.table.model import FACES_APART
from game.ui import accessibility, text, widgets
from game.ui.input import BACK, CLICK, CONFIRM, PASS, Command
from game.ui.privacy import TABLE, Place

if TYPE_CHECKING:
    from game.lessons import Lesson

PANEL_W = 620
CARD = (64, 96)  # a card the moment is about, in the callout
MOST_CARDS = 3
PAD = 18
TITLE_SIZE = 28
WORDS_SIZE = 21
KEYS_SIZE = 17
INK = pygame.Color(255, 213, 79)  # the callout's edge and title, and the cards' outline


def same_card(card: str, name: str) -> bool:
    """Is the card `name` on the table the card `card` a moment is about (a
    two-sided card is named by both its faces, a moment by either)?"""
    return card == name or card in name.split(FACES_APART)


class LessonScene(Scene):
    opaque = False
    in_match = True

    def __init__(self, app: Services, screen: MatchScreen, lesson: Lesson) -> None:
        super().__init__(app)
        self.screen = screen
        self.lesson = lesson
        self.private_to = lesson.seat  # only its owner's controller answers
        self.t = 0.0

    @property
    def match_screen(self) -> MatchScreen:
        return self.screen

    @property
    def looking(self) -> int | None:
        return self.lesson.seat

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if cmd is None:
            return True  # the table holds: nothing else is played meanwhile
        if cmd.name == BACK:
            self.app.push("pause", screen=self.screen)
        elif cmd.name in (CONFIRM, PASS, CLICK):
            self.app.play("tick")
            self.app.pop()
        return True

    def update(self, dt: float) -> None:
        self.t += dt

    # --- drawing --------------------------------------------------------------------

    @property
    def place(self) -> Place:
        """Where the moment's cards are, for the privacy: the owner's hand, or the table."""
        return self.lesson.seat if self.lesson.seat is not None else TABLE

    def draw(self, surface: pygame.Surface) -> None:
        widgets.dim(surface, 90)
        self._outline_cards(surface)
        box, body = self._callout()
        surface.blit(body, box)

    def _outline_cards(self, surface: pygame.Surface) -> None:
        """The moment's cards outlined where they lie: on the discard pile, and in
        the hands the person looking may see (an outline in a hidden hand would
        tell where its card is)."""
        cards = self.lesson.cards
        if not cards:
            return
        table = self.screen.table
        pulse = 0.0 if accessibility.still() else 0.5 + 0.5 * math.sin(self.t * 5)
        ink = pygame.Color(INK).lerp((255, 255, 255), 0.45 * pulse)
        top = table.top_card
        if top is not None and any(same_card(c, top) for c in cards):
            pile = table.geometry.layout.piles["discard_pile"]
            pygame.draw.rect(surface, ink, pile.inflate(10, 10), 4, border_radius=10)
        privacy = self.screen.privacy
        for seat in range(table.players):
            if not privacy.may_see(seat):
                continue
            for i, sprite in enumerate(table.sprites(seat)):
                if any(same_card(c, sprite.name) for c in cards):
                    rect = table.card_rect(seat, i).inflate(8, 8)
                    pygame.draw.rect(surface, ink, rect, 4, border_radius=8)

    def _callout(self) -> tuple[pygame.Rect, pygame.Surface]:
        """The callout and where it goes: clear of the hands and plates, near the middle."""
        lesson = self.lesson
        cards = list(lesson.cards[:MOST_CARDS])
        room = PANEL_W - 2 * PAD - (len(cards) * (CARD[0] + 8) if cards else 0)
        parts: list[pygame.Surface] = []
        if lesson.seat is not None:
            name = self.screen.session.state.names[lesson.seat]
            parts.append(
                text.render(_("Only {name} sees this").format(name=name), KEYS_SIZE, widgets.MUTED)
            )
        parts.append(text.render(lesson.title, TITLE_SIZE, INK, bold=True, wrap=room))
        parts.append(text.render(lesson.words, WORDS_SIZE, (240, 242, 248), wrap=room))
        keys = self.app.prompts.words(_("Enter, Space or a click: play on"), _("A: play on"))
        parts.append(text.render(keys, KEYS_SIZE, widgets.MUTED, wrap=room))
        words_h = sum(p.get_height() for p in parts) + 8 * (len(parts) - 1)
        height = max(words_h, CARD[1] if cards else 0) + 2 * PAD
        size = (PANEL_W, height)
        table = self.screen.table
        box = table.geometry.place(size, table.geometry.ring.center)
        body = widgets.panel(size, (16, 26, 44, 240), 16, INK).copy()
        x = PAD
        for i, card in enumerate(cards):
            shown = self.screen.privacy.card_shown(card, self.place)
            art = self.app.art
            img = art.face(self.screen.book.look(shown), CARD) if shown else art.back(CARD)
            body.blit(img, (x + i * (CARD[0] + 8), (height - CARD[1]) // 2))
        x += len(cards) * (CARD[0] + 8) if cards else 0
        y = (height - words_h) // 2
        for part in parts:
            body.blit(part, (x, y))
            y += part.get_height() + 8
        return box, body
