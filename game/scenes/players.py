"""Players: each person's numbers across matches (game/player_files/stats.py).

A column for each field of a player's entry declared shown there (matches
won and played, rounds won and played, UNO calls made, UNO calls missed, or
caught with one card, others caught), and the rule set played most.
People are counted by the name they sit under; bots are not counted. If the
statistics file was damaged, the screen says so (it was kept aside, and
what could be read of it is kept).
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.i18n import _, language, say
from game.player_files.stats import rule_names, shown_cells, shown_fields
from game.scenes.base import Closes, KeyPrompts, Saves, Scene
from game.ui import rule_catalog, text, widgets
from game.ui.input import BACK, CLICK, CONFIRM, DOWN, PAGE, PASS, UP, WHEEL, Command
from game.ui.prompts import paged

BOX = pygame.Rect(60, 118, 1160, 548)
NOTICE_CLEAR = 170  # room kept right of a notice for the rows' count
NOTICE_ROWS = 2  # rows a notice takes from the table
ROW = 40
GOLD = (255, 213, 79)
# Under the headings: faint white on the panel, mixed by hand since pygame.draw
# writes a colour's alpha as is on the screen (it drew solid white).
RULE_LINE = (73, 78, 90)
NAME_X = 24  # the name column's start, from the panel's left
NAME_ROOM, LEAST_NAME_ROOM = 340, 220  # its width, and the least it gives up room to
RULES_X = 920  # where the favourite rule set's column starts
FAVOURITE_ROOM = BOX.w - 24 - RULES_X
# The number columns share the room between the names and the favourite rule set.
NUMBERS_START, NUMBERS_END = NAME_X + NAME_ROOM + 16, RULES_X - 40
GAP = 8  # the least room between two columns
VALUE_ROOM = "999 / 999"  # the widest value a column makes room for
HEAD_SIZE, VALUE_SIZE = 22, 24


def number_columns() -> list[tuple[str, int, int]]:
    """The number columns, one per field of a player's entry declared shown
    (game/player_files/stats.py), in order: each its heading in the language
    of the moment, its width, and the x (from the panel's left) it ends at.
    Each is as wide as its heading or a value needs, and what room is left
    is shared out; too little, and the names give up room, down to
    `LEAST_NAME_ROOM` (then each column gives up alike: its heading is drawn
    smaller, `text.fit`)."""
    heads = [_(shown.heading) for _name, shown in shown_fields()]
    value = text.width(VALUE_ROOM, VALUE_SIZE)
    wants = [max(text.width(head, HEAD_SIZE, True), value) + GAP for head in heads]
    least_start = NAME_X + LEAST_NAME_ROOM + 16
    start = max(least_start, min(NUMBERS_START, NUMBERS_END - sum(wants)))
    share = (NUMBERS_END - start - sum(wants)) / max(1, len(wants))
    columns, end = [], float(start)
    for head, wanted in zip(heads, wants, strict=True):
        end += wanted + share
        columns.append((head, round(wanted + share), round(end)))
    return columns


def name_room(columns: list[tuple[str, int, int]]) -> int:
    """The width the names are drawn in, left of the number columns."""
    if not columns:
        return NAME_ROOM
    _head, room, end = columns[0]
    return end - room - 16 - NAME_X


def favourite_image(label: str) -> pygame.Surface:
    """A favourite rule set as its column shows it: a rule set with house
    rules ("Classic UNO + Jump-in + Stacking + Seven-O") is wrapped on two
    smaller lines rather than shrunk on one until nobody can read it; one a
    little too long for the column ("Klassinen UNO + Seitsemän-nolla") is
    drawn a little smaller on one line, not on one line of the wrapped size."""
    for size in (22, 20, 18):
        if text.width(label, size) <= FAVOURITE_ROOM:
            return text.render(label, size, widgets.MUTED)
    img = text.render(label, 16, widgets.MUTED, wrap=FAVOURITE_ROOM)
    if img.get_height() <= ROW and img.get_width() <= FAVOURITE_ROOM:
        return img
    return text.fit(label, 22, FAVOURITE_ROOM, widgets.MUTED)


def favourite_words(rules: str | None) -> str:
    """A player's favourite rule set in the language of the moment; kept by
    its file names (game/player_files/stats.py), or as an older file wrote it."""
    if rules is None:
        return "-"
    return rule_catalog.named(rule_names(rules), language()) or rules


class PlayersApp(Closes, KeyPrompts, Saves, Protocol):
    """What the players' numbers ask of the app: the statistics, its keys, and to close."""


class PlayersScene(Scene):
    def __init__(self, app: PlayersApp) -> None:
        self.app = app
        stats = app.saves.stats
        self.players = stats.ranked()
        self.notices = list(stats.notices)
        self.scroll = 0

    @property
    def visible_rows(self) -> int:
        # A notice takes the panel's last two rows: above the panel it ran
        # into the line under the title.
        return (BOX.h - 70 - (NOTICE_ROWS * ROW if self.notices else 0)) // ROW

    def notice_line(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The notice (if any) and where it goes: the panel's foot, left of
        the "1-12 of 30" count."""
        if not self.notices:
            return None
        words = " ".join(say(n) for n in self.notices)
        room = BOX.w - 48 - NOTICE_CLEAR
        line = text.render(words, 20, widgets.ERROR, wrap=room)
        if line.get_height() > NOTICE_ROWS * ROW - 12:
            line = text.fit(words, 20, room, widgets.ERROR)
        return line, line.get_rect(bottomleft=(BOX.x + 24, BOX.bottom - 10))

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if cmd is None:
            return True
        cmd = paged(cmd)
        most = max(0, len(self.players) - self.visible_rows)
        if cmd.name in (BACK, CONFIRM, PASS, CLICK):
            self.app.pop()
        elif cmd.name == UP:
            self.scroll = max(0, self.scroll - 1)
        elif cmd.name == DOWN:
            self.scroll = min(most, self.scroll + 1)
        elif cmd.name == WHEEL:
            self.scroll = max(0, min(most, self.scroll - (cmd.digit or 0)))
        elif cmd.name == PAGE:
            page = (cmd.digit or 0) * max(1, self.visible_rows - 1)
            self.scroll = max(0, min(most, self.scroll - page))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(widgets.backdrop(surface.get_size()), (0, 0))
        title = text.shadowed(_("Players"), 56, GOLD, bold=True)
        surface.blit(title, (60, 26))
        sub = _("Matches and rounds: won / played.  Missed: caught without calling UNO.")
        img = text.render(sub, 22, widgets.MUTED)
        surface.blit(img, (64, 86))
        surface.blit(widgets.panel(BOX.size), BOX)
        notice = self.notice_line()
        if notice is not None:
            surface.blit(*notice)
        self._draw_table(surface)
        words = self.app.prompts.words(
            _("Up/Down scroll, PgUp/PgDn a page, Esc back"),
            _("D-pad scroll, LB/RB a page, B back"),
        )
        hint = text.render(words, 20, widgets.MUTED)
        surface.blit(hint, hint.get_rect(center=(640, 700)))

    def _draw_table(self, surface: pygame.Surface) -> None:
        x0, y = BOX.x + NAME_X, BOX.y + 18
        name_head = text.render(_("Name"), 22, GOLD, bold=True)
        surface.blit(name_head, (x0, y))
        columns = number_columns()
        names_room = name_room(columns)
        for head, room, x in columns:
            img = text.fit(head, HEAD_SIZE, room - GAP, GOLD, bold=True)
            surface.blit(img, img.get_rect(topright=(BOX.x + x, y)))
        rules_head = text.render(_("Favourite rules"), 22, GOLD, bold=True)
        surface.blit(rules_head, (BOX.x + RULES_X, y))
        y += 40
        pygame.draw.line(surface, RULE_LINE, (x0, y - 8), (BOX.right - 24, y - 8))
        if not self.players:
            img = text.render(
                _("Nobody yet: a person's numbers appear here once they have played a round."),
                24,
                widgets.MUTED,
            )
            surface.blit(img, (x0, y + 10))
            return
        shown = self.players[self.scroll : self.scroll + self.visible_rows]
        for rank, player in enumerate(shown, start=self.scroll + 1):
            ink = (255, 255, 255) if rank > 1 else GOLD
            name = text.fit(f"{rank}. {player.name}", 24, names_room, ink, bold=True)
            surface.blit(name, (x0, y + (ROW - name.get_height()) // 2))
            for (_head, room, x), value in zip(columns, shown_cells(player), strict=True):
                img = text.fit(value, VALUE_SIZE, room - GAP, (236, 238, 244))
                surface.blit(img, img.get_rect(midright=(BOX.x + x, y + ROW // 2)))
            img = favourite_image(favourite_words(player.favourite))
            surface.blit(img, (BOX.x + RULES_X, y + (ROW - img.get_height()) // 2))
            y += ROW
        if len(self.players) > self.visible_rows:
            more = _("{first}-{last} of {count}").format(
                first=self.scroll + 1, last=self.scroll + len(shown), count=len(self.players)
            )
            img = text.render(more, 18, widgets.MUTED)
            surface.blit(img, img.get_rect(bottomright=(BOX.right - 20, BOX.bottom - 8)))
