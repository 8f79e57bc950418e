"""The name plates round the table: each seat's name, its card count, and what
the table says about the seat at a glance (whose turn, the dealer, an UNO
called or missed, a bot, out of the match, offered in a pick), and with teams
the seat's team: a lettered badge in the team's colour (game/ui/teams.py).

The plates only read: the table model, the animator (the cards a seat shows,
the clock) and what the scene wants highlighted (`Highlights`). A plate is
painted once per look and kept, keyed by everything it shows.
"""

from __future__ import annotations

import math

import pygame

from game.i18n import _, language
from game.table.animator import TableAnimator
from game.table.geometry import TableGeometry
from game.table.highlights import NO_HIGHLIGHTS, Highlights
from game.table.model import TableModel
from game.ui import accessibility, teams, text, widgets

OUT_RED = pygame.Color(183, 28, 28)
NAME_SMALLEST = 16  # the text size a name on a plate may shrink to, before it is shortened


class NamePlates:
    def __init__(self, geometry: TableGeometry, model: TableModel, animator: TableAnimator) -> None:
        self.geometry = geometry
        self.model = model
        self.animator = animator
        self.bots: set[int] = set()
        self.phones: set[int] = set()  # seats whose phone is connected (hands on phones)
        # Each seat's team (game/ui/teams.py), from the engine; None without teams.
        self.teams: list[int] | None = None
        self._plates: dict[tuple, pygame.Surface] = {}

    def _plate(self, seat: int, lit: Highlights) -> pygame.Surface:
        model = self.model
        spot = self.geometry.spot(seat)
        count = self.animator.shown_count(seat)
        active = seat == model.turn
        uno = model.uno_called[seat] and count == 1
        picked = seat in lit.pick_seats
        focus = seat == lit.pick_focus
        team = self.teams[seat] if self.teams is not None else None
        key = (
            model.name(seat),
            count,
            active,
            uno,
            seat == model.dealer,
            model.eliminated[seat],
            spot.label_rect.size,
            picked,
            focus,
            seat in self.bots,
            seat in self.phones,
            team,
            language(),  # the plate's words ("BOT")
            text.generation(),  # and their size
        )
        surf = self._plates.get(key)
        if surf is None:
            if len(self._plates) > 300:
                self._plates.clear()
            w, h = spot.label_rect.size
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            fill = widgets.GOLD if active else pygame.Color(12, 18, 30, 215)
            if picked:
                fill = widgets.ACCENT if focus else pygame.Color(40, 80, 120, 230)
            pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=h // 2)
            edge = (255, 255, 255, 120) if not active else (255, 240, 200)
            pygame.draw.rect(surf, edge, surf.get_rect(), 2, border_radius=h // 2)
            ink = widgets.INK if (active or focus) else pygame.Color(255, 255, 255)
            if model.eliminated[seat]:
                ink = pygame.Color(140, 140, 150)
            out = model.eliminated[seat]
            # An eliminated seat (Losers score) holds no cards: "OUT" where its count was.
            out_tag = widgets.pill(_("OUT"), 14, OUT_RED, (255, 255, 255), w // 3) if out else None
            chip_w = out_tag.get_width() if out_tag is not None else 34
            x = 10
            if team is not None:
                badge = teams.tag(team, h - 8)
                surf.blit(badge, (5, 4))
                x = 5 + badge.get_width() + 6
            if seat in self.bots:
                bot = text.render(_("BOT"), 13, ink, bold=True)
                surf.blit(bot, (x, (h - bot.get_height()) // 2))
                x += bot.get_width() + 5
            if seat in self.phones:
                x += _draw_phone(surf, x, h, ink) + 5
            room = w - x - chip_w - 14 - (44 if uno else 0)
            # Shortened rather than shrunk past reading from the sofa.
            name = text.fit(model.name(seat), 22, room, ink, smallest=NAME_SMALLEST)
            surf.blit(name, (x, (h - name.get_height()) // 2))
            chip = pygame.Rect(w - chip_w - 3, 3, chip_w, h - 6)
            if out_tag is not None:
                surf.blit(out_tag, out_tag.get_rect(center=chip.center))
            else:
                pygame.draw.rect(surf, (255, 255, 255), chip, border_radius=(h - 6) // 2)
                num = text.render(str(count), 20, widgets.INK, bold=True)
                surf.blit(num, num.get_rect(center=chip.center))
            if uno:
                tag = pygame.Rect(chip.x - 44, 4, 40, h - 8)
                pygame.draw.rect(surf, (229, 57, 53), tag, border_radius=6)
                label = text.render(_("UNO"), 16, (255, 255, 255), bold=True)
                surf.blit(label, label.get_rect(center=tag.center))
            self._plates[key] = surf
        return surf

    def draw(self, surface: pygame.Surface, lit: Highlights = NO_HIGHLIGHTS) -> None:
        model = self.model
        clock = self.animator.clock
        still = accessibility.still()
        for seat in range(self.geometry.players):
            spot = self.geometry.spot(seat)
            plate = self._plate(seat, lit)
            rect = plate.get_rect(center=spot.label_rect.center)
            if seat == model.turn:
                glow_r = rect.inflate(10 if still else 10 + 4 * math.sin(clock * 6), 10)
                pygame.draw.rect(surface, (255, 213, 79), glow_r, 3, border_radius=glow_r.h // 2)
            surface.blit(plate, rect)
            if seat == model.dealer:
                d = text.render("D", 16, widgets.INK, bold=True)
                c = (rect.left - 2, rect.top + 2)
                pygame.draw.circle(surface, (255, 255, 255), c, 10)
                surface.blit(d, d.get_rect(center=c))
            if (
                model.uno_missing[seat]
                and len(self.animator.hands[seat]) == 1
                and not self.animator.busy
            ):
                pulse = 4 if still else 2 + round(2 * (1 + math.sin(clock * 10)))
                pygame.draw.rect(surface, (229, 57, 53), rect.inflate(8, 8), pulse, rect.h)


def _draw_phone(surf: pygame.Surface, x: int, h: int, ink: pygame.Color) -> int:
    """A small phone (its hand is on it); returns its width. Drawn, not a glyph:
    the font has no symbols."""
    height = h - 12
    width = max(8, height * 3 // 5)
    body = pygame.Rect(x, (h - height) // 2, width, height)
    pygame.draw.rect(surf, ink, body, 2, border_radius=3)
    pygame.draw.line(
        surf, ink, (body.centerx - 2, body.bottom - 4), (body.centerx + 1, body.bottom - 4), 2
    )
    return width
