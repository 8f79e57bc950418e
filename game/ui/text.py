"""Rendered text, cached: a label is drawn once and blitted every frame after.

The bundled font (`Font(None, size)`) covers Latin, Greek and Turkish letters but
has no symbol glyphs, so symbols are drawn as shapes elsewhere. Never `.upper()`
a player's name (Turkish dotted i); only our own fixed labels are upper-case.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

WHITE = (255, 255, 255)
SHADOW = (0, 0, 0)

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
MAX_ENTRIES = 600


def font(size: int, bold: bool = False) -> pygame.font.Font:
    key = (int(size), bold)
    found = _fonts.get(key)
    if found is None:
        if not pygame.font.get_init():
            pygame.font.init()
        found = pygame.font.Font(None, int(size))
        found.bold = bold
        _fonts[key] = found
    return found


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
    f = font(size, bold)
    if wrap:
        f.align = {"left": pygame.FONT_LEFT, "center": pygame.FONT_CENTER}.get(
            align, pygame.FONT_RIGHT
        )
        surf = f.render(text, True, color, wraplength=wrap)
    else:
        surf = f.render(text, True, color)
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


def fit(text: str, size: int, max_width: int, color=WHITE, *, bold: bool = False):
    """The largest rendering of `text` not wider than `max_width` (down to 12 px),
    shortened with an ellipsis if even that is too wide."""
    while size > 12 and font(size, bold).size(text)[0] > max_width:
        size -= 2
    if font(size, bold).size(text)[0] > max_width:
        while len(text) > 1 and font(size, bold).size(text + "...")[0] > max_width:
            text = text[:-1]
        text += "..."
    return render(text, size, color, bold=bold)


def clear() -> None:
    _cache.clear()
