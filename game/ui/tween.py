"""Easing and tweens: every motion on screen is a value going from a to b over time."""

from __future__ import annotations

import math
from collections.abc import Callable

Ease = Callable[[float], float]


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_angle(a: float, b: float, t: float) -> float:
    """Turn the short way round."""
    diff = (b - a + 180) % 360 - 180
    return a + diff * t


def shake(t: float, amplitude: float = 10.0, cycles: float = 4.0) -> float:
    """A decaying side-to-side offset for t in 0..1 (a refused card)."""
    if t >= 1:
        return 0.0
    return amplitude * (1 - t) * math.sin(t * cycles * 2 * math.pi)
