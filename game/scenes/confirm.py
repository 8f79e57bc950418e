"""Are you sure? A question over the screen, with a yes and a no.

Asked before quitting the game or leaving a match (the question says
whether the match is saved for Continue, or would be lost), and before a new
match replaces the saved one, and before a new phone takes a seat. Enter
(or A) presses the focused answer (yes, or no for a `safe` question), Esc
(or B) says no.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.i18n import _
from game.scenes.base import Closes, Quits, Scene
from game.ui import text, widgets
from game.ui.input import BACK, CLICK, CONFIRM, LEFT, MOVE, PASS, RIGHT, Command
from game.ui.prompts import MENU_BACK


class ConfirmApp(Closes, Quits, Protocol):
    """What a question asks of the app: to be taken away once answered, and
    whether its yes is quitting (a second window close quits at once)."""


class ConfirmScene(Scene):
    opaque = False

    def __init__(
        self,
        app: ConfirmApp,
        question: str,
        on_yes: Callable[[], None],
        *,
        detail: str = "",
        yes: str | None = None,
        no: str | None = None,
        on_no: Callable[[], None] | None = None,
        safe: bool = False,
        meanwhile: Callable[[float], None] | None = None,
    ) -> None:
        self.app = app
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        self.on_no = on_no
        self.meanwhile = meanwhile  # what goes on under the question each frame
        self.box = pygame.Rect(0, 0, 760, 300)
        self.box.center = (640, 360)
        y = self.box.bottom - 90
        self.buttons = [
            widgets.Button(
                (self.box.centerx - 250, y, 230, 64),
                yes or _("Yes"),
                self.yes,
                chip="" if safe else CONFIRM,  # Enter is not yes when no has the focus
            ),
            widgets.Button(
                (self.box.centerx + 20, y, 230, 64), no or _("No"), self.no, chip=MENU_BACK
            ),
        ]
        # A question whose yes lets someone in (`safe`) starts on no: a key
        # pressed without reading it keeps things as they are.
        hot = self.buttons[1 if safe else 0]
        hot.color = pygame.Color(widgets.BUTTON_HOT)
        self.focus = widgets.FocusList(self.buttons)
        self.focus.focus(hot)
        self.t = 0.0

    @property
    def asks_to_quit(self) -> bool:
        return self.on_yes == self.app.quit

    def yes(self) -> None:
        self.app.pop()
        self.on_yes()

    def no(self) -> None:
        self.app.pop()
        if self.on_no is not None:
            self.on_no()

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if cmd is None:
            return True
        name = cmd.name
        if name == BACK or (name == PASS and cmd.from_pad):
            self.no()
        elif name in (CONFIRM, PASS):
            self.focus.press()
        elif name in (LEFT, RIGHT):
            self.focus.move(1 if name == RIGHT else -1)
        elif name == CLICK:
            self.focus.click(cmd.pos)
        elif name == MOVE:
            self.focus.hover(cmd.pos)
        return True

    def update(self, dt: float) -> None:
        self.t += dt
        if self.meanwhile is not None:
            self.meanwhile(dt)

    def draw(self, surface: pygame.Surface) -> None:
        widgets.dim(surface, 170)
        surface.blit(widgets.panel(self.box.size), self.box)
        head = text.render(self.question, 38, (255, 213, 79), bold=True, wrap=self.box.w - 60)
        surface.blit(head, head.get_rect(midtop=(self.box.centerx, self.box.y + 34)))
        if self.detail:
            body = text.render(
                self.detail, 24, (236, 238, 244), wrap=self.box.w - 80, align="center"
            )
            surface.blit(body, body.get_rect(midtop=(self.box.centerx, self.box.y + 96)))
        for b in self.buttons:
            b.draw(surface, self.t)
