"""What a game is waiting on: the open decision, the cards owed, the play
whose effects are being resolved.

These are plain records with no rule knowledge, so every layer may build
them: the effects open decisions and penalties, the turn resolves them. Which
decision kinds exist, and how each is answered, is game/engine/decisions.py.

Each record declares its fields as a dataclass (for comparison, printing and
`dataclasses.fields`) but writes its `__init__` out: the compiled engine
builds these during play (a PlayContext for every action card) and mypyc
compiles a written `__init__`, where a dataclass's generated one stays
interpreted, several times slower; and the copies a cloned state needs are
written out for the same reason (`dataclasses.replace` walks the fields at
run time). tests/engine/test_clone.py checks that each `__init__` sets
every field and each `copy` copies every field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from game.engine.kind_names import KindName


class _Record:
    """Copies of a record, shallow or deep, come from its own `copy`: the copy
    module cannot rebuild a compiled class whose `__init__` takes arguments."""

    __slots__ = ()

    def copy(self) -> Self:
        raise NotImplementedError

    def __copy__(self) -> Self:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self.copy()


@dataclass(slots=True, init=False)
class Decision(_Record):
    """Seat `seat` must answer a decision of kind `kind` (one of
    `decisions.REGISTRY`, which says what `options` holds for it)."""

    kind: KindName
    seat: int
    options: tuple[str | int, ...]

    def __init__(self, kind: KindName, seat: int, options: tuple[str | int, ...] = ()) -> None:
        self.kind = kind
        self.seat = seat
        self.options = options

    def copy(self) -> Decision:
        return self  # never changed once made: every copy of a game shares it


@dataclass(slots=True, init=False)
class Penalty(_Record):
    """Cards owed by `target`, waiting for them to take, stack or challenge."""

    count: int
    target: int
    source: int
    lose_turn: bool
    challengeable: bool
    guilty: bool
    stacked: bool
    stackable: bool  # false: nobody may stack on this one
    color_before: str | None  # public: what a challenger weighs
    resume_seat: int | None  # set when the target is not the next to play
    until_color: int  # then draws on until a card of this colour (-1: no)
    # The side whose colours `until_color` counts in: the side it was named
    # on, which a flip after the naming does not change.
    until_side: int

    def __init__(
        self,
        count: int,
        target: int,
        source: int,
        lose_turn: bool = True,
        challengeable: bool = False,
        guilty: bool = False,
        stacked: bool = False,
        stackable: bool = True,
        color_before: str | None = None,
        resume_seat: int | None = None,
        until_color: int = -1,
        until_side: int = 0,
    ) -> None:
        self.count = count
        self.target = target
        self.source = source
        self.lose_turn = lose_turn
        self.challengeable = challengeable
        self.guilty = guilty
        self.stacked = stacked
        self.stackable = stackable
        self.color_before = color_before
        self.resume_seat = resume_seat
        self.until_color = until_color
        self.until_side = until_side

    def copy(self) -> Penalty:
        return Penalty(
            count=self.count,
            target=self.target,
            source=self.source,
            lose_turn=self.lose_turn,
            challengeable=self.challengeable,
            guilty=self.guilty,
            stacked=self.stacked,
            stackable=self.stackable,
            color_before=self.color_before,
            resume_seat=self.resume_seat,
            until_color=self.until_color,
            until_side=self.until_side,
        )


@dataclass(slots=True, init=False)
class PlayContext(_Record):
    """What the effects being resolved know about the play that caused them."""

    actor: int
    card: int
    color_named: bool
    going_out: bool
    first_card: bool
    allowed: bool
    chosen: int | None
    prev_color: int  # the colour in force before this card
    cards: list[int]  # several cards played in one turn, so far
    base_top: int  # the top card before those cards were played
    prev_direction: int  # the direction of play before this card (0: not known)
    dump: tuple[int, ...]  # a colour dump's cards: those held when it opened
    # The side in play before this card: `prev_color` is one of its colours
    # (an effect of the card may have turned the table since).
    prev_side: int

    def __init__(
        self,
        actor: int,
        card: int,
        color_named: bool = False,
        going_out: bool = False,
        first_card: bool = False,
        allowed: bool = True,
        chosen: int | None = None,
        prev_color: int = -1,
        cards: list[int] | None = None,
        base_top: int = -1,
        prev_direction: int = 0,
        dump: tuple[int, ...] = (),
        prev_side: int = 0,
    ) -> None:
        self.actor = actor
        self.card = card
        self.color_named = color_named
        self.going_out = going_out
        self.first_card = first_card
        self.allowed = allowed
        self.chosen = chosen
        self.prev_color = prev_color
        self.cards = [] if cards is None else cards
        self.base_top = base_top
        self.prev_direction = prev_direction
        self.dump = dump
        self.prev_side = prev_side

    def copy(self) -> PlayContext:
        """A copy with its own list of cards played."""
        return PlayContext(
            actor=self.actor,
            card=self.card,
            color_named=self.color_named,
            going_out=self.going_out,
            first_card=self.first_card,
            allowed=self.allowed,
            chosen=self.chosen,
            prev_color=self.prev_color,
            cards=list(self.cards),
            base_top=self.base_top,
            prev_direction=self.prev_direction,
            dump=self.dump,
            prev_side=self.prev_side,
        )
