"""Learn to play: a newcomer's first match, from the title.

Two seats on one screen: the player (the name typed, or the one the last
new game gave its first person) against a beginner bot, with Learn as you
play on, so the table stops at each rule the first time it matters and says
what it does (game/scenes/lesson.py). Classic by default; the Rules row
offers every base rule set, as New game does. Hands stay on this screen
whatever Settings says about phones: a first match is learnt at the table.

Up/Down move between the name, the rules and Start; Left/Right change the
rules; Enter edits the name or starts; typing the name takes every printable
key until Enter or Esc.
"""

from __future__ import annotations

from functools import partial

import pygame

from game.i18n import _, say
from game.play.match import DEFAULT_NAMES, MatchSession, SeatConfig
from game.play.seats import default_name
from game.rules.errors import RuleFileError
from game.rules.names import available_rule_sets
from game.scenes.base import Scene
from game.scenes.deal import DealScene
from game.scenes.services import MatchApp
from game.scenes.setup_form import Row
from game.scenes.setup_rows import base_info, draw_arrows
from game.table.match_screen import MatchScreen
from game.ui import text, widgets
from game.ui.input import (
    BACK,
    BACKSPACE,
    CLICK,
    CONFIRM,
    DOWN,
    LEFT,
    MOVE,
    PASS,
    RIGHT,
    UP,
    Command,
)
from game.ui.new_game import MAX_NAME
from game.ui.rule_catalog import try_load

BOT_LEVEL = "beginner"
NAME_ROW = pygame.Rect(340, 250, 600, 56)
RULES_ROW = pygame.Rect(340, 322, 600, 56)
ABOUT_W = 600  # the chosen rules' description, under their row


class LearnScene(Scene):
    def __init__(self, app: MatchApp) -> None:
        self.app = app
        self.base_sets = [n for n in available_rule_sets() if not n.startswith("house/")]
        self.base = "classic" if "classic" in self.base_sets else self.base_sets[0]
        self.name = _first_person(app.settings.setup or {})
        self.editing = False
        self.message = ""
        self.t = 0.0
        self.start_button = widgets.Button(
            (1010, 644, 230, 60), _("Start"), self.start, chip=CONFIRM, color=widgets.BUTTON_HOT
        )
        self.back_button = widgets.Button((40, 644, 180, 60), _("Back"), self.back, chip=BACK)
        self.rows = [
            Row("name", NAME_ROW, activate=self.edit_name),
            Row(
                "base",
                RULES_ROW,
                partial(self.cycle_base, -1),
                partial(self.cycle_base, 1),
                partial(self.cycle_base, 1),
            ),
            Row("start", self.start_button.rect, activate=self.start),
            Row("back", self.back_button.rect, activate=self.back),
        ]
        self.focus = 0
        self._sync_buttons()

    # --- what it does ---------------------------------------------------------------

    def cycle_base(self, step: int) -> None:
        i = self.base_sets.index(self.base) if self.base in self.base_sets else 0
        self.base = self.base_sets[(i + step) % len(self.base_sets)]
        self.message = ""

    def seats(self) -> list[SeatConfig]:
        name = self.name.strip() or DEFAULT_NAMES[0]
        return [
            SeatConfig(name, "human"),
            SeatConfig(default_name(BOT_LEVEL, {name}), "bot", BOT_LEVEL),
        ]

    def start(self) -> None:
        rules, _errors = try_load((self.base,))
        if rules is None:
            self.message = _("These rules do not load; see the errors.")
            self.app.play("error")
            return
        try:
            session = MatchSession([self.base], self.seats(), rules=rules, learning=True)
        except (ValueError, RuleFileError) as exc:
            self.message = str(exc)
            self.app.play("error")
            return
        app = self.app
        app.close_phones()
        screen = MatchScreen(session, app.art, app.settings, sound=app.play)
        app.replace(DealScene(app, screen))

    def back(self) -> None:
        self.app.pop()

    # --- the name -------------------------------------------------------------------

    @property
    def captures_text(self) -> bool:
        return self.editing

    def edit_name(self) -> None:
        self.editing = True
        pygame.key.start_text_input()

    def stop_editing(self) -> None:
        self.editing = False
        self.name = self.name.strip() or DEFAULT_NAMES[0]
        pygame.key.stop_text_input()

    def _handle_editing(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if event.type == pygame.TEXTINPUT:
            typed = "".join(ch for ch in str(getattr(event, "text", "")) if ch.isprintable())
            lacking = text.missing_letters(typed)
            if lacking:
                self.message = _("Couch UNO cannot draw some of those letters: they were left out")
                self.app.play("error")
                typed = "".join(ch for ch in typed if ch not in lacking)
            self.name = (self.name + typed)[:MAX_NAME]
            return True
        if cmd is None:
            return True
        if cmd.name == BACKSPACE:
            self.name = self.name[:-1]
        elif cmd.name in (CONFIRM, BACK) or (cmd.name == PASS and cmd.from_pad):
            self.stop_editing()
        elif cmd.name == CLICK:
            self.stop_editing()
            self._click(cmd.pos)
        return True

    # --- input ----------------------------------------------------------------------

    def _sync_buttons(self) -> None:
        kind = self.rows[self.focus].kind
        self.start_button.focused = kind == "start"
        self.back_button.focused = kind == "back"

    def _move(self, step: int) -> None:
        self.focus = (self.focus + step) % len(self.rows)
        self._sync_buttons()
        self.app.play("tick")

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if self.editing:
            return self._handle_editing(event, cmd)
        if cmd is None:
            return False
        row = self.rows[self.focus]
        name = cmd.name
        if name == UP:
            self._move(-1)
        elif name == DOWN:
            self._move(1)
        elif name == LEFT and row.left:
            row.left()
            self.app.play("tick")
        elif name == RIGHT and row.right:
            row.right()
            self.app.play("tick")
        elif name == BACK or (name == PASS and cmd.from_pad):
            self.back()
        elif name in (CONFIRM, PASS) and row.activate:
            row.activate()
        elif name == CLICK:
            self._click(cmd.pos)
        elif name == MOVE:
            for i, each in enumerate(self.rows):
                if each.rect.collidepoint(cmd.pos) and i != self.focus:
                    self.focus = i
                    self._sync_buttons()
        else:
            return False
        return True

    def _click(self, pos: tuple[int, int]) -> None:
        for i, row in enumerate(self.rows):
            if not row.rect.collidepoint(pos):
                continue
            self.focus = i
            self._sync_buttons()
            step = row.arrow_at(pos)
            if step < 0 and row.left:
                row.left()
            elif step > 0 and row.right:
                row.right()
            elif row.activate:
                row.activate()
            return

    def update(self, dt: float) -> None:
        self.t += dt

    # --- drawing --------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(widgets.backdrop(surface.get_size()), (0, 0))
        title = text.shadowed(_("Learn to play"), 52, (255, 213, 79), bold=True)
        surface.blit(title, (40, 22))
        about = text.render(
            _(
                "A match against a beginner bot. Each time a rule first matters, the "
                "table stops and says what it does; then play goes on."
            ),
            24,
            (236, 238, 244),
            wrap=1000,
        )
        surface.blit(about, about.get_rect(midtop=(640, 110)))
        focused = self.rows[self.focus]
        self._draw_name(surface, self.rows[0], focused is self.rows[0])
        self._draw_rules(surface, self.rows[1], focused is self.rows[1])
        if self.message:
            img = text.render(self.message, 20, widgets.ERROR, wrap=ABOUT_W)
            surface.blit(img, (RULES_ROW.x, 520))
        self.back_button.draw(surface, self.t)
        self.start_button.draw(surface, self.t)
        hint = self.app.prompts.words(
            _("Up/Down move, Left/Right change the rules, Enter edit the name / start"),
            _("D-pad up/down move, left/right change the rules, A edit the name / start"),
        )
        img = text.render(hint, 18, widgets.MUTED, wrap=720)
        surface.blit(img, img.get_rect(center=(615, 674)))

    def _row_panel(self, surface: pygame.Surface, row: Row, label: str, focused: bool) -> None:
        bg = (40, 58, 96, 235) if focused else (22, 30, 50, 220)
        surface.blit(widgets.panel(row.rect.size, bg, 12), row.rect)
        lab = text.fit(label, 24, row.rect.w - 330, widgets.MUTED, bold=True)
        surface.blit(lab, (row.rect.x + 14, row.rect.centery - lab.get_height() // 2))

    def _draw_name(self, surface: pygame.Surface, row: Row, focused: bool) -> None:
        self._row_panel(surface, row, _("Your name"), focused)
        field = pygame.Rect(row.rect.right - 300, row.rect.y + 6, 290, row.rect.h - 12)
        pygame.draw.rect(surface, (8, 12, 22), field, border_radius=8)
        edge = widgets.GOLD if self.editing else (90, 100, 120)
        pygame.draw.rect(surface, edge, field, 2, border_radius=8)
        name = text.fit(self.name, 24, field.w - 24, (255, 255, 255))
        surface.blit(name, (field.x + 10, field.centery - name.get_height() // 2))
        if self.editing and int(self.t * 2) % 2 == 0:
            cx = field.x + 12 + name.get_width()
            pygame.draw.line(surface, (255, 255, 255), (cx, field.y + 6), (cx, field.bottom - 6), 2)

    def _draw_rules(self, surface: pygame.Surface, row: Row, focused: bool) -> None:
        name, description, errors = base_info(self.base)
        self._row_panel(surface, row, _("Rules"), focused)
        box = row.value_box
        assert box is not None
        val = text.fit(name, 26, box.w - 70, (255, 255, 255), bold=True)
        surface.blit(val, val.get_rect(center=box.center))
        draw_arrows(surface, row, widgets.GOLD if focused else pygame.Color(200, 200, 210), 10)
        body = say(errors[0]) if errors else description
        ink = widgets.ERROR if errors else (225, 228, 236)
        img = text.render(body, 20, ink, wrap=ABOUT_W)
        surface.blit(img, (row.rect.x + 6, row.rect.bottom + 10))


def _first_person(setup: dict) -> str:
    """The name the last new game gave its first person, else the first default name."""
    seats = setup.get("seats")
    if isinstance(seats, list):
        for i, seat in enumerate(seats):
            if isinstance(seat, dict):
                config = SeatConfig.from_dict(seat, i)
                if not config.is_bot:
                    return config.name[:MAX_NAME]
    return DEFAULT_NAMES[0]
