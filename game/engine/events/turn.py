"""The events of a turn: whose it is, what the seat does (a play, a draw, a
pass, a colour or a player named, an UNO call, a catch, a challenge and what
it reveals, a jump-in) and what a card does to the next (a skip, a reverse).

Each event's fields (the replay-log format), then what its readers need
to know of it (game/engine/event_kinds.py). The whole format:
game/engine/events/__init__.py.
"""

# No `from __future__ import annotations`: see game/engine/events/__init__.py.
from typing import Annotated, Literal

from typing_extensions import TypedDict

from game.engine.actions import CallUno, Catch, Challenge, Choose, Draw, Pass, Play
from game.engine.event_fields import (
    Card,
    Cards,
    Color,
    ColorOrNull,
    Direction,
    Flag,
    Seat,
    SomeCards,
    Why,
    means,
)
from game.engine.event_kinds import (
    EVERYONE,
    NOTHING_TO_SAY,
    OWN_WORDS,
    EventKind,
    HandOrder,
    Saying,
    ShownHand,
    declare_event,
    seen_by,
)

P = ("p",)  # the event happens to the seat in `p`


class TurnEvent(TypedDict):
    t: Literal["turn"]
    p: Annotated[Seat, means("the seat with a decision to make")]


declare_event(EventKind("turn", NOTHING_TO_SAY, table=True, teaches=True, concerns=P))


class PlayEvent(TypedDict):
    t: Literal["play"]
    p: Annotated[Seat, means("the seat that played")]
    card: Annotated[Card, means("the card put on the discard pile")]
    color: Annotated[ColorOrNull, means("the colour in force after it")]


declare_event(
    EventKind(
        "play",
        OWN_WORDS,
        table=True,
        teaches=True,
        actor="p",
        turn_move=True,
        concerns=P,
        animated=True,
        written_by=(Play,),
        by_effects=False,
        cards={"card": EVERYONE},
    )
)


class DrawEvent(TypedDict):
    t: Literal["draw"]
    p: Annotated[Seat, means("the seat that drew")]
    cards: Annotated[SomeCards, means("the cards taken from the draw pile")]
    why: Annotated[Why, means("what the draw was for: one of WHY")]


declare_event(
    EventKind(
        "draw",
        OWN_WORDS,
        table=True,
        teaches=True,
        actor="p",
        turn_move=True,
        when={"why": "turn"},  # a draw owed (a penalty, a catch) is no move of its own
        concerns=P,
        pile=True,
        animated=True,
        written_by=(Draw,),
        cards={"cards": seen_by("p")},
    )
)


class PassEvent(TypedDict):
    t: Literal["pass"]
    p: Annotated[Seat, means("the seat ending its turn without playing")]


declare_event(
    EventKind(
        "pass",
        Saying("{name} passes", name="p"),
        table=False,
        teaches=False,
        actor="p",
        turn_move=True,
        concerns=P,
        hold=0.35,
        written_by=(Pass, Draw),  # a draw the seat may not play passes at once
        by_effects=False,
    )
)


class SkipEvent(TypedDict):
    t: Literal["skip"]
    p: Annotated[Seat, means("the seat that loses a turn")]


declare_event(EventKind("skip", OWN_WORDS, table=False, teaches=False, concerns=P, hold=0.55))


class DirectionEvent(TypedDict):
    t: Literal["direction"]
    direction: Annotated[Direction, means("the new direction")]


declare_event(EventKind("direction", OWN_WORDS, table=True, teaches=True, hold=0.6))


class ColorEvent(TypedDict):
    t: Literal["color"]
    p: Annotated[Seat, means("the seat naming the colour")]
    color: Annotated[Color, means("the colour now in force")]


declare_event(
    EventKind(
        "color",
        OWN_WORDS,
        table=True,
        teaches=True,
        actor="p",
        turn_move=True,
        concerns=P,
        hold=0.45,
        written_by=(Choose,),
        by_effects=False,
    )
)


class UnoEvent(TypedDict):
    t: Literal["uno"]
    p: Annotated[Seat, means("the seat that called UNO")]


declare_event(
    EventKind(
        "uno",
        OWN_WORDS,
        table=True,
        teaches=False,
        actor="p",
        concerns=P,
        animated=True,
        written_by=(CallUno,),
        by_effects=False,
    )
)


class CatchEvent(TypedDict):
    t: Literal["catch"]
    by: Annotated[Seat, means("the seat that caught")]
    p: Annotated[Seat, means("the seat caught without an UNO call")]


declare_event(
    EventKind(
        "catch",
        OWN_WORDS,
        table=True,
        teaches=False,
        actor="by",
        concerns=P,
        animated=True,
        written_by=(Catch,),
        by_effects=False,
    )
)


class ChallengeEvent(TypedDict):
    t: Literal["challenge"]
    by: Annotated[Seat, means("the challenger")]
    p: Annotated[Seat, means("the seat whose Wild Draw Four is challenged")]
    guilty: Annotated[Flag, means("whether the play was illegal")]


declare_event(
    EventKind(
        "challenge",
        OWN_WORDS,
        table=False,
        teaches=True,
        actor="by",
        turn_move=True,
        concerns=P,
        hold=0.9,
        written_by=(Challenge,),
        by_effects=False,
    )
)


class RevealEvent(TypedDict):
    t: Literal["reveal"]
    p: Annotated[Seat, means("the seat showing its hand")]
    to: Annotated[Seat, means("the only seat that sees it")]
    cards: Annotated[Cards, means("the whole hand, in its order")]


declare_event(
    EventKind(
        "reveal",
        Saying("{to} looks at {name}'s hand", to="to", name="p"),
        table=False,
        teaches=True,
        concerns=P,
        hand_order=HandOrder.SEAT,
        cards={"cards": seen_by("to")},  # the challenger alone
        shows_hand=ShownHand(owner="p", to="to", cards="cards"),
    )
)


class ChoseEvent(TypedDict):
    t: Literal["chose"]
    p: Annotated[Seat, means("the seat that picked")]
    player: Annotated[Seat, means("the seat picked")]


declare_event(
    EventKind(
        "chose",
        Saying("{name} picks {other}", name="p", other="player"),
        table=False,
        teaches=False,
        actor="p",
        turn_move=True,
        concerns=("p", "player"),
        hold=0.4,
        written_by=(Choose,),
        by_effects=False,
    )
)


class JumpInEvent(TypedDict):
    t: Literal["jump_in"]
    p: Annotated[Seat, means("the seat jumping in out of turn")]
    over: Annotated[Seat, means("the seat whose decision it was")]


declare_event(
    EventKind(
        "jump_in",
        OWN_WORDS,
        table=False,
        teaches=False,
        actor="p",
        concerns=P,
        written_by=(Play,),
        by_effects=False,
    )
)


# The events of a turn; a new one joins
# here (the format is the union of the three: game/engine/events/__init__.py).
TurnEvents = (
    TurnEvent
    | PlayEvent
    | DrawEvent
    | PassEvent
    | SkipEvent
    | DirectionEvent
    | ColorEvent
    | UnoEvent
    | CatchEvent
    | ChallengeEvent
    | RevealEvent
    | ChoseEvent
    | JumpInEvent
)
