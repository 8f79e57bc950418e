"""What the table says: the event line, a toast for a refused move, and bursts
(a word popping up near a seat for the big moments)."""

from __future__ import annotations

from dataclasses import dataclass

from game.table.narrate import Burst, Line


@dataclass
class Shown:
    """A burst on screen: where, and since when."""

    burst: Burst
    pos: tuple[int, int]
    t0: float


class Callouts:
    def __init__(self) -> None:
        self.line: Line | None = None
        self.line_t = 0.0
        self.toast_text: str | None = None
        self.toast_until = 0.0
        self.bursts: list[Shown] = []

    def say(self, line: Line, clock: float) -> None:
        self.line = line
        self.line_t = clock

    def toast(self, text: str, clock: float, seconds: float = 2.6) -> None:
        self.toast_text = text
        self.toast_until = clock + seconds

    def burst(self, burst: Burst, pos: tuple[int, int], clock: float) -> None:
        self.bursts.append(Shown(burst, pos, clock))

    def update(self, clock: float, scale: float) -> None:
        if self.bursts:
            k = max(scale, 0.01)
            self.bursts = [b for b in self.bursts if clock - b.t0 < b.burst.dur * k]
        if self.toast_text is not None and clock > self.toast_until:
            self.toast_text = None
