"""Title and main menu: New game, Rules, Settings, Quit."""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.looks import DEFAULT_RGB, CardLook, classic_palette, hex_rgb
from game.scenes.base import Scene
from game.ui import text, widgets
from game.ui.input import BACK, CLICK, CONFIRM, DOWN, MOVE, PASS, UP, Command
from game.ui.settings import pref_dir

if TYPE_CHECKING:
    from game.app import App


def _classic(color: str | None, art: str, text: str, corner: str | None = None) -> CardLook:
    """A classic card as rules/classic.yaml paints it (the title loads no rules:
    tests/ui/test_card_looks.py checks these against the file)."""
    body = hex_rgb(DEFAULT_RGB[color]) if color else None
    return CardLook(art, text, corner, body, classic_palette())


FAN = {
    "red:7": _classic("red", "number", "7"),
    "yellow:skip": _classic("yellow", "skip", "Skip"),
    "wild:wild": _classic(None, "wild", "Wild"),
    "green:reverse": _classic("green", "reverse", "Reverse"),
    "blue:draw_two": _classic("blue", "draw", "Draw Two", "+2"),
}


class TitleScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        x = 640 - 170
        labels = [
            ("New game", self.new_game),
            ("Rules", self.rules),
            ("Settings", self.settings),
            ("Quit", self.app.ask_to_quit),
        ]
        if self.last_match() is not None:
            labels.insert(1, ("Watch last match", self.watch))
        step = 78 if len(labels) == 4 else 64
        height = 62 if len(labels) == 4 else 54
        self.buttons = [
            widgets.Button((x, 364 + i * step, 340, height), label, action, size=32)
            for i, (label, action) in enumerate(labels)
        ]
        self.buttons[0].color = pygame.Color(widgets.BUTTON_HOT)
        self.focus = widgets.FocusList(self.buttons)
        self.t = 0.0

    @staticmethod
    def last_match() -> Path | None:
        try:
            path = pref_dir() / "last_match.jsonl"
        except Exception:  # noqa: BLE001 - no preference folder: nothing to watch
            return None
        return path if path.is_file() else None

    def watch(self) -> None:
        path = self.last_match()
        if path is not None:
            self.app.push("replay", path=str(path))

    def new_game(self) -> None:
        self.app.push("setup")

    def rules(self) -> None:
        self.app.push("rules")

    def settings(self) -> None:
        self.app.push("settings")

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if cmd is None:
            return False
        if cmd.name == UP:
            self.focus.move(-1)
        elif cmd.name == DOWN:
            self.focus.move(1)
        elif cmd.name == CONFIRM or (cmd.name == PASS and not cmd.from_pad):
            self.focus.press()
        elif cmd.name == CLICK:
            self.focus.click(cmd.pos)
        elif cmd.name == MOVE:
            self.focus.hover(cmd.pos)
        elif cmd.name == BACK or (cmd.name == PASS and cmd.from_pad):
            self.app.ask_to_quit()
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(widgets.backdrop(surface.get_size(), (12, 80, 56), (4, 20, 16)), (0, 0))
        art = self.app.art
        # A fan of cards behind the title, breathing slowly.
        n = len(FAN)
        for i, card in enumerate(FAN.values()):
            k = i - (n - 1) / 2
            angle = -k * 12
            img = art.rotated(card, (104, 156), angle)
            bob = 5 * math.sin(self.t * 1.6 + i * 0.7)
            x = 640 + k * 62
            y = 122 + abs(k) * 12 + bob
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        title = text.shadowed("COUCH UNO", 104, (255, 213, 79), bold=True, offset=5)
        surface.blit(title, title.get_rect(center=(640, 272)))
        sub = text.shadowed("one screen, up to ten players, bots welcome", 26, widgets.MUTED)
        surface.blit(sub, sub.get_rect(center=(640, 326)))
        for b in self.buttons:
            b.draw(surface, self.t)
        hint = text.render(
            "Up/Down choose, Enter select, F11 fullscreen, M mute", 20, widgets.MUTED
        )
        surface.blit(hint, hint.get_rect(center=(640, 700)))
