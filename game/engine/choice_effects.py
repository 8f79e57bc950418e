"""Effects that ask a seat something: name the colour, pick a player. The
decisions they open (`color`, `player`) are declared here with their answers.
The registry and the other blocks: effects.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, cast, get_type_hints

from pydantic import field_validator

from game.engine.actions import Choose
from game.engine.decisions import REGISTRY, Ask, DecisionKind, Handler, declare_choice
from game.engine.effects import SUSPEND, Params, effect
from game.engine.events import EVENT_TYPES, Event, EventSink
from game.engine.kind_names import KindName
from game.engine.pending import Decision, PlayContext
from game.engine.purposes import Purpose
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


class ChoosePlayerParams(Params):
    # The decision kind that asks: `player`, or a kind of a card's own that
    # is asked as a player (its own question words), declared in the engine.
    ask: str = "player"

    @field_validator("ask")
    @classmethod
    def _asked_as_a_player(cls, name: str) -> str:
        kind = REGISTRY.get(cast(KindName, name))
        if kind is None or kind.ask is not Ask.PLAYER:
            known = sorted(k for k, declared in REGISTRY.items() if declared.ask is Ask.PLAYER)
            raise ValueError(
                f"no decision kind {name!r} picks a player (known: {', '.join(known)})"
            )
        return name


@effect(
    ChoosePlayerParams,
    words=lambda p: said("the player picks another player"),
)
def choose_player(
    state: GameState, ctx: PlayContext, params: ChoosePlayerParams, events: EventSink
) -> bool:
    """The seat that played picks another seat; later effects use `chosen`.
    The pick is for the first later effect that acts on the chosen seat (a
    swap, a draw), which the decision carries as its purpose.

    `ask` names the decision kind that asks: `player`, or a kind declared
    for a card of its own, asked as a player in its own words.

    YAML: `- choose_player` then `- swap_hands: {with: chosen}`.
    """
    if ctx.going_out:
        return False
    others = tuple(s for s in state.active_seats() if s != ctx.actor)
    if len(others) == 1:
        ctx.chosen = others[0]
        return False
    purpose = next((p for spec in state.queue if (p := spec.params.on_chosen) is not None), None)
    kind = cast(KindName, params.ask)  # one of REGISTRY's, as its validator checked
    state.pending = Decision(kind, ctx.actor, others, purpose)
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
    purpose=Purpose.NAME_COLOR,
    reads=lambda state, action, event: (
        event["t"] == "color" and event["p"] == action.seat and event["color"] == action.value
    ),
)


def _picks(event: str) -> Handler:
    """The answer to a pick: the chosen seat, for the card's later effects,
    and the event that says who picked whom (`{"t": event, "p", "player"}`)."""

    def pick_player(state: GameState, events: EventSink, action: Choose) -> bool:
        assert isinstance(action.value, int)
        ctx = state.ctx
        assert ctx is not None, "a player is chosen for a card's effect"
        state.pending = None
        ctx.chosen = action.value
        if events is not None:
            # The event's name is checked where the kind is declared: it
            # is a declared event of just these fields.
            events.append(cast("Event", {"t": event, "p": action.seat, "player": action.value}))
        return True

    return pick_player


def declare_pick(
    name: KindName, must: str, purpose: Purpose, question: str = "", event: str = "chose"
) -> DecisionKind:
    """Declare a kind that picks another seat for `choose_player: {ask: NAME}`:
    `purpose` says who the chosen seat is to the chooser (what bots and the
    hint weigh), `question` how a screen asks it (`said`), `event` the event
    its answer writes: `chose` ("Ana picks Bo"), or a card's own, declared
    with the fields `p` (who picked) and `player` (whom) in
    game/engine/events/ (its own words: "Ana picks Bo to draw two")."""
    fields = set(get_type_hints(EVENT_TYPES[event])) if event in EVENT_TYPES else set()
    if fields != {"t", "p", "player"}:
        raise ValueError(f"decision kind {name!r}: {event!r} is no event of fields p and player")
    return declare_choice(
        name,
        must=must,
        options="seat numbers",
        apply=_picks(event),
        words=lambda state, option: state.names[int(option)],
        ask=Ask.PLAYER,
        purpose=purpose,
        question=question,
        reads=lambda state, action, event_: (
            event_["t"] == event and event_["p"] == action.seat and event_["player"] == action.value
        ),
    )


# A card swapping hands asks it (7-0, Swap Hands); the effects after the pick
# say what it is for when they say otherwise (`choose_player`).
declare_pick("player", "pick another seat", Purpose.SWAP)
