"""New game: the rule set, house rules, seats (human or bot, with names) and the target.

Rule sets are the files under `rules/` (`available_rule_sets`): files directly
there are base sets, files under `rules/house/` are house rules, toggled on top
of the base with their one-line explanation from the merged rules'
`house_rules` mapping. Anything that fails to load is shown as text; the
chosen combination is loaded before Start is allowed, so conflicts show here.

The form has one focus, moved by the keys and by the pointer alike. A ◀ or ▶
acts where it is drawn (each chooser's arrows are laid out once, for drawing
and for clicks). A name field, while it is being typed in, takes every
printable key; Enter or Esc finishes it. A base rule set is shown as soon as it
is chosen; the house rules' lines are read against it a few per frame after.

Controllers claim seats here: A on a free controller takes a seat, B gives it
back (`SeatClaims`, game/scenes/pad_seats.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.bots.levels import LEVELS
from game.i18n import _, language, say
from game.match import BOT_LEVELS, MatchSession
from game.rules.errors import RuleFileError
from game.rules.names import available_rule_sets
from game.scenes.base import Scene
from game.scenes.pad_seats import SeatClaims
from game.scenes.setup_form import (
    ERROR_SIZE,
    HOUSE_H,
    LIST,
    ROW_ERROR_SIZE,
    Row,
    ellipsize,
    form_rows,
)
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
    WHEEL,
    Command,
    seat_color,
)
from game.ui.match_screen import MatchScreen
from game.ui.new_game import MAX_NAME, NewGame
from game.ui.rule_catalog import error_messages, is_loaded, try_load

if TYPE_CHECKING:
    from game.app import App

# A bot seat's box, by level: the stronger, the deeper.
LEVEL_FILLS = {
    "random": (70, 80, 100),
    "beginner": (46, 125, 80),
    "basic": (60, 90, 150),
    "strong": (110, 60, 150),
    "expert": (150, 40, 70),
}
PIP_STEP = 9
HINT_W = 760  # the line under the form, between Back and Start


DESCRIPTION_HEIGHT = 44  # px between the Rules row and the House rules heading


class SetupScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.game = NewGame(available_rule_sets(), app.settings.setup or {})
        self.focus = 0
        self.house_scroll = 0
        self.editing: int | None = None
        self.message = ""
        self.t = 0.0
        self.rows: list[Row] = []
        self.start_button = widgets.Button(
            (1010, 644, 230, 60), _("Start"), self.start, hint="Enter", color=widgets.BUTTON_HOT
        )
        self.back_button = widgets.Button((40, 644, 180, 60), _("Back"), self.back, hint="Esc")
        self.house_text: dict[str, str] = {}  # last line read for each house rule
        self.error_box: pygame.Rect | None = None
        self.error_lines: list[str] = []  # the errors drawn, in full
        self.claims = SeatClaims(app, self.game, self._after_change)
        self._rebuild()
        self.claims.sync()

    # --- what the form edits --------------------------------------------------------

    @property
    def seats(self):
        return self.game.seats

    @property
    def base(self) -> str:
        return self.game.base

    @property
    def base_sets(self) -> list[str]:
        return self.game.base_sets

    @property
    def house_sets(self) -> list[str]:
        return self.game.house_sets

    @property
    def house_on(self) -> list[str]:
        return self.game.house_on

    @property
    def target(self) -> int | str:
        return self.game.target

    @property
    def rules(self):
        return self.game.rules

    @property
    def errors(self) -> list[str]:
        return self.game.errors

    def base_info(self, name: str) -> tuple[str, str, list[str]]:
        rules, errors = try_load((name,))
        if rules is None:
            return name, "", errors
        lang = language()
        return rules.model.name.in_language(lang), rules.model.description.in_language(lang), []

    def house_info(self, house: str) -> tuple[str, list[str]]:
        """The house rule's one-line text (from the merged `house_rules`), or its errors.
        Until the pair is loaded (a few per frame, see `update`), the last line read."""
        pair = (self.base, house)
        if not is_loaded(pair):
            return self.house_text.get(house, "..."), []
        combined, _lines = try_load(pair)
        if combined is None:
            return "", error_messages(pair)
        base, _errors = try_load((self.base,))
        before = base.model.house_rules if base is not None else {}
        lang = language()
        lines = [
            t.in_language(lang) for k, t in combined.model.house_rules.items() if before.get(k) != t
        ]
        line = " ".join(lines) or combined.model.description.in_language(lang)
        self.house_text[house] = line
        return line, []

    # --- changing things ------------------------------------------------------------

    def start(self) -> None:
        rules = self.rules
        if rules is None:
            self.message = _("These rules do not load; see the errors.")
            self.app.play("error")
            return
        game = self.game
        seats = game.seats
        for i in range(len(seats)):
            game.finish_name(i)
        self.claims.sync()
        single = game.target == "single"
        target = "default" if game.target in ("default", "single") else game.target
        try:
            session = MatchSession(
                list(game.combination), seats, target=target, single_round=single, rules=rules
            )
        except (ValueError, RuleFileError) as exc:
            self.message = str(exc)
            self.app.play("error")
            return
        self.app.settings.setup = game.saved()
        self.app.settings.save()
        app = self.app
        screen = MatchScreen(session, app.art, app.settings, sound=app.play)
        app.replace("deal", screen=screen)

    def back(self) -> None:
        self.app.pop()

    # --- layout ---------------------------------------------------------------------

    def _rebuild(self) -> None:
        self.rows = form_rows(
            self.game,
            self.house_scroll,
            edit_name=self.edit_name,
            back=(self.back_button.rect, self.back),
            start=(self.start_button.rect, self.start),
        )
        self.focus = min(self.focus, len(self.rows) - 1)
        self.start_button.enabled = self.rules is not None
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        kind = self.rows[self.focus].kind if self.rows else ""
        self.start_button.focused = kind == "start" and self.editing is None
        self.back_button.focused = kind == "back" and self.editing is None

    def _focus(self, index: int) -> None:
        self.focus = index % len(self.rows)
        self._scroll_to_focus()
        self._sync_buttons()

    def _scroll_to_focus(self) -> None:
        """Keep the focused house rule inside the list box."""
        row = self.rows[self.focus] if self.rows else None
        if row is None or row.kind != "house":
            return
        top = row.index * HOUSE_H
        if top < self.house_scroll:
            self.house_scroll = top
        elif top + HOUSE_H > self.house_scroll + LIST.h:
            self.house_scroll = top + HOUSE_H - LIST.h
        self._rebuild()

    def _scroll_list(self, step: int) -> None:
        most = max(0, len(self.house_sets) * HOUSE_H - LIST.h)
        self.house_scroll = max(0, min(most, self.house_scroll - step * HOUSE_H))
        self._rebuild()

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        for i, row in enumerate(self.rows):
            if not row.rect.collidepoint(pos):
                continue
            if row.kind == "house" and not LIST.collidepoint(pos):
                continue
            if row.kind in ("start", "back") and not self._button(row).hit(pos):
                continue
            return i
        return None

    def _button(self, row: Row) -> widgets.Button:
        return self.start_button if row.kind == "start" else self.back_button

    # --- typing a name --------------------------------------------------------------

    @property
    def captures_text(self) -> bool:
        """While a name is typed, every key is a letter (M is not mute)."""
        return self.editing is not None

    def edit_name(self, seat: int) -> None:
        self.editing = seat
        self._sync_buttons()
        pygame.key.start_text_input()

    def stop_editing(self) -> None:
        if self.editing is not None and self.editing < len(self.seats):
            self.game.finish_name(self.editing)
            self.claims.sync()
        self.editing = None
        self._sync_buttons()
        pygame.key.stop_text_input()

    def _handle_editing(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        """Every key belongs to the name field: letters come as TEXTINPUT (any
        script, any keyboard layout), Backspace deletes, Enter or Esc finishes."""
        seat = self.editing
        assert seat is not None
        if event.type == pygame.TEXTINPUT:
            typed = "".join(ch for ch in str(getattr(event, "text", "")) if ch.isprintable())
            name = self.seats[seat].name
            if len(name) < MAX_NAME:
                self.game.name_seat(seat, name + typed)
            return True
        if cmd is None:
            return True
        if cmd.name == BACKSPACE:
            self.game.name_seat(seat, self.seats[seat].name[:-1])
        elif cmd.name in (CONFIRM, BACK) or (cmd.name == PASS and cmd.from_pad):
            self.stop_editing()
        elif cmd.name == CLICK:
            self.stop_editing()
            self._click(cmd.pos)
        return True

    # --- input ----------------------------------------------------------------------

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if self.editing is not None:
            return self._handle_editing(event, cmd)
        if cmd is None:
            return False
        if cmd.from_pad and self.claims.handle(cmd):
            return True
        name = cmd.name
        row = self.rows[self.focus] if self.rows else None
        if name == UP:
            self._focus(self.focus - 1)
        elif name == DOWN:
            self._focus(self.focus + 1)
        elif name == LEFT and row is not None and row.left:
            row.left()
            self._after_change()
        elif name == RIGHT and row is not None and row.right:
            row.right()
            self._after_change()
        elif name == BACK or (name == PASS and cmd.from_pad):
            self.back()
        elif name in (CONFIRM, PASS) and row is not None:
            if row.activate:
                row.activate()
            if row.kind not in ("start", "back"):
                self._after_change()
        elif name == CLICK:
            self._click(cmd.pos)
        elif name == MOVE:
            index = self._row_at(cmd.pos)
            if index is not None and index != self.focus:
                self.focus = index
                self._sync_buttons()
        elif name == WHEEL:
            self._scroll_list(cmd.digit or 0)
        else:
            return False
        return True

    def _after_change(self) -> None:
        self.message = ""
        self.app.play("tick")
        self._rebuild()
        self.claims.sync()

    def _click(self, pos: tuple[int, int]) -> None:
        index = self._row_at(pos)
        if index is None:
            return
        row = self.rows[index]
        self.focus = index
        self._sync_buttons()
        if row.kind in ("start", "back"):
            if row.activate:
                row.activate()
            return
        step = row.arrow_at(pos)
        if step < 0 and row.left:
            row.left()
        elif step > 0 and row.right:
            row.right()
        elif row.kind == "seat" and row.name_field.collidepoint(pos):
            self.edit_name(row.index)
            return
        elif row.kind == "house" and row.activate:
            row.activate()
        else:
            return  # a click on a row's label only focuses it
        self._after_change()

    def update(self, dt: float) -> None:
        self.t += dt
        # Read the house rules against the chosen base, one pair per frame, the
        # ones on screen first (the first load of a pair parses its files).
        visible = [
            r.extra["house"] for r in self.rows if r.kind == "house" and r.rect.colliderect(LIST)
        ]
        for house in visible + self.house_sets:
            if not is_loaded((self.base, house)):
                try_load((self.base, house))
                break

    # --- drawing --------------------------------------------------------------------

    def _chooser(self, surface, row: Row, label: str, value: str, focused: bool) -> None:
        rect = row.rect
        bg = (40, 58, 96, 235) if focused else (22, 30, 50, 220)
        surface.blit(widgets.panel(rect.size, bg, 12), rect)
        lab = text.render(label, 24, widgets.MUTED, bold=True)
        surface.blit(lab, (rect.x + 14, rect.centery - lab.get_height() // 2))
        box = row.value_box
        assert box is not None
        val = text.fit(value, 26, box.w - 70, (255, 255, 255), bold=True)
        surface.blit(val, val.get_rect(center=box.center))
        self._arrows(surface, row, widgets.GOLD if focused else pygame.Color(200, 200, 210), 10)

    @staticmethod
    def _arrows(surface, row: Row, color, size: int) -> None:
        found = row.arrows()
        assert found is not None
        left, right = found
        widgets.draw_arrow(surface, left, 3.1416, size, color)
        widgets.draw_arrow(surface, right, 0, size, color)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(widgets.backdrop(surface.get_size()), (0, 0))
        title = text.shadowed(_("New game"), 52, (255, 213, 79), bold=True)
        surface.blit(title, (40, 22))
        focus_row = self.rows[self.focus] if self.rows else None
        clip = surface.get_clip()
        for row in self.rows:
            focused = row is focus_row and self.editing is None
            if row.kind == "house":
                surface.set_clip(LIST)
                self._draw_house(surface, row, focused)
                surface.set_clip(clip)
            elif row.kind == "base":
                self._draw_base(surface, row, focused)
            elif row.kind == "players":
                self._draw_players(surface, row, focused)
            elif row.kind == "seat":
                self._draw_seat(surface, row, focused)
            elif row.kind == "target":
                self._chooser(surface, row, _("Play to"), self.game.target_label(), focused)
        if not self.house_sets:
            img = text.render(_("No house rules in rules/house/ yet."), 20, widgets.MUTED)
            surface.blit(img, (LIST.x, LIST.y + 6))
        most = len(self.house_sets) * HOUSE_H - LIST.h
        if most > 0:
            # A scroll bar beside the list.
            bar = pygame.Rect(LIST.right + 6, LIST.y, 6, LIST.h)
            pygame.draw.rect(surface, (40, 50, 70), bar, border_radius=3)
            k = LIST.h / (LIST.h + most)
            knob = pygame.Rect(bar.x, bar.y + round(self.house_scroll * k), 6, round(LIST.h * k))
            pygame.draw.rect(surface, (200, 200, 215), knob, border_radius=3)
        self._draw_errors(surface)
        self._draw_pad_hint(surface)
        self.back_button.draw(surface, self.t)
        self.start_button.draw(surface, self.t)
        hint = self.footer_line()
        img = text.render(hint, 18, widgets.MUTED, wrap=HINT_W)
        surface.blit(img, img.get_rect(center=(615, 674)))

    def footer_line(self) -> str:
        """The line under the form: how to use it, or how the focused bot plays."""
        if self.editing is not None:
            return _("Type the name; Enter or Esc when done")
        row = self.rows[self.focus] if self.rows else None
        if row is not None and row.kind == "seat" and row.index < len(self.seats):
            seat = self.seats[row.index]
            if seat.is_bot and seat.level in LEVELS:
                level = LEVELS[seat.level]
                return _("{level} bot: {how}").format(level=_(level.title), how=_(level.blurb))
        return _("Up/Down move, Left/Right change, Enter toggle / edit name / start")

    def _draw_errors(self, surface: pygame.Surface) -> None:
        """The errors of the chosen combination (the conflicts), shown before starting:
        the first three, wrapped, in a panel that grows over the list to fit them."""
        lines = ([self.message] if self.message else []) + self.errors[:3]
        self.error_lines = lines
        if not lines:
            self.error_box = None
            return
        body = text.render(
            "\n".join(say(line) for line in lines), ERROR_SIZE, widgets.ERROR, wrap=LIST.w - 20
        )
        height = min(body.get_height() + 14, 640 - 150)
        box = pygame.Rect(LIST.x, 638 - height, LIST.w, height)
        self.error_box = box
        surface.blit(widgets.panel(box.size, (60, 16, 22, 245), 10), box)
        surface.blit(body, (box.x + 10, box.y + 7), pygame.Rect(0, 0, box.w - 20, box.h - 14))

    def _draw_base(self, surface, row: Row, focused: bool) -> None:
        name, description, errors = self.base_info(self.base)
        self._chooser(surface, row, _("Rules"), name, focused)
        y = row.rect.bottom + 8
        body = description or ""
        if errors:
            body = say(errors[0])
        size = ROW_ERROR_SIZE if errors else 18
        ink = widgets.ERROR if errors else (225, 228, 236)
        img = text.render(body, size, ink, wrap=570)
        # Large text would push the second line under "House rules": smaller
        # type keeps the whole description in its two lines (renders are cached).
        while img.get_height() > DESCRIPTION_HEIGHT and size > 12:
            size -= 1
            img = text.render(body, size, ink, wrap=570)
        surface.blit(img, (row.rect.x + 6, y), pygame.Rect(0, 0, 580, DESCRIPTION_HEIGHT))
        head = text.render(_("House rules"), 24, (255, 213, 79), bold=True)
        surface.blit(head, (40, LIST.y - 30))
        on = len([h for h in self.house_on if h in self.house_sets])
        if on:
            img = text.render(_("{n} on").format(n=on), 20, widgets.MUTED)
            surface.blit(img, img.get_rect(topright=(LIST.right, LIST.y - 27)))

    def _draw_house(self, surface, row: Row, focused: bool) -> None:
        house = row.extra["house"]
        on = house in self.house_on
        bg = (40, 58, 96, 235) if focused else (22, 30, 50, 210)
        surface.blit(widgets.panel(row.rect.size, bg, 10), row.rect)
        box = pygame.Rect(row.rect.x + 12, row.rect.y + 10, 20, 20)
        pygame.draw.rect(surface, (255, 255, 255), box, 2, border_radius=5)
        if on:
            pygame.draw.rect(surface, widgets.GOLD, box.inflate(-8, -8), border_radius=3)
        label = text.render(house.removeprefix("house/"), 21, (255, 255, 255), bold=True)
        surface.blit(label, (box.right + 10, row.rect.y + 5))
        info, errors = self.house_info(house)
        width = row.rect.width - 56
        if errors:
            img = text.render(
                ellipsize(say(errors[0]), ROW_ERROR_SIZE, width), ROW_ERROR_SIZE, widgets.ERROR
            )
        else:
            img = text.fit(info, 17, width, widgets.MUTED)
        surface.blit(img, (box.right + 10, row.rect.y + 23))

    def _draw_players(self, surface, row: Row, focused: bool) -> None:
        counts = self.game.allowed_counts()
        if counts == list(range(counts[0], counts[-1] + 1)):
            allowed = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
        else:
            allowed = ", ".join(map(str, counts))
        label = _("Players ({allowed})").format(allowed=allowed)
        self._chooser(surface, row, label, str(len(self.seats)), focused)

    def _draw_seat(self, surface, row: Row, focused: bool) -> None:
        i = row.index
        cfg = self.seats[i]
        rect = row.rect
        claim = self.claims.claim_of(i)
        bg = (40, 58, 96, 235) if focused else (22, 30, 50, 200)
        surface.blit(widgets.panel(rect.size, bg, 10), rect)
        color = seat_color(i)
        if claim is not None:
            pygame.draw.rect(surface, color, rect, 2, border_radius=10)
        # The seat's number on its colour: a claimed controller's light shows the same.
        dot = (rect.x + 22, rect.centery)
        radius = min(14, rect.h // 2 - 3)
        if claim is not None:
            pygame.draw.circle(surface, color, dot, radius)
            ink = widgets.INK if sum(color) > 450 else pygame.Color(255, 255, 255)
        else:
            pygame.draw.circle(surface, color, dot, radius, 2)
            ink = widgets.MUTED
        num = text.render(str(i + 1), 20 if i < 9 else 16, ink, bold=True)
        surface.blit(num, num.get_rect(center=dot))
        field_rect = row.name_field
        editing = self.editing == i
        pygame.draw.rect(surface, (8, 12, 22), field_rect, border_radius=8)
        edge = widgets.GOLD if editing else (90, 100, 120)
        pygame.draw.rect(surface, edge, field_rect, 2, border_radius=8)
        name = text.render(cfg.name, 24, (255, 255, 255))
        surface.blit(name, (field_rect.x + 10, field_rect.centery - name.get_height() // 2))
        if editing and int(self.t * 2) % 2 == 0:
            cx = field_rect.x + 12 + name.get_width()
            pygame.draw.line(
                surface, (255, 255, 255), (cx, field_rect.y + 6), (cx, field_rect.bottom - 6), 2
            )
        box = row.value_box
        assert box is not None
        if cfg.is_bot:
            self._draw_level(surface, box, cfg.level)
            self._arrows(surface, row, widgets.GOLD if focused else pygame.Color(220, 220, 230), 8)
            return
        kind = _("Human")
        pygame.draw.rect(surface, (229, 57, 53), box, border_radius=8)
        if claim is None:
            val = text.render(kind, 22, (255, 255, 255), bold=True)
            surface.blit(val, val.get_rect(center=box.center))
        else:
            # Human, and on which controller (or that it waits for one).
            val = text.render(kind, 18, (255, 255, 255), bold=True)
            under = _("waiting for its controller") if claim.lost else claim.pad_name
            pad = text.fit(under, 14, box.w - 70, (255, 236, 179))
            height = val.get_height() + pad.get_height() - 2
            top = box.centery - height // 2
            surface.blit(val, val.get_rect(midtop=(box.centerx, top)))
            surface.blit(pad, pad.get_rect(midtop=(box.centerx, top + val.get_height() - 2)))
        self._arrows(surface, row, widgets.GOLD if focused else pygame.Color(220, 220, 230), 8)

    @staticmethod
    def _draw_level(surface: pygame.Surface, box: pygame.Rect, level: str) -> None:
        """A bot seat's value: its level in words, and as pips (one per level
        from the weakest) so the levels read at a glance down the list."""
        rank = BOT_LEVELS.index(level) + 1 if level in BOT_LEVELS else 0
        pygame.draw.rect(surface, LEVEL_FILLS.get(level, (60, 90, 150)), box, border_radius=8)
        pips_w = len(BOT_LEVELS) * PIP_STEP
        val = text.fit(
            _("Bot · {level}").format(level=_(LEVELS[level].title)),
            22,
            box.w - 70 - pips_w - 8,
            (255, 255, 255),
            bold=True,
        )
        left = box.centerx - (val.get_width() + 8 + pips_w) // 2
        surface.blit(val, val.get_rect(midleft=(left, box.centery)))
        x = left + val.get_width() + 8 + PIP_STEP // 2
        for i in range(len(BOT_LEVELS)):
            centre = (x + i * PIP_STEP, box.centery)
            pygame.draw.circle(surface, (255, 255, 255), centre, 3, 0 if i < rank else 1)

    def _draw_pad_hint(self, surface: pygame.Surface) -> None:
        """How a controller takes a seat, under the seats (between Play to and Start)."""
        line = self.claims.hint_line()
        img = text.fit(line, 18, 580, widgets.MUTED)
        surface.blit(img, img.get_rect(center=(950, 627)))
