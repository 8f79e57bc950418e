"""The symbols a card face can show: one painter per art name of game/looks.py.

A rule file picks a card's symbol by name (`art: skip`); `Symbols.paint` draws
it for a `CardLook` into a box, large for the middle of the face or small for
its corners. On a wild (a card with no colour of its own) symbols show the
rule set's colours (`CardLook.palette`, in wheel order: the classic four as on
the Wild card's oval, red, blue, green, yellow). The game's font has no
symbol glyphs, so every symbol except digits and text is built from shapes,
drawn with the strokes, curves and arrows of game/ui/card_drawing.py.
A card without `art:` shows its label instead (`Symbols.label`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import pairwise

import pygame

from game.looks import ARTS, CardLook
from game.ui.card_drawing import (
    INK,
    WHITE,
    Box,
    bezier,
    curve_arrow,
    decorate,
    fit,
    mini_card,
    shade,
    thick_curve,
)
from game.ui.text import face
from game.ui.widgets import GOLD

Painter = Callable[[Box, pygame.Color, bool, CardLook], pygame.Surface]

OVAL_TILT = -28  # degrees: the classic oval leans to the right


def tone(look: CardLook, index: int) -> pygame.Color:
    """The rule set's colour `index` (in wheel order, going round when there are fewer):
    for the classic four 0 is red, 1 blue, 2 green, 3 yellow."""
    palette = look.palette or ((229, 57, 53),)
    return pygame.Color(*palette[index % len(palette)])


def _square(box: Box) -> tuple[pygame.Surface, int]:
    side = min(box)
    return pygame.Surface((side, side), pygame.SRCALPHA), side


class Symbols:
    """Paints the symbol an art name stands for; keeps the fonts it renders text with."""

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._fonts: dict[int, pygame.font.Font] = {}
        self._painters: dict[str, Painter] = {
            "number": self._number,
            "skip": self._skip,
            "reverse": self._reverse,
            "draw": lambda box, fg, multi, look: self._cards(box, [fg, fg]),
            "wild": lambda box, fg, multi, look: self._quad_oval(box, look),
            "wild-draw": lambda box, fg, multi, look: self._cards(
                box, [tone(look, i) for i in (1, 2, 3, 0)] if multi else [fg] * 4
            ),
            "swap": self._swap,
            "shuffle": self._shuffle,
            "pencil": self._pencil_and_label,
            "blank": self._blank,
            "star": self._star,
            "skip-everyone": self._skip_everyone,
            "flip": self._flip,
            "wild-draw-color": self._draw_color,
        }
        # In a corner some symbols are drawn simpler, to read at that size.
        self._small: dict[str, Painter] = {
            "swap": lambda box, fg, multi, look: self._swap_arrows(box, fg),
            "pencil": self._pencil,
            "skip-everyone": lambda box, fg, multi, look: self._skip_everyone(
                box, fg, multi, look, arrows=2
            ),
            "wild-draw-color": lambda box, fg, multi, look: self._draw_color(
                box, fg, multi, look, cards=2
            ),
            "flip": lambda box, fg, multi, look: self._turning_card(box, fg),
        }
        assert set(self._painters) == set(ARTS), "every art name has its painter"

    def font(self, px: int) -> pygame.font.Font:
        px = max(6, int(px))
        found = self._fonts.get(px)
        if found is None:
            found = self._fonts[px] = face(px)
        return found

    def paint(
        self, look: CardLook, box: Box, fg: pygame.Color, multi: bool, small: bool = False
    ) -> pygame.Surface:
        """`look`'s symbol, no larger than `box`: in `fg`, or in the rule set's
        colours where the symbol has them and `multi` (a wild) asks for them."""
        art = look.art or ""
        painter = (self._small.get(art) if small else None) or self._painters.get(art)
        if painter is None:
            return self.text(box, fg, look.corner or "?")
        return painter(box, fg, multi, look)

    # Text -------------------------------------------------------------------------------

    def text(self, box: Box, fg: pygame.Color, text: str, underline: bool = False):
        rendered = self.font(box[1] * 2).render(text, True, fg)
        bounds = rendered.get_bounding_rect()
        if not bounds.width or not bounds.height:
            return pygame.Surface((1, 1), pygame.SRCALPHA)  # a text of spaces shows nothing
        glyphs = rendered.subsurface(bounds).copy()
        if underline:
            # Tells 6 from 9 whichever way up the card is.
            gw, gh = glyphs.get_size()
            bar = max(2, gh // 9)
            with_bar = pygame.Surface((gw, gh + bar * 2), pygame.SRCALPHA)
            with_bar.blit(glyphs, (0, 0))
            pygame.draw.rect(with_bar, fg, (gw * 0.1, gh + bar, gw * 0.8, bar))
            glyphs = with_bar
        return fit(glyphs, box)

    def words(self, box: Box, text: str, color: pygame.Color = INK) -> pygame.Surface:
        """Words wrapped onto lines, centred, as large as fits `box`."""
        bw, bh = box
        shown = " ".join(text.split()) or "?"
        surf = pygame.Surface((1, 1), pygame.SRCALPHA)
        for px in range(max(8, bh * 2 // 3), 7, -2):
            font = self.font(px)
            font.align = pygame.FONT_CENTER
            surf = font.render(shown, True, color, wraplength=bw)
            font.align = pygame.FONT_LEFT
            if surf.get_width() <= bw and surf.get_height() <= bh:
                return surf
        return fit(surf, box)

    def label(self, box: Box, look: CardLook) -> pygame.Surface:
        """A card without art: its label, dark on the face's white oval."""
        return self.words(box, look.text)

    def _number(self, box: Box, fg: pygame.Color, multi: bool, look: CardLook):
        return self.text(box, fg, look.text, underline=look.text in ("6", "9"))

    # The oval -----------------------------------------------------------------------

    @staticmethod
    def oval(body: Box, fill: pygame.Color | None, look: CardLook | None = None):
        """The oval leaning to the right: white (or `fill`), or with a rim in
        every colour of `look`'s rule set (a Wild)."""
        w, h = body
        ow, oh = round(w * 0.86), round(h * 0.92)
        oval = pygame.Surface((ow, oh), pygame.SRCALPHA)
        pygame.draw.ellipse(oval, WHITE if fill is None else fill, oval.get_rect())
        if look is not None:
            inner = oval.get_rect().inflate(-round(ow * 0.1), -round(ow * 0.1))
            colored = pygame.Surface((ow, oh), pygame.SRCALPHA)
            cx, cy = ow // 2, oh // 2
            n = max(1, len(look.palette))
            if n == 4:
                # Quarters, clockwise from the top-left, as on the printed card.
                rects = [
                    pygame.Rect(0, 0, cx, cy),
                    pygame.Rect(cx, 0, ow - cx, cy),
                    pygame.Rect(cx, cy, ow - cx, oh - cy),
                    pygame.Rect(0, cy, cx, oh - cy),
                ]
                for i, rect in enumerate(rects):
                    colored.fill(tone(look, i), rect)
            else:
                reach = ow + oh
                for i in range(n):
                    a = math.radians(180 + i * 360 / n)
                    b = math.radians(180 + (i + 1) * 360 / n)
                    steps = max(2, round(math.degrees(b - a) / 5))
                    points = [(cx, cy)] + [
                        (
                            cx + reach * math.cos(a + (b - a) * k / steps),
                            cy + reach * math.sin(a + (b - a) * k / steps),
                        )
                        for k in range(steps + 1)
                    ]
                    pygame.draw.polygon(colored, tone(look, i), points)
            cut = pygame.Surface((ow, oh), pygame.SRCALPHA)
            pygame.draw.ellipse(cut, WHITE, inner)
            colored.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            oval.blit(colored, (0, 0))
        return pygame.transform.rotate(oval, OVAL_TILT)

    def _quad_oval(self, box: Box, look: CardLook) -> pygame.Surface:
        bw, bh = box
        ow = min(bw, bh * 0.7)
        oval = self.oval((round(ow / 0.86), round(ow * 1.3 / 0.92)), None, look)
        # Crop the transparent margin the tilt added, or the oval comes out tiny.
        return fit(oval.subsurface(oval.get_bounding_rect()), box)

    # Shapes ---------------------------------------------------------------------------

    def _skip(self, box: Box, fg: pygame.Color, multi: bool, look: CardLook) -> pygame.Surface:
        surf, d = _square(box)
        c = d / 2
        thick = d * 0.17
        pygame.draw.circle(surf, fg, (c, c), d / 2, width=round(thick))
        # The slash runs across the inside of the ring, corner to corner.
        r = d / 2 - thick / 2
        k = math.sqrt(0.5)
        a, b = (c - r * k, c - r * k), (c + r * k, c + r * k)
        thick_curve(surf, [a, b], thick, fg)
        return surf

    def _reverse(self, box: Box, fg: pygame.Color, multi: bool, look: CardLook):
        surf, d = _square(box)
        width, head = d * 0.15, d * 0.34
        # Two parallel diagonal arrows, pointing opposite ways.
        off = d * 0.16
        curve_arrow(
            surf,
            [(d * 0.18 - off, d * 0.82 - off), (d * 0.86 - off, d * 0.14 - off)],
            width,
            head,
            fg,
        )
        curve_arrow(
            surf,
            [(d * 0.82 + off, d * 0.18 + off), (d * 0.14 + off, d * 0.86 + off)],
            width,
            head,
            fg,
        )
        return surf

    @staticmethod
    def _cards(box: Box, colors: Sequence[pygame.Color]) -> pygame.Surface:
        """Overlapping small cards, as on the classic +2 and +4 faces."""
        surf = pygame.Surface(box, pygame.SRCALPHA)
        n = len(colors)
        bw, bh = box
        cw = min(bw / (1 + 0.45 * (n - 1)), bh / 1.5 / (1 + 0.2 * (n - 1)))
        ch = cw * 1.5
        step_x = cw * 0.45
        step_y = ch * 0.2 if n > 2 else -ch * 0.22
        total_w = cw + step_x * (n - 1)
        total_h = ch + abs(step_y) * (n - 1)
        x0 = (bw - total_w) / 2
        y0 = (bh - total_h) / 2 + (abs(step_y) * (n - 1) if step_y < 0 else 0)
        for i, color in enumerate(colors):
            rect = pygame.Rect(round(x0 + i * step_x), round(y0 + i * step_y), round(cw), round(ch))
            mini_card(surf, rect, color)
            # An inked edge keeps each small card distinct from the one below it.
            pygame.draw.rect(
                surf,
                INK,
                rect,
                width=max(1, round(cw * 0.05)),
                border_radius=max(2, rect.width // 7),
            )
        return surf

    def _shuffle(self, box: Box, fg: pygame.Color, multi: bool, look: CardLook):
        surf, d = _square(box)
        width, head = d * 0.13, d * 0.28
        up, down = (tone(look, 0), tone(look, 1)) if multi else (fg, fg)
        # Two crossing S-curves: the media "shuffle" sign.
        a = bezier(
            (d * 0.06, d * 0.76),
            (d * 0.5, d * 0.76),
            (d * 0.45, d * 0.24),
            (d * 0.94, d * 0.24),
        )
        b = bezier(
            (d * 0.06, d * 0.24),
            (d * 0.5, d * 0.24),
            (d * 0.45, d * 0.76),
            (d * 0.94, d * 0.76),
        )
        curve_arrow(surf, b, width, head, down)
        curve_arrow(surf, a, width, head, up)
        return surf

    def _swap(self, box: Box, fg: pygame.Color, multi: bool, look: CardLook) -> pygame.Surface:
        surf, d = _square(box)
        left, right = (tone(look, 1), tone(look, 0)) if multi else (fg, fg)
        arrows = (tone(look, 2), tone(look, 3)) if multi else (fg, fg)
        cw, ch = d * 0.3, d * 0.45
        mini_card(surf, pygame.Rect(d * 0.02, d * 0.3, cw, ch), left, angle=8)
        mini_card(surf, pygame.Rect(d * 0.68, d * 0.3, cw, ch), right, angle=-8)
        width, head = d * 0.085, d * 0.2
        over = bezier(
            (d * 0.2, d * 0.28),
            (d * 0.3, d * 0.0),
            (d * 0.65, d * 0.0),
            (d * 0.8, d * 0.26),
        )
        under = bezier(
            (d * 0.8, d * 0.76),
            (d * 0.7, d * 1.0),
            (d * 0.35, d * 1.0),
            (d * 0.2, d * 0.78),
        )
        curve_arrow(surf, over, width, head, arrows[0])
        curve_arrow(surf, under, width, head, arrows[1])
        return surf

    @staticmethod
    def _swap_arrows(box: Box, fg: pygame.Color) -> pygame.Surface:
        """Two opposed arrows: the swap sign small enough for a corner."""
        surf, d = _square(box)
        width, head = d * 0.16, d * 0.36
        curve_arrow(surf, [(d * 0.04, d * 0.3), (d * 0.96, d * 0.3)], width, head, fg)
        curve_arrow(surf, [(d * 0.96, d * 0.72), (d * 0.04, d * 0.72)], width, head, fg)
        return surf

    def _pencil(self, box: Box, fg: pygame.Color, multi: bool, look: CardLook):
        surf, d = _square(box)
        # Along the pencil: eraser, ferrule, body, wood, graphite point.
        length, half = d * 1.18, d * 0.12
        ux, uy = -math.sqrt(0.5), math.sqrt(0.5)  # towards the point, bottom-left
        vx, vy = uy, -ux
        start = (d / 2 - ux * length / 2, d / 2 - uy * length / 2)

        def at(u: float, v: float) -> tuple[float, float]:
            return (
                start[0] + ux * u * length + vx * v,
                start[1] + uy * u * length + vy * v,
            )

        def band(u0: float, u1: float, color) -> None:
            pygame.draw.polygon(
                surf, color, [at(u0, -half), at(u1, -half), at(u1, half), at(u0, half)]
            )

        if multi:
            eraser, metal, body, wood, lead = (
                tone(look, 0),
                pygame.Color("#b0bec5"),
                tone(look, 3),
                pygame.Color("#f3d2a2"),
                INK,
            )
        else:
            eraser = metal = body = wood = fg
            lead = fg
        band(0.0, 0.16, eraser)
        band(0.16, 0.26, metal)
        band(0.26, 0.76, body)
        pygame.draw.polygon(surf, wood, [at(0.76, -half), at(0.76, half), at(1.0, 0)])
        pygame.draw.polygon(surf, lead, [at(0.92, -half * 0.33), at(0.92, half * 0.33), at(1.0, 0)])
        if not multi:
            # Gaps between the bands keep the silhouette readable as a pencil.
            for u in (0.16, 0.26, 0.76):
                pygame.draw.line(
                    surf,
                    (0, 0, 0, 0),
                    at(u, -half * 1.1),
                    at(u, half * 1.1),
                    max(1, round(d * 0.03)),
                )
        return surf

    def _pencil_and_label(self, box: Box, fg: pygame.Color, multi: bool, look: CardLook):
        """The Customizable Wild: a pencil, and the card's rule written under it."""
        bw, bh = box
        pencil = self._pencil((bw, round(bh * 0.5)), fg, multi, look)
        return self._over_words(pencil, box, look.text)

    def _over_words(self, symbol: pygame.Surface, box: Box, text: str) -> pygame.Surface:
        """`symbol` at the top of `box` and `text` under it, on a white plate so
        the outline drawn round the whole stays clear of the letters."""
        bw, bh = box
        words = self.words((bw, round(bh * 0.4)), text)
        out = pygame.Surface((bw, bh), pygame.SRCALPHA)
        out.blit(symbol, symbol.get_rect(midtop=(bw // 2, 0)))
        plate = words.get_rect(midbottom=(bw // 2, bh))
        backing = pygame.Surface(plate.inflate(8, 4).size, pygame.SRCALPHA)
        pygame.draw.rect(backing, WHITE, backing.get_rect(), border_radius=6)
        out.blit(backing, backing.get_rect(center=plate.center))
        out.blit(words, plate)
        return out

    @staticmethod
    def _blank(box: Box, fg: pygame.Color, multi: bool, look: CardLook) -> pygame.Surface:
        """An empty dashed frame: a card waiting for house rules to be written on it."""
        bw, bh = box
        w, h = min(bw, bh * 0.72), min(bh, bw / 0.72)
        surf = pygame.Surface((round(w), round(h)), pygame.SRCALPHA)
        color = pygame.Color("#9e9e9e") if multi else fg
        thick = max(2, round(w * 0.07))
        dash = w * 0.12
        pts = [(0, 0), (w, 0), (w, h), (0, h), (0, 0)]
        inset = thick / 2
        pts = [(min(max(x, inset), w - inset), min(max(y, inset), h - inset)) for x, y in pts]
        for (x0, y0), (x1, y1) in pairwise(pts):
            length = math.hypot(x1 - x0, y1 - y0)
            n = max(1, round(length / (dash * 1.8)))
            for i in range(n):
                t0 = (i + 0.2) / n
                t1 = (i + 0.8) / n
                a = (x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0)
                b = (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1)
                thick_curve(surf, [a, b], thick, color)
        return surf

    @staticmethod
    def _star(box: Box, fg: pygame.Color, multi: bool, look: CardLook) -> pygame.Surface:
        star, d = _square(box)
        points = []
        for i in range(10):
            r = d / 2 if i % 2 == 0 else d * 0.21
            a = -math.pi / 2 + i * math.pi / 5
            points.append((d / 2 + r * math.cos(a), d / 2 + r * math.sin(a) + d * 0.04))
        pygame.draw.polygon(star, GOLD if multi else fg, points)
        return star

    # The cards of UNO Flip ------------------------------------------------------------

    def _skip_everyone(
        self, box: Box, fg: pygame.Color, multi: bool, look: CardLook, arrows: int = 4
    ) -> pygame.Surface:
        """The skip ring, smaller, with arrows leaving it for every other seat."""
        surf, d = _square(box)
        ring = self._skip((round(d * 0.5),) * 2, fg, multi, look)
        surf.blit(ring, ring.get_rect(center=(d / 2, d / 2)))
        width, head = d * 0.09, d * 0.19
        for k in range(arrows):
            # Along the diagonals, where the square has room beyond the ring.
            a = math.radians(-45 + k * 360 / arrows)
            ux, uy = math.cos(a), math.sin(a)
            start = (d / 2 + ux * d * 0.33, d / 2 + uy * d * 0.33)
            tip = (d / 2 + ux * d * 0.66, d / 2 + uy * d * 0.66)
            curve_arrow(surf, [start, tip], width, head, fg)
        return surf

    @staticmethod
    def _turning_card(box: Box, fg: pygame.Color) -> pygame.Surface:
        """A card caught turning over: one half in the card's colour, the other dark."""
        bw, bh = box
        cw, ch = round(min(bw, bh / 1.5)), round(min(bh, bw * 1.5))
        card = pygame.Surface((cw, ch), pygame.SRCALPHA)
        radius = max(2, cw // 6)
        pygame.draw.rect(card, WHITE, card.get_rect(), border_radius=radius)
        rim = max(2, cw // 9)
        body = card.get_rect().inflate(-2 * rim, -2 * rim)
        inner = max(1, radius - rim)
        pygame.draw.rect(card, fg, body, border_radius=inner)
        dark = pygame.Rect(body.centerx, body.top, body.right - body.centerx, body.height)
        pygame.draw.rect(
            card,
            shade(fg, -0.62),
            dark,
            border_top_right_radius=inner,
            border_bottom_right_radius=inner,
        )
        return pygame.transform.rotate(card, -14)

    def _flip(self, box: Box, fg: pygame.Color, multi: bool, look: CardLook) -> pygame.Surface:
        """The turning card with an arrow going round it, over and under."""
        surf, d = _square(box)
        card = self._turning_card((round(d * 0.4), round(d * 0.6)), fg)
        surf.blit(card, card.get_rect(center=(d * 0.5, d * 0.5)))
        width, head = d * 0.08, d * 0.18
        over = bezier(
            (d * 0.08, d * 0.5), (d * 0.06, d * 0.02), (d * 0.7, d * -0.04), (d * 0.93, d * 0.3)
        )
        under = bezier(
            (d * 0.92, d * 0.5), (d * 0.94, d * 0.98), (d * 0.3, d * 1.04), (d * 0.07, d * 0.7)
        )
        curve_arrow(surf, over, width, head, fg)
        curve_arrow(surf, under, width, head, fg)
        return surf

    def _draw_color(
        self, box: Box, fg: pygame.Color, multi: bool, look: CardLook, cards: int = 4
    ) -> pygame.Surface:
        """The Wild Draw's small cards with a question mark over them: draw until
        the colour the player names turns up."""
        order = (1, 2, 3, 0)[:cards]
        surf = self._cards(box, [tone(look, i) for i in order] if multi else [fg] * cards)
        bw, bh = surf.get_size()
        mark = self.text((round(bw * 0.5), round(bh * 0.5)), WHITE if multi else INK, "?")
        if multi:
            mark = decorate(mark, max(1, round(bw * 0.035)))
        surf.blit(mark, mark.get_rect(center=(bw * 0.55, bh * 0.55)))
        return surf
