"""The settings for the players' eyes, applied to everything that draws.

Three settings (game/ui/settings.py) change how every screen looks, at once
and without a restart:

- colour-blind mode: each colour also shows as a shape (game/ui/patterns.py),
  on cards, the ring of the colour in force, the colour wheel and the
  messages; `CardArt.show_patterns` repaints the cards;
- reduced motion: cards go where they go without flying, nothing shakes,
  bobs, spins or pulses in size (`still()`, asked wherever motion is drawn);
  how long the table holds each event (the pacing) does not change;
- text size: normal or large, for every text of every screen (game/ui/text.py).

`apply` is called when the game starts and whenever one of them changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.ui import text

if TYPE_CHECKING:
    from game.ui.settings import Settings

_still = False


class PatternedArt(Protocol):
    """Card art that paints colour-blind mode's shapes or not (`CardArt`, whose
    own drawing asks this module: it is passed in, never imported)."""

    def show_patterns(self, on: bool) -> None: ...


def apply(settings: Settings, art: PatternedArt | None = None) -> None:
    """Make the screens follow `settings`' colour-blind mode, motion and text size."""
    global _still
    _still = settings.reduced_motion
    text.set_size(settings.text_size)
    if art is not None:
        art.show_patterns(settings.color_patterns)


def still() -> bool:
    """Reduced motion: draw every change in place, with no movement."""
    return _still
