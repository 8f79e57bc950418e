"""Where things are on the table: seats turned so one sits at the bottom, piles,
hand slots, where words may float, and what lies under the pointer.

The Tiled layout (game/table/layout.py) places seat spots; `bottom` says which
seat sits at spot 0 (the bottom of the screen) and the others follow clockwise.

Words that pop up over the table (a burst like "SKIP", the event line, a
refusal) are placed by `place`: as near as possible to where they belong, but
never over a name plate, a hand (lifted cards included) or a button, and never
off the screen.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import NamedTuple

import pygame

from game.table.layout import SeatSpot, TableLayout
from game.ui import text

INWARD = {"bottom": (0, -1), "top": (0, 1), "left": (1, 0), "right": (-1, 0)}
MAX_LIFT = 30  # how far a selected card rises out of its hand
EDGE = 6  # words keep this far from the screen's edges
PLATE_GLOW = 8  # the pulsing outline around a name plate
# The buttons of the table that are not in the Tiled layout: the second choice
# under the discard pile, the history button and the hint button above it.
ALT_BUTTON = (200, 50)  # centred under the discard pile, 22 px below it
HISTORY_BUTTON = pygame.Rect(236, 452, 164, 40)
HINT_BUTTON = pygame.Rect(236, 404, 164, 40)
EVENT_EXTRA = 160  # the event line may be this much wider than its layout region
EVENT_BAND = 42  # its height, with room to slide in
TOAST_WIDTH = 720
TOAST_BAND = 44
TOAST_SIZE = 24  # a refusal's words
TOAST_PAD = (28, 12)  # its box round them
PROMPT_GAP = PLATE_GLOW + 1  # below a name plate and its glow: what its player is asked
PROMPT_WIDTH = 300  # the most a prompt may take: longer ones are written smaller
PROMPT_OFF_OTHERS = 24  # a prompt keeps this far from other seats' plates: it reads as theirs
PROMPT_NEAR = 60  # and no farther than this from its own, or it is placed as any words are
PROMPT_WIDTHS = (PROMPT_WIDTH, 260, 230, 200)  # narrower, to find a place that reads as its own
WHEEL_TITLE_GAP = 22  # between the colour wheel's title and the wheel


def rect_gap(a: pygame.Rect, b: pygame.Rect) -> float:
    """How far apart two rects are (0 when they touch or overlap)."""
    dx = max(b.left - a.right, a.left - b.right, 0)
    dy = max(b.top - a.bottom, a.top - b.bottom, 0)
    return math.hypot(dx, dy)


class WheelPlace(NamedTuple):
    """Where the colour wheel goes: its centre and radius, and its title's rect."""

    center: tuple[int, int]
    radius: int
    title: pygame.Rect


def _offsets(reach: int = 420, step: int = 8) -> list[tuple[int, int]]:
    """Candidate moves away from a wanted spot, nearest first."""
    steps = [k * step for k in range(-(reach // step), reach // step + 1)]
    found = [(dx, dy) for dx in steps for dy in steps if dx * dx + dy * dy <= reach * reach]
    found.sort(key=lambda d: (d[0] * d[0] + d[1] * d[1], abs(d[0]), d))
    return found


_OFFSETS = _offsets()


class TableGeometry:
    def __init__(self, layout: TableLayout) -> None:
        self.layout = layout
        self.players = layout.players
        self.size = layout.size
        self.bottom = 0
        self.pile_size: tuple[int, int] = layout.piles["discard_pile"].size
        self.screen = pygame.Rect((0, 0), self.size)
        self._placed: dict[tuple, pygame.Rect | None] = {}
        self._keep_clear: list[pygame.Rect] | None = None

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

    def seat_hit(self, pos: tuple[int, int]) -> int | None:
        for seat in range(self.players):
            spot = self.spot(seat)
            if spot.label_rect.inflate(12, 12).collidepoint(pos) or spot.rect.collidepoint(pos):
                return seat
        return None

    def draw_pile_hit(self, pos: tuple[int, int]) -> bool:
        return self.draw_pile.inflate(10, 10).collidepoint(pos)

    # --- where words may float ----------------------------------------------------

    @property
    def alt_button(self) -> pygame.Rect:
        discard = self.layout.piles["discard_pile"]
        rect = pygame.Rect((0, 0), ALT_BUTTON)
        rect.midtop = (discard.centerx, discard.bottom + 22)
        return rect

    @property
    def history_button(self) -> pygame.Rect:
        return HISTORY_BUTTON

    @property
    def hint_button(self) -> pygame.Rect:
        return HINT_BUTTON

    def hand_area(self, index: int) -> pygame.Rect:
        """Where spot `index`'s hand may be drawn, lifted cards included."""
        spot = self.layout.seats[index]
        area = spot.rect.inflate(8, 8)
        ix, iy = INWARD.get(spot.side, (0, -1))
        return area.union(area.move(ix * MAX_LIFT, iy * MAX_LIFT))

    def keep_clear(self) -> list[pygame.Rect]:
        """What floating words must never cover: name plates, hands, buttons."""
        if self._keep_clear is None:
            regions = self.layout.regions
            rects = [
                spot.label_rect.inflate(2 * PLATE_GLOW, 2 * PLATE_GLOW)
                for spot in self.layout.seats
            ]
            rects += [self.hand_area(i) for i in range(self.players)]
            rects += [regions[name] for name in ("uno_button", "catch_button", "draw_button")]
            rects += [self.alt_button, self.history_button, self.hint_button]
            self._keep_clear = rects
        return self._keep_clear

    def place(
        self, size: tuple[int, int], near: tuple[int, int], also: tuple[pygame.Rect, ...] = ()
    ) -> pygame.Rect:
        """A rect of `size` as near `near` as it can be while on screen and clear of
        plates, hands and buttons (and of the piles and `also` too, if there is room)."""
        key = (size, near, tuple(tuple(r) for r in also))
        found = self._placed.get(key)
        if found is None:
            if len(self._placed) > 512:
                self._placed.clear()
            piles = [self.layout.piles["draw_pile"], self.layout.piles["discard_pile"], *also]
            found = self._search(size, near, self.keep_clear() + piles) or self._search(
                size, near, self.keep_clear()
            )
            if found is None:  # nowhere clear at all: at least on screen
                found = pygame.Rect((0, 0), size)
                found.center = near
                found.clamp_ip(self.screen.inflate(-2 * EDGE, -2 * EDGE))
            self._placed[key] = found
        assert found is not None
        return found.copy()

    def _search(
        self,
        size: tuple[int, int],
        near: tuple[int, int],
        avoid: list[pygame.Rect],
        fits: Callable[[pygame.Rect], bool] | None = None,
    ) -> pygame.Rect | None:
        inside = self.screen.inflate(-2 * EDGE, -2 * EDGE)
        rect = pygame.Rect((0, 0), size)
        for dx, dy in _OFFSETS:
            rect.center = (near[0] + dx, near[1] + dy)
            clear = inside.contains(rect) and rect.collidelist(avoid) < 0
            if clear and (fits is None or fits(rect)):
                return rect.copy()
        return None

    @property
    def event_home(self) -> pygame.Rect:
        """Where the event line lives: the layout's place for it, or the nearest clear one
        wide enough for the longest line (one place, so the line never jumps about)."""
        region = self.layout.regions["event_line"]
        return self.place((region.width + EVENT_EXTRA, EVENT_BAND), region.center)

    @property
    def toast_home(self) -> pygame.Rect:
        """Where a refusal shows: above the bottom hand, clear of the event line."""
        spot = self.layout.seats[0]
        near = (spot.rect.centerx, spot.rect.top - 46 - TOAST_BAND // 2)
        return self.place((TOAST_WIDTH, TOAST_BAND), near, (self.event_home,))

    def toast_box(self, label_size: tuple[int, int]) -> pygame.Rect:
        """The box of a refusal whose words are `label_size`, in its band: low in
        it (three quarters of the room to spare above the box, a quarter below,
        by the event line), since at large text the prompts under the top
        row's plates reach into the band from above."""
        home = self.toast_home
        box = pygame.Rect((0, 0), label_size).inflate(*TOAST_PAD)
        box.midbottom = home.midbottom
        box.move_ip(0, -(max(0, home.height - box.height) // 4))
        return box

    @property
    def toast_reach(self) -> pygame.Rect:
        """What the tallest refusal covers at the text size in use."""
        tallest = text.render("Ág", TOAST_SIZE, bold=True).get_height()
        return self.toast_box((TOAST_WIDTH - TOAST_PAD[0], tallest))

    def prompt_rect(self, seat: int, size: tuple[int, int]) -> pygame.Rect:
        """Where what `seat` is asked (a prompt of `size`) goes: under its name plate,
        or the nearest place clear of plates, hands and buttons, on screen; one
        that reads as this seat's (`own_prompt_rect`) if there is one."""
        found = self.own_prompt_rect(seat, size)
        if found is not None:
            return found
        plate = self.spot(seat).label_rect
        return self.place(size, (plate.centerx, plate.bottom + PROMPT_GAP + size[1] // 2))

    def own_prompt_rect(self, seat: int, size: tuple[int, int]) -> pygame.Rect | None:
        """The nearest place for `seat`'s prompt (of `size`) below or by its plate,
        clear of plates, hands and buttons, that reads as this seat's: within
        PROMPT_NEAR of its plate, nearer it than any other and well off theirs.
        None: there is none (a narrower prompt may find one)."""
        spot = self.spot(seat)
        plate = spot.label_rect
        near = (plate.centerx, plate.bottom + PROMPT_GAP + size[1] // 2)
        reach = self.toast_reach
        key = ("prompt", size, near, tuple(reach))
        if key not in self._placed:
            others = [s.label_rect for s in self.layout.seats if s is not spot]

            def belongs(rect: pygame.Rect) -> bool:
                own = rect_gap(rect, plate)
                if own > PROMPT_NEAR:
                    return False
                return all(rect_gap(rect, o) >= max(PROMPT_OFF_OTHERS, own + 16) for o in others)

            # Off the piles and the lines that show while a prompt does (the
            # event line, a refusal), if there is room.
            words = [self.event_home, reach]
            piles = [self.layout.piles["draw_pile"], self.layout.piles["discard_pile"], *words]
            clear = self.keep_clear()
            self._placed[key] = self._search(size, near, clear + piles, belongs) or self._search(
                size, near, clear, belongs
            )
        found = self._placed[key]
        return found.copy() if found is not None else None

    def fitted_prompt(
        self, seat: int, write: Callable[[int], pygame.Surface]
    ) -> tuple[pygame.Surface, pygame.Rect]:
        """`seat`'s prompt, written by `write(width)` at the widest of PROMPT_WIDTHS
        that finds a place reading as this seat's, and that place (at the
        widest, placed as any words are, if none does)."""
        for width in PROMPT_WIDTHS:
            words = write(width)
            found = self.own_prompt_rect(seat, words.get_size())
            if found is not None:
                return words, found
        words = write(PROMPT_WIDTH)
        return words, self.prompt_rect(seat, words.get_size())

    def toward_middle(self, seat: int, distance: float) -> tuple[int, int]:
        """A point `distance` from `seat`'s name plate, on the way to the table's middle."""
        px, py = self.spot(seat).label_rect.center
        cx, cy = self.ring.center
        length = math.hypot(cx - px, cy - py) or 1.0
        k = min(1.0, distance / length)
        return (round(px + (cx - px) * k), round(py + (cy - py) * k))

    def color_wheel(self, title_size: tuple[int, int]) -> WheelPlace:
        """The colour wheel in the layout's place for it, its title (of `title_size`)
        above it; the wheel a little smaller where the title would reach a name
        plate above it (large text: the top seat's plate)."""
        region = self.layout.regions["color_wheel"]
        radius = min(region.width, region.height) // 2 - 20
        cx, cy = region.center
        title = pygame.Rect((0, 0), title_size)
        title.midbottom = (cx, cy - radius - WHEEL_TITLE_GAP)
        above = [
            s.label_rect.bottom + PLATE_GLOW
            for s in self.layout.seats
            if s.label_rect.left < title.right and title.left < s.label_rect.right
            if s.label_rect.top < title.bottom
        ]
        short = max(above, default=title.top) - title.top
        if short > 0:
            radius -= short
            title.move_ip(0, short)
        return WheelPlace((cx, cy), radius, title)
