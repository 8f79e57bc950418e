"""The events of a match and its rounds: its start, the cut, the deal and
the draft, the first card, each round's end and the match's.

Each event's fields (the replay-log format), then what its readers need
to know of it (game/engine/event_kinds.py). The whole format:
game/engine/events/__init__.py.
"""

# No `from __future__ import annotations`: see game/engine/events/__init__.py.
from typing import Annotated, Literal, NotRequired

from typing_extensions import TypedDict

from game.engine.actions import Choose, NextRound
from game.engine.event_fields import (
    Card,
    Cards,
    ColorOrNull,
    CutCards,
    Direction,
    Flag,
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
    Target,
    Text,
    TrueWhenPresent,
    means,
)
from game.engine.event_kinds import (
    EVERYONE,
    NOTHING_TO_SAY,
    OWN_WORDS,
    EventKind,
    Saying,
    declare_event,
    seen_by,
)

P = ("p",)  # the event happens to the seat in `p`


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


declare_event(EventKind("game", NOTHING_TO_SAY, table=True, teaches=True))


class CutEvent(TypedDict):
    t: Literal["cut"]
    cards: Annotated[CutCards, means("seat index as a string → its cut")]


declare_event(
    EventKind(
        "cut",
        Saying("Cut for the deal: the highest number deals"),
        table=True,
        teaches=False,
        story=False,
        animated=True,
        cards={"cards": EVERYONE},
    )
)


class RoundEvent(TypedDict):
    t: Literal["round"]
    n: Annotated[RoundNumber, means("the round's number, from 1")]
    dealer: Annotated[Seat, means("the seat that deals")]


declare_event(
    EventKind(
        "round",
        OWN_WORDS,
        table=True,
        teaches=True,
        story=False,
        pile=True,
        animated=True,
        written_by=(NextRound,),
        by_effects=False,
    )
)


class DealEvent(TypedDict):
    t: Literal["deal"]
    p: Annotated[Seat, means("the seat dealt to")]
    cards: Annotated[Cards, means("the cards dealt, in the order the hand holds them")]


declare_event(
    EventKind(
        "deal",
        NOTHING_TO_SAY,
        table=True,
        teaches=True,
        concerns=P,
        pile=True,
        animated=True,
        cards={"cards": seen_by("p")},
    )
)


class DraftEvent(TypedDict):
    t: Literal["draft"]
    p: Annotated[Seat, means("the seat drafting")]
    card: Annotated[Card, means("the card handled")]
    kept: Annotated[Flag, means("kept (true) or onto the draft discard (false)")]


declare_event(
    EventKind(
        "draft",
        OWN_WORDS,
        table=True,
        teaches=True,
        actor="p",
        turn_move=True,
        concerns=P,
        pile=True,
        animated=True,
        written_by=(Choose,),
        by_effects=False,
        # A kept card goes to its seat's hand unseen; a card turned onto the
        # draft discard is face up (docs/rules.md §3).
        cards={"card": seen_by("p", face_up_when={"kept": False})},
    )
)


class StartEvent(TypedDict):
    t: Literal["start"]
    card: Annotated[Card, means("the card turned up to start the discard pile")]
    color: Annotated[ColorOrNull, means("its colour; null for a wild")]
    first: Annotated[Seat, means("the seat the rules make act first")]
    direction: Annotated[Direction, means("the direction of play")]


declare_event(
    EventKind(
        "start",
        OWN_WORDS,
        table=True,
        teaches=True,
        pile=True,
        animated=True,
        cards={"card": EVERYONE},
    )
)


class RoundEndEvent(TypedDict):
    t: Literal["round_end"]
    winner: Annotated[Seat, means("the seat that won the round")]
    points: Annotated[Points, means("every seat, as a string → its points this round")]
    scores: Annotated[Scores, means("the match totals after this round")]
    blocked: NotRequired[
        Annotated[TrueWhenPresent, means("the round ended without anyone going out")]
    ]
    side: NotRequired[Annotated[Text, means("a two-sided deck: the side whose faces were scored")]]


declare_event(EventKind("round_end", OWN_WORDS, table=True, teaches=False, animated=True))


class EliminatedEvent(TypedDict):
    t: Literal["eliminated"]
    p: Annotated[Seat, means("the seat eliminated")]
    score: Annotated[Score, means("its total")]


declare_event(
    EventKind(
        "eliminated",
        Saying("{name} is out of the match", name="p"),
        table=True,
        teaches=True,
        concerns=P,
        hold=0.6,
    )
)


class GameEndEvent(TypedDict):
    t: Literal["game_end"]
    winner: Annotated[Seat, means("the seat that won the match")]
    scores: Annotated[Scores, means("the final totals")]
    team: NotRequired[Annotated[Seats, means("team play: the winning team")]]


declare_event(
    EventKind(
        "game_end",
        Saying("{name} wins the match!", tone="gold", name="winner"),
        table=True,
        teaches=False,
    )
)


# The events of a match and its rounds; a new one joins
# here (the format is the union of the three: game/engine/events/__init__.py).
MatchEvents = (
    GameEvent
    | CutEvent
    | RoundEvent
    | DealEvent
    | DraftEvent
    | StartEvent
    | RoundEndEvent
    | EliminatedEvent
    | GameEndEvent
)
