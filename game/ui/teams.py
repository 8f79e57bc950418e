"""How a team looks on screen: its letter and its colour.

Who plays with whom is the engine's (`team_of` in game/engine/scoring.py,
switched on by the rules' `scoring.teams`); this module only names the teams
it finds, A, B, C... in the order of their first seat, so that a seat's plate
and its row on the round score say the same letter. The letter is what makes
a team readable without colour (colour-blind mode, a grey screen); the colour
only helps the eye find the partners across the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.scoring import team_of
from game.ui import text, widgets

if TYPE_CHECKING:
    from game.engine.state import GameState

LETTERS = "ABCDE"  # ten seats at most (rules/house/teams.yaml): five teams of two
# Far from each other and from the gold of whose turn it is.
COLORS = (
    pygame.Color(79, 195, 247),  # sky
    pygame.Color(240, 98, 146),  # pink
    pygame.Color(129, 199, 132),  # mint
    pygame.Color(255, 167, 38),  # orange
    pygame.Color(179, 157, 219),  # lilac
)


def team_marks(state: GameState) -> list[int] | None:
    """Each seat's team as an index into LETTERS and COLORS; None without teams."""
    if not state.rules.model.scoring.teams:
        return None
    firsts = sorted({min(team_of(state, seat)) for seat in range(state.players)})
    return [firsts.index(min(team_of(state, seat))) for seat in range(state.players)]


def tag(team: int, height: int) -> pygame.Surface:
    """The team's badge: its letter, dark on the team's colour."""
    surf = pygame.Surface((height, height), pygame.SRCALPHA)
    pygame.draw.rect(surf, COLORS[team], surf.get_rect(), border_radius=height // 4)
    letter = text.render(LETTERS[team], round(height * 0.85), widgets.INK, bold=True)
    surf.blit(letter, letter.get_rect(center=surf.get_rect().center))
    return surf
