"""What a scene asks the table to show as chosen or offered.

The scene owns it (the hand being played from, its playable cards, the card
under the focus, the seats offered in a pick) and passes it to every painter
of the table that shows a choice: the cards, the caption and the name plates.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Highlights:
    """What the scene asks the table to show as chosen or offered; owned by the scene."""

    hand_seat: int | None = None  # the hand being played from
    lift: frozenset[str] = frozenset()  # its playable cards
    selected: int | None = None  # the card under the keyboard or mouse focus
    draw_hint: bool = False  # nothing to play: the draw pile glows
    pick_seats: frozenset[int] = field(default_factory=frozenset)  # seats offered in a pick
    pick_focus: int | None = None


NO_HIGHLIGHTS = Highlights()
