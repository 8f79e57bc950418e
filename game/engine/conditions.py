"""Conditions: named facts about the game that rules can test.

A condition in YAML is a flat mapping of names to the value they must have,
all of which must hold:

    when: {players: 2}
    play_only_if: {holds_color_in_force: false}

Each function here takes the state and the play context (whose `actor` is
the seat concerned and `card` the card being played, which never counts
as "held") and returns a value of the registered type.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine.block_types import Condition, Value
from game.engine.pending import PlayContext
from game.engine.said import said, said_n

if TYPE_CHECKING:
    # Only for annotations: the state holds the rule set, which holds these
    # conditions (typed for it in block_types.py, without the state).
    from game.engine.state import GameState

__all__ = ["REGISTRY", "Condition", "ConditionBlock", "Value", "block_of", "condition"]


@dataclass(frozen=True)
class ConditionBlock:
    name: str
    fn: Condition
    value_type: type[bool] | type[int]
    doc: str
    words: Callable[[Value], str]  # expected value -> a plain-words phrase
    # (expected value, colour in force) -> why a card restricted by this
    # condition is refused, e.g. "only without a red card"; None: from `words`.
    refusal: Callable[[Value, str | None], str] | None = None

    def refusal_text(self, expected: Value, color: str | None) -> str:
        if self.refusal is not None:
            return self.refusal(expected, color)
        return said("only when {what}", what=self.words(expected))


REGISTRY: dict[str, ConditionBlock] = {}


def condition(
    value_type: type[bool] | type[int],
    words: Callable[[Value], str],
    refusal: Callable[[Value, str | None], str] | None = None,
) -> Callable[[Condition], Condition]:
    def register(fn: Condition) -> Condition:
        block = ConditionBlock(fn.__name__, fn, value_type, fn.__doc__ or "", words, refusal)
        REGISTRY[fn.__name__] = block
        return fn

    return register


def block_of(fn: Condition) -> ConditionBlock:
    """The registered block of a compiled condition's function."""
    return REGISTRY[fn.__name__]


def _others_in_hand(state: GameState, ctx: PlayContext) -> list[int]:
    card = ctx.card
    return [c for c in state.hands[ctx.actor] if c != card]


@condition(
    bool,
    words=lambda v: (
        said("the player holds a card of the colour in force")
        if v
        else said("the player holds no card of the colour in force")
    ),
    refusal=lambda v, color: (
        said("only with a {color} card", color=color)
        if v
        else said("only without a {color} card", color=color)
    ),
)
def holds_color_in_force(state: GameState, ctx: PlayContext) -> bool:
    """The seat holds another card of the colour in force.

    YAML: `play_only_if: {holds_color_in_force: false}` — the official Wild
    Draw Four restriction.
    """
    color = state.color
    color_of = state.cards.color
    return any(color_of[c] == color for c in _others_in_hand(state, ctx))


@condition(
    bool,
    words=lambda v: (
        said("the player holds a card matching the top card")
        if v
        else said("the player holds no card matching the top card")
    ),
    refusal=lambda v, color: (
        said("only with a card that matches the top card")
        if v
        else said("only without a card that matches the top card")
    ),
)
def holds_match(state: GameState, ctx: PlayContext) -> bool:
    """The seat holds another card matching the top card by colour, number or symbol.

    Wilds do not count as a match. YAML: `play_only_if: {holds_match: false}`
    — source 000's stricter Wild Draw Four.
    """
    cards = state.cards
    top_symbol = cards.symbol[state.top]
    return any(
        cards.color[c] >= 0 and (cards.color[c] == state.color or cards.symbol[c] == top_symbol)
        for c in _others_in_hand(state, ctx)
    )


@condition(
    bool,
    words=lambda v: (
        said("the player could play another card")
        if v
        else said("the player has no other card to play")
    ),
    refusal=lambda v, color: (
        said("only when another card could be played")
        if v
        else said("only when no other card can be played")
    ),
)
def holds_other_playable(state: GameState, ctx: PlayContext) -> bool:
    """The seat could play another card instead, at the moment it plays this
    one: after a draw, only the cards `turn.play_drawn` leaves open count.

    YAML: `play_only_if: {holds_other_playable: false}` — a Wild Draw
    Four, challengeable "if the player could have played another card".
    """
    card = ctx.card
    return any(
        c != card and state.matches(c) and not state.cards.kind[c].play_only_if
        for c in state.choosable(ctx.actor)
    )


@condition(
    int,
    words=lambda v: said_n("{n} player is in the game", "{n} players are in the game", int(v)),
)
def players(state: GameState, ctx: PlayContext) -> int:
    """How many seats are still in the match.

    YAML: `- skip: {when: {players: 2}}` — Reverse acts as Skip with two players.
    """
    return state.players - state.eliminated.count(True)


@condition(
    int,
    words=lambda v: said_n("the player has {n} card left", "the player has {n} cards left", int(v)),
)
def hand_size(state: GameState, ctx: PlayContext) -> int:
    """How many cards the acting seat holds (after the card being played left it).

    YAML: `- draw: {who: self, count: 1, when: {hand_size: 0}}`.
    """
    return len(state.hands[ctx.actor])


@condition(
    bool,
    words=lambda v: (
        said("it is the first card of the round") if v else said("it is not the first card")
    ),
)
def first_card(state: GameState, ctx: PlayContext) -> bool:
    """The effect is resolving for the card turned up to start the round.

    YAML: `- choose_color: {who: next, when: {first_card: true}}`.
    """
    return ctx.first_card
