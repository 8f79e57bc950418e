"""The events the engine writes, and the replay-log format they make.

One TypedDict per kind of event, and in it every field: its type, whether it
is always there (`NotRequired` when not), the values it may hold (the check
its type is `Annotated` with, game/engine/event_fields.py) and what it means
(`means`). This is the one declaration of the format: the engine's code is
type-checked against it (mypy), a log line is validated against it (pydantic
runs the checks; game/log/format.py builds the validator once), and
docs/replay-format.md lists the same events and fields
(tests/engine/test_event_schema.py holds the page to it).

An event is a plain dict (the log line is its JSON, keys in the order the
engine writes them), so these types cost the engine nothing as it plays.
"""

# No `from __future__ import annotations`: TypedDict sees `NotRequired` only
# in annotations evaluated when the class is made. pydantic reads TypedDicts
# of typing_extensions only, before Python 3.12.
from typing import Annotated, Literal, NotRequired, get_args, get_type_hints

from typing_extensions import TypedDict

from game.engine.event_fields import (
    Card,
    CardCount,
    Cards,
    Color,
    ColorOrNull,
    CutCards,
    Direction,
    Flag,
    Hands,
    Names,
    PlayerCount,
    Points,
    RoundNumber,
    RuleNames,
    Score,
    Scores,
    Seat,
    Seats,
    Seed,
    SomeCards,
    Target,
    Text,
    TrueWhenPresent,
    Why,
    means,
)

# --- the events ------------------------------------------------------------------------
# The kind of event is `t`; the fields follow in the order the engine writes them.


class GameEvent(TypedDict):
    t: Literal["game"]
    rules: Annotated[
        RuleNames,
        means("the rule sets, names or paths, in layering order"),
    ]
    seed: Annotated[Seed, means("the game's random seed")]
    players: Annotated[PlayerCount, means("how many seats")]
    names: Annotated[Names, means("each seat's name")]
    target: Annotated[
        Target,
        means("the score that ends the match; null: not played to a score"),
    ]


class CutEvent(TypedDict):
    t: Literal["cut"]
    cards: Annotated[CutCards, means("seat index as a string → its cut")]


class RoundEvent(TypedDict):
    t: Literal["round"]
    n: Annotated[RoundNumber, means("the round's number, from 1")]
    dealer: Annotated[Seat, means("the seat that deals")]


class DealEvent(TypedDict):
    t: Literal["deal"]
    p: Annotated[Seat, means("the seat dealt to")]
    cards: Annotated[Cards, means("the cards dealt, in the order the hand holds them")]


class DraftEvent(TypedDict):
    t: Literal["draft"]
    p: Annotated[Seat, means("the seat drafting")]
    card: Annotated[Card, means("the card handled")]
    kept: Annotated[Flag, means("kept (true) or onto the draft discard (false)")]


class StartEvent(TypedDict):
    t: Literal["start"]
    card: Annotated[Card, means("the card turned up to start the discard pile")]
    color: Annotated[ColorOrNull, means("its colour; null for a wild")]
    first: Annotated[Seat, means("the seat the rules make act first")]
    direction: Annotated[Direction, means("the direction of play")]


class ColorEvent(TypedDict):
    t: Literal["color"]
    p: Annotated[Seat, means("the seat naming the colour")]
    color: Annotated[Color, means("the colour now in force")]


class TurnEvent(TypedDict):
    t: Literal["turn"]
    p: Annotated[Seat, means("the seat with a decision to make")]


class PlayEvent(TypedDict):
    t: Literal["play"]
    p: Annotated[Seat, means("the seat that played")]
    card: Annotated[Card, means("the card put on the discard pile")]
    color: Annotated[ColorOrNull, means("the colour in force after it")]


class DrawEvent(TypedDict):
    t: Literal["draw"]
    p: Annotated[Seat, means("the seat that drew")]
    cards: Annotated[SomeCards, means("the cards taken from the draw pile")]
    why: Annotated[Why, means("what the draw was for: one of WHY")]


class PassEvent(TypedDict):
    t: Literal["pass"]
    p: Annotated[Seat, means("the seat ending its turn without playing")]


class SkipEvent(TypedDict):
    t: Literal["skip"]
    p: Annotated[Seat, means("the seat that loses a turn")]


class DirectionEvent(TypedDict):
    t: Literal["direction"]
    direction: Annotated[Direction, means("the new direction")]


class UnoEvent(TypedDict):
    t: Literal["uno"]
    p: Annotated[Seat, means("the seat that called UNO")]


class CatchEvent(TypedDict):
    t: Literal["catch"]
    by: Annotated[Seat, means("the seat that caught")]
    p: Annotated[Seat, means("the seat caught without an UNO call")]


class ChallengeEvent(TypedDict):
    t: Literal["challenge"]
    by: Annotated[Seat, means("the challenger")]
    p: Annotated[Seat, means("the seat whose Wild Draw Four is challenged")]
    guilty: Annotated[Flag, means("whether the play was illegal")]


class RevealEvent(TypedDict):
    t: Literal["reveal"]
    p: Annotated[Seat, means("the seat showing its hand")]
    to: Annotated[Seat, means("the only seat that sees it")]
    cards: Annotated[Cards, means("the whole hand, in its order")]


class ReshuffleEvent(TypedDict):
    t: Literal["reshuffle"]
    cards: Annotated[CardCount, means("how many cards became the draw pile")]


# `with` is a keyword, so this one is spelt the functional way.
SwapEvent = TypedDict(
    "SwapEvent",
    {
        "t": Literal["swap"],
        "p": Annotated[Seat, means("one seat of the exchange")],
        "with": Annotated[Seat, means("the seat it exchanged hands with")],
    },
)


class HandsEvent(TypedDict):
    t: Literal["hands"]
    hands: Annotated[Hands, means("every hand after a redistribution, one per seat")]
    discard: NotRequired[
        Annotated[Cards, means("a redeal gathered the discard pile too: the pile after it")]
    ]


class DiscardEvent(TypedDict):
    t: Literal["discard"]
    p: Annotated[Seat, means("the seat putting cards under the top card")]
    cards: Annotated[SomeCards, means("those cards")]


class ChoseEvent(TypedDict):
    t: Literal["chose"]
    p: Annotated[Seat, means("the seat that picked")]
    player: Annotated[Seat, means("the seat picked")]


class JumpInEvent(TypedDict):
    t: Literal["jump_in"]
    p: Annotated[Seat, means("the seat jumping in out of turn")]
    over: Annotated[Seat, means("the seat whose decision it was")]


class RoundEndEvent(TypedDict):
    t: Literal["round_end"]
    winner: Annotated[Seat, means("the seat that won the round")]
    points: Annotated[Points, means("every seat, as a string → its points this round")]
    scores: Annotated[Scores, means("the match totals after this round")]
    blocked: NotRequired[
        Annotated[TrueWhenPresent, means("the round ended without anyone going out")]
    ]
    side: NotRequired[Annotated[Text, means("a two-sided deck: the side whose faces were scored")]]


class FlipEvent(TypedDict):
    t: Literal["flip"]
    side: Annotated[Text, means("the side now in play")]
    top: Annotated[Card, means("the discard pile's top card")]
    color: Annotated[ColorOrNull, means("the colour in force; null: a wild, named next")]


class EliminatedEvent(TypedDict):
    t: Literal["eliminated"]
    p: Annotated[Seat, means("the seat eliminated")]
    score: Annotated[Score, means("its total")]


class GameEndEvent(TypedDict):
    t: Literal["game_end"]
    winner: Annotated[Seat, means("the seat that won the match")]
    scores: Annotated[Scores, means("the final totals")]
    team: NotRequired[Annotated[Seats, means("team play: the winning team")]]


Event = (
    GameEvent
    | CutEvent
    | RoundEvent
    | DealEvent
    | DraftEvent
    | StartEvent
    | ColorEvent
    | TurnEvent
    | PlayEvent
    | DrawEvent
    | PassEvent
    | SkipEvent
    | DirectionEvent
    | UnoEvent
    | CatchEvent
    | ChallengeEvent
    | RevealEvent
    | ReshuffleEvent
    | SwapEvent
    | HandsEvent
    | DiscardEvent
    | ChoseEvent
    | JumpInEvent
    | FlipEvent
    | RoundEndEvent
    | EliminatedEvent
    | GameEndEvent
)

# Where the engine writes an action's events: the list they are appended to,
# or None where nothing will read them (a playout on a copy made with
# `GameState.clone(events=False)`). Then no event is built at all, which
# saves about a seventh of what an action costs on the Python source and a
# fifth compiled; so every writer asks first:
#     if events is not None:
#         events.append({"t": "turn", "p": seat})
EventSink = list[Event] | None


def _kind_name(event_type: type) -> str:
    (kind,) = get_args(get_type_hints(event_type)["t"])
    return str(kind)


# Every kind of event by its `t`, in the order above.
EVENT_TYPES: dict[str, type] = {_kind_name(kind): kind for kind in get_args(Event)}
