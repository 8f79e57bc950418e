"""Painting the New game form's rows (game/scenes/setup.py): the choosers with
their ◀ ▶, the Rules row with its description and the House rules heading, a
house rule's box and line, a seat's number, name field and kind (a bot's level
in pips, a human's controller), the errors of the chosen combination and how a
controller takes a seat.

The painter only reads: the form (`NewGame`), the controllers' claims
(`SeatClaims`) and where each row and its arrows are (`Row`,
game/scenes/setup_form.py). What the scene owns (the focus, the seat being
named, the clock, its message) comes with each call. A house rule's row is
read against the chosen base once that pair is loaded (the scene loads a few a
frame); until then the last one read stands in. It shows the house rule's
name and line from its file in the player's language; a house rule that goes
with other rules is greyed and says which it does not go with (turned on, the
combination's errors say why, as Start does), and one whose own file is wrong
shows its first error.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.bots.levels import LEVELS
from game.i18n import _, language, say
from game.play.match import BOT_LEVELS
from game.scenes.pad_seats import SeatClaims
from game.scenes.setup_form import ERROR_SIZE, LIST, ROW_ERROR_SIZE, Row, ellipsize
from game.ui import text, widgets
from game.ui.input import seat_color
from game.ui.new_game import NewGame
from game.ui.rule_catalog import error_messages, house_fit, own_base, try_load

# A bot seat's box, by level: the stronger, the deeper.
LEVEL_FILLS = {
    "random": (70, 80, 100),
    "beginner": (46, 125, 80),
    "basic": (60, 90, 150),
    "strong": (110, 60, 150),
    "expert": (150, 40, 70),
}
# A house rule that does not go with the chosen rules: its name, its line.
GREYED = pygame.Color(135, 142, 158)
GREYED_LINE = pygame.Color(112, 118, 134)
PIP_STEP = 9
DESCRIPTION_HEIGHT = 44  # px between the Rules row and the House rules heading


@dataclass(frozen=True)
class HouseLine:
    """A house rule's row: its name and line in the player's language."""

    name: str  # from its file (its id when the file names it not, or is broken)
    line: str  # what it does; for a rule that goes with other rules, which not
    fits: bool = True  # False: greyed, it does not go with the chosen rules
    errors: tuple[str, ...] = ()  # its own file is wrong: what is wrong


def house_words(base: str, house: str) -> tuple[str, str]:
    """The name and line of what the house rule adds to `base` (from the merged
    `house_rules`), in the player's language; (base, house) loads."""
    combined, _lines = try_load((base, house))
    assert combined is not None
    below, _errors = try_load((base,))
    before = below.model.house_rules if below is not None else {}
    lang = language()
    added = {k: rule for k, rule in combined.model.house_rules.items() if before.get(k) != rule}
    name = " + ".join(rule.shown_name(k, lang) for k, rule in added.items())
    lines = [rule.description.in_language(lang) for rule in added.values()]
    line = " ".join(lines) or combined.model.description.in_language(lang)
    return name or house.removeprefix("house/"), line


def base_info(name: str) -> tuple[str, str, list[str]]:
    """A base rule set's name and description in the player's language, or its errors."""
    rules, errors = try_load((name,))
    if rules is None:
        return name, "", errors
    lang = language()
    return rules.model.name.in_language(lang), rules.model.description.in_language(lang), []


class RowPainter:
    def __init__(self, game: NewGame, claims: SeatClaims, phones_on: Callable[[], bool]) -> None:
        self.game = game
        self.claims = claims
        self.phones_on = phones_on  # hands on phones, a setting of the player's
        self.house_lines: dict[str, HouseLine] = {}  # the last read for each house rule
        # Each row read once per base and language: it is drawn every frame.
        self._read: dict[tuple[str, str, str], HouseLine] = {}
        self.error_box: pygame.Rect | None = None
        self.error_lines: list[str] = []  # the errors drawn, in full

    def house_info(self, house: str) -> HouseLine:
        """What the house rule's row says, in the player's language (see
        `HouseLine`). Until the combinations that tell are loaded (a few per
        frame, see `SetupScene.update`), the last read."""
        base = self.game.base
        key = (base, house, language())
        found = self._read.get(key)
        if found is not None:
            return found
        short = house.removeprefix("house/")
        fit = house_fit(base, house)
        if fit is None:
            return self.house_lines.get(house, HouseLine(short, "..."))
        if fit == "broken":
            found = HouseLine(short, "", errors=tuple(error_messages((base, house))))
        elif fit == "misfit" and try_load((base,))[0] is None:
            # The chosen rules do not load themselves (their error shows above):
            # nothing says this house rule would not go with them.
            found = HouseLine(*house_words(own_base(house), house))
        elif fit == "misfit":
            name, _line = house_words(own_base(house), house)
            rules_name = base_info(base)[0]
            found = HouseLine(name, _("Not with {rules}").format(rules=rules_name), fits=False)
        else:
            found = HouseLine(*house_words(base, house))
        self.house_lines[house] = self._read[key] = found
        return found

    def draw_row(
        self, surface: pygame.Surface, row: Row, focused: bool, editing: int | None, t: float
    ) -> None:
        """One row of the form; `editing` is the seat whose name is being typed, if any."""
        if row.kind == "house":
            # A house rule scrolled half out of the list is cut at the list's edge.
            clip = surface.get_clip()
            surface.set_clip(LIST)
            self._draw_house(surface, row, focused)
            surface.set_clip(clip)
        elif row.kind == "base":
            self._draw_base(surface, row, focused)
        elif row.kind == "players":
            self._draw_players(surface, row, focused)
        elif row.kind == "seat":
            self._draw_seat(surface, row, focused, editing == row.index, t)
        elif row.kind == "target":
            self._chooser(surface, row, _("Play to"), self.game.target_label(), focused)
        elif row.kind == "learn":
            value = _("on") if self.game.learning else _("off")
            self._chooser(surface, row, _("Learn as you play"), value, focused)
        elif row.kind == "phones":
            on = self.phones_on()
            self._chooser(surface, row, _("Hands on phones"), _("on") if on else _("off"), focused)

    def _chooser(
        self, surface: pygame.Surface, row: Row, label: str, value: str, focused: bool
    ) -> None:
        rect = row.rect
        bg = (40, 58, 96, 235) if focused else (22, 30, 50, 220)
        surface.blit(widgets.panel(rect.size, bg, 12), rect)
        lab = text.render(label, 24, widgets.MUTED, bold=True)
        surface.blit(lab, (rect.x + 14, rect.centery - lab.get_height() // 2))
        box = row.value_box
        assert box is not None
        val = text.fit(value, 26, box.w - 70, (255, 255, 255), bold=True)
        surface.blit(val, val.get_rect(center=box.center))
        draw_arrows(surface, row, widgets.GOLD if focused else pygame.Color(200, 200, 210), 10)

    def _draw_base(self, surface: pygame.Surface, row: Row, focused: bool) -> None:
        name, description, errors = base_info(self.game.base)
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
        on = len([h for h in self.game.house_on if h in self.game.house_sets])
        if on:
            img = text.render(_("{n} on").format(n=on), 20, widgets.MUTED)
            surface.blit(img, img.get_rect(topright=(LIST.right, LIST.y - 27)))

    def _draw_house(self, surface: pygame.Surface, row: Row, focused: bool) -> None:
        house = row.extra["house"]
        on = house in self.game.house_on
        info = self.house_info(house)
        bg = (40, 58, 96, 235) if focused else (22, 30, 50, 210)
        surface.blit(widgets.panel(row.rect.size, bg, 10), row.rect)
        box = pygame.Rect(row.rect.x + 12, row.rect.y + 10, 20, 20)
        edge = (255, 255, 255) if info.fits else GREYED
        pygame.draw.rect(surface, edge, box, 2, border_radius=5)
        if on:
            pygame.draw.rect(surface, widgets.GOLD, box.inflate(-8, -8), border_radius=3)
        width = row.rect.width - 56
        ink = (255, 255, 255) if info.fits else GREYED
        label = text.fit(info.name, 21, width, ink, bold=True)
        surface.blit(label, (box.right + 10, row.rect.y + 5))
        if info.errors:
            line = ellipsize(say(info.errors[0]), ROW_ERROR_SIZE, width)
            img = text.render(line, ROW_ERROR_SIZE, widgets.ERROR)
        else:
            img = text.fit(info.line, 17, width, widgets.MUTED if info.fits else GREYED_LINE)
        surface.blit(img, (box.right + 10, row.rect.y + 23))

    def _draw_players(self, surface: pygame.Surface, row: Row, focused: bool) -> None:
        counts = self.game.allowed_counts()
        if counts == list(range(counts[0], counts[-1] + 1)):
            allowed = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
        else:
            allowed = ", ".join(map(str, counts))
        label = _("Players ({allowed})").format(allowed=allowed)
        self._chooser(surface, row, label, str(len(self.game.seats)), focused)

    def _draw_seat(
        self, surface: pygame.Surface, row: Row, focused: bool, editing: bool, t: float
    ) -> None:
        i = row.index
        cfg = self.game.seats[i]
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
        pygame.draw.rect(surface, (8, 12, 22), field_rect, border_radius=8)
        edge = widgets.GOLD if editing else (90, 100, 120)
        pygame.draw.rect(surface, edge, field_rect, 2, border_radius=8)
        name = text.render(cfg.name, 24, (255, 255, 255))
        surface.blit(name, (field_rect.x + 10, field_rect.centery - name.get_height() // 2))
        if editing and int(t * 2) % 2 == 0:
            cx = field_rect.x + 12 + name.get_width()
            pygame.draw.line(
                surface, (255, 255, 255), (cx, field_rect.y + 6), (cx, field_rect.bottom - 6), 2
            )
        box = row.value_box
        assert box is not None
        if cfg.is_bot:
            draw_level(surface, box, cfg.level)
            draw_arrows(surface, row, widgets.GOLD if focused else pygame.Color(220, 220, 230), 8)
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
        draw_arrows(surface, row, widgets.GOLD if focused else pygame.Color(220, 220, 230), 8)

    def draw_errors(self, surface: pygame.Surface, message: str) -> None:
        """The scene's message and the errors of the chosen combination (the
        conflicts), shown before starting: the first three, wrapped, in a panel
        that grows over the list to fit them."""
        lines = ([message] if message else []) + self.game.errors[:3]
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

    def draw_pad_hint(self, surface: pygame.Surface) -> None:
        """How a controller takes a seat, under the seats (between Play to and Start)."""
        line = self.claims.hint_line()
        img = text.fit(line, 18, 580, widgets.MUTED)
        surface.blit(img, img.get_rect(center=(950, 627)))


def draw_arrows(surface: pygame.Surface, row: Row, color: pygame.Color, size: int) -> None:
    """A chooser's ◀ and ▶, where `Row.arrows` puts them (where clicks find them too)."""
    found = row.arrows()
    assert found is not None
    left, right = found
    widgets.draw_arrow(surface, left, 3.1416, size, color)
    widgets.draw_arrow(surface, right, 0, size, color)


def draw_level(surface: pygame.Surface, box: pygame.Rect, level: str) -> None:
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
