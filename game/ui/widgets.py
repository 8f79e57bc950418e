"""Buttons, panels and the arcade look shared by every scene."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.ui import accessibility, prompts, text

GOLD = pygame.Color("#ffc107")
INK = pygame.Color(18, 20, 28)
PANEL = pygame.Color(16, 22, 38, 235)
PANEL_EDGE = pygame.Color(255, 255, 255, 40)
MUTED = pygame.Color(170, 178, 196)
ERROR = pygame.Color("#ff6e6e")
ACCENT = pygame.Color("#4fc3f7")
BUTTON = pygame.Color("#263352")
BUTTON_HOT = pygame.Color("#e53935")
BUTTON_OFF = pygame.Color(60, 64, 76)
FELT = pygame.Color("#0b5d3b")

_panels: dict[tuple, pygame.Surface] = {}


def panel(size: tuple[int, int], color=PANEL, radius: int = 18, edge=PANEL_EDGE) -> pygame.Surface:
    """A rounded, translucent panel surface (cached by size and colours)."""
    key = (tuple(size), tuple(pygame.Color(color)), radius, tuple(pygame.Color(edge)))
    surf = _panels.get(key)
    if surf is None:
        surf = pygame.Surface(size, pygame.SRCALPHA)
        rect = surf.get_rect()
        pygame.draw.rect(surf, color, rect, border_radius=radius)
        pygame.draw.rect(surf, edge, rect, width=2, border_radius=radius)
        _panels[key] = surf
    return surf


_pills: dict[tuple, pygame.Surface] = {}


def pill(words: str, size: int, fill, ink, max_width: int = 400) -> pygame.Surface:
    """A short word on a rounded tag ("OUT" beside a name). Cached: a screen
    draws it every frame."""
    key = (words, size, tuple(fill), tuple(ink), max_width, text.generation())
    surf = _pills.get(key)
    if surf is None:
        label = text.fit(words, size, max_width - 12, ink, bold=True)
        w, h = label.get_width() + 12, label.get_height() + 4
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=h // 3)
        surf.blit(label, label.get_rect(center=(w // 2, h // 2)))
        if len(_pills) > 64:
            _pills.clear()
        _pills[key] = surf
    return surf


def dim(surface: pygame.Surface, alpha: int = 150, color=(6, 10, 18)) -> None:
    """Darken everything already drawn (the backdrop of a modal overlay): the
    veil `color` laid over it at `alpha`. Two whole-surface fills do it, a
    third of the cost of blitting a translucent veil (it is every overlay's
    frame); the RGB blends leave a surface's own transparency as it was."""
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
    surface.fill(tuple(round(c * alpha / 255) for c in color), special_flags=pygame.BLEND_RGB_ADD)


_backdrops: dict[tuple, pygame.Surface] = {}


def backdrop(size: tuple[int, int], top=(18, 30, 58), bottom=(6, 8, 16)) -> pygame.Surface:
    """A vertical gradient for full-screen scenes (cached)."""
    key = (tuple(size), tuple(top), tuple(bottom))
    surf = _backdrops.get(key)
    if surf is None:
        surf = _backdrops[key] = vertical_gradient(size, pygame.Color(*top), pygame.Color(*bottom))
    return surf


def vertical_gradient(
    size: tuple[int, int], top: pygame.Color, bottom: pygame.Color, flags: int = 0
) -> pygame.Surface:
    """`top` fading evenly into `bottom`, row by row: one pixel's column widened,
    so a row costs one pixel (a full screen's lines held the first frame back)."""
    w, h = size
    column = pygame.Surface((1, h), flags)
    for y in range(h):
        column.set_at((0, y), top.lerp(bottom, y / max(1, h - 1)))
    return pygame.transform.scale(column, (w, h))


class Button:
    """A clickable label with an optional key chip, drawn in the arcade style.

    `chip` names the command the button stands for (input.UNO, or a chip of
    game/ui/prompts.py such as MENU_BACK), and the chip shows that command's
    key on the device in hand: "U" on the keyboard, "Y" on a controller. A
    DIGIT chip shows `digit` on the keyboard, and nothing on a controller."""

    def __init__(
        self,
        rect: pygame.Rect | tuple,
        label: str,
        action: Callable[[], None] | None = None,
        *,
        chip: str = "",
        digit: int | None = None,
        color=BUTTON,
        size: int = 30,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        self.action = action
        self.chip = chip
        self.digit = digit
        self.color = pygame.Color(color)
        self.size = size
        self.enabled = True
        self.visible = True
        self.focused = False
        self.hover = False
        self.pulse = False
        self._cache: dict[tuple, pygame.Surface] = {}

    @property
    def lit(self) -> bool:
        """Drawn highlighted: it has the focus (or, outside a FocusList, the pointer)."""
        return self.visible and self.enabled and (self.focused or self.hover)

    def hit(self, pos) -> bool:
        return self.visible and self.enabled and self.rect.collidepoint(pos)

    def press(self) -> bool:
        if self.visible and self.enabled and self.action is not None:
            self.action()
            return True
        return False

    @property
    def hint(self) -> str:
        """The chip's words now: its command's key on the device in hand."""
        return prompts.current().key(self.chip, self.digit) if self.chip else ""

    def _surface(self, lit: bool) -> pygame.Surface:
        hint = self.hint
        key = (
            self.label,
            hint,
            self.rect.size,
            tuple(self.color),
            self.enabled,
            lit,
            text.generation(),
        )
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 16:
                self._cache.clear()
            w, h = self.rect.size
            surf = pygame.Surface((w, h + 5), pygame.SRCALPHA)
            base = self.color if self.enabled else BUTTON_OFF
            face = pygame.Color(base)
            if lit:
                face = face.lerp((255, 255, 255), 0.18)
            shade = pygame.Color(base).lerp((0, 0, 0), 0.45)
            pygame.draw.rect(surf, shade, (0, 5, w, h), border_radius=14)
            pygame.draw.rect(surf, face, (0, 0, w, h), border_radius=14)
            edge = GOLD if lit else pygame.Color(255, 255, 255, 70)
            pygame.draw.rect(surf, edge, (0, 0, w, h), width=3 if lit else 2, border_radius=14)
            ink = (255, 255, 255) if self.enabled else (150, 150, 160)
            label = text.fit(self.label, self.size, w - 24 - (34 if hint else 0), ink, bold=True)
            if hint:
                chip = text.render(hint, 20, INK, bold=True)
                cw = max(26, chip.get_width() + 10)
                total = label.get_width() + 8 + cw
                x = (w - total) // 2
                surf.blit(label, (x, (h - label.get_height()) // 2))
                chip_rect = pygame.Rect(x + label.get_width() + 8, (h - 24) // 2, cw, 24)
                pygame.draw.rect(surf, (235, 235, 240), chip_rect, border_radius=6)
                surf.blit(chip, chip.get_rect(center=chip_rect.center))
            else:
                surf.blit(label, label.get_rect(center=(w // 2, h // 2)))
            self._cache[key] = surf
        return surf

    def draw(self, surface: pygame.Surface, clock: float = 0.0) -> None:
        if not self.visible:
            return
        pulsing = self.pulse and self.enabled
        still = accessibility.still()
        # Reduced motion: a button that wants attention is lit instead of bobbing.
        surf = self._surface(self.lit or (pulsing and still))
        y = self.rect.y
        if pulsing and not still:
            y -= round(3 * (1 + math.sin(clock * 7)) / 2)
        surface.blit(surf, (self.rect.x, y))


def draw_arrow(surface, center, angle: float, size: float, color) -> None:
    """A filled triangle pointing along `angle` (radians, screen coordinates)."""
    cx, cy = center
    dx, dy = math.cos(angle), math.sin(angle)
    tip = (cx + dx * size, cy + dy * size)
    back = (cx - dx * size * 0.6, cy - dy * size * 0.6)
    px, py = -dy * size * 0.65, dx * size * 0.65
    pygame.draw.polygon(
        surface, color, [tip, (back[0] + px, back[1] + py), (back[0] - px, back[1] - py)]
    )


class FocusList:
    """One focus over a list of buttons: keys move it, and so does the pointer, so
    exactly one button is highlighted and Enter presses the one that is."""

    def __init__(self, buttons: list[Button]) -> None:
        self.buttons = buttons
        self.index = 0
        self._sync()

    def _usable(self) -> list[int]:
        return [i for i, b in enumerate(self.buttons) if b.visible and b.enabled]

    def move(self, step: int) -> None:
        usable = self._usable()
        if not usable:
            return
        if self.index not in usable:
            self.index = usable[0]
        else:
            self.index = usable[(usable.index(self.index) + step) % len(usable)]
        self._sync()

    def focus(self, button: Button) -> None:
        if button in self.buttons:
            self.index = self.buttons.index(button)
            self._sync()

    def _sync(self) -> None:
        for i, b in enumerate(self.buttons):
            b.focused = i == self.index

    @property
    def current(self) -> Button | None:
        if 0 <= self.index < len(self.buttons):
            return self.buttons[self.index]
        return None

    def press(self) -> bool:
        button = self.current
        return button.press() if button is not None else False

    def hover(self, pos) -> None:
        for i, b in enumerate(self.buttons):
            if b.hit(pos):
                if i != self.index:
                    self.index = i
                    self._sync()
                return

    def click(self, pos) -> bool:
        for i, b in enumerate(self.buttons):
            if b.hit(pos):
                self.index = i
                self._sync()
                b.press()
                return True
        return False
