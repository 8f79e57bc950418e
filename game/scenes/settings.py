"""Settings: bot pacing, sound, fullscreen, how the table turns, hints. Saved as soon as
they change.

Every row is a chooser with ◀ and ▶ drawn at its right; a click acts on the
arrow under the pointer (a click elsewhere on a toggle flips it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.scenes.base import Scene
from game.ui import text, widgets
from game.ui.input import BACK, CLICK, CONFIRM, DOWN, LEFT, MOVE, PASS, RIGHT, UP, Command
from game.ui.settings import PACINGS

if TYPE_CHECKING:
    from game.app import App

PACING_TEXT = {
    "slow": "bots take their time; easy to follow",
    "normal": "about a second a move",
    "fast": "brisk",
    "instant": "no waiting and no animation",
}
ROWS = ("pacing", "sound", "fullscreen", "table", "hints", "back")
ARROW_HIT = 40


class SettingsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rows = list(ROWS)
        self.index = 0
        self.t = 0.0
        step = min(90, (670 - 160) // len(self.rows))
        self.rects = [
            pygame.Rect(290, 160 + i * step, 700, step - 8) for i in range(len(self.rows))
        ]

    @staticmethod
    def arrows(rect: pygame.Rect) -> tuple[tuple[int, int], tuple[int, int]]:
        """Where a row's ◀ and ▶ are drawn."""
        return (rect.right - 70, rect.centery), (rect.right - 30, rect.centery)

    def arrow_at(self, rect: pygame.Rect, pos: tuple[int, int]) -> int:
        for step, (x, y) in zip((-1, 1), self.arrows(rect), strict=True):
            hit = pygame.Rect(0, 0, ARROW_HIT, rect.h)
            hit.center = (x, y)
            if hit.collidepoint(pos):
                return step
        return 0

    def change(self, row: str, step: int) -> None:
        s = self.app.settings
        if row == "pacing":
            i = PACINGS.index(s.pacing) if s.pacing in PACINGS else 1
            s.pacing = PACINGS[(i + step) % len(PACINGS)]
            s.save()
        elif row == "sound":
            self.app.toggle_mute()
        elif row == "fullscreen":
            self.app.toggle_fullscreen()
        elif row == "table":
            s.fixed_table = not s.fixed_table
            s.save()
        elif row == "hints":
            s.hints = not s.hints
            s.save()
        elif row == "back":
            self.app.pop()
            return
        self.app.play("tick")

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if cmd is None:
            return True
        row = self.rows[self.index]
        if cmd.name == UP:
            self.index = (self.index - 1) % len(self.rows)
        elif cmd.name == DOWN:
            self.index = (self.index + 1) % len(self.rows)
        elif cmd.name in (LEFT, RIGHT):
            if row != "back":
                self.change(row, -1 if cmd.name == LEFT else 1)
        elif cmd.name == BACK or (cmd.name == PASS and cmd.from_pad):
            self.app.pop()
        elif cmd.name in (CONFIRM, PASS):
            self.change(row, 1)
        elif cmd.name == CLICK:
            for i, rect in enumerate(self.rects):
                if rect.collidepoint(cmd.pos):
                    self.index = i
                    step = self.arrow_at(rect, cmd.pos)
                    if step or self.rows[i] != "pacing":
                        self.change(self.rows[i], step or 1)
                    break
        elif cmd.name == MOVE:
            for i, rect in enumerate(self.rects):
                if rect.collidepoint(cmd.pos):
                    self.index = i
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        self.t += dt

    def values(self) -> dict[str, tuple[str, str]]:
        s = self.app.settings
        if not self.app.sound.available:
            sound = ("Sound: unavailable", "no audio device opened; the game plays silent")
        else:
            sound = ("Sound: " + ("off" if s.muted else "on"), "M toggles it anywhere")
        table = (
            ("Table: seats stay put", "every hand is shown at its own seat")
            if s.fixed_table
            else ("Table: turns to the player", "the player to act sits at the bottom")
        )
        return {
            "pacing": (f"Bot pacing: {s.pacing}", PACING_TEXT.get(s.pacing, "")),
            "sound": sound,
            "fullscreen": ("Fullscreen: " + ("on" if s.fullscreen else "off"), "F11 anywhere"),
            "table": table,
            "hints": (
                "Hints: " + ("on" if s.hints else "off"),
                "T, the Hint button or R3 shows the expert's move"
                if s.hints
                else "nobody at the table can ask for one",
            ),
            "back": ("Back", ""),
        }

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(widgets.backdrop(surface.get_size()), (0, 0))
        title = text.shadowed("Settings", 64, (255, 213, 79), bold=True)
        surface.blit(title, title.get_rect(center=(640, 90)))
        values = self.values()
        for i, (row, rect) in enumerate(zip(self.rows, self.rects, strict=True)):
            focused = i == self.index
            bg = (40, 58, 96, 235) if focused else (22, 30, 50, 220)
            surface.blit(widgets.panel(rect.size, bg, 14), rect)
            label, note = values[row]
            img = text.render(label, 32, (255, 255, 255), bold=True)
            surface.blit(img, (rect.x + 28, rect.y + 10))
            if note:
                sub = text.render(note, 20, widgets.MUTED)
                surface.blit(sub, (rect.x + 30, rect.y + 44))
            if row != "back":
                color = widgets.GOLD if focused else pygame.Color(200, 200, 210)
                left, right = self.arrows(rect)
                widgets.draw_arrow(surface, left, 3.1416, 12, color)
                widgets.draw_arrow(surface, right, 0, 12, color)
        hint = text.render("Up/Down choose, Left/Right change, Esc back", 20, widgets.MUTED)
        surface.blit(hint, hint.get_rect(center=(640, 700)))
