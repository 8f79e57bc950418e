"""Join by phone: each human seat's QR code, address and code, at the start
of a match played with hands on phones (docs/phones.md).

A phone that scans a seat's code opens that seat's page; or a person opens
the address at the top and types the code. Each seat says when its phone is
there. Enter (or a click, or A) starts the match: a seat without a phone
plays on this screen behind the curtain until its phone joins. Shown `again`
from the pause menu, it stays until Enter or Esc goes back to the pause.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.i18n import _
from game.phones.link import PhoneLink
from game.scenes.base import Closes, Pauses, Scene
from game.table.match_screen import MatchScreen
from game.ui import text, widgets
from game.ui.input import BACK, CLICK, CONFIRM, PASS, Command
from game.ui.qr import qr_surface

COLUMNS = 5
CELL_W, CELL_H = 240, 300
GREEN, WAITING = (129, 199, 132), (176, 190, 197)


class PhonesApp(Closes, Pauses, Protocol):
    """What the phones' join screen asks of the app: to close, or the match's pause."""


class PhonesScene(Scene):
    in_match = True

    @property
    def match_screen(self) -> MatchScreen:
        return self.screen

    def __init__(self, app: PhonesApp, screen: MatchScreen, *, again: bool = False) -> None:
        self.app = app
        self.screen = screen
        self.again = again
        link = screen.phones
        assert isinstance(link, PhoneLink), "a match without phones has no phones to join"
        self.link = link
        self.seats = list(self.link.table.seats)
        module = 5 if len(self.seats) <= COLUMNS else 4
        self.codes = {seat: qr_surface(self.link.address(seat), module) for seat in self.seats}
        self.start = widgets.Button(
            (640 - 170, 640, 340, 60),
            _("Back") if again else _("Start"),
            self.begin,
            chip=CONFIRM,
            size=28,
        )
        self.start.color = pygame.Color(widgets.BUTTON_HOT)
        self.t = 0.0

    def begin(self) -> None:
        self.app.pop()

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if cmd is None:
            return True
        clicked = cmd.name == CLICK and self.start.rect.collidepoint(cmd.pos)
        if cmd.name in (CONFIRM, PASS) or clicked:
            self.begin()
        elif cmd.name == BACK:
            if self.again:
                self.begin()  # back to the pause it was opened from
            else:
                self.app.pause_match()
        return True

    def update(self, dt: float) -> None:
        self.t += dt
        self.link.update(dt, None)  # who has joined; nothing is played yet
        everyone = all(seat in self.link.connected for seat in self.seats)
        if everyone and self.t > 1.5 and not self.again:
            self.begin()  # every phone is here: on with the match

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(widgets.backdrop(surface.get_size()), (0, 0))
        title = text.shadowed(_("Hands on phones"), 48, (255, 213, 79), bold=True)
        surface.blit(title, title.get_rect(midtop=(640, 20)))
        host = self.link.address(self.seats[0]).split("/seat/")[0]
        line = _("Scan your seat's code, or open {address} and type the code").format(address=host)
        hint = text.fit(line, 24, 1200, (236, 238, 244))
        surface.blit(hint, hint.get_rect(midtop=(640, 80)))
        rows = (len(self.seats) + COLUMNS - 1) // COLUMNS
        names = self.screen.session.state.names
        for index, seat in enumerate(self.seats):
            row, column = divmod(index, COLUMNS)
            in_row = min(COLUMNS, len(self.seats) - row * COLUMNS)
            x = 640 - in_row * CELL_W // 2 + column * CELL_W
            y = 124 + row * (CELL_H if rows == 1 else 250)
            self._draw_seat(surface, pygame.Rect(x + 8, y, CELL_W - 16, CELL_H - 16), seat, names)
        self.start.draw(surface, self.t)

    def _draw_seat(self, surface: pygame.Surface, box: pygame.Rect, seat: int, names) -> None:
        surface.blit(widgets.panel(box.size, radius=14), box)
        name = text.fit(names[seat], 26, box.w - 20, (255, 255, 255), bold=True)
        surface.blit(name, name.get_rect(midtop=(box.centerx, box.y + 8)))
        code = self.codes[seat]
        room = box.h - 110
        if code.get_height() > room:
            code = pygame.transform.scale(code, (room, room))
        surface.blit(code, code.get_rect(midtop=(box.centerx, box.y + 44)))
        typed = text.render(self.link.code(seat), 28, (255, 213, 79), bold=True)
        surface.blit(typed, typed.get_rect(midtop=(box.centerx, box.y + 50 + code.get_height())))
        here = seat in self.link.connected
        state = _("Phone connected") if here else _("Waiting for a phone")
        words = text.fit(state, 20, box.w - 16, GREEN if here else WAITING, bold=here)
        surface.blit(words, words.get_rect(midbottom=(box.centerx, box.bottom - 8)))
