"""A moment of Learn as you play: the table holds while a callout says what a
rule does, and the cards it is about are outlined where they lie.

Raised by the table (game/scenes/play.py) only when the moment may be seen
(game/table/lessons.py): a moment about a hidden card is its owner's, shown
while their hand is up to them alone. The callout waits for Enter, Space, a
controller's A or a click, and says so; Esc pauses as at the table. When
every person plays on a phone (which has the moment too), nobody may be at
the TV's keys: it goes on by itself after ON_ITS_OWN seconds. A card
drawn in the callout asks the table's privacy like every other drawing path,
and a hand's cards are outlined only where that hand may be seen.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

import pygame

from game.engine.card_names import FACES_APART
from game.i18n import _
from game.scenes.base import Closes, KeyPrompts, OnTop, Paints, Pauses, Scene, Sounds
from game.table.match_screen import MatchScreen
from game.table.privacy import TABLE, Place
from game.ui import accessibility, text, widgets
from game.ui.input import BACK, CLICK, CONFIRM, PASS, Command

if TYPE_CHECKING:
    from game.lessons import Lesson

PANELS_W = (620, 860)  # the callout's width: the narrow one, unless its words grow too tall
TALL = 230  # a callout taller than this at the narrow width is drawn at the wide one
MOST_H = 330  # the tallest a callout may be (tests/scenes/test_words_fit.py): clear of both hands
CARD = (64, 96)  # a card the moment is about, in the callout
MOST_CARDS = 3
ON_ITS_OWN = 8.0  # seconds a phone table's callout stays up on the TV
PAD = 18
TITLE_SIZE = 28
WORDS_SIZE = 21
KEYS_SIZE = 17
LINE_GAP = 8
INK = pygame.Color(255, 213, 79)  # the callout's edge and title, and the cards' outline


def same_card(card: str, name: str) -> bool:
    """Is the card `name` on the table the card `card` a moment is about (a
    two-sided card is named by both its faces, a moment by either)?"""
    return card == name or card in name.split(FACES_APART)


class LessonApp(Closes, OnTop, Pauses, Paints, KeyPrompts, Sounds, Protocol):
    """What a lesson over the table asks of the app: whether it is on top (it
    goes by itself only from there), the card art, its keys and sounds, to
    close or pause."""


class LessonScene(Scene):
    opaque = False
    in_match = True

    def __init__(self, app: LessonApp, screen: MatchScreen, lesson: Lesson) -> None:
        self.app = app
        self.screen = screen
        self.lesson = lesson
        self.private_to = lesson.seat  # only its owner's controller answers
        self.t = 0.0
        self.on_its_own = screen.lessons.all_on_phones()

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
            self.app.pause_match()
        elif cmd.name in (CONFIRM, PASS, CLICK):
            self.app.play("tick")
            self.app.pop()
        return True

    def resume(self) -> None:
        """Back from the pause, which showed the whole couch the table: a
        moment about a hand waits for its owner's curtain again."""
        seat = self.lesson.seat
        if seat is not None and not self.screen.lessons.may_show(seat):
            self.app.pop()
            self.screen.lessons.again(self.lesson)

    def relabel(self) -> None:
        self.lesson = self.screen.session.reworded(self.lesson)

    def update(self, dt: float) -> None:
        self.t += dt
        if self.on_its_own and self.t >= ON_ITS_OWN and self.app.top is self:
            self.app.pop()

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
        seat = lesson.seat
        # On a shared screen, whose moment it is (a lone player's are all theirs).
        who = None
        if seat is not None and self.screen.shared:
            who = self.screen.session.state.names[seat]
        keys = self.app.prompts.words(_("Enter, Space or a click: play on"), _("A: play on"))
        if self.on_its_own:
            keys = _("Play goes on in a moment")
        cards = list(lesson.cards[:MOST_CARDS])
        parts, size = callout(lesson, who, keys)
        table = self.screen.table
        box = table.geometry.place(size, table.geometry.ring.center)
        body = widgets.panel(size, (16, 26, 44, 240), 16, INK).copy()
        height = size[1]
        for i, card in enumerate(cards):
            shown = self.screen.privacy.card_shown(card, self.place)
            art = self.app.art
            img = art.face(self.screen.book.look(shown), CARD) if shown else art.back(CARD)
            body.blit(img, (PAD + i * (CARD[0] + 8), (height - CARD[1]) // 2))
        x = PAD + len(cards) * (CARD[0] + 8)
        words_h = sum(p.get_height() for p in parts) + LINE_GAP * (len(parts) - 1)
        y = (height - words_h) // 2
        for part in parts:
            body.blit(part, (x, y))
            y += part.get_height() + LINE_GAP
        return box, body


def callout(
    lesson: Lesson, who: str | None, keys: str
) -> tuple[list[pygame.Surface], tuple[int, int]]:
    """The callout's lines and its size: narrow, or wide when its words would
    stand too tall (a long rule, large text)."""
    for width in PANELS_W:
        parts = callout_words(lesson, who, keys, width)
        size = callout_size(parts, len(lesson.cards), width)
        if size[1] <= TALL:
            break
    return parts, size


def words_room(cards: int, width: int) -> int:
    """How wide the callout's words may be, beside `cards` cards."""
    return width - 2 * PAD - min(cards, MOST_CARDS) * (CARD[0] + 8)


def callout_words(lesson: Lesson, who: str | None, keys: str, width: int) -> list[pygame.Surface]:
    """The callout's lines, wrapped to their room: whose it is (`who`: a seat's
    own moment), the title, the words, and the `keys` that go on."""
    room = words_room(len(lesson.cards), width)
    parts: list[pygame.Surface] = []
    if who is not None:
        only = _("Only {name} sees this").format(name=who)
        parts.append(text.render(only, KEYS_SIZE, widgets.MUTED, wrap=room))
    parts.append(text.render(lesson.title, TITLE_SIZE, INK, bold=True, wrap=room))
    parts.append(text.render(lesson.words, WORDS_SIZE, (240, 242, 248), wrap=room))
    parts.append(text.render(keys, KEYS_SIZE, widgets.MUTED, wrap=room))
    return parts


def callout_size(parts: list[pygame.Surface], cards: int, width: int) -> tuple[int, int]:
    words_h = sum(p.get_height() for p in parts) + LINE_GAP * (len(parts) - 1)
    return width, max(words_h, CARD[1] if cards else 0) + 2 * PAD
