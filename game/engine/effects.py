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

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from game.engine.actions import Choose
from game.engine.decisions import declare_choice
from game.engine.events import Event, HandsEvent
from game.engine.pending import Decision, Penalty, PlayContext

if TYPE_CHECKING:
    # Only for annotations: the state holds the rule set, which holds these
    # effects, so importing it here would close a loop at run time.
    from game.engine.state import GameState


class Params(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


P = TypeVar("P", bound=Params)
P_in = TypeVar("P_in", bound=Params, contravariant=True)


class Effect(Protocol[P_in]):
    """An effect: acts on the state for the play `ctx`, appends its events, and
    returns True when it opened a decision the remaining effects wait for."""

    __name__: str

    def __call__(
        self, state: GameState, ctx: PlayContext, params: P_in, events: list[Event], /
    ) -> bool: ...


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


_WHO = {
    "self": "the player",
    "next": "the next player",
    "all_others": "every other player",
    "all": "every player",
    "chosen": "the chosen player",
}


def _times(n: int, one: str, many: str) -> str:
    return one if n == 1 else f"{n} {many}"


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
    words=lambda p: (
        "the next player loses their turn"
        if p.count == 1
        else f"the next {p.count} players lose their turn"
    ),
)
def skip(state: GameState, ctx: PlayContext, params: SkipParams, events: list[Event]) -> bool:
    """The next `count` seats lose their turn.

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
    words=lambda p: "the direction of play changes",
)
def reverse(state: GameState, ctx: PlayContext, params: NoParams, events: list[Event]) -> bool:
    """The direction of play changes.

    YAML: `- reverse`.
    """
    if not ctx.going_out:
        state.direction = -state.direction
        events.append({"t": "direction", "direction": state.direction})
    return False


@effect(
    NoParams,
    words=lambda p: "the player plays again",
    plays_again=True,
)
def play_again(state: GameState, ctx: PlayContext, params: NoParams, events: list[Event]) -> bool:
    """The seat that played the card takes another turn.

    YAML: `- play_again` — a Skip that lets its player go again; as a first card,
    the dealer plays first.
    """
    if not ctx.going_out:
        state.play_again = True
    return False


# --- drawing ------------------------------------------------------------------


class PenaltyParams(Params):
    count: int = Field(ge=1, le=50)
    lose_turn: bool = True
    challengeable: bool = False
    stackable: bool = True


@effect(
    PenaltyParams,
    words=lambda p: (
        f"the next player draws {p.count}"
        + (" and loses their turn" if p.lose_turn else "")
        + (" (they may challenge it)" if p.challengeable else "")
    ),
    owes=True,
)
def penalty(state: GameState, ctx: PlayContext, params: PenaltyParams, events: list[Event]) -> bool:
    """The next seat owes `count` cards; it may answer by stacking (if the
    rules let a card stack on this one, and `stackable` is not false) or
    challenging (if `challengeable`), else draws them and, with `lose_turn`,
    loses its turn. A stacked card adds to the cards already owed.

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
        params.count,
        target,
        ctx.actor,
        params.lose_turn,
        params.challengeable,
        not ctx.allowed,  # guilty
        False,  # stacked
        params.stackable,
        state.cards.color_label[ctx.prev_color],
    )
    return False


class DrawParams(Params):
    who: Selector = "next"
    count: int = Field(1, ge=1, le=50)


@effect(
    DrawParams,
    words=lambda p: f"{_WHO[p.who]} draws {_times(p.count, 'a card', 'cards')}".replace(
        "every other player draws", "every other player draws"
    ),
)
def draw(state: GameState, ctx: PlayContext, params: DrawParams, events: list[Event]) -> bool:
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


# --- choices ------------------------------------------------------------------


class ChooseColorParams(Params):
    who: Literal["self", "next"] = "self"


@effect(
    ChooseColorParams,
    words=lambda p: (
        "the player names the colour" if p.who == "self" else "the next player names the colour"
    ),
)
def choose_color(
    state: GameState, ctx: PlayContext, params: ChooseColorParams, events: list[Event]
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
    words=lambda p: "the player picks another player",
)
def choose_player(
    state: GameState, ctx: PlayContext, params: NoParams, events: list[Event]
) -> bool:
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


# --- hands --------------------------------------------------------------------


def _hands_changed(state: GameState, events: list[Event], discard: list[str] | None = None) -> None:
    """After hands move between seats, old UNO calls and catch windows mean nothing."""
    state.uno_called = [False] * state.players
    state.uno_window = -1
    names = state.cards.names
    event: HandsEvent = {"t": "hands", "hands": [[names[c] for c in hand] for hand in state.hands]}
    if discard is not None:
        event["discard"] = discard
    events.append(event)


class SwapParams(Params):
    with_: Literal["chosen", "next"] = Field("chosen", alias="with")


@effect(
    SwapParams,
    words=lambda p: (
        "the player swaps hands with "
        + ("the chosen player" if p.with_ == "chosen" else "the next player")
    ),
)
def swap_hands(state: GameState, ctx: PlayContext, params: SwapParams, events: list[Event]) -> bool:
    """The seat that played swaps hands with another seat.

    YAML: `- choose_player` then `- swap_hands: {with: chosen}` (Swap Hands; a 7 that swaps).
    """
    if ctx.going_out:
        return False
    other = ctx.chosen if params.with_ == "chosen" else state.next_seat(ctx.actor)
    if other is None or other == ctx.actor:
        return False
    hands = state.hands
    hands[ctx.actor], hands[other] = hands[other], hands[ctx.actor]
    state.uno_called[ctx.actor] = state.uno_called[other] = False
    if state.uno_window in (ctx.actor, other):
        state.uno_window = -1
    events.append({"t": "swap", "p": ctx.actor, "with": other})
    return False


@effect(
    NoParams,
    words=lambda p: "every hand passes to the next player in the direction of play",
)
def rotate_hands(state: GameState, ctx: PlayContext, params: NoParams, events: list[Event]) -> bool:
    """Every hand passes to the next seat in the direction of play.

    YAML: `- rotate_hands` (a 0 that passes every hand on).
    """
    if ctx.going_out:
        return False
    seats = state.active_seats()
    moved = {state.next_seat(seat): state.hands[seat] for seat in seats}
    for seat, hand in moved.items():
        state.hands[seat] = hand
    _hands_changed(state, events)
    return False


class ShuffleParams(Params):
    mode: Literal["redistribute", "redeal"] = "redistribute"
    hand_size: int = Field(7, ge=1, le=50)
    # Played as the last card: the hands are still shuffled, so its player
    # receives cards and play goes on (the publisher's ruling); `wins`: it
    # ends the round like any last card.
    as_last_card: Literal["redistribute", "wins"] = "redistribute"


@effect(
    ShuffleParams,
    words=lambda p: (
        (
            "all hands are gathered, shuffled and dealt out evenly"
            if p.mode == "redistribute"
            else "hands, discard pile and draw pile are shuffled together and everyone "
            f"gets {p.hand_size} new cards"
        )
        + (
            " (played as the last card, it does not win: the player is dealt cards too)"
            if p.as_last_card == "redistribute"
            else ""
        )
    ),
)
def shuffle_hands(
    state: GameState, ctx: PlayContext, params: ShuffleParams, events: list[Event]
) -> bool:
    """Hands are gathered, shuffled and dealt again, starting left of the player.

    `redistribute` (the published card): only the hands are gathered and all
    of them dealt out evenly. `redeal` (source 000): hands, the discard pile
    but this card, and the draw pile are shuffled together and every seat is
    dealt `hand_size` anew.

    Played as the last card it does not win (`as_last_card: redistribute`,
    the publisher's ruling): the hands are shuffled all the same, its player
    is dealt cards with everyone, and play goes on. `as_last_card: wins` ends
    the round as any last card does.

    YAML: `- shuffle_hands: {mode: redeal, hand_size: 7}`.
    """
    if ctx.going_out:
        if params.as_last_card == "wins":
            return False
        ctx.going_out = False  # the effects after this one see a player still in
    seats = state.active_seats()
    pool = [card for seat in seats for card in state.hands[seat]]
    discard = None
    if params.mode == "redeal":
        pool += state.discard[:-1] + state.draw_pile
        del state.discard[:-1]
        state.draw_pile = []
        discard = [state.cards.names[c] for c in state.discard]
    state.rng.shuffle(pool)
    for seat in seats:
        state.hands[seat] = []
    seat = ctx.actor
    dealt = 0
    limit = len(seats) * params.hand_size if params.mode == "redeal" else len(pool)
    while dealt < limit and pool:
        seat = state.next_seat(seat, 1)
        state.hands[seat].append(pool.pop())
        dealt += 1
    if params.mode == "redeal":
        state.draw_pile = pool  # what the new deal left
    _hands_changed(state, events, discard)
    return False


@effect(
    NoParams,
    words=lambda p: "the player discards every card of the colour in force",
)
def discard_color(
    state: GameState, ctx: PlayContext, params: NoParams, events: list[Event]
) -> bool:
    """The seat that played discards every card of the colour in force from
    its hand, under the top card (it may go out this way). Where the rules
    forbid going out on an action card or a wild
    (`round_end.finish_on_action_card: forbidden`), the card that played it
    was a wild, so it may not empty the hand: one card of the colour stays,
    a number if there is one.

    YAML: `- choose_color` then `- discard_color` (a Customizable Wild).
    """
    if ctx.going_out or state.color < 0:
        return False
    hand = state.hands[ctx.actor]
    gone = [c for c in hand if state.cards.color[c] == state.color]
    if gone and len(gone) == len(hand) and state.flags.finish_forbidden:
        numbers = [c for c in gone if state.cards.category[c] == "number"]
        gone.remove((numbers or gone)[-1])
    if not gone:
        return False
    state.hands[ctx.actor] = [c for c in hand if c not in gone]
    state.discard[-1:-1] = gone
    names = state.cards.names
    events.append({"t": "discard", "p": ctx.actor, "cards": [names[c] for c in gone]})
    if len(state.hands[ctx.actor]) == 1 and not state.uno_called[ctx.actor]:
        state.uno_window = ctx.actor
    return False


class DumpParams(Params):
    who: Literal["self", "next"] = "self"


@effect(
    DumpParams,
    words=lambda p: (
        "the player may also play every other card of that colour, all or none, "
        "and the last one's action counts"
        if p.who == "self"
        else "the next player may play every card they hold of that colour"
    ),
)
def dump_color(state: GameState, ctx: PlayContext, params: DumpParams, events: list[Event]) -> bool:
    """A seat may also play every other card it holds of the colour in force:
    all or nothing, one by one in the order it picks; the last card's own
    effects then apply. With `who: next`, the next seat does it and play
    goes on from there (a Reverse turned up first, in the two-player game).

    YAML: `- dump_color` (the two-player game's Reverse).
    """
    if ctx.going_out:
        return False
    seat = ctx.actor if params.who == "self" else state.next_seat(ctx.actor)
    colour = state.color
    dump = tuple(c for c in state.hands[seat] if state.cards.color[c] == colour)
    if not dump:
        return False
    # The dump is the cards held now: cards drawn while it goes on (a catch)
    # are not part of it.
    ctx.dump = dump
    state.pending = Decision("dump", seat, _dump_answers(state, seat))
    return SUSPEND


def _dump_answers(state: GameState, seat: int) -> tuple[str, ...]:
    """`none` always; `all` unless it would end the round on an action card
    where the rules forbid that."""
    hand = state.hands[seat]
    same = [c for c in hand if state.cards.color[c] == state.color]
    if (
        state.flags.finish_forbidden
        and len(same) == len(hand)
        and not any(state.cards.category[c] == "number" for c in same)
    ):
        return ("none",)
    return ("all", "none")


# --- the decisions these effects open -------------------------------------------


def _name_colour(state: GameState, events: list[Event], action: Choose) -> bool:
    assert isinstance(action.value, str)
    state.pending = None
    state.color = state.cards.colors.index(action.value)
    events.append({"t": "color", "p": action.seat, "color": action.value})
    return True


declare_choice(
    "color",
    must="name the colour in force",
    options="colour names",
    apply=_name_colour,
    words=lambda state, option: str(option),
)


def _pick_player(state: GameState, events: list[Event], action: Choose) -> bool:
    assert isinstance(action.value, int)
    ctx = state.ctx
    assert ctx is not None, "a player is chosen for a card's effect"
    state.pending = None
    ctx.chosen = action.value
    events.append({"t": "chose", "p": action.seat, "player": action.value})
    return True


declare_choice(
    "player",
    must="pick another seat",
    options="seat numbers",
    apply=_pick_player,
    words=lambda state, option: state.names[int(option)],
)


def _dump(state: GameState, events: list[Event], action: Choose) -> bool:
    """The colour dump: all of a colour or nothing, in the seat's order."""
    seat, value = action.seat, action.value
    state.pending = None
    if value == "none":
        return True
    cards = state.cards
    colour = state.color
    ctx = state.ctx
    assert ctx is not None, "the dump is a card's effect"
    if isinstance(value, int):
        state.lay_down(seat, value, None, events)
    hand = state.hands[seat]
    left = tuple(c for c in ctx.dump if c in hand)
    if len(left) > 1:
        state.pending = Decision("dump_next", seat, _dump_order_options(state, seat, left))
        return False
    if left:
        state.lay_down(seat, left[0], None, events)
    last = state.discard[-1]
    # Play goes on from the seat that dumped; its last card's effects apply.
    state.actor = seat
    state.ctx = PlayContext(
        actor=seat,
        card=last,
        going_out=not state.hands[seat],
        prev_color=colour,
        chosen=ctx.chosen,
    )
    state.queue = list(cards.effects[last]) + state.queue
    return True


def _dump_order_options(state: GameState, seat: int, left: tuple[int, ...]) -> tuple[int, ...]:
    """Which card may go down next; when the dump empties the hand and the
    last card must be a number, the last number is kept for last."""
    if not state.flags.finish_forbidden or len(left) != len(state.hands[seat]):
        return left
    numbers = [c for c in left if state.cards.category[c] == "number"]
    if len(numbers) == 1:
        return tuple(c for c in left if c != numbers[0])
    return left


declare_choice(
    "dump",
    must="play all its cards of the colour in force, or none",
    options='("all", "none"), or ("none",) where "all" would go out on an action card '
    "that the rules forbid finishing on",
    apply=_dump,
    words=lambda state, option: str(option),
)
declare_choice(
    "dump_next",
    must="pick which of the cards of the dump goes down next",
    options="card ids",
    apply=_dump,
    words=lambda state, option: state.cards.labels[int(option)],
)
