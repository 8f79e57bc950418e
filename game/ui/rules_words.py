"""The rules in force, in plain words, for the pause screen and the rules screen.

The words come from `game.rules.describe`; this module only cuts them into
lines for a panel (lines starting with "#" are headings) and adds the controls.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _, language
from game.rules.describe import describe as words
from game.ui import text


def describe(rules, state=None) -> list[str]:
    """The rule set in plain words (the rules package's own description), as lines."""
    text = words(rules)
    lines: list[str] = []
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line.strip() or set(line.strip()) <= {"=", "-"}:
            continue
        if not lines:
            lines.append("# " + line.strip())
        elif not raw.startswith("  ") and line.endswith(":"):
            # A section, or a side of a two-sided deck within the deck (one space in).
            lines.append("# " + line.strip()[:-1])
        else:
            lines.append(("    " if raw.startswith("    ") else "") + line.strip())
    if state is not None:
        side = state.cards.side_name
        if side is not None:
            found = rules.model.sides[side].label
            label = found.in_language(language()) if found else side.capitalize()
            lines.append(_("The {side} side is in play.").format(side=label))
        if state.single_round:
            lines.append(_("This match is a single round."))
        elif state.target:
            lines.append(_("This match is played to {target} points.").format(target=state.target))
    return lines


# Marked for translation here, translated where they are shown.
CONTROLS = [
    N_("# Controls"),
    N_("Left/Right choose a card, Enter plays it (or click it). Playable cards are lifted."),
    N_("D draws (or click the draw pile), Space passes or takes the cards you owe."),
    N_("U calls UNO, C catches a player who forgot, X challenges a Wild Draw Four."),
    N_("H shows what happened this round. Esc pauses, F11 toggles fullscreen, M mutes."),
    N_(
        "A game controller: d-pad chooses, A plays, X draws, Y calls UNO, LB catches, "
        "RB challenges, B passes, View shows the history, Start pauses."
    ),
    N_("# Sharing the screen"),
    N_(
        "Your hand is face up only when it is yours to play. Between two human players a "
        "curtain says whom to pass to, and what happened since their last turn: look away "
        "until it is your turn."
    ),
]


def _line_image(line: str, width: int, heading_size: int) -> tuple[pygame.Surface, int, int]:
    """One line of `describe` as drawn: its image, its indent and the gap below it."""
    heading = line.startswith("#")
    indent = 0 if heading else 28 * (len(line) - len(line.lstrip(" ")) >= 4)
    body = line.lstrip("# ") if heading else line.strip()
    img = text.render(
        body,
        heading_size if heading else 22,
        (255, 236, 179) if heading else (236, 238, 244),
        bold=heading,
        wrap=width - 56 - indent,
    )
    return img, indent, 12 if heading else 6


def last_scroll(lines: list[str], box, heading_size: int = 24) -> int:
    """The furthest `scroll` worth offering: from it on, every line to the
    last fits in `box`, so the panel ends full instead of on one lonely line."""
    room = pygame.Rect(box).bottom - 12 - (pygame.Rect(box).y + 4)
    used = 0
    for i in range(len(lines) - 1, -1, -1):
        img, _indent, gap = _line_image(lines[i], pygame.Rect(box).width, heading_size)
        used += img.get_height() + (gap if i < len(lines) - 1 else 0)
        if used > room:
            return min(i + 1, len(lines) - 1)
    return 0


PAGE_LINES = 12  # lines PgUp/PgDn move: most of a panel, a few kept in view


def scrolled(lines: list[str], box, scroll: int, up: int, heading_size: int = 24) -> int:
    """`scroll` moved `up` lines (down if negative), kept between the first
    line and `last_scroll`."""
    most = last_scroll(lines, box, heading_size)
    return max(0, min(most, scroll - up))


def draw_lines(surface, lines: list[str], box, scroll: int, heading_size: int = 24) -> None:
    """Draw `lines` (from `describe`: "#" marks a heading, four spaces an
    indent) inside `box`, from line `scroll` on, as far as they fit."""
    y = box.y + 4
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(box).inflate(-8, -8))
    for line in lines[scroll:]:
        img, indent, gap = _line_image(line, box.width, heading_size)
        if y + img.get_height() > box.bottom - 12:
            break
        heading = line.startswith("#")
        surface.blit(img, (box.x + 28 + indent, y + (4 if heading else 0)))
        y += img.get_height() + gap
    surface.set_clip(clip)
