"""A controller that claimed a seat acts for that seat only: this is where its
presses are sorted out before a scene sees them, and where its pad is shaken.

The claims themselves are `Gamepads` (game/ui/input.py); the setup screen makes
them. Here, every press of a controller is tagged with the seat it claimed
(`Command.seat`). A controller with no seat, the keyboard and the mouse act for
whoever is to act, as always.

A scene that is one seat's private moment says so (`Scene.private_to`: the
"Pass to NAME" curtain, the colour that seat names, the player it picks, a hand
shown to it alone). There a press from another seat's controller never reaches
the scene: a call or a catch goes to the table below (they reveal nothing and
may be made at any time), and anything else gets a gentle word, no action.
On the table itself the play scene routes by seat (game/scenes/couch_input.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.ui.input import CATCH, UNO, Command

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.base import Scene

# The draws that cost a player something: the seat's controller rumbles.
PENALTY_DRAWS = ("penalty", "uno", "challenge")


def deliver(app: App, top: Scene, event: pygame.event.Event, cmd: Command | None) -> None:
    """Hand one input event to the top scene, as the seat of its controller may."""
    pads = app.gamepads
    if cmd is not None and cmd.pad is not None and pads is not None:
        taken = pads.rescue(cmd)
        if taken is not None:
            app.show_notice(taken)
            app.play("tick")
            return
        cmd.seat = pads.seat_of(cmd.pad)
    owner = top.private_to
    seat = cmd.seat if cmd is not None else None
    if cmd is None or seat is None or owner is None or seat == owner:
        top.handle(event, cmd)
        return
    stack = app.stack
    if cmd.name in (UNO, CATCH) and len(stack) >= 2 and stack[-1] is top:
        stack[-2].handle(event, cmd)
        return
    names = pads.seat_names if pads is not None else []
    waiting = names[owner] if 0 <= owner < len(names) else _("seat {n}").format(n=owner + 1)
    guest = names[seat] if 0 <= seat < len(names) else _("Seat {n}").format(n=seat + 1)
    words = _("Waiting for {waiting}: {guest} may call UNO or catch meanwhile")
    app.show_notice(words.format(waiting=waiting, guest=guest), 2.5)
    app.play("tick")


def rumble_for(app: App, event: dict) -> None:
    """A penalty draw shakes the drawing seat's controller, harder for more cards."""
    pads = app.gamepads
    if pads is None or event.get("t") != "draw" or event.get("why") not in PENALTY_DRAWS:
        return
    count = len(event.get("cards", []))
    pads.rumble(int(event["p"]), 0.35 + 0.1 * count, min(900, 200 + 80 * count))
