"""Effects: the closed vocabulary of what a card does.

A card kind lists effects in YAML, in the order they happen:

    draw_two:
      effects:
        - penalty: {count: 2}

Each effect is one registered function with a parameter model; a rules
file may use only the names registered here, and a setting the model does
not know is an error. Every effect also accepts `when:` (see conditions).

An effect function takes `(state, ctx, params, events)` and returns True
when it has opened a decision (a colour or player to choose) and the
remaining effects must wait for the answer.

Seat selectors, relative to the seat that played the card (`self`):
`next` (the next seat in the direction of play), `all_others`, `all`,
`chosen` (the seat picked by an earlier `choose_player`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Literal

from pydantic import BaseModel, ConfigDict, Field

from game.engine.state import Decision, Penalty


class Params(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


@dataclass(frozen=True)
class EffectBlock:
    name: str
    fn: Callable
    params: type[Params]
    doc: str


REGISTRY: dict[str, EffectBlock] = {}
SUSPEND = True


def effect(params: type[Params]):
    def register(fn: Callable) -> Callable:
        REGISTRY[fn.__name__] = EffectBlock(fn.__name__, fn, params, fn.__doc__ or "")
        return fn

    return register


Selector = Literal["self", "next", "all_others", "all", "chosen"]


def select_seats(state, ctx, who: str) -> list[int]:
    actor = ctx.actor
    if who == "self":
        return [actor]
    if who == "next":
        return [state.next_seat(actor)]
    if who == "chosen":
        return [] if ctx.chosen is None else [ctx.chosen]
    seats = []
    seat = actor
    for _ in range(len(state.active_seats()) - 1):
        seat = state.next_seat(seat)
        seats.append(seat)
    return seats + [actor] if who == "all" else seats


# --- turn order ---------------------------------------------------------------


class SkipParams(Params):
    count: int = Field(1, ge=1, le=20)


@effect(SkipParams)
def skip(state, ctx, params, events) -> bool:
    """The next `count` seats lose their turn.

    YAML: `- skip` or `- skip: {count: 2}`; Reverse with two players:
    `- skip: {when: {players: 2}}`.
    """
    if not ctx.going_out:
        state.skips += params.count
    return False


class NoParams(Params):
    pass


@effect(NoParams)
def reverse(state, ctx, params, events) -> bool:
    """The direction of play changes.

    YAML: `- reverse`.
    """
    if not ctx.going_out:
        state.direction = -state.direction
        events.append({"t": "direction", "direction": state.direction})
    return False


@effect(NoParams)
def play_again(state, ctx, params, events) -> bool:
    """The seat that played the card takes another turn.

    YAML: `- play_again` — UNO Duo's Skip; as a first card, the dealer plays first.
    """
    if not ctx.going_out:
        state.play_again = True
    return False


# --- drawing ------------------------------------------------------------------


class PenaltyParams(Params):
    count: int = Field(ge=1, le=50)
    lose_turn: bool = True
    challengeable: bool = False


@effect(PenaltyParams)
def penalty(state, ctx, params, events) -> bool:
    """The next seat owes `count` cards; it may answer by stacking (if the
    rules let a card stack on this one) or challenging (if `challengeable`),
    else draws them and, with `lose_turn`, loses its turn. A stacked card adds
    to the cards already owed.

    YAML: `- penalty: {count: 4, challengeable: true}`.
    """
    target = state.next_seat(ctx.actor)
    owed = state.penalty
    if ctx.going_out:
        if state.rules.model.round_end.final_penalty_drawn:
            total = params.count + (owed.count if owed else 0)
            state.penalty = None
            state.take_cards(target, total, "penalty", events)
        return False
    if owed is not None:
        owed.count += params.count
        owed.target = target
        owed.source = ctx.actor
        owed.stacked = True
        owed.challengeable = params.challengeable
        owed.guilty = not ctx.allowed
        owed.color_before = state.cards.color_name(ctx.prev_color)
        owed.lose_turn = params.lose_turn
        return False
    state.penalty = Penalty(
        count=params.count,
        target=target,
        source=ctx.actor,
        lose_turn=params.lose_turn,
        challengeable=params.challengeable,
        guilty=not ctx.allowed,
        color_before=state.cards.color_name(ctx.prev_color),
    )
    return False


class DrawParams(Params):
    who: Selector = "next"
    count: int = Field(1, ge=1, le=50)


@effect(DrawParams)
def draw(state, ctx, params, events) -> bool:
    """Seats draw cards at once; no stacking, no challenge, no lost turn.

    YAML: `- draw: {who: all_others, count: 1}`.
    """
    for seat in select_seats(state, ctx, params.who):
        state.take_cards(seat, params.count, "effect", events)
    return False


# --- choices ------------------------------------------------------------------


class ChooseColorParams(Params):
    who: Literal["self", "next"] = "self"


@effect(ChooseColorParams)
def choose_color(state, ctx, params, events) -> bool:
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


@effect(NoParams)
def choose_player(state, ctx, params, events) -> bool:
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
