"""A card on screen: a position, an angle and a size that tween between poses."""

from __future__ import annotations

import math

from game.table.privacy import Place
from game.ui.tween import Ease, ease_out_cubic, lerp, lerp_angle

Size = tuple[int, int]
Pose = tuple[float, float, float, int, int]  # x, y, angle, w, h


class Sprite:
    """One card on screen: where it is, where it is going, and between which places."""

    __slots__ = (
        "name",
        "x",
        "y",
        "angle",
        "w",
        "h",
        "src",
        "dst",
        "t",
        "dur",
        "delay",
        "ease",
        "vanish",
        "lift",
        "origin",
        "place",
    )

    def __init__(
        self, name: str, x: float, y: float, angle: float, size: Size, place: Place
    ) -> None:
        self.name = name
        self.x, self.y, self.angle = float(x), float(y), float(angle)
        self.w, self.h = int(size[0]), int(size[1])
        self.src: Pose | None = None
        self.dst: Pose | None = None
        self.t = self.dur = self.delay = 0.0
        self.ease: Ease = ease_out_cubic
        self.vanish = False
        self.lift = 0.0
        self.origin: Place = place  # where the current flight started
        self.place: Place = place  # where it rests, or is flying to

    @property
    def moving(self) -> bool:
        return self.dst is not None

    @property
    def progress(self) -> float:
        """How far along its flight (1.0 at rest)."""
        if self.dst is None:
            return 1.0
        return max(0.0, min(1.0, (self.t - self.delay) / self.dur))

    @property
    def target(self) -> Pose:
        if self.dst is not None:
            return self.dst
        return (self.x, self.y, self.angle, self.w, self.h)

    def move_to(
        self,
        x: float,
        y: float,
        angle: float,
        size: Size,
        dur: float,
        delay: float = 0.0,
        ease: Ease = ease_out_cubic,
        place: Place | None = None,
    ) -> None:
        dst: Pose = (float(x), float(y), float(angle), int(size[0]), int(size[1]))
        to: Place = self.place if place is None else place
        if dur <= 0 and delay <= 0:
            self.x, self.y, self.angle, self.w, self.h = dst
            self.src = self.dst = None
            self.origin = self.place = to
            return
        if self.dst == dst and self.place == to:
            return
        if self.dst is None:
            self.origin = self.place
        self.place = to
        self.src = (self.x, self.y, self.angle, self.w, self.h)
        self.dst = dst
        self.t = 0.0
        self.dur = max(dur, 1e-6)
        self.delay = delay
        self.ease = ease

    def update(self, dt: float) -> bool:
        """Advance; True when it just arrived."""
        if self.dst is None or self.src is None:
            return False
        self.t += dt
        p = (self.t - self.delay) / self.dur
        if p <= 0:
            return False
        if p >= 1:
            self.x, self.y, self.angle, self.w, self.h = self.dst
            self.src = self.dst = None
            self.origin = self.place
            return True
        e = self.ease(p)
        sx, sy, sa, sw, sh = self.src
        dx, dy, da, dw, dh = self.dst
        self.x = lerp(sx, dx, e)
        self.y = lerp(sy, dy, e) - math.sin(p * math.pi) * 18  # a little arc
        self.angle = lerp_angle(sa, da, e)
        self.w = round(lerp(sw, dw, e))
        self.h = round(lerp(sh, dh, e))
        return False
