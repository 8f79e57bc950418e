"""The scene interface: the app keeps scenes on a stack and runs only the top one.

An overlay (`opaque = False`) is drawn over the scenes below it; only the top
scene receives input and updates, so a pause freezes the table (a curtain
keeps it going underneath: game/scenes/curtain.py).
Scenes reach each other by name (game/scenes/registry.py): `app.push("pause",
screen=...)`. A scene hears when it is shown (`enter`), covered by another
(`pause`), uncovered again (`resume`) and taken away (`leave`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.input import Command

if TYPE_CHECKING:
    from game.app import App
    from game.table.match_screen import MatchScreen


class Scene:
    opaque = True
    # Part of a match in progress, which quitting would lose.
    in_match = False
    # The seat whose private moment this scene is (its curtain, its choice): another
    # seat's controller is not let in (game/scenes/pad_seats.py).
    private_to: int | None = None

    @property
    def match_screen(self) -> MatchScreen | None:
        """The match this scene shows, if it is a match's own screen (its pause pauses it)."""
        return None

    @property
    def captures_text(self) -> bool:
        """A text field has the keyboard: every key is a letter (M is not mute)."""
        return False

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def asks_to_quit(self) -> bool:
        """This scene is the question "Quit Couch UNO?"."""
        return False

    @property
    def looking(self) -> int | None:
        """The seat whose owner is at the screen, where a match knows it: the
        prompts follow that person's controller, not another seat's
        (game/ui/prompts.py). None: whoever pressed last."""
        return None

    def enter(self) -> None:
        """Pushed onto the stack."""

    def leave(self) -> None:
        """Popped, replaced, or cleared away with the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def relabel(self) -> None:
        """The language changed (game/i18n.py): word again what was worded once
        and kept (what is worded as it is drawn needs nothing)."""

    def resume(self) -> None:
        """The scene above it was popped: this one is on top again."""

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        """React to one input event; True when consumed."""
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass
