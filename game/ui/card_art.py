"""Card faces and backs drawn in code, so no image files and any modded card renders.

A face is painted from a `CardLook` (game/looks.py): what the card book
(game/ui/card_book.py) read in the rule file — the kind's `art:` and `corner:`,
its label, the card's colour and the rule set's colours. The symbols
themselves are game/ui/card_symbols.py, and both draw with the primitives of
game/ui/card_drawing.py (shading, ink outlines). Every surface is cached: drawing a
card is costly (supersampled shapes, strokes), blitting a cached one is cheap;
equal looks share a face whatever rule set they come from.

With `patterns` on (colour-blind mode, Settings) a face shows its colour's
shape (game/ui/patterns.py) under each corner mark, a Wild's oval shows each
colour's shape in its part, and the ring and the wheel show theirs too.

Create a `CardArt` after `pygame.init()`; it needs the font module but no display.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from game.looks import DEFAULT_RGB, RGB, WILD_ART, WILD_BODY, CardLook, hex_rgb, initials
from game.ui import patterns
from game.ui.card_drawing import INK, WHITE, decorate, shade
from game.ui.card_symbols import OVAL_TILT, Symbols
from game.ui.color_wheel import SLICE_MIDDLE, Wheel
from game.ui.widgets import GOLD, vertical_gradient

BACK = "back"

EDGE = pygame.Color(40, 40, 48)
# The back is the game's own: its colours do not change with a rule set's.
BACK_OVAL = pygame.Color(*hex_rgb(DEFAULT_RGB["red"]))
BACK_LOGO = pygame.Color(*hex_rgb(DEFAULT_RGB["yellow"]))

# Colour-blind mode: where shapes sit on the ring of the colour in force (degrees,
# clockwise from the right): at its sides, clear of the event line above it.
RING_MARKS = (-40, 0, 40, 140, 180, 220)

Box = tuple[int, int]
ColorLike = pygame.Color | RGB | tuple[int, int, int, int]


def _rounded_mask(size: Box, radius: int) -> pygame.Surface:
    """White rounded rectangle on transparent, to cut corners with BLEND_RGBA_MIN."""
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, WHITE, mask.get_rect(), border_radius=radius)
    return mask


class CardArt:
    """Draws and caches card faces, backs, rotations and highlight effects."""

    SUPERSAMPLE = 3

    def __init__(self, card_size: Box = (100, 150), *, patterns: bool = False) -> None:
        self.card_size = (int(card_size[0]), int(card_size[1]))
        self.symbols = Symbols()
        self._faces: dict[tuple[CardLook | str, Box], pygame.Surface] = {}
        self._rotated: dict[tuple[CardLook | str, Box, float], pygame.Surface] = {}
        self._effects: dict[tuple, pygame.Surface] = {}
        self.patterns = patterns
        # Bumped whenever faces change look, so whoever keeps painted cards
        # (the table's layers) knows to paint them again.
        self.generation = 0

    # Public API -------------------------------------------------------------------

    def show_patterns(self, on: bool) -> None:
        """Colour-blind mode on or off: every face is painted anew."""
        if on == self.patterns:
            return
        self.patterns = on
        self._faces.clear()
        self._rotated.clear()
        self._effects.clear()
        self.generation += 1

    def face(self, look: CardLook, size: Box | None = None) -> pygame.Surface:
        """The face `look` describes, at `size` (default: the art's card size). Cached."""
        size = self._size(size)
        return self._cached(self._faces, (look, size), lambda: self._render_face(look, size))

    def back(self, size: Box | None = None) -> pygame.Surface:
        """The card back at `size`. Cached."""
        size = self._size(size)
        return self._cached(self._faces, (BACK, size), lambda: self._render_back(size))

    def rotated(
        self, look_or_back: CardLook | str, size: Box | None = None, angle: float = 0.0
    ) -> pygame.Surface:
        """A face (or `BACK`) rotated counter-clockwise by `angle` degrees. Cached.

        Blit it centred on the card's centre: the surface grows to hold the corners.
        """
        size = self._size(size)
        angle = round(angle % 360.0, 1)

        def make() -> pygame.Surface:
            if isinstance(look_or_back, CardLook):
                base = self.face(look_or_back, size)
            else:
                base = self.back(size)
            if angle % 90 == 0:
                return pygame.transform.rotate(base, angle)
            # rotozoom filters the edges; plain rotate leaves them jagged.
            return pygame.transform.rotozoom(base, angle, 1.0)

        return self._cached(self._rotated, (look_or_back, size, angle), make)

    def glow_pad(self, size: Box | None = None) -> int:
        """How far `glow` reaches beyond the card on each side."""
        w, _ = self._size(size)
        return max(6, round(w * 0.14))

    def glow(self, size: Box | None = None, color: ColorLike = GOLD) -> pygame.Surface:
        """A soft outline for a playable or selected card; blit it centred on the card."""
        size = self._size(size)
        shown = pygame.Color(color)
        key = ("glow", size, tuple(shown))
        return self._cached(self._effects, key, lambda: self._render_glow(size, shown))

    def color_ring(self, radius: int, color: ColorLike, mark: str | None = None) -> pygame.Surface:
        """A glowing ring marking the colour in force; blit it centred on the discard
        pile. With patterns on, the colour's shape `mark` sits on it all round."""
        shown = pygame.Color(color)
        mark = mark if self.patterns else None
        key = ("ring", int(radius), tuple(shown), mark)
        return self._cached(self._effects, key, lambda: self._render_ring(int(radius), shown, mark))

    def wheel(
        self, radius: int, colors: Sequence[ColorLike], marks: Sequence[str] = ()
    ) -> pygame.Surface:
        """The colour wheel, one slice per colour in the order given (the order of
        `Wheel.colors`, game/ui/color_wheel.py, which lays it out). With patterns
        on, each slice shows its colour's shape (`marks`, in the same order)."""
        shown = tuple(tuple(pygame.Color(c)) for c in colors)
        shapes = tuple(marks) if self.patterns else ()
        key = ("wheel", int(radius), shown, shapes)
        return self._cached(
            self._effects, key, lambda: self._render_wheel(int(radius), shown, shapes)
        )

    # Rendering --------------------------------------------------------------------

    def _size(self, size: Box | None) -> Box:
        if size is None:
            return self.card_size
        return (int(size[0]), int(size[1]))

    @staticmethod
    def _cached(store: dict, key, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = store.get(key)
        if surf is None:
            surf = store[key] = make()
        return surf

    def _render_glow(self, size: Box, color: pygame.Color) -> pygame.Surface:
        w, h = size
        pad = self.glow_pad(size)
        surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        radius = round(min(w, h) * 0.12)
        halo = surf.get_rect().inflate(-pad, -pad)
        pygame.draw.rect(surf, color, halo, border_radius=radius + pad // 2)
        surf = pygame.transform.gaussian_blur(surf, max(2, pad // 3))
        crisp = surf.get_rect().inflate(-2 * pad + 6, -2 * pad + 6)
        pygame.draw.rect(surf, shade(color, 0.4), crisp, width=3, border_radius=radius + 3)
        return surf

    def _render_ring(self, radius: int, color: pygame.Color, mark: str | None) -> pygame.Surface:
        s = self.SUPERSAMPLE
        width = max(4, round(radius * 0.09))
        side = 2 * (radius + 2 * width)
        glow = pygame.Surface((side, side), pygame.SRCALPHA)
        pygame.draw.circle(glow, (*color[:3], 170), (side // 2, side // 2), radius, width=width * 2)
        surf = pygame.transform.gaussian_blur(glow, max(2, width // 2 + 1))
        # The crisp ring on top of the blur is drawn large and scaled down to smooth it.
        big = pygame.Surface((side * s, side * s), pygame.SRCALPHA)
        centre = (side * s // 2, side * s // 2)
        pygame.draw.circle(big, color, centre, radius * s, width=width * s)
        inner = radius * s - width * s // 3
        pygame.draw.circle(big, shade(color, 0.45), centre, inner, width=max(1, width * s // 4))
        surf.blit(pygame.transform.smoothscale(big, (side, side)), (0, 0))
        if mark is not None:
            # Shapes on both sides, so some show whatever covers the pile.
            shape = patterns.mark(mark, max(14, round(radius * 0.24)))
            for degrees in RING_MARKS:
                a = math.radians(degrees)
                at = (side / 2 + radius * math.cos(a), side / 2 + radius * math.sin(a))
                surf.blit(shape, shape.get_rect(center=(round(at[0]), round(at[1]))))
        return surf

    def _render_wheel(
        self, radius: int, colors: Sequence[tuple[int, ...]], marks: Sequence[str]
    ) -> pygame.Surface:
        s = self.SUPERSAMPLE
        r = radius * s
        big = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
        c = (r, r)
        inner = r - 2 * s
        n = len(colors)
        wheel = Wheel([str(i) for i in range(n)])  # the slices' angles depend on n alone
        for i, color in enumerate(colors):
            if n == 1:
                pygame.draw.circle(big, color, c, inner)
                continue
            a, b = wheel.span(i)
            steps = max(2, round((b - a) / 3))
            points = [c] + [
                (
                    r + inner * math.cos(math.radians(a + (b - a) * k / steps)),
                    r + inner * math.sin(math.radians(a + (b - a) * k / steps)),
                )
                for k in range(steps + 1)
            ]
            pygame.draw.polygon(big, color, points)
        if n > 1:
            for i in range(n):
                edge = math.radians(wheel.span(i)[0])
                end = (r + r * math.cos(edge), r + r * math.sin(edge))
                pygame.draw.line(big, WHITE, c, end, 3 * s)
        pygame.draw.circle(big, WHITE, c, r, width=4 * s)
        pygame.draw.circle(big, WHITE, c, r // 4)
        out = pygame.transform.smoothscale(big, (2 * radius, 2 * radius))
        if marks:
            # Further out than the slice's middle, where the number and focus ring are.
            side = max(16, min(round(radius * 0.26), round(radius * 2.2 / max(n, 1))))
            for i, name in enumerate(marks[:n]):
                a, b = wheel.span(i)
                angle = math.radians((a + b) / 2)
                reach = radius * (SLICE_MIDDLE + 0.27) if n > 1 else radius * 0.6
                at = (radius + reach * math.cos(angle), radius + reach * math.sin(angle))
                shape = patterns.mark(name, side)
                out.blit(shape, shape.get_rect(center=(round(at[0]), round(at[1]))))
        return out

    def _card_base(
        self, size: Box, rim: RGB | None = None
    ) -> tuple[pygame.Surface, pygame.Rect, int]:
        """Supersampled card, white (or `rim`) round the body, with a dark
        hairline; returns the body rect too."""
        s = self.SUPERSAMPLE
        w, h = size[0] * s, size[1] * s
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = round(min(w, h) * 0.11)
        # The hairline keeps overlapping cards in a fan apart.
        edge = max(s, round(w * 0.012))
        pygame.draw.rect(surf, EDGE, surf.get_rect(), border_radius=radius)
        inner = surf.get_rect().inflate(-2 * edge, -2 * edge)
        pygame.draw.rect(surf, WHITE if rim is None else rim, inner, border_radius=radius - edge)
        border = round(w * 0.065)
        body = inner.inflate(-2 * border, -2 * border)
        return surf, body, max(2, radius - edge - border)

    def _body(self, size: Box, color: pygame.Color, radius: int, oval: pygame.Surface | None):
        """Body with a soft vertical gradient and the tilted oval, corners cut round."""
        w, h = size
        body = vertical_gradient(size, shade(color, 0.14), shade(color, -0.14), pygame.SRCALPHA)
        if oval is not None:
            body.blit(oval, oval.get_rect(center=(w // 2, h // 2)))
        body.blit(_rounded_mask(size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        return body

    def _render_face(self, look: CardLook, size: Box) -> pygame.Surface:
        s = self.SUPERSAMPLE
        color = pygame.Color(*(look.body or WILD_BODY))
        surf, body_rect, radius = self._card_base(size, look.rim)
        plain_wild = look.art == WILD_ART
        oval = self.symbols.oval(body_rect.size, None, look if plain_wild else None)
        surf.blit(self._body(body_rect.size, color, radius, oval), body_rect)

        w, h = surf.get_size()
        # Symbols on the white oval take the card's colour; on a wild card they use
        # the rule set's colours, except digits and text, which stay dark to read well.
        fg = INK if look.wild else color
        stroke = max(s, round(w * 0.022))
        middle = (round(w * 0.58), round(h * 0.44))
        if look.art is None:
            words = self.symbols.label((round(w * 0.62), round(h * 0.46)), look)
            surf.blit(words, words.get_rect(center=(w // 2, h // 2)))
        elif not plain_wild:
            big = self.symbols.paint(look, middle, fg, look.wild)
            big = decorate(big, stroke, shadow=stroke)
            surf.blit(big, big.get_rect(center=(w // 2, h // 2)))

        # Corner marks are what a fanned hand shows, so they are larger than on
        # printed cards; centred on a fixed point so every kind lines up.
        corner = self._corner(look, (round(w * 0.28), round(h * 0.19)), stroke)
        at = (body_rect.left + round(w * 0.13), body_rect.top + round(h * 0.1))
        surf.blit(corner, corner.get_rect(center=at))
        flipped = pygame.transform.rotate(corner, 180)
        surf.blit(flipped, flipped.get_rect(center=(w - at[0], h - at[1])))
        if self.patterns:
            self._paint_marks(surf, look, body_rect, at)
        return pygame.transform.smoothscale(surf, size)

    def _paint_marks(
        self, surf: pygame.Surface, look: CardLook, body: pygame.Rect, corner: tuple[int, int]
    ) -> None:
        """Colour-blind mode: the colour's shape under each corner mark (what a fanned
        hand shows), and on a Wild's oval each colour's shape in its part."""
        w, h = surf.get_size()
        if look.mark is not None:
            shape = patterns.mark(look.mark, round(w * 0.2))
            at = (corner[0], corner[1] + round(h * 0.135))
            surf.blit(shape, shape.get_rect(center=at))
            flipped = pygame.transform.rotate(shape, 180)
            surf.blit(flipped, flipped.get_rect(center=(w - at[0], h - at[1])))
        if look.art == WILD_ART and look.marks:
            n = len(look.marks)
            side = round(w * (0.16 if n <= 4 else 0.12))
            cx, cy = body.center
            reach = min(body.width, body.height) * 0.3
            for i, name in enumerate(look.marks):
                # The oval's parts go clockwise from the left (card_symbols.oval), and
                # the oval leans right.
                a = math.radians(180 + (i + 0.5) * 360 / n - OVAL_TILT)
                x, y = cx + reach * math.cos(a), cy + reach * math.sin(a) * 1.3
                shape = patterns.mark(name, side)
                surf.blit(shape, shape.get_rect(center=(round(x), round(y))))

    def _corner(self, look: CardLook, box: Box, stroke: int) -> pygame.Surface:
        text = look.corner
        if text is None and look.art is None:
            text = initials(look.text)
        if text is not None:
            symbol = self.symbols.text(box, WHITE, text)
        else:
            symbol = self.symbols.paint(look, box, WHITE, False, small=True)
        return decorate(symbol, max(1, stroke * 3 // 4))

    def _render_back(self, size: Box) -> pygame.Surface:
        surf, body_rect, radius = self._card_base(size)
        oval = self.symbols.oval(body_rect.size, BACK_OVAL)
        surf.blit(self._body(body_rect.size, pygame.Color(*WILD_BODY), radius, oval), body_rect)
        w, h = surf.get_size()
        logo = self.symbols.text((round(w * 0.74), round(h * 0.3)), BACK_LOGO, "UNO")
        logo = decorate(logo, max(2, round(w * 0.03)), shadow=round(w * 0.02))
        logo = pygame.transform.rotozoom(logo, 22, 1.0)
        surf.blit(logo, logo.get_rect(center=(w // 2, h // 2)))
        return pygame.transform.smoothscale(surf, size)
