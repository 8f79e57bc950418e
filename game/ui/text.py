"""Rendered text, cached: a label is drawn once and blitted every frame after.

The game's font is URW's Nimbus Sans Bold, bundled in `assets/fonts/` with its
licence: the design pygame's own font (FreeSans Bold) was drawn from, with the
same widths, drawn at the size pygame draws its own at, so every layout keeps
its measure. It keeps the two dots of Ö Ü Ä ö apart at the 18-22 px the
table's lines use, where FreeSans's hinting melts them into a bar (Ō Ū Ā),
and spaces its letters evenly there. It covers Latin, Greek and Turkish
letters but has no symbol glyphs, so symbols are drawn as shapes elsewhere.
Never `.upper()` a player's name (Turkish dotted i); only our own fixed labels
are upper-case.

Text from files (names in a replay log or the settings, a rule set's texts) is
drawn as it is safe to: every control character shows as PLACEHOLDER (a NUL
would crash the renderer, an escape would draw as nothing), and a text longer
than MAX_CHARS is cut with an ellipsis before anything is measured, so no
text costs more than a bounded amount of work, once: results are cached.

Text size (Settings: normal or large) scales every size asked of this module
(`set_size`): screens ask for the size they are designed at, and get it
larger when a player wants it so. Card faces (game/ui/card_art.py, card_symbols.py) are
artwork and keep their size.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from pathlib import Path

import pygame
import pygame.freetype

from game.files.resources import ASSETS_DIR

WHITE = (255, 255, 255)
SHADOW = (0, 0, 0)
PLACEHOLDER = "\u00a4"  # ¤: in the game's font, and not a letter anyone types
ELLIPSIS = "..."
MAX_CHARS = 2000  # the most any label or wrapped paragraph shows
FONT_FILE = ASSETS_DIR / "fonts" / "NimbusSans-Bold.otf"
# pygame draws its own font (`Font(None, size)`) at this share of the size
# asked; the game's is drawn the same way, so a size means what it meant.
FACE_SCALE = 0.6875

# Text sizes a player may choose, and how much larger each draws.
TEXT_SIZES: dict[str, float] = {"normal": 1.0, "large": 1.25}
_scale = 1.0
_generation = 0

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
MAX_ENTRIES = 600
_CONTROL = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ud800-\udfff]"
)
_LINE_BREAK = re.compile("\n")


def shown(text: str, *, line_breaks: bool = False) -> str:
    """`text` as it may be drawn: control characters as PLACEHOLDER (line breaks
    kept only with `line_breaks`), cut to MAX_CHARS with an ellipsis."""
    if len(text) > MAX_CHARS:
        text = text[: MAX_CHARS - len(ELLIPSIS)] + ELLIPSIS
    text = _CONTROL.sub(PLACEHOLDER, text)
    return text if line_breaks else _LINE_BREAK.sub(PLACEHOLDER, text)


def font_file() -> Path:
    """The file `font()` draws with, which has every letter of the five
    languages (tests/test_i18n.py renders each catalog to check)."""
    return FONT_FILE


def missing_letters(line: str) -> str:
    """The letters of `line` the game's font has no glyph for, each once: they
    would draw as nothing. pygame.font draws such a letter blank and gives it
    metrics; freetype, reading the same file, says None."""
    global _glyphs
    if _glyphs is None:
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        _glyphs = pygame.freetype.Font(str(FONT_FILE), 24)
    letters = dict.fromkeys(ch for ch in line if ch.isprintable())
    return "".join(ch for ch in letters if _glyphs.get_metrics(ch)[0] is None)


_glyphs: pygame.freetype.Font | None = None


def face(px: int) -> pygame.font.Font:
    """The game's font at `px` as it is (card faces, which keep their size;
    screens' text goes through `font`, which follows the text size)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(FONT_FILE, max(1, int(px * FACE_SCALE)))


def set_size(name: str) -> None:
    """Draw every text at the size `name` (a key of TEXT_SIZES) from now on."""
    global _scale, _generation
    scale = TEXT_SIZES.get(name, 1.0)
    if scale != _scale:
        _scale = scale
        _generation += 1
        clear()


def scale() -> float:
    """How much larger than asked text is drawn (1.0 at the normal size)."""
    return _scale


def generation() -> int:
    """Changes whenever the text size does: whoever keeps rendered text repaints it."""
    return _generation


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The font for text of `size` at the player's text size. Bold text is drawn
    from the same face and thickened by `render` (see `_embolden`), so its
    metrics are the plain face's plus `stroke(size)` pixels of width."""
    px = _px(size)
    found = _fonts.get((px, False))
    if found is None:
        found = _fonts[(px, False)] = face(px)
    return found


def _px(size: int) -> int:
    return max(1, round(int(size) * _scale))


def stroke(size: int) -> int:
    """How many pixels bold text is thickened by, sideways, at `size`: none
    below 32 px, where the dots of ö ü ä are a pixel apart (the face is a bold
    face already), then one more pixel per 56 px."""
    px = _px(size)
    return 0 if px < 32 else 1 + px // 56


def _embolden(surf: pygame.Surface, width: int) -> pygame.Surface:
    """`surf` thickened `width` pixels sideways. SDL's own bold thickens every
    way and, in this face, melts the two dots of ö ü ä into one bar (ō ū ā)
    from about 30 px up; a sideways stroke keeps them apart."""
    w, h = surf.get_size()
    bold = pygame.Surface((w + width, h), pygame.SRCALPHA)
    for dx in range(width + 1):
        bold.blit(surf, (dx, 0))
    return bold


def width(line: str, size: int, bold: bool = False) -> int:
    """How wide `line` is drawn at `size`."""
    return font(size).size(line)[0] + (stroke(size) if bold else 0)


def _remember(key: tuple, surf: pygame.Surface) -> pygame.Surface:
    _cache[key] = surf
    if len(_cache) > MAX_ENTRIES:
        _cache.popitem(last=False)
    return surf


def render(
    text: str,
    size: int,
    color=WHITE,
    *,
    bold: bool = False,
    wrap: int = 0,
    align: str = "left",
) -> pygame.Surface:
    """`text` at `size` px in `color`; `wrap` > 0 wraps at that width. Cached."""
    key = ("t", text, size, tuple(pygame.Color(color)), bold, wrap, align)
    surf = _cache.get(key)
    if surf is not None:
        _cache.move_to_end(key)
        return surf
    f = font(size)
    safe = shown(text, line_breaks=bool(wrap))
    if wrap:
        f.align = {"left": pygame.FONT_LEFT, "center": pygame.FONT_CENTER}.get(
            align, pygame.FONT_RIGHT
        )
        surf = f.render(safe, True, color, wraplength=wrap)
    else:
        surf = f.render(safe, True, color)
    if bold and stroke(size):
        surf = _embolden(surf, stroke(size))
    return _remember(key, surf)


def shadowed(
    text: str,
    size: int,
    color=WHITE,
    *,
    bold: bool = False,
    offset: int = 2,
    shadow=SHADOW,
    wrap: int = 0,
    align: str = "left",
) -> pygame.Surface:
    """Text with a soft drop shadow, so it reads on the felt and on cards. Cached."""
    key = ("s", text, size, tuple(pygame.Color(color)), bold, offset, tuple(shadow), wrap, align)
    surf = _cache.get(key)
    if surf is not None:
        _cache.move_to_end(key)
        return surf
    front = render(text, size, color, bold=bold, wrap=wrap, align=align)
    back = render(text, size, shadow, bold=bold, wrap=wrap, align=align).copy()
    back.set_alpha(150)
    w, h = front.get_size()
    surf = pygame.Surface((w + offset, h + offset), pygame.SRCALPHA)
    surf.blit(back, (offset, offset))
    surf.blit(front, (0, 0))
    return _remember(key, surf)


def fit(
    text: str, size: int, max_width: int, color=WHITE, *, bold: bool = False, smallest: int = 12
):
    """The largest rendering of `text` not wider than `max_width` (down to
    `smallest`), shortened with an ellipsis if even that is too wide. Cached: a
    frame that asks again measures nothing."""
    key = ("fit", text, size, max_width, tuple(pygame.Color(color)), bold, smallest)
    surf = _cache.get(key)
    if surf is not None:
        _cache.move_to_end(key)
        return surf
    # A glyph is at least a pixel wide: more characters than pixels never fit.
    line = shown(text[: max(1, max_width) + 1] if len(text) > max_width + 1 else text)
    if len(text) > max_width + 1:
        line += ELLIPSIS
    while size > smallest and width(line, size, bold) > max_width:
        size -= 2
    if width(line, size, bold) > max_width:
        line = _shortened(line.removesuffix(ELLIPSIS), size, bold, max_width)
    return _remember(key, render(line, size, color, bold=bold))


def _shortened(text: str, size: int, bold: bool, max_width: int) -> str:
    """The longest start of `text`, with an ellipsis, within `max_width`
    (at least one character): a binary search, so a few measurements."""
    low, high = 1, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if width(text[:middle] + ELLIPSIS, size, bold) <= max_width:
            low = middle
        else:
            high = middle - 1
    return text[:low] + ELLIPSIS


def clear() -> None:
    _cache.clear()
