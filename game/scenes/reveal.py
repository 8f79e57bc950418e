"""The private look at a hand after a challenge: shown only to the challenger."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.i18n import _
from game.scenes.base import Closes, KeyPrompts, Paints, Scene
from game.table.privacy import Privacy
from game.ui import text, widgets
from game.ui.card_book import CardBook
from game.ui.input import BACK, CLICK, CONFIRM, PASS, Command


class RevealApp(Closes, Paints, KeyPrompts, Protocol):
    """What a hand shown to a challenger asks of the app: the card art, its
    keys, and to close."""


class RevealScene(Scene):
    """A hand shown privately (to a challenger): any key or click closes it."""

    opaque = False

    def __init__(
        self,
        app: RevealApp,
        title: str,
        cards: list[str],
        privacy: Privacy,
        owner: int,
        to: int,
        book: CardBook | None = None,
    ) -> None:
        self.app = app
        self.title = title
        self.cards = cards
        self.book = book if book is not None else CardBook()
        self.privacy = privacy
        self.owner = owner
        self.to = to

    def enter(self) -> None:
        self.privacy.revealed = (self.owner, self.to)

    def leave(self) -> None:
        self.privacy.revealed = None

    @property
    def looking(self) -> int | None:
        return self.to

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        # "Press any key", as the line says: T, H or an arrow key too.
        if event.type == pygame.KEYDOWN or (
            cmd is not None and cmd.name in (CONFIRM, PASS, BACK, CLICK)
        ):
            self.app.pop()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        widgets.dim(surface, 170)
        n = max(1, len(self.cards))
        w = min(100, 1100 // n)
        h = round(w * 1.5)
        step = min(w + 10, 1100 // n)
        x0 = 640 - (step * (n - 1)) // 2
        title = text.shadowed(self.title, 44, (255, 213, 79), bold=True)
        surface.blit(title, title.get_rect(center=(640, 360 - h // 2 - 50)))
        for i, card in enumerate(self.cards):
            shown = self.privacy.card_shown(card, self.owner)
            art = self.app.art
            img = art.face(self.book.look(shown), (w, h)) if shown else art.back((w, h))
            surface.blit(img, img.get_rect(center=(x0 + i * step, 360)))
        words = self.app.prompts.words(
            _("Only you see this. Press any key to go on."),
            _("Only you see this. Press A to go on."),
        )
        hint = text.shadowed(words, 24, widgets.MUTED)
        surface.blit(hint, hint.get_rect(center=(640, 360 + h // 2 + 50)))
