"""The drawing primitives card faces are built from: ink and white, shading,
an ink outline that makes a shape read on any background, fitting into a box,
round-capped strokes and curves, arrows, and the small cards of the +2, +4 and
swap symbols.

The symbols painted per art name are game/ui/card_symbols.py; the faces, backs
and rings built around them are game/ui/card_art.py. Both draw with these.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

import pygame

Box = tuple[int, int]

INK = pygame.Color(24, 24, 30)
WHITE = pygame.Color(255, 255, 255)


def shade(color: pygame.Color, amount: float) -> pygame.Color:
    """Lighter for amount > 0, darker for amount < 0."""
    target = WHITE if amount > 0 else pygame.Color(0, 0, 0)
    return pygame.Color(color).lerp(target, min(abs(amount), 1.0))


def _disk_mask(radius: int) -> pygame.mask.Mask:
    surf = pygame.Surface((2 * radius + 1, 2 * radius + 1), pygame.SRCALPHA)
    pygame.draw.circle(surf, WHITE, (radius, radius), radius)
    return pygame.mask.from_surface(surf)


def decorate(symbol: pygame.Surface, stroke: int, shadow: int = 0) -> pygame.Surface:
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


def fit(surf: pygame.Surface, box: Box) -> pygame.Surface:
    """Scale to fit inside box, keeping the aspect ratio."""
    w, h = surf.get_size()
    scale = min(box[0] / w, box[1] / h)
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    return pygame.transform.smoothscale(surf, size)


def thick_curve(
    surf: pygame.Surface, points: Sequence[tuple[float, float]], width: float, color
) -> None:
    """Round-capped thick stroke: pygame's wide lines leave gaps at joints."""
    r = max(1.0, width / 2)
    for (x0, y0), (x1, y1) in pairwise(points):
        steps = max(1, int(math.hypot(x1 - x0, y1 - y0) / (r / 3)))
        for i in range(steps + 1):
            t = i / steps
            pygame.draw.circle(surf, color, (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), r)


def bezier(p0, p1, p2, p3, n: int = 40) -> list[tuple[float, float]]:
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


def curve_arrow(surf, points, width: float, head: float, color) -> None:
    """A stroke ending in an arrowhead; the stroke stops short so the tip stays sharp."""
    tip = points[-1]
    # Aim the head along the last stretch as long as the head, not the last tiny step.
    base = _trim_end(points, head)[-1] if len(points) > 1 else tip
    thick_curve(surf, _trim_end(points, head * 0.7), width, color)
    _arrow_head(surf, tip, (tip[0] - base[0], tip[1] - base[1]), head, color)


def mini_card(surf: pygame.Surface, rect: pygame.Rect, color, angle: float = 0.0) -> None:
    """A small card (white rim, coloured body) for the +2/+4/swap symbols."""
    card = pygame.Surface(rect.size, pygame.SRCALPHA)
    radius = max(2, rect.width // 7)
    pygame.draw.rect(card, WHITE, card.get_rect(), border_radius=radius)
    rim = max(2, rect.width // 9)
    pygame.draw.rect(card, color, card.get_rect().inflate(-2 * rim, -2 * rim), border_radius=radius)
    if angle:
        card = pygame.transform.rotate(card, angle)
    surf.blit(card, card.get_rect(center=rect.center))
