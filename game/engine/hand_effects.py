"""Effects that move cards between hands: swap, rotate, shuffle, discard a
colour, dump a colour. The colour dump's decisions (`dump`, `dump_next`) are
declared here with their answers. The registry and the other blocks: effects.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from game.engine.actions import Choose
from game.engine.decisions import Ask, declare_choice
from game.engine.effects import SUSPEND, NoParams, Params, effect
from game.engine.events import EventSink, HandsEvent
from game.engine.pending import Decision, PlayContext
from game.engine.said import Said, said

if TYPE_CHECKING:
    # Only for annotations (see effects.py): the state sits above the blocks.
    from game.engine.state import GameState


# --- hands --------------------------------------------------------------------


def _hands_changed(state: GameState, events: EventSink, discard: list[str] | None = None) -> None:
    """After hands move between seats, old UNO calls and catch windows mean nothing."""
    state.uno_called = [False] * state.players
    state.uno_window = -1
    if events is None:
        return
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
        said("the player swaps hands with the chosen player")
        if p.with_ == "chosen"
        else said("the player swaps hands with the next player")
    ),
)
def swap_hands(state: GameState, ctx: PlayContext, params: SwapParams, events: EventSink) -> bool:
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
    if events is not None:
        events.append({"t": "swap", "p": ctx.actor, "with": other})
    return False


@effect(
    NoParams,
    words=lambda p: said("every hand passes to the next player in the direction of play"),
)
def rotate_hands(state: GameState, ctx: PlayContext, params: NoParams, events: EventSink) -> bool:
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


def _shuffle_words(p: ShuffleParams) -> Said:
    if p.mode == "redistribute":
        words = said("all hands are gathered, shuffled and dealt out evenly")
    else:
        words = said(
            "hands, discard pile and draw pile are shuffled together and everyone "
            "gets {n} new cards",
            n=p.hand_size,
        )
    if p.as_last_card == "redistribute":
        words = said(
            "{what} (played as the last card, it does not win: the player is dealt cards too)",
            what=words,
        )
    return words


@effect(
    ShuffleParams,
    words=lambda p: _shuffle_words(p),
)
def shuffle_hands(
    state: GameState, ctx: PlayContext, params: ShuffleParams, events: EventSink
) -> bool:
    """Hands are gathered, shuffled and dealt again, starting left of the player.

    `redistribute` (the published card): only the hands are gathered and all
    of them dealt out evenly. `redeal` (source 000): hands, the discard pile
    but this card, and the draw pile are shuffled together and every seat is
    dealt `hand_size` anew.

    Played as the last card it does not win (`as_last_card: redistribute`,
    the publisher's ruling): the hands are shuffled all the same, its player
    is dealt cards with everyone, and play goes on. `as_last_card: wins` ends
    the round as any last card does. A seat the gathered cards do not reach
    (fewer of them than seats) is dealt one card from the draw pile.

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
    for seat in seats:
        if not state.hands[seat]:
            # Too few cards to go round (the player dealt last, having played its
            # last card, would go out on a card that does not win): the deal goes
            # on from the draw pile. Only when no card is left anywhere does it end.
            state.take_cards(seat, 1, "effect", events)
    return False


@effect(
    NoParams,
    words=lambda p: said("the player discards every card of the colour in force"),
)
def discard_color(state: GameState, ctx: PlayContext, params: NoParams, events: EventSink) -> bool:
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
    if events is not None:
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
        said(
            "the player may also play every other card of that colour, all or none, "
            "and the last one's action counts"
        )
        if p.who == "self"
        else said("the next player may play every card they hold of that colour")
    ),
)
def dump_color(state: GameState, ctx: PlayContext, params: DumpParams, events: EventSink) -> bool:
    """A seat may also play every other card it holds of the colour in force:
    all or nothing, one by one in the order it picks; the last card's own
    effects then apply. With `who: next`, the next seat does it and play
    goes on from there (a Reverse turned up first, in the two-player game).

    YAML: `- dump_color` (the two-player game's Reverse).
    """
    if ctx.going_out:
        return False
    seat = ctx.actor if params.who == "self" else state.next_seat(ctx.actor)
    color = state.color
    dump = tuple(c for c in state.hands[seat] if state.cards.color[c] == color)
    if not dump:
        return False
    # The dump is the cards held now: cards drawn while it goes on (a catch)
    # are not part of it.
    ctx.dump = dump
    state.pending = Decision("dump", seat, _dump_answers(state, seat))
    if seat != ctx.actor and events is not None:
        # Another seat's decision: its turn begins (declining the dump, it then
        # has its ordinary turn, a decision of its own with its own `turn`).
        events.append({"t": "turn", "p": seat})
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


# --- the colour dump's decisions ------------------------------------------------


def _dump(state: GameState, events: EventSink, action: Choose) -> bool:
    """The colour dump: all of a colour or nothing, in the seat's order."""
    seat, value = action.seat, action.value
    state.pending = None
    if value == "none":
        return True
    cards = state.cards
    color = state.color
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
        prev_color=color,
        chosen=ctx.chosen,
        prev_side=state.side,
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
    ask=Ask.WORDS,
    question=said("Play every other card of this colour too?"),
    labels={"all": said("Play them all"), "none": said("No")},
)
declare_choice(
    "dump_next",
    must="pick which of the cards of the dump goes down next",
    options="card ids",
    apply=_dump,
    words=lambda state, option: state.cards.labels[int(option)],
    ask=Ask.CARDS,
    question=said("Which card goes next?"),
    reads=lambda state, action, event: (
        event["t"] == "play" and event["card"] == state.cards.names[int(action.value)]
    ),
)
