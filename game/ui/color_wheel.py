"""The colour wheel's geometry: any number of colours as slices of a disc.

Slices go clockwise from the top-left, in the rule set's order of colours (the
classic four in the order of the Wild card's oval: red, blue, green, yellow).
The arrow keys move to the neighbouring slice as drawn: the one whose middle
lies closest to that direction from the current one, or nowhere when nothing
lies that way. Drawing (game/ui/card_art.py), clicks and keys all use this.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.looks import WILD_ORDER, wheel_order

__all__ = ["WILD_ORDER", "Wheel", "wheel_order"]

SLICE_MIDDLE = 0.55  # how far out (of the radius) a slice's middle is
WITHIN = 67.5  # degrees either side of an arrow's direction where a neighbour may lie


class Wheel:
    def __init__(self, colors: Sequence[str]) -> None:
        self.colors = wheel_order(colors)
        n = max(1, len(self.colors))
        self.step = 360.0 / n
        self.start = -90.0 - self.step  # degrees, clockwise from the right (screen y down)

    def span(self, index: int) -> tuple[float, float]:
        """The angles (degrees) a slice spans."""
        a = self.start + index * self.step
        return a, a + self.step

    def middle(self, color: str, radius: float) -> tuple[float, float]:
        """The middle of a slice, as an offset from the wheel's centre."""
        if len(self.colors) == 1:
            return (0.0, 0.0)
        a, b = self.span(self.colors.index(color))
        angle = math.radians((a + b) / 2)
        r = radius * SLICE_MIDDLE
        return (r * math.cos(angle), r * math.sin(angle))

    def color_at(self, offset: tuple[float, float], radius: float) -> str | None:
        dx, dy = offset
        if dx * dx + dy * dy > radius * radius or not self.colors:
            return None
        angle = math.degrees(math.atan2(dy, dx))
        index = int(((angle - self.start) % 360.0) // self.step)
        return self.colors[min(index, len(self.colors) - 1)]

    def neighbour(self, color: str, direction: tuple[float, float]) -> str:
        """The slice next to `color` in `direction` (a screen vector), as drawn."""
        here = self.middle(color, 1.0)
        want = math.atan2(direction[1], direction[0])
        best: tuple[float, float, str] | None = None
        for other in self.colors:
            if other == color:
                continue
            there = self.middle(other, 1.0)
            vx, vy = there[0] - here[0], there[1] - here[1]
            off = abs((math.degrees(math.atan2(vy, vx) - want) + 180) % 360 - 180)
            if off > WITHIN:
                continue
            key = (round(off, 3), math.hypot(vx, vy), other)
            if best is None or key < best:
                best = key
        return color if best is None else best[2]
