"""Generate the table layouts `assets/layouts/table_<N>p.tmx` for N = 2..10.

The maps are data: the game reads them with pytmx and never hard-codes a seat position.
They are generated rather than hand-drawn so that all ten stay consistent, and the
output is byte-for-byte deterministic so a test can check that the committed maps are
what this script produces. Open a map in Tiled to look at it; to change it, change
this script and re-run it:

    python tools/make_layouts.py            # rewrite the maps
    python tools/make_layouts.py --check    # exit 1 if a committed map is stale

Coordinate system: 1280x720 logical pixels, origin top-left, as the game's window.
Seat `angle` is in degrees counter-clockwise, the value to pass to
`pygame.transform.rotate` so that a card's bottom edge faces that seat's screen edge.
This module deliberately imports only the standard library: it must run without pygame.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

MIN_PLAYERS, MAX_PLAYERS = 2, 10
WIDTH, HEIGHT = 1280, 720
TILE = 16
MARGIN = 16
GAP = 16

BADGE_W, BADGE_H = 168, 30
# Gap between a fan and its badge: keeps the badge clear of a card lifted on hover.
BADGE_GAP = 6
PILE_CARD = (100, 150)
HAND_CARD = (96, 144)
OPPONENT_CARD = (56, 84)
FELT_COLOR = "#ff0b5d3b"

# Opponents sit on three sides; sides only fill once the top row would get cramped.
TOP_Y = MARGIN
TOP_FAN_H = 100
TOP_MAX_W = 400
SIDE_W = BADGE_W
SIDE_TOP = TOP_Y + TOP_FAN_H + BADGE_GAP + BADGE_H + 18
SIDE_BOTTOM = 540
SIDE_MAX_FAN_H = 220
# With two seats a side (seven players and more) every seat's prompt needs a
# line of its own by its plate (game/table/geometry.py, `own_prompt_rect`): a
# band under the top row's plates, clear of the side columns; one under the
# lower side seats' plates, clear of the bottom seat's; and one under the
# bottom seat's plate, the Draw button lower down (tests/ui/test_layout.py).
PROMPT_BAND = 44
CROWDED_SIDE_TOP = TOP_Y + TOP_FAN_H + BADGE_GAP + BADGE_H + PROMPT_BAND
CROWDED_SIDE_BOTTOM = 540 - PROMPT_BAND
CROWDED_DRAW_BUTTON = (40, 630, 176, 60)

# Bottom row: the local hand in the middle, its badge and the draw button on the left,
# UNO / catch buttons on the right, the event line just above the hand.
HAND = (240, 548, 800, 160)
HAND_LABEL = (MARGIN + BADGE_W // 2 + 24, 572)

PILES = {
    "draw_pile": ("pile", (510, 265, *PILE_CARD), False),
    "discard_pile": ("pile", (670, 265, *PILE_CARD), False),
    # Ellipse around both piles; the direction arrows run along it.
    "direction_ring": ("ring", (440, 200, 400, 280), True),
}
UI = {
    "uno_button": ("button", (1056, 556, 192, 72)),
    "catch_button": ("button", (1056, 640, 192, 60)),
    "draw_button": ("button", (40, 610, 176, 64)),
    "event_line": ("text", (320, 500, 640, 32)),
    # Overlays are shown over the table for a moment, so they may cover other objects.
    "color_wheel": ("overlay", (490, 190, 300, 300)),
    "score_panel": ("overlay", (290, 110, 700, 500)),
}


@dataclass
class Obj:
    name: str
    cls: str
    rect: tuple[int, int, int, int]
    props: list[tuple[str, str, object]] = field(default_factory=list)
    ellipse: bool = False


def split_opponents(opponents: int) -> tuple[int, int, int]:
    """(left, top, right) counts: a side column takes one seat, then two, as N grows."""
    per_side = 0 if opponents <= 2 else 1 if opponents <= 5 else 2
    return per_side, opponents - 2 * per_side, per_side


def spread(start: int, end: int, count: int, gap: int) -> list[tuple[int, int]]:
    """`count` equal slots (start, length) filling [start, end) with `gap` between them."""
    length = (end - start - gap * (count - 1)) // count
    return [(start + i * (length + gap), length) for i in range(count)]


def seat_obj(index: int, side: str, rect: tuple[int, int, int, int], label: tuple[int, int]) -> Obj:
    angle = {"bottom": 0.0, "top": 180.0, "left": -90.0, "right": 90.0}[side]
    card_w, card_h = HAND_CARD if side == "bottom" else OPPONENT_CARD
    props: list[tuple[str, str, object]] = [
        ("angle", "float", angle),
        ("card_h", "int", card_h),
        ("card_w", "int", card_w),
        ("face_up", "bool", side == "bottom"),
        ("label_x", "int", label[0]),
        ("label_y", "int", label[1]),
        ("side", "string", side),
    ]
    return Obj(f"seat{index}", "seat", rect, props)


def top_seats(count: int) -> list[tuple[tuple[int, int, int, int], tuple[int, int]]]:
    out = []
    for x, slot_w in spread(MARGIN, WIDTH - MARGIN, count, GAP):
        w = min(slot_w, TOP_MAX_W)
        x += (slot_w - w) // 2
        label = (x + w // 2, TOP_Y + TOP_FAN_H + BADGE_GAP + BADGE_H // 2)
        out.append(((x, TOP_Y, w, TOP_FAN_H), label))
    return out


def side_seats(count: int, x: int) -> list[tuple[tuple[int, int, int, int], tuple[int, int]]]:
    """Seats of one side column, top to bottom; each is a fan with its badge below."""
    out = []
    top, bottom = (CROWDED_SIDE_TOP, CROWDED_SIDE_BOTTOM) if count > 1 else (SIDE_TOP, SIDE_BOTTOM)
    for y, slot_h in spread(top, bottom, count, GAP) if count else []:
        fan_h = min(slot_h - BADGE_GAP - BADGE_H, SIDE_MAX_FAN_H)
        y += (slot_h - fan_h - BADGE_GAP - BADGE_H) // 2
        label = (x + SIDE_W // 2, y + fan_h + BADGE_GAP + BADGE_H // 2)
        out.append(((x, y, SIDE_W, fan_h), label))
    return out


def seats_for(players: int) -> list[Obj]:
    left, top, right = split_opponents(players - 1)
    seats = [seat_obj(0, "bottom", HAND, HAND_LABEL)]
    # Clockwise on screen from the bottom: up the left side, along the top left to
    # right, down the right side.
    ring = (
        [("left", s) for s in reversed(side_seats(left, MARGIN))]
        + [("top", s) for s in top_seats(top)]
        + [("right", s) for s in side_seats(right, WIDTH - MARGIN - SIDE_W)]
    )
    for i, (side, (rect, label)) in enumerate(ring, start=1):
        seats.append(seat_obj(i, side, rect, label))
    return seats


def ui_for(players: int) -> dict[str, tuple[str, tuple[int, int, int, int]]]:
    """The buttons and regions of the table for `players`: with two seats a side
    the Draw button sits lower, leaving the bottom seat's prompt a line."""
    if split_opponents(players - 1)[0] < 2:
        return UI
    return {**UI, "draw_button": ("button", CROWDED_DRAW_BUTTON)}


def fmt(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def write_props(lines: list[str], indent: str, props: list[tuple[str, str, object]]) -> None:
    if not props:
        return
    lines.append(f"{indent}<properties>")
    for name, kind, value in props:
        # Tiled omits type="string", the default.
        type_attr = "" if kind == "string" else f' type="{kind}"'
        lines.append(f'{indent} <property name="{name}"{type_attr} value="{fmt(value)}"/>')
    lines.append(f"{indent}</properties>")


def build_map(players: int) -> str:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be {MIN_PLAYERS}..{MAX_PLAYERS}, not {players}")
    layers = [
        ("seats", "#ffd54f", seats_for(players)),
        (
            "piles",
            "#4fc3f7",
            [Obj(name, cls, rect, ellipse=ell) for name, (cls, rect, ell) in PILES.items()],
        ),
        ("ui", "#f06292", [Obj(name, cls, rect) for name, (cls, rect) in ui_for(players).items()]),
    ]
    object_count = sum(len(objs) for _, _, objs in layers)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<map version="1.9" tiledversion="1.9.2" orientation="orthogonal"'
        f' renderorder="right-down" width="{WIDTH // TILE}" height="{HEIGHT // TILE}"'
        f' tilewidth="{TILE}" tileheight="{TILE}" infinite="0"'
        f' backgroundcolor="#{FELT_COLOR[3:]}"'
        f' nextlayerid="{len(layers) + 1}" nextobjectid="{object_count + 1}">',
    ]
    write_props(
        lines,
        " ",
        [
            ("badge_h", "int", BADGE_H),
            ("badge_w", "int", BADGE_W),
            ("felt_color", "color", FELT_COLOR),
            ("generator", "string", "tools/make_layouts.py"),
            ("players", "int", players),
        ],
    )
    object_id = 1
    for layer_id, (layer_name, color, objs) in enumerate(layers, start=1):
        lines.append(f' <objectgroup id="{layer_id}" name="{layer_name}" color="{color}">')
        for obj in objs:
            x, y, w, h = obj.rect
            head = (
                f'  <object id="{object_id}" name="{obj.name}" class="{obj.cls}"'
                f' x="{x}" y="{y}" width="{w}" height="{h}"'
            )
            if not obj.props and not obj.ellipse:
                lines.append(head + "/>")
            else:
                lines.append(head + ">")
                write_props(lines, "   ", obj.props)
                if obj.ellipse:
                    lines.append("   <ellipse/>")
                lines.append("  </object>")
            object_id += 1
        lines.append(" </objectgroup>")
    lines.append("</map>")
    return "\n".join(lines) + "\n"


def default_out_dir() -> Path:
    return Path(__file__).resolve().parent.parent / "assets" / "layouts"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=default_out_dir(), help="output folder")
    parser.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 if a map differs"
    )
    args = parser.parse_args(argv)
    stale = []
    if not args.check:
        args.out.mkdir(parents=True, exist_ok=True)
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        path = args.out / f"table_{players}p.tmx"
        data = build_map(players).encode("utf-8")
        if args.check:
            if not path.is_file() or path.read_bytes() != data:
                stale.append(path)
        else:
            path.write_bytes(data)
    for path in stale:
        print(f"stale: {path} (run tools/make_layouts.py)", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
