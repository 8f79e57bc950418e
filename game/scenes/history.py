"""The round so far, in words (H, or the History button): the last 30 things
that happened, newest at the bottom. The table waits while it is open; H, Esc,
Enter or a click closes it."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.i18n import _
from game.scenes.base import Closes, KeyPrompts, Paints, Scene
from game.table.match_screen import MatchScreen
from game.ui import text, widgets
from game.ui.input import BACK, CLICK, CONFIRM, HISTORY, PASS, Command
from game.ui.tones import tone_mark, with_mark

BOX = pygame.Rect(240, 40, 800, 640)
LINE_SIZE = 22


class HistoryApp(Closes, Paints, KeyPrompts, Protocol):
    """What the round's history asks of the app: the card art, its keys, and to close."""


class HistoryScene(Scene):
    opaque = False

    def __init__(self, app: HistoryApp, screen: MatchScreen) -> None:
        self.app = app
        self.screen = screen

    @property
    def lines(self) -> list[str]:
        return [told.text for told in self.screen.table.narrator.history]

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if cmd is not None and cmd.name in (HISTORY, BACK, CONFIRM, PASS, CLICK):
            self.app.pop()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        widgets.dim(surface, 150)
        surface.blit(widgets.panel(BOX.size), BOX)
        round_no = self.screen.table.model.round_no
        head = text.render(_("Round {n} so far").format(n=round_no), 32, (255, 213, 79), bold=True)
        surface.blit(head, (BOX.x + 24, BOX.y + 18))
        lines = self.lines
        if not lines:
            img = text.render(_("Nothing has happened yet."), LINE_SIZE, widgets.MUTED)
            surface.blit(img, (BOX.x + 24, BOX.y + 70))
        # Oldest first, newest last; when they do not all fit, the oldest are left out.
        top, bottom = BOX.y + 66, BOX.bottom - 50
        images = []
        room = bottom - top
        told = list(self.screen.table.narrator.history)
        book, art = self.screen.book, self.app.art
        for i, said in enumerate(reversed(told)):
            ink = (255, 255, 255) if i == 0 else (222, 226, 236)
            mark = tone_mark(said.tone, book, art)
            wrap = BOX.w - 48 - (LINE_SIZE if mark else 0)
            img = text.render(said.text, LINE_SIZE, ink, wrap=wrap)
            img = with_mark(img, mark, text.font(LINE_SIZE).get_linesize())
            room -= img.get_height() + 2
            if room < 0:
                break
            images.append(img)
        y = top
        for img in reversed(images):
            surface.blit(img, (BOX.x + 24, y))
            y += img.get_height() + 2
        words = self.app.prompts.words(
            _("H, Esc or a click closes it"), _("A, B or View closes it")
        )
        hint = text.render(words, 18, widgets.MUTED)
        surface.blit(hint, hint.get_rect(midbottom=(BOX.centerx, BOX.bottom - 14)))
