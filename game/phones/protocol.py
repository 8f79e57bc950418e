"""What a phone may send, and how much of it.

A phone sends JSON text messages of at most `MAX_MESSAGE_BYTES`, each one of
the `Message` shapes below and nothing more (an unknown field, a seat number,
a wrong type: refused whole). A phone never names an action: it answers an
*offer*, the numbered list of its seat's legal actions the game last sent
it, by the index of its choice. So a phone can only ever choose among its own
seat's legal actions, and an answer to an offer that is no longer the
current one (sent twice, replayed, or overtaken by the table) changes
nothing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

MAX_MESSAGE_BYTES = 1024
MAX_CHOICES = 1000  # more legal actions than a seat ever has at once


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Act(_Message):
    """Take option `choice` of offer `offer`."""

    type: Literal["act"]
    offer: Annotated[int, Field(ge=0)]
    choice: Annotated[int, Field(ge=0, lt=MAX_CHOICES)]


class Ping(_Message):
    """Still here (a phone's page sends it while it is shown)."""

    type: Literal["ping"]


class AskHint(_Message):
    """What would the expert do? Answered to this phone alone (game/phones/hints.py)."""

    type: Literal["hint"]


Message = Annotated[Act | Ping | AskHint, Field(discriminator="type")]
_MESSAGE: TypeAdapter[Act | Ping | AskHint] = TypeAdapter(Message)


class Refused(ValueError):
    """A message the server does not act on; `reason` says why, in plain words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def parse(text: str | bytes) -> Act | Ping | AskHint:
    """The message `text` holds, or Refused. Sizes are checked before parsing."""
    if isinstance(text, bytes):
        raise Refused("messages are text")
    if len(text) > MAX_MESSAGE_BYTES or len(text.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
        raise Refused(f"message over {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise Refused("not JSON") from None
    try:
        return _MESSAGE.validate_python(data)
    except ValidationError:
        raise Refused("not a message this game knows") from None


class RateLimit:
    """A token bucket: `burst` messages at once, then `per_second` a second.
    The clock is passed in, so tests count messages instead of timing them."""

    def __init__(self, burst: int, per_second: float, now: float) -> None:
        self.burst = burst
        self.per_second = per_second
        self.tokens = float(burst)
        self.last = now

    def allow(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.per_second)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


A = TypeVar("A")


@dataclass
class Offers(Generic[A]):
    """The actions last offered to each seat, numbered; each offer is taken at most once."""

    _next: int = 1
    _current: dict[int, tuple[int, tuple[A, ...]]] = field(default_factory=dict)

    def offer(self, seat: int, actions: Sequence[A]) -> int:
        number = self._next
        self._next += 1
        self._current[seat] = (number, tuple(actions))
        return number

    def actions(self, seat: int) -> tuple[A, ...]:
        """The actions of `seat`'s open offer, numbered as it was sent (none when none is open)."""
        return self._current.get(seat, (0, ()))[1]

    def current(self, seat: int) -> int:
        """The number of `seat`'s open offer (0 when none is open)."""
        return self._current.get(seat, (0, ()))[0]

    def take(self, seat: int, act: Act) -> A:
        """The action `act` chose for `seat`, which uses up the offer; or Refused."""
        number, actions = self._current.get(seat, (0, ()))
        if act.offer != number:
            raise Refused("that choice is no longer offered")
        if act.choice >= len(actions):
            raise Refused("no such choice")
        del self._current[seat]
        return actions[act.choice]
