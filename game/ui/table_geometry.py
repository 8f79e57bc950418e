"""Where things are on the table: seats turned so one sits at the bottom, piles,
hand slots, and what lies under the pointer.

The Tiled layout (game/ui/layout.py) places seat spots; `bottom` says which
seat sits at spot 0 (the bottom of the screen) and the others follow clockwise.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui.layout import SeatSpot, TableLayout

INWARD = {"bottom": (0, -1), "top": (0, 1), "left": (1, 0), "right": (-1, 0)}


class TableGeometry:
    def __init__(self, layout: TableLayout) -> None:
        self.layout = layout
        self.players = layout.players
        self.size = layout.size
        self.bottom = 0
        self.pile_size: tuple[int, int] = layout.piles["discard_pile"].size

    def spot(self, seat: int) -> SeatSpot:
        return self.layout.seats[(seat - self.bottom) % self.players]

    def seat_at_spot(self, index: int) -> int:
        return (index + self.bottom) % self.players

    @property
    def draw_pile(self) -> pygame.Rect:
        return self.layout.piles["draw_pile"]

    @property
    def draw_center(self) -> tuple[int, int]:
        return self.layout.piles["draw_pile"].center

    @property
    def discard_center(self) -> tuple[int, int]:
        return self.layout.piles["discard_pile"].center

    @property
    def ring(self) -> pygame.Rect:
        return self.layout.piles["direction_ring"]

    def slots(self, seat: int, lifts: Sequence[float]) -> list[tuple[float, float, float]]:
        """Where each card of a hand of len(lifts) cards rests: (x, y, angle),
        each moved towards the table's middle by its lift."""
        spot = self.spot(seat)
        ix, iy = INWARD.get(spot.side, (0, -1))
        return [
            (cx + ix * lift, cy + iy * lift, spot.angle)
            for (cx, cy), lift in zip(spot.fan_centers(len(lifts)), lifts, strict=True)
        ]

    def badge_center(self, seat: int) -> tuple[int, int]:
        spot = self.spot(seat)
        if spot.side == "bottom":
            return (spot.rect.centerx, spot.rect.top - 10)
        return spot.label_rect.center

    def seat_hit(self, pos: tuple[int, int]) -> int | None:
        for seat in range(self.players):
            spot = self.spot(seat)
            if spot.label_rect.inflate(12, 12).collidepoint(pos) or spot.rect.collidepoint(pos):
                return seat
        return None

    def draw_pile_hit(self, pos: tuple[int, int]) -> bool:
        return self.draw_pile.inflate(10, 10).collidepoint(pos)
