"""The scene interface: the app keeps scenes on a stack and runs only the top one.

An overlay (`opaque = False`) is drawn over the scenes below it; only the top
scene receives input and updates, so a pause or a curtain freezes the table.
"""

from __future__ import annotations

import pygame

from game.ui.input import Command


class Scene:
    opaque = True

    def __init__(self, app) -> None:
        self.app = app

    def enter(self) -> None:
        """Pushed onto the stack."""

    def leave(self) -> None:
        """Popped or replaced."""

    def resume(self) -> None:
        """The scene above it was popped."""

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        """React to one input event; True when consumed."""
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass
