"""What a game is waiting on: the open decision, the cards owed, the play
whose effects are being resolved.

These are plain records with no rule knowledge, so every layer may build
them: the effects open decisions and penalties, the turn resolves them. Which
decision kinds exist, and how each is answered, is game/engine/decisions.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Decision:
    """Seat `seat` must answer a decision of kind `kind` (one of
    `decisions.REGISTRY`, which says what `options` holds for it)."""

    kind: str
    seat: int
    options: tuple[str | int, ...] = ()


@dataclass(slots=True)
class Penalty:
    """Cards owed by `target`, waiting for them to take, stack or challenge."""

    count: int
    target: int
    source: int
    lose_turn: bool = True
    challengeable: bool = False
    guilty: bool = False
    stacked: bool = False
    stackable: bool = True  # false: nobody may stack on this one
    color_before: str | None = None  # public: what a challenger weighs
    resume_seat: int | None = None  # set when the target is not the next to play


@dataclass(slots=True)
class PlayContext:
    """What the effects being resolved know about the play that caused them."""

    actor: int
    card: int
    color_named: bool = False
    going_out: bool = False
    first_card: bool = False
    allowed: bool = True
    chosen: int | None = None
    prev_color: int = -1  # the colour in force before this card
    cards: list[int] = field(default_factory=list)  # several cards played in one turn, so far
    base_top: int = -1  # the top card before those cards were played
    prev_direction: int = 0  # the direction of play before this card (0: not known)
    dump: tuple[int, ...] = ()  # a colour dump's cards: those held when it opened
