"""Settings: bot pacing, sound, fullscreen, how the table turns, hints, the
players' eyes (colour-blind mode, reduced motion, text size) and the
language. Saved as soon as they change, and applied at once: a new language
shows on this screen and on every screen under it.

Every row is a chooser with ◀ and ▶ drawn at its right; a click acts on the
arrow under the pointer (a click elsewhere on a toggle flips it). Rows grow
with the text size; when they do not all fit, the list scrolls to the focus.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.i18n import LANGUAGES, N_, _, language, language_name
from game.scenes.base import Adjusts, Closes, KeyPrompts, Paints, Preferences, Scene, Sounds
from game.ui import accessibility, text, widgets
from game.ui.input import BACK, CLICK, CONFIRM, DOWN, LEFT, MOVE, PASS, RIGHT, UP, WHEEL, Command
from game.ui.settings import PACINGS, TEXT_SIZE_NAMES

PACING_TEXT = {
    "slow": N_("bots take their time; easy to follow"),
    "normal": N_("about a second a move"),
    "fast": N_("brisk"),
    "instant": N_("no waiting and no animation"),
}
PACING_WORDS = {
    "slow": N_("slow"),
    "normal": N_("normal"),
    "fast": N_("fast"),
    "instant": N_("instant"),
}
# The rows for the players' eyes, and what they say (game/ui/accessibility.py).
EYES_ROWS = ("patterns", "motion", "text_size")
EYES_TEXT = {
    "patterns_on": (N_("Colour-blind mode: on"), N_("every colour also shows a shape")),
    "patterns_off": (N_("Colour-blind mode: off"), N_("colours show as colours only")),
    "motion_on": (N_("Motion: reduced"), N_("cards jump into place; nothing shakes or bobs")),
    "motion_off": (N_("Motion: full"), N_("cards fly, a refused card shakes")),
    "text_size_normal": (N_("Text size: normal"), ""),
    "text_size_large": (N_("Text size: large"), N_("every text on every screen is larger")),
}
ROWS = (
    "pacing",
    "sound",
    "fullscreen",
    "table",
    "hints",
    "phones",
    *EYES_ROWS,
    "language",
    "back",
)
ARROW_HIT = 40
LABEL_SIZE = 32
NOTE_SIZE = 20
ROW_X, ROW_W = 290, 700
TOP, BOTTOM = 150, 668  # where rows may be drawn; the list scrolls within
GAP = 12


class SettingsApp(Closes, Paints, KeyPrompts, Sounds, Preferences, Adjusts, Protocol):
    """What the settings screen asks of the app: the settings, what changes
    with them at once, the card art (its colour shapes), its keys and sounds."""


class SettingsScene(Scene):
    def __init__(self, app: SettingsApp) -> None:
        self.app = app
        self.rows = list(ROWS)
        self.index = 0
        self.t = 0.0
        self.scroll = 0

    @property
    def row_height(self) -> int:
        """A row holds its label and its note, at the player's text size."""
        return 18 + text.font(LABEL_SIZE).get_linesize() + text.font(NOTE_SIZE).get_linesize()

    @property
    def rects(self) -> list[pygame.Rect]:
        """Where each row is on screen now (scrolled; some may lie outside the list)."""
        h = self.row_height
        return [
            pygame.Rect(ROW_X, TOP + i * (h + GAP) - self.scroll, ROW_W, h)
            for i in range(len(self.rows))
        ]

    def _scroll_to_focus(self) -> None:
        h = self.row_height + GAP
        top = self.index * h
        if top < self.scroll:
            self.scroll = top
        elif top + h - GAP > self.scroll + (BOTTOM - TOP):
            self.scroll = top + h - GAP - (BOTTOM - TOP)
        self._clamp_scroll()

    def _clamp_scroll(self) -> None:
        total = len(self.rows) * (self.row_height + GAP) - GAP
        self.scroll = max(0, min(self.scroll, total - (BOTTOM - TOP)))

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
        if row == "language":
            codes = list(LANGUAGES)
            now = language()
            i = codes.index(now) if now in codes else 0
            self.app.change_language(codes[(i + step) % len(codes)])
        elif row == "pacing":
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
        elif row == "phones":
            s.phones = not s.phones
            s.save()
        elif row in EYES_ROWS:
            self._change_eyes(row, step)
        elif row == "back":
            self.app.pop()
            return
        self.app.play("tick")

    def _change_eyes(self, row: str, step: int) -> None:
        s = self.app.settings
        if row == "patterns":
            s.color_patterns = not s.color_patterns
        elif row == "motion":
            s.reduced_motion = not s.reduced_motion
        elif row == "text_size":
            i = TEXT_SIZE_NAMES.index(s.text_size) if s.text_size in TEXT_SIZE_NAMES else 0
            s.text_size = TEXT_SIZE_NAMES[(i + step) % len(TEXT_SIZE_NAMES)]
        s.save()
        accessibility.apply(s, self.app.art)
        self._scroll_to_focus()

    def _eyes_values(self) -> dict[str, tuple[str, str]]:
        s = self.app.settings
        chosen = {
            "patterns": EYES_TEXT["patterns_on" if s.color_patterns else "patterns_off"],
            "motion": EYES_TEXT["motion_on" if s.reduced_motion else "motion_off"],
            "text_size": EYES_TEXT.get(f"text_size_{s.text_size}", EYES_TEXT["text_size_normal"]),
        }
        return {row: (_(label), _(note) if note else "") for row, (label, note) in chosen.items()}

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if cmd is None:
            return True
        row = self.rows[self.index]
        if cmd.name == UP:
            self.index = (self.index - 1) % len(self.rows)
            self._scroll_to_focus()
        elif cmd.name == DOWN:
            self.index = (self.index + 1) % len(self.rows)
            self._scroll_to_focus()
        elif cmd.name == WHEEL:
            self.scroll -= (cmd.digit or 0) * 40
            self._clamp_scroll()
        elif cmd.name in (LEFT, RIGHT):
            if row != "back":
                self.change(row, -1 if cmd.name == LEFT else 1)
        elif cmd.name == BACK or (cmd.name == PASS and cmd.from_pad):
            self.app.pop()
        elif cmd.name in (CONFIRM, PASS):
            self.change(row, 1)
        elif cmd.name == CLICK:
            for i, rect in enumerate(self.rects):
                if rect.clip(self.list_area).collidepoint(cmd.pos):
                    self.index = i
                    step = self.arrow_at(rect, cmd.pos)
                    if step or self.rows[i] != "pacing":
                        self.change(self.rows[i], step or 1)
                    break
        elif cmd.name == MOVE:
            for i, rect in enumerate(self.rects):
                if rect.clip(self.list_area).collidepoint(cmd.pos):
                    self.index = i
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        self.t += dt

    def values(self) -> dict[str, tuple[str, str]]:
        s = self.app.settings
        if not self.app.sound.available:
            sound = (_("Sound: unavailable"), _("no audio device opened; the game plays silent"))
        else:
            sound = (
                _("Sound: off") if s.muted else _("Sound: on"),
                _("M toggles it anywhere"),
            )
        table = (
            (_("Table: seats stay put"), _("every hand is shown at its own seat"))
            if s.fixed_table
            else (_("Table: turns to the player"), _("the player to act sits at the bottom"))
        )
        chosen = language_name(language())
        spoken = (
            _("chosen here") if s.language else _("the system's language; Left/Right to choose")
        )
        pacing = _(PACING_WORDS.get(s.pacing, s.pacing))
        return {
            "pacing": (
                _("Bot pacing: {pacing}").format(pacing=pacing),
                _(PACING_TEXT[s.pacing]) if s.pacing in PACING_TEXT else "",
            ),
            "sound": sound,
            "fullscreen": (
                _("Fullscreen: on") if s.fullscreen else _("Fullscreen: off"),
                _("F11 anywhere"),
            ),
            "table": table,
            "hints": (
                _("Hints: on") if s.hints else _("Hints: off"),
                _("T, the Hint button or R3 shows the expert's move")
                if s.hints
                else _("nobody at the table can ask for one"),
            ),
            "phones": (
                _("Hands on phones: on") if s.phones else _("Hands on phones: off"),
                _("each person plays their hand on their phone, on this network")
                if s.phones
                else _("one screen, handed from player to player behind a curtain"),
            ),
            **self._eyes_values(),
            "language": (_("Language: {name}").format(name=chosen), spoken),
            "back": (_("Back"), ""),
        }

    @property
    def list_area(self) -> pygame.Rect:
        return pygame.Rect(0, TOP, 1280, BOTTOM - TOP)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(widgets.backdrop(surface.get_size()), (0, 0))
        title = text.shadowed(_("Settings"), 64, (255, 213, 79), bold=True)
        surface.blit(title, title.get_rect(center=(640, 80)))
        values = self.values()
        area = self.list_area
        surface.set_clip(area)
        room = ROW_W - 130  # the words stop before the arrows
        for i, (row, rect) in enumerate(zip(self.rows, self.rects, strict=True)):
            if not rect.colliderect(area):
                continue
            focused = i == self.index
            bg = (40, 58, 96, 235) if focused else (22, 30, 50, 220)
            surface.blit(widgets.panel(rect.size, bg, 14), rect)
            label, note = values[row]
            img = text.fit(label, LABEL_SIZE, room, (255, 255, 255), bold=True)
            surface.blit(img, (rect.x + 28, rect.y + 8))
            if note:
                sub = text.fit(note, NOTE_SIZE, room, widgets.MUTED)
                surface.blit(sub, (rect.x + 30, rect.y + 12 + text.font(LABEL_SIZE).get_linesize()))
            if row != "back":
                color = widgets.GOLD if focused else pygame.Color(200, 200, 210)
                left, right = self.arrows(rect)
                widgets.draw_arrow(surface, left, 3.1416, 12, color)
                widgets.draw_arrow(surface, right, 0, 12, color)
        surface.set_clip(None)
        # More rows above or below than fit: an arrow says so.
        total = len(self.rows) * (self.row_height + GAP) - GAP
        if self.scroll > 0:
            widgets.draw_arrow(surface, (640, TOP - 12), -1.5708, 9, widgets.MUTED)
        if self.scroll + (BOTTOM - TOP) < total:
            widgets.draw_arrow(surface, (640, BOTTOM + 9), 1.5708, 9, widgets.MUTED)
        words = self.app.prompts.words(
            _("Up/Down choose, Left/Right change, Esc back"),
            _("D-pad up/down choose, left/right change, B back"),
        )
        hint = text.render(words, 20, widgets.MUTED)
        surface.blit(hint, hint.get_rect(center=(640, 700)))
