"""The new-game form's rows: what each line is, where it is, and where its ◀ ▶
and name field are drawn and clicked (one layout for drawing and for clicks)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

import pygame

from game.ui import text
from game.ui.new_game import NewGame

LIST = pygame.Rect(40, 228, 580, 280)  # the scrolling list of house rules
HOUSE_H = 47
# Error text: a font size whose lines are at least 14 px tall, wrapped to its panel.
ERROR_SIZE = 20
ROW_ERROR_SIZE = 18
CHOOSER_W = 290  # the value box of a chooser, at the right of its row
ARROW_HIT = 40  # width of the clickable area around a drawn arrow

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

    @property
    def value_box(self) -> pygame.Rect | None:
        """Where a chooser draws its value between ◀ and ▶ (None: not a chooser)."""
        if self.kind in ("base", "players", "target", "phones", "learn"):
            return pygame.Rect(
                self.rect.right - CHOOSER_W - 10, self.rect.y + 6, CHOOSER_W, self.rect.h - 12
            )
        if self.kind == "seat":
            return pygame.Rect(self.rect.x + 310, self.rect.y + 4, 260, self.rect.h - 8)
        return None

    def arrows(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """Centres of the drawn ◀ and ▶."""
        box = self.value_box
        if box is None:
            return None
        return (box.x + 14, box.centery), (box.right - 14, box.centery)

    def arrow_at(self, pos: tuple[int, int]) -> int:
        """-1 on ◀, 1 on ▶, 0 elsewhere."""
        found = self.arrows()
        if found is None:
            return 0
        for step, (x, y) in zip((-1, 1), found, strict=True):
            hit = pygame.Rect(0, 0, ARROW_HIT, self.rect.h)
            hit.center = (x, y)
            if hit.collidepoint(pos):
                return step
        return 0

    @property
    def name_field(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 44, self.rect.y + 4, 250, self.rect.h - 8)


def ellipsize(line: str, size: int, width: int) -> str:
    """`line` cut to fit `width` at `size`, with "..." where it was cut."""
    font = text.font(size)
    if font.size(line)[0] <= width:
        return line
    while line and font.size(line + "...")[0] > width:
        line = line[:-1]
    return line + "..."


def form_rows(
    game: NewGame,
    house_scroll: int,
    *,
    edit_name: Callable[[int], None],
    phones: Action,
    back: tuple[pygame.Rect, Action],
    start: tuple[pygame.Rect, Action],
) -> list[Row]:
    """Every line of the form, top to bottom, with what its keys and clicks do."""
    rows: list[Row] = [
        Row(
            "base",
            pygame.Rect(40, 96, 580, 44),
            partial(game.cycle_base, -1),
            partial(game.cycle_base, 1),
            partial(game.cycle_base, 1),
        )
    ]
    for i, house in enumerate(game.house_sets):
        rect = pygame.Rect(LIST.x, LIST.y + i * HOUSE_H - house_scroll, LIST.w, HOUSE_H - 6)
        rows.append(
            Row(
                "house",
                rect,
                activate=partial(game.toggle_house, house),
                index=i,
                extra={"house": house},
            )
        )
    # Learn as you play, then hands on phones (Settings too): below the house rules.
    learn = game.toggle_learning
    rows.append(Row("learn", pygame.Rect(40, 516, 580, 44), learn, learn, learn))
    rows.append(Row("phones", pygame.Rect(40, 566, 580, 44), phones, phones, phones))
    rows.append(
        Row(
            "players",
            pygame.Rect(660, 96, 580, 44),
            partial(game.change_players, -1),
            partial(game.change_players, 1),
            partial(game.change_players, 1),
        )
    )
    n = len(game.seats)
    step = min(44, (556 - 150) // max(1, n))
    for i in range(n):
        rows.append(
            Row(
                "seat",
                pygame.Rect(660, 150 + i * step, 580, step - 4),
                partial(game.cycle_kind, i, -1),
                partial(game.cycle_kind, i, 1),
                partial(edit_name, i),
                index=i,
            )
        )
    rows.append(
        Row(
            "target",
            pygame.Rect(660, 566, 580, 44),
            partial(game.cycle_target, -1),
            partial(game.cycle_target, 1),
            partial(game.cycle_target, 1),
        )
    )
    rows.append(Row("back", back[0], activate=back[1]))
    rows.append(Row("start", start[0], activate=start[1]))
    return rows
