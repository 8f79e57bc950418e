"""Which seat a press acts for, decided here and nowhere else.

The keyboard, the mouse and a controller with no seat act for whoever is to
act. A controller that claimed a seat (`Gamepads`, game/ui/input.py; how it
claims one: game/scenes/pad_seats.py) acts for that seat alone:

- the app tags each of its presses with the seat (`Command.seat`), after A on
  a free controller has had its chance to take a seat whose controller was
  unplugged (`route`);
- a scene that is one seat's private moment (`private_to`: its curtain, the
  colour it names, the player it picks, a hand shown to it) takes no press
  from another seat's controller: a call or a catch goes to the scene below
  (they reveal nothing and may be made at any time), anything else is turned
  away with a word (`route`);
- on the table a tagged press of a human seat goes to that seat's own
  controller (game/table/seat_controller.py); any other to whoever is to act
  (`own_seat`);
- the prompts follow the controller that pressed (`pressed_by`).

What a seat may do once it is known is the table's (game/table/couch_input.py,
seat_controller.py), and what is legal the engine's.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

import pygame

from game.i18n import _
from game.ui.input import CATCH, UNO, Command, Gamepads


class To(Enum):
    """Where a press goes."""

    TOP = "top"  # the scene on top
    BELOW = "below"  # the scene under a seat's private moment (a call, a catch)
    NOBODY = "nobody"  # turned away, with `Routed.words`; or used up (a controller rescued)


class Receiver(Protocol):
    """A scene, as a press reaches it (game/scenes/base.py)."""

    @property
    def private_to(self) -> int | None: ...

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool: ...


class Stack(Protocol):
    """What delivering a press asks of the app (game/app.py): its scenes, the
    controllers, the line over every scene and a tick."""

    @property
    def stack(self) -> Sequence[Receiver]: ...

    @property
    def gamepads(self) -> Gamepads | None: ...

    def show_notice(self, line: str, seconds: float = 4.0) -> None: ...

    def play(self, name: str) -> None: ...


@dataclass(frozen=True)
class Routed:
    to: To
    words: str = ""  # the line over every scene, when there is one to say
    seconds: float = 2.5  # how long it stays up


def pressed_by(pads: Gamepads | None, event: pygame.event.Event) -> int | None:
    """The seat of the controller that pressed, for the prompts; None for any other device."""
    if event.type != pygame.CONTROLLERBUTTONDOWN or pads is None:
        return None
    return pads.seat_of(getattr(event, "instance_id", None))


def route(pads: Gamepads | None, cmd: Command | None, owner: int | None, below: bool) -> Routed:
    """Where `cmd` goes when the top scene is `owner`'s private moment (None:
    nobody's) with a scene `below` it or not; a controller's press is tagged
    with its seat on the way (`cmd.seat`)."""
    if cmd is not None and cmd.pad is not None and pads is not None:
        taken = pads.rescue(cmd)
        if taken is not None:
            return Routed(To.NOBODY, taken, seconds=4.0)
        cmd.seat = pads.seat_of(cmd.pad)
    seat = cmd.seat if cmd is not None else None
    if cmd is None or seat is None or owner is None or seat == owner:
        return Routed(To.TOP)
    if cmd.name in (UNO, CATCH) and below:
        return Routed(To.BELOW)
    names = pads.seat_names if pads is not None else []
    waiting = names[owner] if 0 <= owner < len(names) else _("seat {n}").format(n=owner + 1)
    guest = names[seat] if 0 <= seat < len(names) else _("Seat {n}").format(n=seat + 1)
    words = _("Waiting for {waiting}: {guest} may call UNO or catch meanwhile")
    return Routed(To.NOBODY, words.format(waiting=waiting, guest=guest))


def deliver(app: Stack, event: pygame.event.Event, cmd: Command | None) -> None:
    """Hand one input event to the scene it goes to, as the seat of its controller may."""
    stack = app.stack
    top = stack[-1]
    routed = route(app.gamepads, cmd, top.private_to, below=len(stack) >= 2)
    if routed.to is To.TOP:
        top.handle(event, cmd)
    elif routed.to is To.BELOW:
        stack[-2].handle(event, cmd)
    else:
        app.show_notice(routed.words, routed.seconds)
        app.play("tick")


def own_seat(cmd: Command, humans: Collection[int]) -> int | None:
    """On the table: the human seat whose own controller pressed `cmd`, which
    acts for it alone; None: the press acts for whoever is to act."""
    seat = cmd.seat
    return seat if seat is not None and seat in humans else None
