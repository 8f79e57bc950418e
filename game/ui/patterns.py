"""Colour-blind mode's shapes: each colour also shows as a shape (game/looks.py
names them, `PATTERNS`), drawn here in code since the bundled font has no
symbol glyphs.

`mark(name, side)` is a white shape with a dark outline, `side` pixels square,
that reads on any colour; cards, the ring of the colour in force, the colour
wheel and the messages all draw this one. Cached per shape, size and ink.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.looks import PATTERNS
from game.ui.card_drawing import INK, WHITE

SUPERSAMPLE = 4

ColorValue = pygame.Color | tuple[int, int, int] | tuple[int, int, int, int]
Painter = Callable[[pygame.Surface, float, ColorValue], None]

_cache: dict[tuple, pygame.Surface] = {}


def _polygon(*corners: tuple[float, float]) -> Painter:
    """A shape from corners in a unit square (0..1, y down)."""

    def paint(surf: pygame.Surface, side: float, ink: ColorValue) -> None:
        pygame.draw.polygon(surf, ink, [(x * side, y * side) for x, y in corners])

    return paint


def _star(surf: pygame.Surface, side: float, ink: ColorValue) -> None:
    c, outer, inner = side / 2, side * 0.5, side * 0.21
    points = []
    for k in range(10):
        r = outer if k % 2 == 0 else inner
        a = -math.pi / 2 + k * math.pi / 5
        points.append((c + r * math.cos(a), c * 1.08 + r * math.sin(a)))
    pygame.draw.polygon(surf, ink, points)


def _regular(n: int, turn: float = 0.0) -> Painter:
    def paint(surf: pygame.Surface, side: float, ink: ColorValue) -> None:
        c = side / 2
        points = [
            (
                c + c * math.cos(turn + 2 * math.pi * k / n),
                c + c * math.sin(turn + 2 * math.pi * k / n),
            )
            for k in range(n)
        ]
        pygame.draw.polygon(surf, ink, points)

    return paint


def _circle(surf: pygame.Surface, side: float, ink: ColorValue) -> None:
    pygame.draw.circle(surf, ink, (side / 2, side / 2), side / 2)


def _ring(surf: pygame.Surface, side: float, ink: ColorValue) -> None:
    pygame.draw.circle(surf, ink, (side / 2, side / 2), side / 2, width=round(side * 0.2))


def _half(surf: pygame.Surface, side: float, ink: ColorValue) -> None:
    c = side / 2
    pygame.draw.circle(surf, ink, (c, c), c, width=round(side * 0.12))
    pygame.draw.circle(surf, ink, (c, c), c, draw_top_left=True, draw_bottom_left=True)


def _frame(surf: pygame.Surface, side: float, ink: ColorValue) -> None:
    inset = side * 0.06
    rect = pygame.Rect(inset, inset, side - 2 * inset, side - 2 * inset)
    pygame.draw.rect(surf, ink, rect, width=round(side * 0.2))


def _bars(surf: pygame.Surface, side: float, ink: ColorValue) -> None:
    w = side * 0.22
    for k in range(3):
        x = side * 0.02 + k * (side - w - side * 0.04) / 2
        pygame.draw.rect(surf, ink, pygame.Rect(round(x), 0, round(w), round(side)))


def _cross(surf: pygame.Surface, side: float, ink: ColorValue) -> None:
    t = side * 0.17
    for a, b in (((0, 0), (side, side)), ((side, 0), (0, side))):
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = math.hypot(dx, dy)
        px, py = -dy / n * t, dx / n * t
        pygame.draw.polygon(
            surf,
            ink,
            [
                (a[0] + px, a[1] + py),
                (b[0] + px, b[1] + py),
                (b[0] - px, b[1] - py),
                (a[0] - px, a[1] - py),
            ],
        )


def _heart(surf: pygame.Surface, side: float, ink: ColorValue) -> None:
    r = side * 0.27
    for cx in (side * 0.27, side * 0.73):
        pygame.draw.circle(surf, ink, (cx, side * 0.3), r)
    # Tangent from each lobe's outer side down to the point.
    lobe = math.radians(35)
    left = (side * 0.27 - r * math.cos(lobe), side * 0.3 + r * math.sin(lobe))
    right = (side * 0.73 + r * math.cos(lobe), side * 0.3 + r * math.sin(lobe))
    pygame.draw.polygon(
        surf, ink, [left, (side * 0.5, side * 0.3), right, (side * 0.5, side * 0.97)]
    )


def _moon(surf: pygame.Surface, side: float, ink: ColorValue) -> None:
    c = side / 2
    pygame.draw.circle(surf, ink, (c, c), c)
    # The bite: a disc of nothing, up and to the right.
    pygame.draw.circle(surf, (0, 0, 0, 0), (c + side * 0.3, c - side * 0.16), c * 0.86)


PAINTERS: dict[str, Painter] = {
    "triangle": _polygon((0.5, 0.02), (1.0, 0.92), (0.0, 0.92)),
    "circle": _circle,
    "square": _polygon((0.08, 0.08), (0.92, 0.08), (0.92, 0.92), (0.08, 0.92)),
    "diamond": _polygon((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)),
    "star": _star,
    "plus": _polygon(
        (0.34, 0.0),
        (0.66, 0.0),
        (0.66, 0.34),
        (1.0, 0.34),
        (1.0, 0.66),
        (0.66, 0.66),
        (0.66, 1.0),
        (0.34, 1.0),
        (0.34, 0.66),
        (0.0, 0.66),
        (0.0, 0.34),
        (0.34, 0.34),
    ),
    "cross": _cross,
    "ring": _ring,
    "hexagon": _regular(6),
    "hourglass": _polygon((0.05, 0.02), (0.95, 0.02), (0.05, 0.98), (0.95, 0.98)),
    "bars": _bars,
    "frame": _frame,
    "chevron": _polygon((0.5, 0.05), (1.0, 0.6), (1.0, 0.95), (0.5, 0.45), (0.0, 0.95), (0.0, 0.6)),
    "half": _half,
    "heart": _heart,
    "moon": _moon,
}
assert set(PAINTERS) == set(PATTERNS), "every pattern has its painter"


def mark(
    name: str, side: int, fill: ColorValue = WHITE, outline: ColorValue = INK
) -> pygame.Surface:
    """The shape `name` (a key of PATTERNS) `side` px square, in `fill` with an
    `outline` a tenth of its size round it. An unknown name draws a disc."""
    side = max(4, int(side))
    key = (name, side, tuple(pygame.Color(fill)), tuple(pygame.Color(outline)))
    found = _cache.get(key)
    if found is not None:
        return found
    paint = PAINTERS.get(name, _circle)
    s = SUPERSAMPLE
    big = side * s
    edge = max(s, round(big * 0.1))
    inner = big - 2 * edge
    shape = pygame.Surface((inner, inner), pygame.SRCALPHA)
    paint(shape, inner, WHITE)
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    # The outline: the shape grown by `edge` in every direction (a dilated mask).
    disk = pygame.Surface((2 * edge + 1, 2 * edge + 1), pygame.SRCALPHA)
    pygame.draw.circle(disk, WHITE, (edge, edge), edge)
    grown = pygame.mask.from_surface(shape).convolve(pygame.mask.from_surface(disk))
    surf.blit(grown.to_surface(setcolor=outline, unsetcolor=(0, 0, 0, 0)), (0, 0))
    tinted = shape.copy()
    tinted.fill(fill, special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(tinted, (edge, edge))
    found = pygame.transform.smoothscale(surf, (side, side))
    if len(_cache) > 400:
        _cache.clear()
    _cache[key] = found
    return found
