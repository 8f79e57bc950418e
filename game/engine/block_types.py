"""What a rule set holds of its building blocks: their types, not the blocks.

The compiled rule set (ruleset.py) holds, per card, the effect and condition
functions its file names, with their parameters; the game state holds the
rule set; and the blocks act on the state. Naming the state here would tie
the three together in a circle, even for the type checker, so a block's
function is typed here by everything but the state it is handed, and each
block module (effects.py, conditions.py, choice_effects.py, ...) annotates
its own functions in full.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict

from game.engine.events import EventSink
from game.engine.pending import PlayContext
from game.engine.purposes import Purpose


class Params(BaseModel):
    """An effect's settings in a rule file, one model per effect (beside it)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    @property
    def names_own_color(self) -> bool:
        """Whether the effect has its own player name the colour: a card whose
        first effect does lets the play carry the colour (cards.py)."""
        return False

    @property
    def on_chosen(self) -> Purpose | None:
        """What the effect does to the seat an earlier `choose_player` picked
        (`SWAP`, `HURT`, `HELP`), None when it does not act on that seat: the
        pick is opened for the first effect of the card that does."""
        return None


P = TypeVar("P", bound=Params)
P_in = TypeVar("P_in", bound=Params, contravariant=True)


class Effect(Protocol[P_in]):
    """An effect: acts on the game state for the play `ctx`, appends its
    events, and returns True when it opened a decision the remaining effects
    wait for."""

    __name__: str

    def __call__(
        self, state: Any, ctx: PlayContext, params: P_in, events: EventSink, /
    ) -> bool: ...


Value = bool | int  # what a condition evaluates to


class Condition(Protocol):
    """A condition: a fact about the game for the seat `ctx.actor` and the card `ctx.card`."""

    __name__: str

    def __call__(self, state: Any, ctx: PlayContext, /) -> Value: ...
