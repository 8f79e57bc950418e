"""New game: the rule set, house rules, seats (human or bot, with names) and the target.

Rule sets are the files under `rules/` (`available_rule_sets`): files directly
there are base sets, files under `rules/house/` are house rules, toggled on top
of the base with their names and one-line explanations from the merged rules'
`house_rules` mapping. Anything that fails to load is shown as text; the
chosen combination is loaded before Start is allowed, so conflicts show here.
A house rule that does not go with the chosen base is greyed; focused, the
line under the form says so, and turned on, the error box says why.

The form has one focus, moved by the keys and by the pointer alike. A ◀ or ▶
acts where it is drawn (each chooser's arrows are laid out once, for drawing
and for clicks). A name field, while it is being typed in, takes every
printable key; Enter or Esc finishes it. A base rule set is shown as soon as it
is chosen; the house rules' lines are read against it a few per frame after.

Controllers claim seats here: A on a free controller takes a seat, B gives it
back (`SeatClaims`, game/scenes/pad_seats.py).

The scene keeps the form's state and its input; the rows are painted by
`RowPainter` (game/scenes/setup_rows.py), from the form and the claims.
"""

from __future__ import annotations

import pygame

from game.bots.levels import LEVELS
from game.i18n import _
from game.phones.link import match_screen
from game.play.match import MatchSession
from game.rules.errors import RuleFileError
from game.rules.names import available_rule_sets
from game.scenes.base import Scene
from game.scenes.deal import DealScene
from game.scenes.pad_seats import SeatClaims
from game.scenes.phones import PhonesScene
from game.scenes.rule_lab import RuleLabScene
from game.scenes.services import MatchApp
from game.scenes.setup_form import HOUSE_H, LIST, Row, form_rows
from game.scenes.setup_rows import RowPainter, base_info
from game.ui import text, widgets
from game.ui.input import (
    BACK,
    BACKSPACE,
    CLICK,
    CONFIRM,
    DOWN,
    LEFT,
    MOVE,
    PAGE,
    PASS,
    RIGHT,
    UP,
    WHEEL,
    Command,
)
from game.ui.new_game import MAX_NAME, NewGame
from game.ui.prompts import paged
from game.ui.rule_catalog import to_load, try_load

HINT_W = 760  # the line under the form, between Back and Start


class SetupScene(Scene):
    def __init__(self, app: MatchApp) -> None:
        self.app = app
        self.game = NewGame(
            available_rule_sets(), app.settings.setup or {}, app.saves.stats.first_match
        )
        self.focus = 0
        self.house_scroll = 0
        self.editing: int | None = None
        self.message = ""
        self.t = 0.0
        self.rows: list[Row] = []
        self.start_button = widgets.Button(
            (1010, 644, 230, 60), _("Start"), self.start, chip=CONFIRM, color=widgets.BUTTON_HOT
        )
        self.back_button = widgets.Button((40, 644, 180, 60), _("Back"), self.back, chip=BACK)
        # The rule lab, beside the House rules heading: it asks about the whole mix.
        self.lab_button = widgets.Button(
            (LIST.x + 200, LIST.y - 36, 300, 30), _("What does this do?"), self.open_lab, size=18
        )
        self.claims = SeatClaims(app, self.game, self._after_change)
        self.painter = RowPainter(self.game, self.claims, lambda: app.settings.phones)
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
        clash = game.name_clash()
        if clash is not None:
            self.message = _("Two seats are called {name}: give one of them another name").format(
                name=clash
            )
            self.app.play("error")
            return
        single = game.target == "single"
        target = "default" if game.target in ("default", "single") else game.target
        try:
            session = MatchSession(
                list(game.combination),
                seats,
                target=target,
                single_round=single,
                rules=rules,
                learning=game.learning,
                per_seat=self.app.settings.phones,
            )
        except (ValueError, RuleFileError) as exc:
            self.message = str(exc)
            self.app.play("error")
            return
        self.app.settings.setup = game.saved()
        self.app.settings.save()
        app = self.app
        screen = match_screen(app, session)
        app.replace(DealScene(app, screen=screen))
        if screen.phones is not None:
            app.push(PhonesScene(app, screen=screen))

    def back(self) -> None:
        self.app.pop()

    def open_lab(self) -> None:
        """Bots play the chosen mix against classic (game/scenes/rule_lab.py)."""
        if self.rules is None:
            self.message = _("These rules do not load; see the errors.")
            self.app.play("error")
            return
        game = self.game
        title = " + ".join([base_info(game.base)[0], *self._house_names()])
        humans = sum(1 for seat in game.seats if not seat.is_bot)
        self.app.push(
            RuleLabScene(
                self.app,
                rules=tuple(game.combination),
                players=len(game.seats),
                humans=humans,
                title=title,
            )
        )

    def _house_names(self) -> list[str]:
        on = [h for h in self.house_sets if h in self.house_on]
        return [self.painter.house_info(h).name for h in on]

    def toggle_phones(self) -> None:
        """Hands on phones, on or off: the same setting as in Settings."""
        settings = self.app.settings
        settings.phones = not settings.phones
        settings.save()

    # --- layout ---------------------------------------------------------------------

    def _rebuild(self) -> None:
        self.rows = form_rows(
            self.game,
            self.house_scroll,
            edit_name=self.edit_name,
            phones=self.toggle_phones,
            back=(self.back_button.rect, self.back),
            start=(self.start_button.rect, self.start),
        )
        self.rows.insert(1, Row("lab", self.lab_button.rect, activate=self.open_lab))
        self.focus = min(self.focus, len(self.rows) - 1)
        self.start_button.enabled = self.rules is not None
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        kind = self.rows[self.focus].kind if self.rows else ""
        self.start_button.focused = kind == "start" and self.editing is None
        self.back_button.focused = kind == "back" and self.editing is None
        self.lab_button.focused = kind == "lab" and self.editing is None

    def other_column(self) -> None:
        """Tab, PageUp/PageDown, a controller's LB/RB: from the rules' column to
        the first seat, from the seats' column back to the rule set, past the
        house rules' long list."""
        kinds = [row.kind for row in self.rows]
        here = self.rows[self.focus].kind if self.rows else ""
        to = "base" if here in ("players", "seat", "target") else "seat"
        if to in kinds:
            self._focus(kinds.index(to))
            self.app.play("tick")

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
            if row.kind in ("start", "back", "lab") and not self._button(row).hit(pos):
                continue
            return i
        return None

    def _button(self, row: Row) -> widgets.Button:
        buttons = {"start": self.start_button, "lab": self.lab_button}
        return buttons.get(row.kind, self.back_button)

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
            lacking = text.missing_letters(typed)
            if lacking:
                # They would draw as nothing, here and at the table.
                self.message = _("Couch UNO cannot draw some of those letters: they were left out")
                self.app.play("error")
                typed = "".join(ch for ch in typed if ch not in lacking)
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
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.other_column()
            return True
        if cmd is None:
            return False
        if cmd.from_pad and self.claims.handle(cmd):
            return True
        cmd = paged(cmd)  # a controller's LB/RB: as PageUp/PageDown
        name = cmd.name
        if name == PAGE:
            self.other_column()
            return True
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
            if row.kind not in ("start", "back", "lab"):
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
        if row.kind in ("start", "back", "lab"):
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
        # Read the house rules against the chosen base, one combination per
        # frame, the ones on screen first (the first load of a pair parses its
        # files); one that does not load there, against its own base too.
        visible = [
            r.extra["house"] for r in self.rows if r.kind == "house" and r.rect.colliderect(LIST)
        ]
        for house in visible + self.house_sets:
            needed = to_load(self.base, house)
            if needed is not None:
                try_load(needed)
                break

    # --- drawing --------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(widgets.backdrop(surface.get_size()), (0, 0))
        title = text.shadowed(_("New game"), 52, (255, 213, 79), bold=True)
        surface.blit(title, (40, 22))
        focus_row = self.rows[self.focus] if self.rows else None
        for row in self.rows:
            focused = row is focus_row and self.editing is None
            self.painter.draw_row(surface, row, focused, self.editing, self.t)
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
        self.painter.draw_errors(surface, self.message)
        self.painter.draw_pad_hint(surface)
        self.back_button.draw(surface, self.t)
        self.start_button.draw(surface, self.t)
        self.lab_button.draw(surface, self.t)
        hint = self.footer_line()
        img = text.render(hint, 18, widgets.MUTED, wrap=HINT_W)
        surface.blit(img, img.get_rect(center=(615, 674)))

    def footer_line(self) -> str:
        """The line under the form: how to use it, or how the focused bot plays."""
        if self.editing is not None:
            return self.app.prompts.words(
                _("Type the name; Enter or Esc when done"),
                _("Type the name on the keyboard; A or B on a controller when done"),
            )
        row = self.rows[self.focus] if self.rows else None
        if row is not None and row.kind == "house":
            info = self.painter.house_info(row.extra["house"])
            if not info.fits:
                rules = base_info(self.base)[0]
                if row.extra["house"] in self.house_on:
                    # On, the box above Back already says why.
                    return _("“{rule}” does not go with {rules}: turn it off to start.").format(
                        rule=info.name, rules=rules
                    )
                return _("“{rule}” does not go with {rules}; turn it on to see why.").format(
                    rule=info.name, rules=rules
                )
        if row is not None and row.kind == "learn":
            return _(
                "Learn as you play: the table stops when a rule first matters and says "
                "what it does. On for someone's first match."
            )
        if row is not None and row.kind == "seat" and row.index < len(self.seats):
            seat = self.seats[row.index]
            if seat.is_bot and seat.level in LEVELS:
                level = LEVELS[seat.level]
                return _("{level} bot: {how}").format(level=_(level.title), how=_(level.blurb))
        return self.app.prompts.words(
            _(
                "Up/Down move, Left/Right change, Tab seats / rules, "
                "Enter toggle / edit name / start"
            ),
            _(
                "D-pad up/down move, left/right change, LB/RB seats / rules, "
                "A toggle / edit name / start"
            ),
        )
