"""The events the engine writes: one TypedDict per kind, in the replay-log format.

An event is a plain dict (the log line is its JSON, keys in the order the
engine writes them), so these types cost nothing at run time: they tell the
type checker, and a reader, which fields each kind carries. The format itself
is documented in docs/replay-format.md; a field added here is a field added
there.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict


class GameEvent(TypedDict):
    t: Literal["game"]
    rules: list[str]
    seed: int
    players: int
    names: list[str]
    target: int | None


class CutEvent(TypedDict):
    t: Literal["cut"]
    cards: dict[str, str]  # seat index as a string -> the card it cut


class RoundEvent(TypedDict):
    t: Literal["round"]
    n: int
    dealer: int


class DealEvent(TypedDict):
    t: Literal["deal"]
    p: int
    cards: list[str]


class DraftEvent(TypedDict):
    t: Literal["draft"]
    p: int
    card: str
    kept: bool


class StartEvent(TypedDict):
    t: Literal["start"]
    card: str
    color: str | None
    first: int
    direction: int


class ColorEvent(TypedDict):
    t: Literal["color"]
    p: int
    color: str


class TurnEvent(TypedDict):
    t: Literal["turn"]
    p: int


class PlayEvent(TypedDict):
    t: Literal["play"]
    p: int
    card: str
    color: str | None


class DrawEvent(TypedDict):
    t: Literal["draw"]
    p: int
    cards: list[str]
    why: str  # turn | penalty | uno | challenge | effect


class PassEvent(TypedDict):
    t: Literal["pass"]
    p: int


class SkipEvent(TypedDict):
    t: Literal["skip"]
    p: int


class DirectionEvent(TypedDict):
    t: Literal["direction"]
    direction: int


class UnoEvent(TypedDict):
    t: Literal["uno"]
    p: int


class CatchEvent(TypedDict):
    t: Literal["catch"]
    by: int
    p: int


class ChallengeEvent(TypedDict):
    t: Literal["challenge"]
    by: int
    p: int
    guilty: bool


class RevealEvent(TypedDict):
    t: Literal["reveal"]
    p: int
    to: int
    cards: list[str]


class ReshuffleEvent(TypedDict):
    t: Literal["reshuffle"]
    cards: int


# `with` is a keyword, so this one is spelt the functional way.
SwapEvent = TypedDict("SwapEvent", {"t": Literal["swap"], "p": int, "with": int})


class HandsEvent(TypedDict):
    t: Literal["hands"]
    hands: list[list[str]]
    discard: NotRequired[list[str]]  # a redeal gathered the discard pile too


class DiscardEvent(TypedDict):
    t: Literal["discard"]
    p: int
    cards: list[str]


class ChoseEvent(TypedDict):
    t: Literal["chose"]
    p: int
    player: int


class JumpInEvent(TypedDict):
    t: Literal["jump_in"]
    p: int
    over: int


class RoundEndEvent(TypedDict):
    t: Literal["round_end"]
    winner: int
    points: dict[str, int]
    scores: list[int]
    blocked: NotRequired[bool]
    side: NotRequired[str]  # a two-sided deck: the side whose faces were scored


class FlipEvent(TypedDict):
    """Every card turned over: `side` is now in play, `top` the discard
    pile's top card and `color` the colour in force (None: a wild on top,
    whose colour is named next)."""

    t: Literal["flip"]
    side: str
    top: str
    color: str | None


class EliminatedEvent(TypedDict):
    t: Literal["eliminated"]
    p: int
    score: int


class GameEndEvent(TypedDict):
    t: Literal["game_end"]
    winner: int
    scores: list[int]
    team: NotRequired[list[int]]


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
