"""The window: any size, any shape, and the whole table always in view.

Every scene draws on one logical surface of 1280x720 pixels. The real window
may be any size (dragged, maximised, fullscreen with F11, a small laptop or a
tall screen): each frame the logical surface is scaled into it with its
aspect kept, letterboxed with bars, and mouse positions are mapped back to
logical pixels before any scene sees them.

pygame's SCALED flag does this for windows at least as large as the logical
size, but keeps the window from getting smaller and scales only by whole
numbers, so at 800x450 it showed a cropped middle of the table. Scaling a
1280x720 surface in software costs about 0.2-0.7 ms a frame (smoothly, when
shrinking: 1-3 ms).
"""

from __future__ import annotations

import pygame

from game.ui import text

LOGICAL = (1280, 720)
SMOOTH_UP_TO = 2560 * 1440  # above this many window pixels, scale plainly: it is cheaper
BARS = (0, 0, 0)

MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def fitting_size(desktop: tuple[int, int], logical: tuple[int, int] = LOGICAL) -> tuple[int, int]:
    """The window to open on a desktop: the logical size, or smaller to fit."""
    k = min(1.0, desktop[0] / logical[0], desktop[1] / logical[1])
    return (max(1, round(logical[0] * k)), max(1, round(logical[1] * k)))


def letterbox(window: tuple[int, int], logical: tuple[int, int] = LOGICAL) -> pygame.Rect:
    """Where the logical surface goes in a window of that size: as large as fits,
    aspect kept, centred."""
    k = min(window[0] / logical[0], window[1] / logical[1])
    view = pygame.Rect(0, 0, max(1, round(logical[0] * k)), max(1, round(logical[1] * k)))
    view.center = (window[0] // 2, window[1] // 2)
    return view


TITLE = "Couch UNO"


def say_in_title(words: str = "") -> None:
    """Put `words` in the window's title after the game's name (none: the name
    alone). A pygame window shows nothing else a screen reader can read: its
    read-the-title command (NVDA+T in NVDA) reads them."""
    line = text.shown(words).strip()
    pygame.display.set_caption(f"{TITLE}: {line}" if line else TITLE)


class Window:
    def __init__(self, logical: tuple[int, int] = LOGICAL) -> None:
        pygame.display.set_caption(TITLE)
        desktops = pygame.display.get_desktop_sizes() or [logical]
        self.logical = logical
        self._windowed = fitting_size(desktops[0], logical)
        pygame.display.set_mode(self._windowed, pygame.RESIZABLE)
        self.surface = pygame.Surface(logical).convert()
        self.fullscreen = False

    @property
    def size(self) -> tuple[int, int]:
        return pygame.display.get_window_size()

    @property
    def view(self) -> pygame.Rect:
        """Where the table is shown inside the window."""
        return letterbox(self.size, self.logical)

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        view = self.view
        x = (pos[0] - view.x) * self.logical[0] / view.w
        y = (pos[1] - view.y) * self.logical[1] / view.h
        return (int(x), int(y))

    def map_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """A mouse event with its position in logical pixels (others as they are)."""
        if event.type not in MOUSE_EVENTS or not hasattr(event, "pos"):
            return event
        if self.size == self.logical:
            return event
        fields = dict(event.dict)
        fields["pos"] = self.to_logical(event.pos)
        return pygame.event.Event(event.type, fields)

    def present(self) -> None:
        """Show the logical surface in the window, scaled to fit, and flip."""
        target = pygame.display.get_surface()
        if target is None:
            return
        size = target.get_size()
        if size == self.logical:
            target.blit(self.surface, (0, 0))
        else:
            view = letterbox(size, self.logical)
            if view.size != size:
                target.fill(BARS)
            area = target.subsurface(view)
            shrinking = view.w < self.logical[0]
            if shrinking or view.w * view.h <= SMOOTH_UP_TO:
                pygame.transform.smoothscale(self.surface, view.size, area)
            else:
                pygame.transform.scale(self.surface, view.size, area)
        pygame.display.flip()

    def resize(self, size: tuple[int, int]) -> None:
        """Make the window this size (as a player dragging its corner would)."""
        self._windowed = size
        pygame.display.set_mode(size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> bool:
        """Fullscreen at the desktop's size, or back to the window; True when it changed."""
        try:
            if self.fullscreen:
                pygame.display.set_mode(self._windowed, pygame.RESIZABLE)
            else:
                self._windowed = self.size
                pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        except pygame.error:
            return False
        self.fullscreen = not self.fullscreen
        return True
