"""Card faces and backs drawn in code, so no image files and any modded kind renders.

Cards are `color:face` strings (`red:7`, `blue:skip`, `wild:wild_draw_four`). Every
surface is cached: drawing a card is costly (supersampled shapes, strokes), blitting a
cached one is cheap. The bundled font has no symbol glyphs, so every symbol except
digits and "+2"/"+4" is built from shapes.

Create a `CardArt` after `pygame.init()`; it needs the font module but no display.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import pairwise

import pygame

from game.ui.color_wheel import WILD_ORDER, Wheel

BACK = "back"

PALETTE: dict[str, pygame.Color] = {
    "red": pygame.Color("#e53935"),
    "yellow": pygame.Color("#fdd835"),
    "green": pygame.Color("#43a047"),
    "blue": pygame.Color("#1e88e5"),
    "wild": pygame.Color("#1c1c22"),
}
CLASSIC_COLORS = ("red", "yellow", "green", "blue")
SPECIAL_KINDS = (
    "skip",
    "reverse",
    "draw_two",
    "wild",
    "wild_draw_four",
    "wild_shuffle_hands",
    "wild_swap_hands",
    "wild_customizable",
    "blank",
)

INK = pygame.Color(24, 24, 30)
WHITE = pygame.Color(255, 255, 255)
EDGE = pygame.Color(40, 40, 48)
UNKNOWN_COLOR = pygame.Color("#8e8e9a")
GOLD = pygame.Color("#ffc107")

Box = tuple[int, int]
Painter = Callable[[Box, pygame.Color, bool], pygame.Surface]


def parse_card(card: str) -> tuple[str, str]:
    """Split `color:face`; a bare kind (`wild_draw_four`) counts as a wild card."""
    color, sep, face = card.partition(":")
    if not sep:
        return "wild", color
    return color, face


def card_color(name: str) -> pygame.Color:
    """Palette colour, any colour name pygame knows (for modded colours), else grey."""
    if name in PALETTE:
        return pygame.Color(PALETTE[name])
    try:
        return pygame.Color(name)
    except ValueError:
        return pygame.Color(UNKNOWN_COLOR)


def wheel_color_at(
    offset: tuple[float, float], radius: float, colors: Sequence[str] = WILD_ORDER
) -> str | None:
    """Which colour of `wheel(radius, colors)` lies at `offset` from its centre, or None."""
    return Wheel(colors).color_at(offset, radius)


def _shade(color: pygame.Color, amount: float) -> pygame.Color:
    """Lighter for amount > 0, darker for amount < 0."""
    target = WHITE if amount > 0 else pygame.Color(0, 0, 0)
    return pygame.Color(color).lerp(target, min(abs(amount), 1.0))


def _rounded_mask(size: Box, radius: int) -> pygame.Surface:
    """White rounded rectangle on transparent, to cut corners with BLEND_RGBA_MIN."""
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, WHITE, mask.get_rect(), border_radius=radius)
    return mask


def _disk_mask(radius: int) -> pygame.mask.Mask:
    surf = pygame.Surface((2 * radius + 1, 2 * radius + 1), pygame.SRCALPHA)
    pygame.draw.circle(surf, WHITE, (radius, radius), radius)
    return pygame.mask.from_surface(surf)


def _decorate(symbol: pygame.Surface, stroke: int, shadow: int = 0) -> pygame.Surface:
    """Outline the symbol in ink (and drop a shadow) so it reads on any background."""
    pad = stroke + shadow
    out = pygame.Surface(
        (symbol.get_width() + 2 * pad, symbol.get_height() + 2 * pad), pygame.SRCALPHA
    )
    if stroke <= 0:
        out.blit(symbol, (pad, pad))
        return out
    # Convolving with a disk dilates the shape; the result is offset by the disk radius.
    grown = pygame.mask.from_surface(symbol).convolve(_disk_mask(stroke))
    if shadow:
        dark = grown.to_surface(setcolor=(0, 0, 0, 90), unsetcolor=(0, 0, 0, 0))
        out.blit(dark, (pad - stroke + shadow, pad - stroke + shadow))
    outline = grown.to_surface(setcolor=INK, unsetcolor=(0, 0, 0, 0))
    out.blit(outline, (pad - stroke, pad - stroke))
    out.blit(symbol, (pad, pad))
    return out


def _fit(surf: pygame.Surface, box: Box) -> pygame.Surface:
    """Scale to fit inside box, keeping the aspect ratio."""
    w, h = surf.get_size()
    scale = min(box[0] / w, box[1] / h)
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    return pygame.transform.smoothscale(surf, size)


def _thick_curve(
    surf: pygame.Surface, points: Sequence[tuple[float, float]], width: float, color
) -> None:
    """Round-capped thick stroke: pygame's wide lines leave gaps at joints."""
    r = max(1.0, width / 2)
    for (x0, y0), (x1, y1) in pairwise(points):
        steps = max(1, int(math.hypot(x1 - x0, y1 - y0) / (r / 3)))
        for i in range(steps + 1):
            t = i / steps
            pygame.draw.circle(surf, color, (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), r)


def _bezier(p0, p1, p2, p3, n: int = 40) -> list[tuple[float, float]]:
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t**3
        out.append(
            (
                a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1],
            )
        )
    return out


def _arrow_head(
    surf: pygame.Surface,
    tip: tuple[float, float],
    direction: tuple[float, float],
    size: float,
    color,
) -> None:
    dx, dy = direction
    n = math.hypot(dx, dy) or 1.0
    dx, dy = dx / n, dy / n
    bx, by = tip[0] - dx * size, tip[1] - dy * size
    px, py = -dy * size * 0.62, dx * size * 0.62
    pygame.draw.polygon(surf, color, [tip, (bx + px, by + py), (bx - px, by - py)])


def _trim_end(points: Sequence[tuple[float, float]], dist: float) -> list[tuple[float, float]]:
    """The polyline shortened by `dist` at its end."""
    pts = list(points)
    while len(pts) >= 2:
        (x0, y0), (x1, y1) = pts[-2], pts[-1]
        seg = math.hypot(x1 - x0, y1 - y0)
        if seg > dist:
            t = (seg - dist) / seg
            pts[-1] = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            return pts
        dist -= seg
        pts.pop()
    return pts


def _curve_arrow(surf, points, width: float, head: float, color) -> None:
    """A stroke ending in an arrowhead; the stroke stops short so the tip stays sharp."""
    tip = points[-1]
    # Aim the head along the last stretch as long as the head, not the last tiny step.
    base = _trim_end(points, head)[-1] if len(points) > 1 else tip
    _thick_curve(surf, _trim_end(points, head * 0.7), width, color)
    _arrow_head(surf, tip, (tip[0] - base[0], tip[1] - base[1]), head, color)


def _mini_card(surf: pygame.Surface, rect: pygame.Rect, color, angle: float = 0.0) -> None:
    """A small card (white rim, coloured body) for the +2/+4/swap symbols."""
    card = pygame.Surface(rect.size, pygame.SRCALPHA)
    radius = max(2, rect.width // 7)
    pygame.draw.rect(card, WHITE, card.get_rect(), border_radius=radius)
    rim = max(2, rect.width // 9)
    pygame.draw.rect(card, color, card.get_rect().inflate(-2 * rim, -2 * rim), border_radius=radius)
    if angle:
        card = pygame.transform.rotate(card, angle)
    surf.blit(card, card.get_rect(center=rect.center))


class CardArt:
    """Draws and caches card faces, backs, rotations and highlight effects."""

    SUPERSAMPLE = 3

    def __init__(self, card_size: Box = (100, 150)) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.card_size = (int(card_size[0]), int(card_size[1]))
        self._faces: dict[tuple[str, Box], pygame.Surface] = {}
        self._rotated: dict[tuple[str, Box, float], pygame.Surface] = {}
        self._effects: dict[tuple, pygame.Surface] = {}
        self._fonts: dict[int, pygame.font.Font] = {}
        self._painters: dict[str, Painter] = {
            "skip": self._paint_skip,
            "reverse": self._paint_reverse,
            "draw_two": lambda box, fg, multi: self._paint_cards(box, [fg, fg]),
            "wild": lambda box, fg, multi: self._paint_quad_oval(box),
            "wild_draw_four": lambda box, fg, multi: self._paint_cards(
                box,
                [card_color(c) for c in ("blue", "green", "yellow", "red")] if multi else [fg] * 4,
            ),
            "wild_shuffle_hands": self._paint_shuffle,
            "wild_swap_hands": self._paint_swap,
            "wild_customizable": self._paint_pencil,
            "blank": self._paint_blank,
        }
        # Corners are small: text reads better than tiny stacked cards there.
        self._corner_text = {"draw_two": "+2", "wild_draw_four": "+4"}

    # Public API -------------------------------------------------------------------

    def face(self, card: str, size: Box | None = None) -> pygame.Surface:
        """The face of `card` at `size` (default: the art's card size). Cached."""
        size = self._size(size)
        return self._cached(
            self._faces, (card, size), lambda: self._render_face(*parse_card(card), size)
        )

    def back(self, size: Box | None = None) -> pygame.Surface:
        """The card back at `size`. Cached."""
        size = self._size(size)
        return self._cached(self._faces, (BACK, size), lambda: self._render_back(size))

    def rotated(
        self, card_or_back: str, size: Box | None = None, angle: float = 0.0
    ) -> pygame.Surface:
        """A face (or `BACK`) rotated counter-clockwise by `angle` degrees. Cached.

        Blit it centred on the card's centre: the surface grows to hold the corners.
        """
        size = self._size(size)
        angle = round(angle % 360.0, 1)

        def make() -> pygame.Surface:
            base = self.back(size) if card_or_back == BACK else self.face(card_or_back, size)
            if angle % 90 == 0:
                return pygame.transform.rotate(base, angle)
            # rotozoom filters the edges; plain rotate leaves them jagged.
            return pygame.transform.rotozoom(base, angle, 1.0)

        return self._cached(self._rotated, (card_or_back, size, angle), make)

    def glow_pad(self, size: Box | None = None) -> int:
        """How far `glow` reaches beyond the card on each side."""
        w, _ = self._size(size)
        return max(6, round(w * 0.14))

    def glow(self, size: Box | None = None, color=GOLD) -> pygame.Surface:
        """A soft outline for a playable or selected card; blit it centred on the card."""
        size = self._size(size)
        color = self._color_arg(color)
        key = ("glow", size, tuple(color))
        return self._cached(self._effects, key, lambda: self._render_glow(size, color))

    def color_ring(self, radius: int, color) -> pygame.Surface:
        """A glowing ring marking the colour in force; blit it centred on the discard pile."""
        color = self._color_arg(color)
        key = ("ring", int(radius), tuple(color))
        return self._cached(self._effects, key, lambda: self._render_ring(int(radius), color))

    def wheel(self, radius: int, colors: Sequence[str] = WILD_ORDER) -> pygame.Surface:
        """The colour wheel, one slice per colour (game/ui/color_wheel.py lays it out)."""
        wheel = Wheel(colors)
        key = ("wheel", int(radius), wheel.colors)
        return self._cached(self._effects, key, lambda: self._render_wheel(int(radius), wheel))

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

    @staticmethod
    def _color_arg(color) -> pygame.Color:
        if isinstance(color, str):
            return card_color(color)
        return pygame.Color(color)

    def _font(self, px: int) -> pygame.font.Font:
        px = max(6, int(px))
        font = self._fonts.get(px)
        if font is None:
            font = self._fonts[px] = pygame.font.Font(None, px)
        return font

    def _render_glow(self, size: Box, color: pygame.Color) -> pygame.Surface:
        w, h = size
        pad = self.glow_pad(size)
        surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        radius = round(min(w, h) * 0.12)
        halo = surf.get_rect().inflate(-pad, -pad)
        pygame.draw.rect(surf, color, halo, border_radius=radius + pad // 2)
        surf = pygame.transform.gaussian_blur(surf, max(2, pad // 3))
        crisp = surf.get_rect().inflate(-2 * pad + 6, -2 * pad + 6)
        pygame.draw.rect(surf, _shade(color, 0.4), crisp, width=3, border_radius=radius + 3)
        return surf

    def _render_ring(self, radius: int, color: pygame.Color) -> pygame.Surface:
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
        pygame.draw.circle(big, _shade(color, 0.45), centre, inner, width=max(1, width * s // 4))
        surf.blit(pygame.transform.smoothscale(big, (side, side)), (0, 0))
        return surf

    def _render_wheel(self, radius: int, wheel: Wheel) -> pygame.Surface:
        s = self.SUPERSAMPLE
        r = radius * s
        big = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
        c = (r, r)
        inner = r - 2 * s
        for i, name in enumerate(wheel.colors):
            if len(wheel.colors) == 1:
                pygame.draw.circle(big, card_color(name), c, inner)
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
            pygame.draw.polygon(big, card_color(name), points)
        if len(wheel.colors) > 1:
            for i in range(len(wheel.colors)):
                edge = math.radians(wheel.span(i)[0])
                end = (r + r * math.cos(edge), r + r * math.sin(edge))
                pygame.draw.line(big, WHITE, c, end, 3 * s)
        pygame.draw.circle(big, WHITE, c, r, width=4 * s)
        pygame.draw.circle(big, WHITE, c, r // 4)
        return pygame.transform.smoothscale(big, (2 * radius, 2 * radius))

    def _card_base(self, size: Box) -> tuple[pygame.Surface, pygame.Rect, int]:
        """Supersampled white card with a dark hairline; returns the body rect too."""
        s = self.SUPERSAMPLE
        w, h = size[0] * s, size[1] * s
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = round(min(w, h) * 0.11)
        # The hairline keeps overlapping cards in a fan apart.
        edge = max(s, round(w * 0.012))
        pygame.draw.rect(surf, EDGE, surf.get_rect(), border_radius=radius)
        inner = surf.get_rect().inflate(-2 * edge, -2 * edge)
        pygame.draw.rect(surf, WHITE, inner, border_radius=radius - edge)
        border = round(w * 0.065)
        body = inner.inflate(-2 * border, -2 * border)
        return surf, body, max(2, radius - edge - border)

    def _body(self, size: Box, color: pygame.Color, radius: int, oval: pygame.Surface | None):
        """Body with a soft vertical gradient and the tilted oval, corners cut round."""
        w, h = size
        body = pygame.Surface(size, pygame.SRCALPHA)
        top, bottom = _shade(color, 0.14), _shade(color, -0.14)
        for y in range(h):
            pygame.draw.line(body, top.lerp(bottom, y / max(1, h - 1)), (0, y), (w, y))
        if oval is not None:
            body.blit(oval, oval.get_rect(center=(w // 2, h // 2)))
        body.blit(_rounded_mask(size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        return body

    def _oval(self, body: Box, fill: pygame.Color | None, quarters: bool = False) -> pygame.Surface:
        """The classic oval leaning to the right, plain or in four colour quarters."""
        w, h = body
        ow, oh = round(w * 0.86), round(h * 0.92)
        oval = pygame.Surface((ow, oh), pygame.SRCALPHA)
        pygame.draw.ellipse(oval, WHITE if fill is None else fill, oval.get_rect())
        if quarters:
            inner = oval.get_rect().inflate(-round(ow * 0.1), -round(ow * 0.1))
            colored = pygame.Surface((ow, oh), pygame.SRCALPHA)
            cx, cy = ow // 2, oh // 2
            rects = [
                pygame.Rect(0, 0, cx, cy),
                pygame.Rect(cx, 0, ow - cx, cy),
                pygame.Rect(cx, cy, ow - cx, oh - cy),
                pygame.Rect(0, cy, cx, oh - cy),
            ]
            for name, rect in zip(WILD_ORDER, rects, strict=True):
                colored.fill(card_color(name), rect)
            cut = pygame.Surface((ow, oh), pygame.SRCALPHA)
            pygame.draw.ellipse(cut, WHITE, inner)
            colored.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            oval.blit(colored, (0, 0))
        return pygame.transform.rotate(oval, -28)

    def _render_face(self, color_name: str, kind: str, size: Box) -> pygame.Surface:
        s = self.SUPERSAMPLE
        color = card_color(color_name)
        surf, body_rect, radius = self._card_base(size)
        is_wild_body = color_name == "wild"
        plain_wild = kind == "wild"
        oval = self._oval(body_rect.size, None, quarters=plain_wild)
        surf.blit(self._body(body_rect.size, color, radius, oval), body_rect)

        w, h = surf.get_size()
        # Symbols on the white oval take the card's colour; on a wild card they use
        # all four colours, except digits and text, which stay dark to read well.
        fg = INK if is_wild_body else color
        stroke = max(s, round(w * 0.022))
        if not plain_wild:
            big = self._symbol(kind, (round(w * 0.58), round(h * 0.44)), fg, is_wild_body)
            big = _decorate(big, stroke, shadow=stroke)
            surf.blit(big, big.get_rect(center=(w // 2, h // 2)))

        # Corner marks are what a fanned hand shows, so they are larger than on
        # printed cards; centred on a fixed point so every kind lines up.
        corner = self._corner(kind, (round(w * 0.28), round(h * 0.19)), stroke)
        at = (body_rect.left + round(w * 0.13), body_rect.top + round(h * 0.1))
        surf.blit(corner, corner.get_rect(center=at))
        flipped = pygame.transform.rotate(corner, 180)
        surf.blit(flipped, flipped.get_rect(center=(w - at[0], h - at[1])))
        return pygame.transform.smoothscale(surf, size)

    def _corner(self, kind: str, box: Box, stroke: int) -> pygame.Surface:
        text = self._corner_text.get(kind)
        if text is not None:
            symbol = self._paint_text(box, WHITE, text)
        else:
            symbol = self._symbol(kind, box, WHITE, False, corner=True)
        return _decorate(symbol, max(1, stroke * 3 // 4))

    def _symbol(
        self, kind: str, box: Box, fg: pygame.Color, multi: bool, corner: bool = False
    ) -> pygame.Surface:
        if kind.isdigit():
            return self._paint_text(box, fg, kind, underline=kind in ("6", "9"))
        if corner and kind == "wild_swap_hands":
            return self._paint_swap_arrows(box, fg)
        painter = self._painters.get(kind)
        if painter is not None:
            return painter(box, fg, multi)
        return self._paint_unknown(box, fg, multi, kind, corner)

    def _render_back(self, size: Box) -> pygame.Surface:
        surf, body_rect, radius = self._card_base(size)
        oval = self._oval(body_rect.size, card_color("red"))
        surf.blit(self._body(body_rect.size, PALETTE["wild"], radius, oval), body_rect)
        w, h = surf.get_size()
        logo = self._paint_text((round(w * 0.74), round(h * 0.3)), card_color("yellow"), "UNO")
        logo = _decorate(logo, max(2, round(w * 0.03)), shadow=round(w * 0.02))
        logo = pygame.transform.rotozoom(logo, 22, 1.0)
        surf.blit(logo, logo.get_rect(center=(w // 2, h // 2)))
        return pygame.transform.smoothscale(surf, size)

    # Symbol painters: each returns a transparent surface no larger than `box` ----------

    def _paint_text(
        self, box: Box, fg: pygame.Color, text: str, underline: bool = False
    ) -> pygame.Surface:
        rendered = self._font(box[1] * 2).render(text, True, fg)
        glyphs = rendered.subsurface(rendered.get_bounding_rect()).copy()
        if underline:
            # Tells 6 from 9 whichever way up the card is.
            gw, gh = glyphs.get_size()
            bar = max(2, gh // 9)
            with_bar = pygame.Surface((gw, gh + bar * 2), pygame.SRCALPHA)
            with_bar.blit(glyphs, (0, 0))
            pygame.draw.rect(with_bar, fg, (gw * 0.1, gh + bar, gw * 0.8, bar))
            glyphs = with_bar
        return _fit(glyphs, box)

    @staticmethod
    def _square(box: Box) -> tuple[pygame.Surface, int]:
        side = min(box)
        return pygame.Surface((side, side), pygame.SRCALPHA), side

    def _paint_skip(self, box: Box, fg: pygame.Color, multi: bool) -> pygame.Surface:
        surf, d = self._square(box)
        c = d / 2
        thick = d * 0.17
        pygame.draw.circle(surf, fg, (c, c), d / 2, width=round(thick))
        # The slash runs across the inside of the ring, corner to corner.
        r = d / 2 - thick / 2
        k = math.sqrt(0.5)
        a, b = (c - r * k, c - r * k), (c + r * k, c + r * k)
        _thick_curve(surf, [a, b], thick, fg)
        return surf

    def _paint_reverse(self, box: Box, fg: pygame.Color, multi: bool) -> pygame.Surface:
        surf, d = self._square(box)
        width, head = d * 0.15, d * 0.34
        # Two parallel diagonal arrows, pointing opposite ways.
        off = d * 0.16
        _curve_arrow(
            surf,
            [(d * 0.18 - off, d * 0.82 - off), (d * 0.86 - off, d * 0.14 - off)],
            width,
            head,
            fg,
        )
        _curve_arrow(
            surf,
            [(d * 0.82 + off, d * 0.18 + off), (d * 0.14 + off, d * 0.86 + off)],
            width,
            head,
            fg,
        )
        return surf

    def _paint_cards(self, box: Box, colors: Sequence[pygame.Color]) -> pygame.Surface:
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
            _mini_card(surf, rect, color)
            # An inked edge keeps each small card distinct from the one below it.
            pygame.draw.rect(
                surf,
                INK,
                rect,
                width=max(1, round(cw * 0.05)),
                border_radius=max(2, rect.width // 7),
            )
        return surf

    def _paint_quad_oval(self, box: Box) -> pygame.Surface:
        bw, bh = box
        ow = min(bw, bh * 0.7)
        oval = self._oval((round(ow / 0.86), round(ow * 1.3 / 0.92)), None, quarters=True)
        # Crop the transparent margin the tilt added, or the oval comes out tiny.
        return _fit(oval.subsurface(oval.get_bounding_rect()), box)

    def _paint_shuffle(self, box: Box, fg: pygame.Color, multi: bool) -> pygame.Surface:
        surf, d = self._square(box)
        width, head = d * 0.13, d * 0.28
        up, down = (card_color("red"), card_color("blue")) if multi else (fg, fg)
        # Two crossing S-curves: the media "shuffle" sign.
        a = _bezier(
            (d * 0.06, d * 0.76),
            (d * 0.5, d * 0.76),
            (d * 0.45, d * 0.24),
            (d * 0.94, d * 0.24),
        )
        b = _bezier(
            (d * 0.06, d * 0.24),
            (d * 0.5, d * 0.24),
            (d * 0.45, d * 0.76),
            (d * 0.94, d * 0.76),
        )
        _curve_arrow(surf, b, width, head, down)
        _curve_arrow(surf, a, width, head, up)
        return surf

    def _paint_swap(self, box: Box, fg: pygame.Color, multi: bool) -> pygame.Surface:
        surf, d = self._square(box)
        left, right = (card_color("blue"), card_color("red")) if multi else (fg, fg)
        arrows = (card_color("green"), card_color("yellow")) if multi else (fg, fg)
        cw, ch = d * 0.3, d * 0.45
        _mini_card(surf, pygame.Rect(d * 0.02, d * 0.3, cw, ch), left, angle=8)
        _mini_card(surf, pygame.Rect(d * 0.68, d * 0.3, cw, ch), right, angle=-8)
        width, head = d * 0.085, d * 0.2
        over = _bezier(
            (d * 0.2, d * 0.28),
            (d * 0.3, d * 0.0),
            (d * 0.65, d * 0.0),
            (d * 0.8, d * 0.26),
        )
        under = _bezier(
            (d * 0.8, d * 0.76),
            (d * 0.7, d * 1.0),
            (d * 0.35, d * 1.0),
            (d * 0.2, d * 0.78),
        )
        _curve_arrow(surf, over, width, head, arrows[0])
        _curve_arrow(surf, under, width, head, arrows[1])
        return surf

    def _paint_swap_arrows(self, box: Box, fg: pygame.Color) -> pygame.Surface:
        """Two opposed arrows: the swap sign small enough for a corner."""
        surf, d = self._square(box)
        width, head = d * 0.16, d * 0.36
        _curve_arrow(surf, [(d * 0.04, d * 0.3), (d * 0.96, d * 0.3)], width, head, fg)
        _curve_arrow(surf, [(d * 0.96, d * 0.72), (d * 0.04, d * 0.72)], width, head, fg)
        return surf

    def _paint_pencil(self, box: Box, fg: pygame.Color, multi: bool) -> pygame.Surface:
        surf, d = self._square(box)
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
                card_color("red"),
                pygame.Color("#b0bec5"),
                card_color("yellow"),
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

    def _paint_blank(self, box: Box, fg: pygame.Color, multi: bool) -> pygame.Surface:
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
                _thick_curve(surf, [a, b], thick, color)
        return surf

    def _paint_unknown(
        self, box: Box, fg: pygame.Color, multi: bool, kind: str, corner: bool
    ) -> pygame.Surface:
        """A star, plus the kind's name in the middle, so a modded card stays legible."""
        bw, bh = box
        star_box = (bw, bh) if corner else (bw, round(bh * 0.62))
        star, d = self._square(star_box)
        points = []
        for i in range(10):
            r = d / 2 if i % 2 == 0 else d * 0.21
            a = -math.pi / 2 + i * math.pi / 5
            points.append((d / 2 + r * math.cos(a), d / 2 + r * math.sin(a) + d * 0.04))
        pygame.draw.polygon(star, GOLD if multi else fg, points)
        if corner:
            return star
        label = kind.replace("_", " ").strip() or "?"
        font = self._font(max(8, round(bh * 0.2)))
        font.align = pygame.FONT_CENTER
        text = font.render(label, True, INK, wraplength=bw)
        text_box = (bw, round(bh * 0.36))
        if text.get_width() > text_box[0] or text.get_height() > text_box[1]:
            text = _fit(text, text_box)
        out = pygame.Surface((bw, bh), pygame.SRCALPHA)
        out.blit(star, star.get_rect(midtop=(bw // 2, 0)))
        # White backing so the outline pass in _decorate leaves the name readable.
        plate = text.get_rect(midbottom=(bw // 2, bh))
        backing = pygame.Surface(plate.inflate(8, 4).size, pygame.SRCALPHA)
        pygame.draw.rect(backing, WHITE, backing.get_rect(), border_radius=6)
        out.blit(backing, backing.get_rect(center=plate.center))
        out.blit(text, plate)
        return out
