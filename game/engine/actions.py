"""What a seat can do. `legal_actions` is the only source of these.

Every action names the seat that takes it, because some are taken out of
turn (calling UNO after the card is down, catching someone who forgot).
Cards are named by their id in the rule set's deck (`state.cards.names[id]`
gives `red:7`), so two identical cards in one hand are two actions.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Final, Self


class _Value:
    """Actions are immutable values: a copy of one is the action itself."""

    __slots__ = ()

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self


@dataclass(frozen=True, slots=True)
class Play(_Value):
    """Put `card` on the discard pile; `color` names the colour for a wild."""

    seat: int
    card: int
    color: str | None = None


@dataclass(frozen=True, slots=True)
class Draw(_Value):
    seat: int


@dataclass(frozen=True, slots=True)
class Pass(_Value):
    """End the turn without playing (after a draw, or when nothing can be done)."""

    seat: int


@dataclass(frozen=True, slots=True)
class CallUno(_Value):
    seat: int


@dataclass(frozen=True, slots=True)
class Catch(_Value):
    """Catch `target`, who is down to one card and has not called UNO."""

    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class Challenge(_Value):
    """Challenge the Wild Draw Four (or any challengeable penalty) aimed at you."""

    seat: int


@dataclass(frozen=True, slots=True)
class Accept(_Value):
    """Take the pending penalty instead of challenging or stacking."""

    seat: int


@dataclass(frozen=True, slots=True)
class Choose(_Value):
    """Answer the pending choice: a colour name, a seat number, `keep`, …"""

    seat: int
    value: str | int


@dataclass(frozen=True, slots=True)
class NextRound(_Value):
    seat: int


Action = Play | Draw | Pass | CallUno | Catch | Challenge | Accept | Choose | NextRound

ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (Play, Draw, Pass, CallUno, Catch, Challenge, Accept, Choose, NextRound)
}

# Actions that belong to the turn itself; taking one ends a catch window that
# stays open only "until the next player acts".
TURN_ACTIONS: Final = (Play, Draw, Pass, Challenge, Accept, Choose)


def action_to_dict(action: Action) -> dict[str, Any]:
    return {"a": type(action).__name__, **asdict(action)}


def action_from_dict(data: dict[str, Any]) -> Action:
    fields = dict(data)
    cls = ACTION_TYPES[fields.pop("a")]
    return cls(**fields)


class SeatActions:
    """A seat's actions that name no card, made once and shared by every game:
    legal_actions hands out these same objects instead of new ones each turn."""

    __slots__ = ("draw", "pass_", "accept", "challenge", "call_uno", "next_round", "catch")

    def __init__(self, seat: int) -> None:
        self.draw = Draw(seat)
        self.pass_ = Pass(seat)
        self.accept = Accept(seat)
        self.challenge = Challenge(seat)
        self.call_uno = CallUno(seat)
        self.next_round = NextRound(seat)
        self.catch = tuple(Catch(seat, target) for target in range(MAX_SEATS))


MAX_SEATS: Final = 20
SEAT_ACTIONS: Final = tuple(SeatActions(seat) for seat in range(MAX_SEATS))
