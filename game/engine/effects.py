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

This module holds the registry and the blocks of turn order and drawing;
choice_effects.py holds those that ask a seat something (a colour, a
player), hand_effects.py those that move cards between hands, sides.py the
flip of a two-sided deck. Each block module registers its blocks here when
imported (game/rules/card_blocks.py imports them all).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from game.engine.block_types import Effect, P, Params
from game.engine.events import EventSink
from game.engine.pending import Penalty, PlayContext
from game.engine.said import Said, said, said_n

if TYPE_CHECKING:
    # Only for annotations: the state holds the rule set, which holds these
    # effects (typed for it in block_types.py, without the state).
    from game.engine.state import GameState

__all__ = ["REGISTRY", "SUSPEND", "Effect", "EffectBlock", "Params", "effect"]


@dataclass(frozen=True)
class EffectBlock:
    name: str
    fn: Effect[Any]
    params: type[Params]
    doc: str
    words: Callable[[Any], str]  # params -> a plain-words phrase for `python main.py rules`
    # What the rule checks (game/rules/conflicts.py) know of the effect:
    owes: bool = False  # leaves cards owed that the next seat answers (takes, stacks, challenges)
    plays_again: bool = False  # its player takes another turn, before anyone answers


REGISTRY: dict[str, EffectBlock] = {}
SUSPEND = True


def effect(
    params: type[P], words: Callable[[P], str], *, owes: bool = False, plays_again: bool = False
) -> Callable[[Effect[P]], Effect[P]]:
    def register(fn: Effect[P]) -> Effect[P]:
        REGISTRY[fn.__name__] = EffectBlock(
            fn.__name__, fn, params, fn.__doc__ or "", words, owes, plays_again
        )
        return fn

    return register


# Who draws how many: a whole sentence each, so every language can say it its own way.
_DRAWS: dict[str, Callable[[int], Said]] = {
    "self": lambda n: said_n("the player draws a card", "the player draws {n} cards", n),
    "next": lambda n: said_n("the next player draws a card", "the next player draws {n} cards", n),
    "all_others": lambda n: said_n(
        "every other player draws a card", "every other player draws {n} cards", n
    ),
    "all": lambda n: said_n("every player draws a card", "every player draws {n} cards", n),
    "chosen": lambda n: said_n(
        "the chosen player draws a card", "the chosen player draws {n} cards", n
    ),
}


def _draw_words(who: str, count: int) -> Said:
    return _DRAWS[who](count)


Selector = Literal["self", "next", "all_others", "all", "chosen"]


def select_seats(state: GameState, ctx: PlayContext, who: str) -> list[int]:
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


@effect(
    SkipParams,
    words=lambda p: said_n(
        "the next player loses their turn", "the next {n} players lose their turn", p.count
    ),
)
def skip(state: GameState, ctx: PlayContext, params: SkipParams, events: EventSink) -> bool:
    """The next `count` seats lose their turn. Skips add up (cards played
    together, each with its own): each takes the turn of one more seat, but
    never of the seat that played them -- once every other seat has lost its
    turn, that seat plays again.

    YAML: `- skip` or `- skip: {count: 2}`; Reverse with two players:
    `- skip: {when: {players: 2}}`.
    """
    if not ctx.going_out:
        state.skips += params.count
    return False


class NoParams(Params):
    pass


@effect(
    NoParams,
    words=lambda p: said("every other player loses their turn: the player plays again"),
    plays_again=True,
)
def skip_all(state: GameState, ctx: PlayContext, params: NoParams, events: EventSink) -> bool:
    """Every other seat loses its turn, one after the other, so the seat that
    played the card plays again (each skipped seat is told).

    YAML: `- skip_all` (Skip Everyone).
    """
    if not ctx.going_out:
        state.skips += len(state.active_seats()) - 1
    return False


@effect(
    NoParams,
    words=lambda p: said("the direction of play changes"),
)
def reverse(state: GameState, ctx: PlayContext, params: NoParams, events: EventSink) -> bool:
    """The direction of play changes.

    YAML: `- reverse`.
    """
    if not ctx.going_out:
        state.direction = -state.direction
        if events is not None:
            events.append({"t": "direction", "direction": state.direction})
    return False


@effect(
    NoParams,
    words=lambda p: said("the player plays again"),
    plays_again=True,
)
def play_again(state: GameState, ctx: PlayContext, params: NoParams, events: EventSink) -> bool:
    """The seat that played the card takes another turn.

    YAML: `- play_again` — a Skip that lets its player go again; as a first card,
    the dealer plays first.
    """
    if not ctx.going_out:
        state.play_again = True
    return False


# --- drawing ------------------------------------------------------------------


def _penalty_words(p: PenaltyParams) -> Said:
    if p.until_color and p.count:
        words = said(
            "the next player draws until they draw a card of the named colour, then {n} more",
            n=p.count,
        )
    elif p.until_color:
        words = said("the next player draws until they draw a card of the named colour")
    else:
        words = said("the next player draws {n}", n=p.cards)
    if p.lose_turn:
        words = said("{what} and loses their turn", what=words)
    if p.challengeable:
        words = said("{what} (they may challenge it)", what=words)
    return words


class PenaltyParams(Params):
    # Without `until_color`, required; with it, the cards drawn after the colour.
    count: int | None = Field(None, ge=1, le=50)
    lose_turn: bool = True
    challengeable: bool = False
    stackable: bool = True
    # Draw until a card of the colour in force (the one just named; a wild
    # does not count). A challenge's draws go on until it too.
    until_color: bool = False

    @model_validator(mode="after")
    def _draws_something(self) -> PenaltyParams:
        if self.count is None and not self.until_color:
            raise ValueError("count is required (or until_color: true)")
        return self

    @property
    def cards(self) -> int:
        """The cards owed beyond any drawn until a colour."""
        return self.count or 0


@effect(
    PenaltyParams,
    words=lambda p: _penalty_words(p),
    owes=True,
)
def penalty(state: GameState, ctx: PlayContext, params: PenaltyParams, events: EventSink) -> bool:
    """The next seat owes `count` cards (which only `until_color` may leave
    out); it may answer by stacking (if the
    rules let a card stack on this one, and `stackable` is not false) or
    challenging (if `challengeable`), else draws them and, with `lose_turn`,
    loses its turn. A stacked card adds to the cards already owed. With
    `until_color` the seat first draws one card at a time until it draws a
    card of the colour in force (the one the card named; a wild does not
    count) or nothing is left to draw, then the `count` cards; a challenge's
    draws go the same way (guilty: its player; innocent: the challenger,
    `challenge.extra_if_innocent` more).

    YAML: `- penalty: {count: 4, challengeable: true}`; Wild Draw Colour:
    `- choose_color` then `- penalty: {until_color: true, challengeable: true}`.
    """
    target = state.next_seat(ctx.actor)
    owed = state.penalty
    # A colour is read on the side it was named on: the colour before the
    # play on the side then in play, the colour drawn to on the side in play
    # now (an earlier effect of the card may have turned the table).
    until = state.color if params.until_color else -1
    until_side = state.side
    color_before = state.tables[ctx.prev_side].color_name(ctx.prev_color)
    if ctx.going_out:
        if state.rules.model.round_end.final_penalty_drawn:
            total = params.cards + (owed.count if owed else 0)
            if until < 0 and owed is not None:
                until, until_side = owed.until_color, owed.until_side
            state.penalty = None
            state.take_owed(target, total, until, until_side, "penalty", events)
        return False
    if owed is not None:
        owed.count += params.cards
        owed.target = target
        owed.source = ctx.actor
        owed.stacked = True
        owed.challengeable = params.challengeable
        owed.guilty = not ctx.allowed
        owed.color_before = color_before
        owed.lose_turn = params.lose_turn
        if until >= 0:
            owed.until_color = until
            owed.until_side = until_side
        return False
    state.penalty = Penalty(
        params.cards,
        target,
        ctx.actor,
        params.lose_turn,
        params.challengeable,
        not ctx.allowed,  # guilty
        False,  # stacked
        params.stackable,
        color_before,
        None,  # resume_seat
        until,
        until_side,
    )
    return False


class DrawParams(Params):
    who: Selector = "next"
    count: int = Field(1, ge=1, le=50)


@effect(
    DrawParams,
    words=lambda p: _draw_words(p.who, p.count),
)
def draw(state: GameState, ctx: PlayContext, params: DrawParams, events: EventSink) -> bool:
    """Seats draw cards at once; no stacking, no challenge, no lost turn. On
    the card that ends the round, the cards are drawn only where
    `round_end.final_penalty_drawn` says a last card's draws still count.

    YAML: `- draw: {who: all_others, count: 1}`.
    """
    if ctx.going_out and not state.rules.model.round_end.final_penalty_drawn:
        return False
    for seat in select_seats(state, ctx, params.who):
        state.take_cards(seat, params.count, "effect", events)
    return False
