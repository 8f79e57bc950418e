"""The events of cards moved between hands and piles by a card or by the
draw pile running out: a reshuffle, a swap, a redistribution, a discard,
a flip of a two-sided deck.

Each event's fields (the replay-log format), then what its readers need
to know of it (game/engine/event_kinds.py). The whole format:
game/engine/events/__init__.py.
"""

# No `from __future__ import annotations`: see game/engine/events/__init__.py.
from typing import Annotated, Literal, NotRequired

from typing_extensions import TypedDict

from game.engine.actions import Draw
from game.engine.event_fields import (
    Card,
    CardCount,
    Cards,
    ColorOrNull,
    Hands,
    Seat,
    SomeCards,
    Text,
    means,
)
from game.engine.event_kinds import (
    EACH_OWN,
    EVERYONE,
    OWN_WORDS,
    EventKind,
    HandOrder,
    Saying,
    declare_event,
    seen_by,
)

P = ("p",)  # the event happens to the seat in `p`


class ReshuffleEvent(TypedDict):
    t: Literal["reshuffle"]
    cards: Annotated[CardCount, means("how many cards became the draw pile")]


declare_event(
    EventKind(
        "reshuffle",
        OWN_WORDS,
        table=True,
        teaches=True,
        pile=True,
        animated=True,
        written_by=(Draw,),
    )
)


# `with` is a keyword, so this one is spelt the functional way.
SwapEvent = TypedDict(
    "SwapEvent",
    {
        "t": Literal["swap"],
        "p": Annotated[Seat, means("one seat of the exchange")],
        "with": Annotated[Seat, means("the seat it exchanged hands with")],
    },
)


declare_event(
    EventKind(
        "swap",
        Saying("{name} swaps hands with {other}", name="p", other="with"),
        table=True,
        teaches=True,
        concerns=("p", "with"),
        animated=True,
        hand_order=HandOrder.EVERY,
        moves_hands=seen_by("p", "with"),  # each sees its new hand in its view
    )
)


class HandsEvent(TypedDict):
    t: Literal["hands"]
    hands: Annotated[Hands, means("every hand after a redistribution, one per seat")]
    discard: NotRequired[
        Annotated[Cards, means("a redeal gathered the discard pile too: the pile after it")]
    ]


declare_event(
    EventKind(
        "hands",
        OWN_WORDS,
        table=True,
        teaches=True,
        pile=True,
        animated=True,
        hand_order=HandOrder.EVERY,
        cards={"hands": EACH_OWN, "discard": EVERYONE},
    )
)


class DiscardEvent(TypedDict):
    t: Literal["discard"]
    p: Annotated[Seat, means("the seat putting cards under the top card")]
    cards: Annotated[SomeCards, means("those cards")]


declare_event(
    EventKind(
        "discard",
        OWN_WORDS,
        table=True,
        teaches=True,
        concerns=P,
        animated=True,
        hand_order=HandOrder.SEAT,
        cards={"cards": EVERYONE},  # put under the top card face up
    )
)


class FlipEvent(TypedDict):
    t: Literal["flip"]
    side: Annotated[Text, means("the side now in play")]
    top: Annotated[Card, means("the discard pile's top card")]
    color: Annotated[ColorOrNull, means("the colour in force; null: a wild, named next")]


declare_event(
    EventKind(
        "flip",
        OWN_WORDS,
        table=True,
        teaches=False,
        pile=True,
        animated=True,
        cards={"top": EVERYONE},
    )
)


# The events of cards moved between hands and piles; a new one joins
# here (the format is the union of the three: game/engine/events/__init__.py).
HandEvents = ReshuffleEvent | SwapEvent | HandsEvent | DiscardEvent | FlipEvent
