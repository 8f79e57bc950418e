"""How cards and colours look, as a rule file may say: the symbols the game can
paint on a card (`art:`), a card's corner text (`corner:`), and colours as the
screen shows them (`color_looks:`), each with the shape colour-blind mode
draws beside it (`PATTERNS`, `color_patterns`).

Pure Python with no import of the engine nor of pygame: the rule schema
(game/rules/schema.py) and its validation (game/rules/look_validation.py)
check rule files against these names and bounds,
the card book (game/ui/card_book.py) turns a rule set into `CardLook`s, and
the painter (game/ui/card_art.py, game/ui/card_symbols.py) paints them. The
title screen paints its fan of cards from here without loading any rules.
"""

from __future__ import annotations

import colorsys
import re
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

RGB = tuple[int, int, int]

# The card symbols the painter can draw, named for what they show, in the
# order rules/README.md pictures them. A rule file's `art:` names one of them;
# a card without `art:` shows its label on a plain face.
ARTS: dict[str, str] = {
    "number": "the card's number, large (a 6 and a 9 are underlined)",
    "skip": "a ring crossed out",
    "reverse": "two arrows pointing opposite ways",
    "draw": "two small cards in the card's colour",
    "wild": "the oval in every colour of the rule set",
    "wild-draw": "four small cards in the rule set's colours",
    "swap": "two cards with arrows passing between them",
    "shuffle": "two crossing arrows",
    "pencil": "a pencil over the card's label, as if written on the card",
    "blank": "an empty dashed frame",
    "star": "a star",
    "skip-everyone": "a ring crossed out with arrows fanning out to every seat",
    "flip": "a card turning over, half light and half dark",
    "wild-draw-color": "small cards in every colour and a question mark: draw until the colour",
}
NUMBER_ART = "number"
WILD_ART = "wild"  # the oval itself is the art: no symbol on top of it
MAX_CORNER = 3  # characters of a corner text: a fanned hand shows only the corner

# "#RRGGBB": a rule file writes a colour in quotes (a bare # starts a YAML comment).
HEX_COLOR = re.compile(r"#[0-9a-fA-F]{6}")

# Colours a rule set may name without saying how they look. The classic four
# are the game's own card colours.
DEFAULT_RGB: dict[str, str] = {
    "red": "#e53935",
    "yellow": "#fdd835",
    "green": "#43a047",
    "blue": "#1e88e5",
    "orange": "#fb8c00",
    "purple": "#8e24aa",
    "violet": "#7e57c2",
    "pink": "#ec407a",
    "magenta": "#d81b60",
    "teal": "#00897b",
    "cyan": "#00acc1",
    "turquoise": "#26c6da",
    "lime": "#7cb342",
    "brown": "#795548",
    "gold": "#ffb300",
    "silver": "#b0bec5",
    "grey": "#78909c",
    "gray": "#78909c",
    "black": "#263238",
    "white": "#f5f5f5",
    "navy": "#283593",
    "indigo": "#3949ab",
    "maroon": "#880e4f",
    "olive": "#827717",
}
# A two-sided deck's other side (UNO Flip's Dark side) is a deeper set: its
# colours, when the rule file does not say how they look, take these shades
# and shapes rather than DEFAULT_RGB's and EXTRA_PATTERNS' (pink leans
# magenta so it never reads as red; the moon is the Dark side's own).
OTHER_SIDE_LOOKS: dict[str, tuple[str, str]] = {
    "pink": ("#d81b7a", "heart"),
    "teal": ("#00897b", "plus"),
    "orange": ("#ef6c00", "star"),
    "purple": ("#6a1b9a", "moon"),
}
# Colour-blind mode (Settings) draws each colour's shape wherever the colour
# shows: on a card, the ring of the colour in force, the colour wheel, the
# messages. The classic four always have these; any other colour takes the
# first shape of EXTRA_PATTERNS no colour of its set has, in the set's order
# of colours, unless its `color_looks:` names one (`pattern:`).
CLASSIC_PATTERNS: dict[str, str] = {
    "red": "triangle",
    "yellow": "circle",
    "green": "square",
    "blue": "diamond",
}
EXTRA_PATTERNS = (
    "star",
    "plus",
    "cross",
    "ring",
    "hexagon",
    "hourglass",
    "bars",
    "frame",
    "chevron",
    "half",
    "heart",
    "moon",
)
PATTERNS: dict[str, str] = {
    "triangle": "a triangle pointing up",
    "circle": "a disc",
    "square": "a square",
    "diamond": "a diamond (a square on its corner)",
    "star": "a five-pointed star",
    "plus": "a plus sign",
    "cross": "an X",
    "ring": "a hollow circle",
    "hexagon": "a hexagon",
    "hourglass": "two triangles meeting at their tips",
    "bars": "three upright bars",
    "frame": "a hollow square",
    "chevron": "an arrowhead pointing up",
    "half": "a disc, its left half filled",
    "heart": "a heart",
    "moon": "a crescent moon",
}
WILD_BODY: RGB = (0x1C, 0x1C, 0x22)  # a card with no colour of its own
# The border of the faces of a two-sided deck's other side (UNO Flip's Dark
# side): near black, a shade apart from a wild's body.
SIDE_RIM: RGB = (0x2A, 0x24, 0x33)

# The Wild card's oval, clockwise from top-left: the classic colours keep this
# order wherever a symbol shows every colour (the oval, the wheel, +4's cards).
WILD_ORDER = ("red", "blue", "green", "yellow")


def wheel_order(colors: Iterable[str]) -> tuple[str, ...]:
    """The order symbols and the wheel show colours in: the rule set's, but the
    classic four as on the Wild card's oval."""
    unique = tuple(dict.fromkeys(colors))
    return WILD_ORDER if set(unique) == set(WILD_ORDER) else unique


def classic_palette() -> tuple[RGB, ...]:
    """The classic four colours in wheel order (a rule set's `CardBook.palette`)."""
    return tuple(hex_rgb(DEFAULT_RGB[c]) for c in WILD_ORDER)


def classic_marks() -> tuple[str, ...]:
    """The classic four colours' shapes in wheel order (a rule set's `CardBook.marks`)."""
    return tuple(CLASSIC_PATTERNS[c] for c in WILD_ORDER)


def hex_rgb(text: str) -> RGB:
    """ "#8e24aa" -> (142, 36, 170)."""
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


def _hue(rgb: RGB) -> float:
    return colorsys.rgb_to_hls(*(c / 255 for c in rgb))[0]


def _hue_gap(a: float, b: float) -> float:
    d = abs(a - b) % 1.0
    return min(d, 1.0 - d)


def _generated(taken: list[RGB], seed: int) -> RGB:
    """A colour whose hue lies as far as may be from every hue already taken.

    Candidates step round the wheel by the golden angle from a start the
    colour's name decides, so the choice is the same on every run."""
    start = (seed % 360) / 360
    best: tuple[float, RGB] | None = None
    for k in range(24):
        hue = (start + k * 0.381966) % 1.0
        r, g, b = colorsys.hls_to_rgb(hue, 0.5, 0.62)
        rgb = (round(r * 255), round(g * 255), round(b * 255))
        gap = min((_hue_gap(hue, _hue(t)) for t in taken), default=1.0)
        if best is None or gap > best[0] + 1e-9:
            best = (gap, rgb)
    assert best is not None
    return best[1]


def color_rgbs(colors: Iterable[str], given: Mapping[str, str] | None = None) -> dict[str, RGB]:
    """Each colour's look: what the rule file gives (`#RRGGBB`), else the default
    for a common name, else a hue far from every other colour of the set."""
    given = given or {}
    names = list(dict.fromkeys(colors))
    found: dict[str, RGB] = {}
    for name in names:
        text = given.get(name) or DEFAULT_RGB.get(name.lower())
        if text is not None:
            found[name] = hex_rgb(text)
    for name in names:
        if name not in found:
            found[name] = _generated(list(found.values()), zlib.crc32(name.encode()))
    return {name: found[name] for name in names}


def color_patterns(colors: Iterable[str], given: Mapping[str, str] | None = None) -> dict[str, str]:
    """Each colour's shape: what the rule file names, else the classic one for
    the classic four, else the first of EXTRA_PATTERNS the set has not used.
    Deterministic: the same colours give the same shapes on every run. Past
    the end of the list (more colours than shapes) shapes repeat."""
    given = given or {}
    names = list(dict.fromkeys(colors))
    found: dict[str, str] = {c: given[c] for c in names if given.get(c) in PATTERNS}
    for name in names:
        classic = CLASSIC_PATTERNS.get(name.lower())
        if name not in found and classic is not None and classic not in found.values():
            found[name] = classic
    taken = set(found.values())
    spare = [p for p in (*EXTRA_PATTERNS, *CLASSIC_PATTERNS.values()) if p not in taken]
    spare = spare or list(PATTERNS)  # more colours than shapes: they repeat
    for k, name in enumerate(n for n in names if n not in found):
        found[name] = spare[k % len(spare)]
    return {name: found[name] for name in names}


def initials(label: str) -> str:
    """A corner text made from a label: "Hot Potato" -> "HP", "Bomb" -> "BOM"."""
    words = [w for w in re.split(r"[\s:/_-]+", label) if w and w[0].isalnum()]
    if len(words) == 1:
        return words[0][:MAX_CORNER].upper()
    return "".join(w[0] for w in words)[:MAX_CORNER].upper() or "?"


@dataclass(frozen=True)
class CardLook:
    """Everything the painter needs to draw one card's face: data, no rules.

    Equal looks share one painted face, whatever rule set they come from."""

    art: str | None  # one of ARTS; None: the label on a plain face
    text: str  # the face's words: a number card's digit, else its kind's label
    corner: str | None  # the corners' text; None: the art's symbol, small
    body: RGB | None  # the card's colour; None: a wild's dark body
    palette: tuple[RGB, ...]  # the rule set's colours, for symbols in every colour
    # Colour-blind mode's shapes (PATTERNS): the card's colour's, and the
    # palette's, colour by colour; a face shows them only when the mode is on.
    mark: str | None = None
    marks: tuple[str, ...] = ()
    # The border round the face: None is white; a side of a two-sided deck
    # may have its own (a Dark face's is near black).
    rim: RGB | None = None
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Faces are looked up every frame: hash the fields once.
        key = (
            self.art,
            self.text,
            self.corner,
            self.body,
            self.palette,
            self.mark,
            self.marks,
            self.rim,
        )
        object.__setattr__(self, "_hash", hash(key))

    def __hash__(self) -> int:
        return self._hash

    @property
    def wild(self) -> bool:
        return self.body is None
