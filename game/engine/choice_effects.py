"""Effects that ask a seat something: name the colour, pick a player. The
decisions they open (`color`, `player`) are declared here with their answers.
The registry and the other blocks: effects.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from game.engine.actions import Choose
from game.engine.decisions import Ask, declare_choice
from game.engine.effects import SUSPEND, NoParams, Params, effect
from game.engine.events import EventSink
from game.engine.pending import Decision, PlayContext
from game.engine.said import said

if TYPE_CHECKING:
    # Only for annotations (see effects.py): the state sits above the blocks.
    from game.engine.state import GameState


# --- choices ------------------------------------------------------------------


class ChooseColorParams(Params):
    who: Literal["self", "next"] = "self"

    @property
    def names_own_color(self) -> bool:
        return self.who == "self"


@effect(
    ChooseColorParams,
    words=lambda p: (
        said("the player names the colour")
        if p.who == "self"
        else said("the next player names the colour")
    ),
)
def choose_color(
    state: GameState, ctx: PlayContext, params: ChooseColorParams, events: EventSink
) -> bool:
    """A seat names the colour in force. With `who: self` the colour travels
    with the play itself; `who: next` lets the next seat pick (a Wild turned
    up as the first card).

    YAML: `- choose_color` or `- choose_color: {who: next}`.
    """
    if ctx.going_out or (params.who == "self" and ctx.color_named):
        return False
    seat = ctx.actor if params.who == "self" else state.next_seat(ctx.actor)
    state.pending = Decision("color", seat, tuple(state.cards.colors))
    return SUSPEND


@effect(
    NoParams,
    words=lambda p: said("the player picks another player"),
)
def choose_player(state: GameState, ctx: PlayContext, params: NoParams, events: EventSink) -> bool:
    """The seat that played picks another seat; later effects use `chosen`.

    YAML: `- choose_player` then `- swap_hands: {with: chosen}`.
    """
    if ctx.going_out:
        return False
    others = tuple(s for s in state.active_seats() if s != ctx.actor)
    if len(others) == 1:
        ctx.chosen = others[0]
        return False
    state.pending = Decision("player", ctx.actor, others)
    return SUSPEND


# --- the decisions these effects open ---------------------------------------------


def _name_color(state: GameState, events: EventSink, action: Choose) -> bool:
    assert isinstance(action.value, str)
    state.pending = None
    state.color = state.cards.colors.index(action.value)
    if events is not None:
        events.append({"t": "color", "p": action.seat, "color": action.value})
    return True


declare_choice(
    "color",
    must="name the colour in force",
    options="colour names",
    apply=_name_color,
    words=lambda state, option: str(option),
    ask=Ask.COLOR,
    reads=lambda state, action, event: (
        event["t"] == "color" and event["p"] == action.seat and event["color"] == action.value
    ),
)


def _pick_player(state: GameState, events: EventSink, action: Choose) -> bool:
    assert isinstance(action.value, int)
    ctx = state.ctx
    assert ctx is not None, "a player is chosen for a card's effect"
    state.pending = None
    ctx.chosen = action.value
    if events is not None:
        events.append({"t": "chose", "p": action.seat, "player": action.value})
    return True


declare_choice(
    "player",
    must="pick another seat",
    options="seat numbers",
    apply=_pick_player,
    words=lambda state, option: state.names[int(option)],
    ask=Ask.PLAYER,
    reads=lambda state, action, event: (
        event["t"] == "chose" and event["p"] == action.seat and event["player"] == action.value
    ),
)
