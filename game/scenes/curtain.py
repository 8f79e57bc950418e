"""The "Pass to NAME" curtain: covers the whole table between two humans' turns.

Nothing private is drawn under it (the table view shows every hand face down
while it is up, and it is opaque). The named player dismisses it with a key or
a click when only they are looking; then their hand turns face up.
UNO calls and catches still work from behind it: they reveal nothing.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.scenes.base import Scene
from game.ui import text, widgets
from game.ui.input import BACK, CATCH, FULLSCREEN, MOVE, MUTE, UNO, WHEEL, Command
from game.ui.match_screen import MatchScreen
from game.ui.privacy import DISCARD

if TYPE_CHECKING:
    from game.app import App


class CurtainScene(Scene):
    opaque = True

    def __init__(
        self,
        app: App,
        screen: MatchScreen,
        seat: int,
        then: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.screen = screen
        self.session = screen.session
        self.seat = seat
        self.then = then
        self.t = 0.0

    @property
    def name(self) -> str:
        return self.session.state.names[self.seat]

    def dismiss(self) -> None:
        self.screen.curtain_lifted(self.seat)
        self.app.play("tick")
        self.app.pop()
        if self.then is not None:
            self.then()

    def _below(self) -> Scene | None:
        return self.app.stack[-2] if len(self.app.stack) >= 2 else None

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if event.type in (pygame.KEYUP, pygame.MOUSEBUTTONUP, pygame.TEXTINPUT):
            return True
        if cmd is None:
            if event.type == pygame.KEYDOWN:
                self.dismiss()  # any key at all
                return True
            return False
        if cmd.name in (FULLSCREEN, MUTE):
            return False
        if cmd.name in (MOVE, WHEEL):
            return True
        if cmd.name == BACK:
            self.app.push("pause", screen=self.screen)
            return True
        below = self._below()
        if cmd.name in (UNO, CATCH) and below is not None:
            # Calls and catches reveal nothing: the table below takes them.
            below.handle(event, cmd)
            return True
        self.dismiss()
        return True

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(widgets.backdrop(surface.get_size(), (70, 16, 24), (14, 4, 8)), (0, 0))
        # Stage-curtain folds.
        for i in range(0, 1280, 80):
            shade = 20 + round(14 * math.sin(i / 80 * 1.7))
            pygame.draw.rect(surface, (shade + 40, 8, 16), (i, 0, 36, 720))
        widgets.dim(surface, 110)
        small = text.shadowed("Pass to", 44, (255, 236, 179), bold=True)
        surface.blit(small, small.get_rect(center=(640, 230)))
        big = text.shadowed(self.name, 120, (255, 213, 79), bold=True, offset=5)
        if big.get_width() > 1180:
            big = text.fit(self.name, 120, 1180, (255, 213, 79), bold=True)
        bob = round(4 * math.sin(self.t * 3))
        surface.blit(big, big.get_rect(center=(640, 330 + bob)))
        state = self.session.state
        count = len(state.hands[self.seat])
        info = f"{count} card{'s' if count != 1 else ''} in your hand"
        img = text.shadowed(info, 28, (255, 255, 255))
        surface.blit(img, img.get_rect(center=(640, 420)))
        top = self.screen.table.top_card
        if top is not None and self.screen.privacy.card_face(top, DISCARD):
            card = self.app.art.face(top, (64, 96))
            surface.blit(card, card.get_rect(center=(640, 520)))
        hint = f"{self.name}: press any key or click when only you can see the screen"
        img = text.shadowed(hint, 24, widgets.MUTED)
        surface.blit(img, img.get_rect(center=(640, 640)))
