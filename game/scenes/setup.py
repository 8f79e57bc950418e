"""New game: the rule set, house rules, seats (human or bot, with names) and the target.

Rule sets are the files under `rules/` (`available_rule_sets`): files directly
there are base sets, files under `rules/house/` are house rules, toggled on top
of the base with their one-line explanation from the merged rules'
`house_rules` mapping. Anything that fails to load is shown as text; the
chosen combination is loaded before Start is allowed, so conflicts show here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.match import BOT_LEVELS, DEFAULT_NAMES, MatchSession, SeatConfig
from game.rules.errors import RuleFileError
from game.rules.loader import available_rule_sets
from game.scenes.base import Scene
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
    TEXT,
    UP,
    WHEEL,
    Command,
)
from game.ui.match_screen import MatchScreen
from game.ui.rule_catalog import try_load

if TYPE_CHECKING:
    from game.app import App

TARGETS = ("default", 100, 200, 300, 500, 1000, "single")
SEAT_KINDS = [("human", "basic")] + [("bot", level) for level in BOT_LEVELS]
MAX_NAME = 14
LIST = pygame.Rect(40, 228, 580, 330)  # the scrolling list of house rules
HOUSE_H = 47

Action = Callable[[], None]


@dataclass
class Row:
    """One line of the form: what arrows, Enter and a click do there."""

    kind: str
    rect: pygame.Rect
    left: Action | None = None
    right: Action | None = None
    activate: Action | None = None
    index: int = 0
    extra: dict = field(default_factory=dict)


class SetupScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        names = available_rule_sets()
        self.base_sets = [n for n in names if not n.startswith("house/")] or ["classic"]
        self.house_sets = [n for n in names if n.startswith("house/")]
        saved = app.settings.setup or {}
        base = saved.get("rules")
        self.base = base if base in self.base_sets else self._default_base()
        self.house_on: list[str] = [h for h in saved.get("house", []) if h in self.house_sets]
        seats = saved.get("seats")
        if isinstance(seats, list) and 2 <= len(seats) <= 10:
            self.seats = [SeatConfig.from_dict(s, i) for i, s in enumerate(seats)]
        else:
            self.seats = [
                SeatConfig(DEFAULT_NAMES[i], "human" if i == 0 else "bot") for i in range(4)
            ]
        target = saved.get("target", "default")
        self.target = target if target in TARGETS else "default"
        self.focus = 0
        self.house_scroll = 0
        self.editing: int | None = None
        self.message = ""
        self.t = 0.0
        self.rows: list[Row] = []
        self.start_button = widgets.Button(
            (1010, 644, 230, 60), "Start", self.start, hint="Enter", color=widgets.BUTTON_HOT
        )
        self.back_button = widgets.Button((40, 644, 180, 60), "Back", self.back, hint="Esc")
        self._clamp_players()
        self._rebuild()

    def _default_base(self) -> str:
        return "classic" if "classic" in self.base_sets else self.base_sets[0]

    # --- the rules chosen ---------------------------------------------------------

    @property
    def combination(self) -> tuple[str, ...]:
        return (self.base, *[h for h in self.house_sets if h in self.house_on])

    @property
    def rules(self):
        return try_load(self.combination)[0]

    @property
    def errors(self) -> list[str]:
        return try_load(self.combination)[1]

    def base_info(self, name: str) -> tuple[str, str, list[str]]:
        rules, errors = try_load((name,))
        if rules is None:
            return name, "", errors
        return rules.model.name, rules.model.description, []

    def house_info(self, house: str) -> tuple[str, list[str]]:
        """The house rule's one-line text (from the merged `house_rules`), or its errors."""
        combined, errors = try_load((self.base, house))
        if combined is None:
            return "", errors
        base, _ = try_load((self.base,))
        before = base.model.house_rules if base is not None else {}
        lines = [t for k, t in combined.model.house_rules.items() if before.get(k) != t]
        return " ".join(lines) or combined.model.description, []

    def _limits(self) -> tuple[int, int]:
        rules = self.rules or try_load((self.base,))[0]
        if rules is None:
            return 2, 10
        return max(2, rules.model.players.min), min(10, rules.model.players.max)

    def _allowed_counts(self) -> list[int]:
        lo, hi = self._limits()
        rules = self.rules or try_load((self.base,))[0]
        only = getattr(rules.model.players, "only", None) if rules is not None else None
        counts = [n for n in range(lo, hi + 1) if not only or n in only]
        return counts or [lo]

    def _clamp_players(self) -> None:
        counts = self._allowed_counts()
        if len(self.seats) in counts:
            return
        want = min(counts, key=lambda n: (abs(n - len(self.seats)), n))
        while len(self.seats) < want:
            self._add_seat()
        while len(self.seats) > want:
            self.seats.pop()

    def _add_seat(self) -> None:
        used = {s.name for s in self.seats}
        name = next((n for n in DEFAULT_NAMES if n not in used), f"Player {len(self.seats) + 1}")
        self.seats.append(SeatConfig(name, "bot"))

    # --- changing things -------------------------------------------------------------

    def cycle_base(self, step: int) -> None:
        i = self.base_sets.index(self.base) if self.base in self.base_sets else 0
        self.base = self.base_sets[(i + step) % len(self.base_sets)]
        self._clamp_players()
        self._rebuild()

    def toggle_house(self, house: str) -> None:
        if house in self.house_on:
            self.house_on.remove(house)
        else:
            self.house_on.append(house)
        self._clamp_players()
        self._rebuild()

    def change_players(self, step: int) -> None:
        counts = self._allowed_counts()
        now = len(self.seats)
        bigger = [n for n in counts if n > now]
        smaller = [n for n in counts if n < now]
        want = (min(bigger) if bigger else now) if step > 0 else (max(smaller) if smaller else now)
        while len(self.seats) < want:
            self._add_seat()
        while len(self.seats) > want:
            self.seats.pop()
        self._rebuild()

    def cycle_kind(self, seat: int, step: int) -> None:
        cfg = self.seats[seat]
        current = (cfg.kind, cfg.level if cfg.is_bot else "basic")
        i = SEAT_KINDS.index(current) if current in SEAT_KINDS else 0
        cfg.kind, cfg.level = SEAT_KINDS[(i + step) % len(SEAT_KINDS)]

    def cycle_target(self, step: int) -> None:
        i = TARGETS.index(self.target) if self.target in TARGETS else 0
        self.target = TARGETS[(i + step) % len(TARGETS)]

    def target_label(self) -> str:
        if self.target == "single":
            return "one round"
        if self.target == "default":
            rules = self.rules
            value = rules.target_for(len(self.seats)) if rules is not None else None
            return f"{value} (rules)" if value else "rules default"
        return str(self.target)

    def start(self) -> None:
        rules = self.rules
        if rules is None:
            self.message = "These rules do not load; see the errors."
            self.app.play("error")
            return
        for seat in self.seats:
            if not seat.name.strip():
                seat.name = DEFAULT_NAMES[self.seats.index(seat)]
        single = self.target == "single"
        target = "default" if self.target in ("default", "single") else self.target
        try:
            session = MatchSession(
                list(self.combination), self.seats, target=target, single_round=single, rules=rules
            )
        except (ValueError, RuleFileError) as exc:
            self.message = str(exc)
            self.app.play("error")
            return
        self.app.settings.setup = {
            "rules": self.base,
            "house": list(self.house_on),
            "seats": [s.to_dict() for s in self.seats],
            "target": self.target,
        }
        self.app.settings.save()
        app = self.app
        screen = MatchScreen(session, app.art, sound=app.play, scale=app.settings.anim_scale)
        app.replace("deal", screen=screen)

    def back(self) -> None:
        self.app.pop()

    # --- layout --------------------------------------------------------------------

    def _rebuild(self) -> None:
        rows: list[Row] = []
        rows.append(
            Row(
                "base",
                pygame.Rect(40, 96, 580, 44),
                lambda: self.cycle_base(-1),
                lambda: self.cycle_base(1),
                lambda: self.cycle_base(1),
            )
        )
        for i, house in enumerate(self.house_sets):
            rect = pygame.Rect(
                LIST.x, LIST.y + i * HOUSE_H - self.house_scroll, LIST.w, HOUSE_H - 6
            )
            rows.append(
                Row(
                    "house",
                    rect,
                    None,
                    None,
                    partial(self.toggle_house, house),
                    index=i,
                    extra={"house": house},
                )
            )
        rows.append(
            Row(
                "players",
                pygame.Rect(660, 96, 580, 44),
                lambda: self.change_players(-1),
                lambda: self.change_players(1),
                lambda: self.change_players(1),
            )
        )
        n = len(self.seats)
        step = min(44, (556 - 150) // max(1, n))
        for i in range(n):
            rows.append(
                Row(
                    "seat",
                    pygame.Rect(660, 150 + i * step, 580, step - 4),
                    partial(self.cycle_kind, i, -1),
                    partial(self.cycle_kind, i, 1),
                    partial(self.edit_name, i),
                    index=i,
                )
            )
        rows.append(
            Row(
                "target",
                pygame.Rect(660, 566, 580, 44),
                lambda: self.cycle_target(-1),
                lambda: self.cycle_target(1),
                lambda: self.cycle_target(1),
            )
        )
        rows.append(Row("start", self.start_button.rect, None, None, self.start))
        self.rows = rows
        self.focus = min(self.focus, len(rows) - 1)
        self.start_button.enabled = self.rules is not None

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

    @property
    def captures_text(self) -> bool:
        """While a name is typed, every key is a letter (M is not mute)."""
        return self.editing is not None

    def edit_name(self, seat: int) -> None:
        self.editing = seat
        pygame.key.start_text_input()

    def stop_editing(self) -> None:
        if self.editing is not None:
            cfg = self.seats[self.editing]
            cfg.name = cfg.name.strip() or DEFAULT_NAMES[self.editing]
        self.editing = None
        pygame.key.stop_text_input()

    # --- input -------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if self.editing is not None:
            return self._handle_editing(event, cmd)
        if cmd is None:
            return False
        name = cmd.name
        row = self.rows[self.focus] if self.rows else None
        if name == UP:
            self.focus = (self.focus - 1) % len(self.rows)
            self._scroll_to_focus()
        elif name == DOWN:
            self.focus = (self.focus + 1) % len(self.rows)
            self._scroll_to_focus()
        elif name == LEFT and row is not None and row.left:
            row.left()
            self._after_change()
        elif name == RIGHT and row is not None and row.right:
            row.right()
            self._after_change()
        elif name in (CONFIRM, PASS) and row is not None:
            if row.activate:
                row.activate()
            if row.kind != "start":
                self._after_change()
        elif name == BACK:
            self.back()
        elif name == CLICK:
            self._click(cmd.pos)
        elif name == MOVE:
            self.start_button.hover = self.start_button.hit(cmd.pos)
            self.back_button.hover = self.back_button.hit(cmd.pos)
        elif name == WHEEL:
            self._scroll_list(cmd.digit or 0)
        else:
            return False
        return True

    def _after_change(self) -> None:
        self.message = ""
        self.app.play("tick")
        self._rebuild()

    def _handle_editing(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        assert self.editing is not None
        cfg = self.seats[self.editing]
        if cmd is not None and cmd.name == TEXT:
            typed = getattr(event, "text", "")
            cfg.name = (cfg.name + typed)[:MAX_NAME]
        elif cmd is not None and cmd.name == BACKSPACE:
            cfg.name = cfg.name[:-1]
        elif cmd is not None and cmd.name in (CONFIRM, BACK, UP, DOWN):
            self.stop_editing()
            if cmd.name in (UP, DOWN):
                return self.handle(event, cmd)
        elif cmd is not None and cmd.name == CLICK:
            self.stop_editing()
            self._click(cmd.pos)
        return True  # every key goes to the name while typing

    def _click(self, pos) -> None:
        if self.back_button.hit(pos):
            self.back()
            return
        if self.start_button.hit(pos):
            self.start()
            return
        for i, row in enumerate(self.rows):
            if not row.rect.collidepoint(pos):
                continue
            if row.kind == "house" and not LIST.collidepoint(pos):
                continue
            self.focus = i
            x = pos[0] - row.rect.x
            if row.kind == "seat":
                if x < 300:
                    self.edit_name(row.index)
                elif x < 340 and row.left:
                    row.left()
                elif row.right:
                    row.right()
            elif row.kind in ("base", "players", "target"):
                if x < row.rect.width // 2 and row.left:
                    row.left()
                elif row.right:
                    row.right()
            elif row.activate:
                row.activate()
            self._after_change()
            return

    def update(self, dt: float) -> None:
        self.t += dt

    # --- drawing -----------------------------------------------------------------------

    def _chooser(self, surface, rect: pygame.Rect, label: str, value: str, focused: bool) -> None:
        bg = (40, 58, 96, 235) if focused else (22, 30, 50, 220)
        surface.blit(widgets.panel(rect.size, bg, 12), rect)
        lab = text.render(label, 24, widgets.MUTED, bold=True)
        surface.blit(lab, (rect.x + 14, rect.centery - lab.get_height() // 2))
        box = pygame.Rect(rect.right - 300, rect.y + 6, 290, rect.h - 12)
        val = text.fit(value, 26, box.w - 70, (255, 255, 255), bold=True)
        surface.blit(val, val.get_rect(center=box.center))
        col = widgets.GOLD if focused else (200, 200, 210)
        widgets.draw_arrow(surface, (box.x + 14, box.centery), 3.1416, 10, col)
        widgets.draw_arrow(surface, (box.right - 14, box.centery), 0, 10, col)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(widgets.backdrop(surface.get_size()), (0, 0))
        title = text.shadowed("New game", 52, (255, 213, 79), bold=True)
        surface.blit(title, (40, 22))
        focus_row = self.rows[self.focus] if self.rows else None
        clip = surface.get_clip()
        for row in self.rows:
            focused = row is focus_row and self.editing is None
            if row.kind == "house":
                surface.set_clip(LIST)
                self._draw_house(surface, row, focused)
                surface.set_clip(clip)
            else:
                getattr(self, "_draw_" + row.kind)(surface, row, focused)
        if not self.house_sets:
            img = text.render("No house rules in rules/house/ yet.", 20, widgets.MUTED)
            surface.blit(img, (LIST.x, LIST.y + 6))
        most = len(self.house_sets) * HOUSE_H - LIST.h
        if most > 0:
            # A scroll bar beside the list.
            bar = pygame.Rect(LIST.right + 6, LIST.y, 6, LIST.h)
            pygame.draw.rect(surface, (40, 50, 70), bar, border_radius=3)
            k = LIST.h / (LIST.h + most)
            knob = pygame.Rect(bar.x, bar.y + round(self.house_scroll * k), 6, round(LIST.h * k))
            pygame.draw.rect(surface, (200, 200, 215), knob, border_radius=3)
        # Errors of the chosen combination: the conflicts, shown before starting.
        errors = self.errors
        if errors or self.message:
            lines = ([self.message] if self.message else []) + errors[:3]
            body = text.render("\n".join(lines), 17, widgets.ERROR, wrap=570)
            box = pygame.Rect(LIST.x, LIST.bottom + 6, LIST.w, min(74, body.get_height() + 12))
            surface.blit(widgets.panel(box.size, (60, 16, 22, 235), 10), box)
            surface.blit(body, (box.x + 8, box.y + 6), pygame.Rect(0, 0, box.w - 16, box.h - 12))
        self.back_button.draw(surface, self.t)
        self.start_button.focused = focus_row is not None and focus_row.kind == "start"
        self.start_button.draw(surface, self.t)
        hint = "Up/Down move, Left/Right change, Enter toggle / edit name / start"
        img = text.render(hint, 18, widgets.MUTED)
        surface.blit(img, img.get_rect(center=(615, 674)))

    def _draw_base(self, surface, row: Row, focused: bool) -> None:
        name, description, errors = self.base_info(self.base)
        self._chooser(surface, row.rect, "Rules", name, focused)
        y = row.rect.bottom + 8
        body = description or ""
        if errors:
            body = errors[0]
        img = text.render(body, 18, widgets.ERROR if errors else (225, 228, 236), wrap=570)
        surface.blit(img, (row.rect.x + 6, y), pygame.Rect(0, 0, 580, 44))
        head = text.render("House rules", 24, (255, 213, 79), bold=True)
        surface.blit(head, (40, LIST.y - 30))
        on = len([h for h in self.house_on if h in self.house_sets])
        if on:
            img = text.render(f"{on} on", 20, widgets.MUTED)
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
        line = errors[0] if errors else info
        color = widgets.ERROR if errors else widgets.MUTED
        img = text.fit(line, 17, row.rect.width - 56, color)
        surface.blit(img, (box.right + 10, row.rect.y + 24))

    def _draw_players(self, surface, row: Row, focused: bool) -> None:
        counts = self._allowed_counts()
        if counts == list(range(counts[0], counts[-1] + 1)):
            allowed = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
        else:
            allowed = ", ".join(map(str, counts))
        self._chooser(surface, row.rect, f"Players ({allowed})", str(len(self.seats)), focused)

    def _draw_seat(self, surface, row: Row, focused: bool) -> None:
        i = row.index
        cfg = self.seats[i]
        rect = row.rect
        bg = (40, 58, 96, 235) if focused else (22, 30, 50, 200)
        surface.blit(widgets.panel(rect.size, bg, 10), rect)
        num = text.render(str(i + 1), 22, widgets.MUTED, bold=True)
        surface.blit(num, (rect.x + 12, rect.centery - num.get_height() // 2))
        field_rect = pygame.Rect(rect.x + 44, rect.y + 4, 250, rect.h - 8)
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
        kind = "Human" if not cfg.is_bot else f"Bot: {cfg.level}"
        box = pygame.Rect(rect.x + 310, rect.y + 4, 260, rect.h - 8)
        color = (229, 57, 53) if not cfg.is_bot else (60, 90, 150)
        pygame.draw.rect(surface, color, box, border_radius=8)
        val = text.render(kind, 22, (255, 255, 255), bold=True)
        surface.blit(val, val.get_rect(center=box.center))
        col = widgets.GOLD if focused else (220, 220, 230)
        widgets.draw_arrow(surface, (box.x + 14, box.centery), 3.1416, 8, col)
        widgets.draw_arrow(surface, (box.right - 14, box.centery), 0, 8, col)

    def _draw_target(self, surface, row: Row, focused: bool) -> None:
        self._chooser(surface, row.rect, "Play to", self.target_label(), focused)

    def _draw_start(self, surface, row: Row, focused: bool) -> None:
        pass  # drawn as a button
