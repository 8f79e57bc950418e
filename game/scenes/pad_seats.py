"""A controller that claims a seat and then acts for that seat only: how it
claims one on the setup screen, how its presses are sorted out before a scene
sees them, what it does on the table, and where its pad is shaken.

The claims themselves are `Gamepads` (game/ui/input.py), which also keep a seat
through an unplug and give it back on a replug. The setup screen makes them
(`SeatClaims`): A on a controller with no seat takes the first Human seat that
has no controller; when every Human seat has one, the first Bot seat turns
Human for the new player (keeping its name); when every seat is a Human with a
controller, the press is turned away with a word. So A on a free controller
always means "I play" there, never Start: a friend joining late cannot start
the match by accident. A claimed controller moves about the form like any other
(its A presses what is focused, Start included), and its B gives the seat back.
A seat turned Bot, or dropped by a smaller player count, lets its controller go.

Every press of a controller is tagged with the seat it claimed
(`Command.seat`). A controller with no seat, the keyboard and the mouse act for
whoever is to act, as always.

A scene that is one seat's private moment says so (`Scene.private_to`: the
"Pass to NAME" curtain, the colour that seat names, the player it picks, a hand
shown to it alone). There a press from another seat's controller never reaches
the scene: a call or a catch goes to the table below (they reveal nothing and
may be made at any time), and anything else gets a gentle word, no action.
On the table itself (game/table/couch_input.py) a seat's press goes to
`SeatController`: its turn, its UNO call, its catches, its jump-in; pressed when
it is not that seat's moment, it is told so gently and nothing happens.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

import game.engine as engine  # its names load on first use: the menus need none
from game.i18n import _, say, uncapitalized
from game.ui.input import (
    CATCH,
    CHALLENGE,
    CONFIRM,
    DRAW,
    HINT,
    HISTORY,
    LEFT,
    PASS,
    RIGHT,
    UNO,
    Claim,
    Command,
    Gamepads,
)

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.base import Scene
    from game.table.couch_input import CouchInput
    from game.ui.new_game import NewGame

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


class SeatClaims:
    """The setup screen's controllers taking the seats of the game being set up."""

    def __init__(self, app: App, game: NewGame, on_change: Callable[[], None]) -> None:
        self.app = app
        self.game = game
        self.on_change = on_change  # a seat was taken or given back: the form follows

    @property
    def pads(self) -> Gamepads | None:
        return self.app.gamepads

    def claim_of(self, seat: int) -> Claim | None:
        pads = self.pads
        return pads.claims.get(seat) if pads is not None else None

    def sync(self) -> None:
        """Only Human seats at this table keep a controller; the names on screen follow."""
        pads = self.pads
        if pads is None:
            return
        seats = self.game.seats
        pads.keep_only([i for i, cfg in enumerate(seats) if not cfg.is_bot])
        pads.seat_names = [cfg.name for cfg in seats]

    def handle(self, cmd: Command) -> bool:
        """A on a controller with no seat takes one; B on a claimed one gives it back."""
        pads = self.pads
        if pads is None or cmd.pad not in pads.pads:
            return False
        if cmd.name == CONFIRM and cmd.seat is None:
            self.join(cmd.pad)
            return True
        if cmd.name == PASS and cmd.seat is not None:
            self.free_seat(cmd.seat)
            return True
        return False

    def join(self, instance: int) -> int | None:
        """Seat the controller `instance`: the first Human seat with no controller, else
        the first Bot seat (turned Human). The seat taken, or None when all are taken."""
        pads = self.pads
        if pads is None:
            return None
        seats = self.game.seats
        free = [i for i, cfg in enumerate(seats) if not cfg.is_bot and i not in pads.claims]
        bots = [i for i, cfg in enumerate(seats) if cfg.is_bot]
        if free:
            seat = free[0]
        elif bots:
            seat = bots[0]
            self.game.make_human(seat)
        else:
            self.app.show_notice(
                _(
                    "Every seat has a controller: add a player first (Players), "
                    "or press B on a controller to free its seat"
                )
            )
            self.app.play("error")
            return None
        self.sync()
        claim = pads.claim(instance, seat)
        if claim is None:
            return None
        self.app.show_notice(
            _("{who} plays on {pad}").format(who=pads.who(seat), pad=claim.pad_name)
        )
        self.on_change()
        return seat

    def free_seat(self, seat: int) -> None:
        """`seat`'s controller gives it back (the seat stays Human)."""
        pads = self.pads
        if pads is None or pads.release(seat) is None:
            return
        self.app.show_notice(
            _("{who} has no controller now: A on a free one takes it").format(who=pads.who(seat))
        )
        self.on_change()

    def hint_line(self) -> str:
        """How a controller takes a seat (the line under the seats)."""
        pads = self.pads
        if pads is None or not pads.pads:
            return _("Plug in a controller and press A to take a seat")
        free = len([p for p in pads.pads if pads.seat_of(p) is None])
        line = _("Controllers: A takes a seat, B gives it back")
        if free:
            line += " " + _("({n} without a seat)").format(n=free)
        return line


class SeatController:
    """On the table: a command from a seat's own controller acts for that seat alone."""

    def __init__(self, couch: CouchInput) -> None:
        self.couch = couch

    def _own(self, seat: int, kind: type) -> list:
        return [a for a in self.couch.legal(seat) if type(a) is kind]

    def decline(self, seat: int, reason: str) -> None:
        """A seat's controller pressed when it was not that seat's moment: a word, no
        action, and the soft sound (nothing was wrong with the move itself)."""
        couch = self.couch
        name = couch.state.names[seat]
        why = say(reason, couch.table.book.engine_words())
        couch.table.toast(_("Not now, {name}: {why}").format(name=name, why=uncapitalized(why)))
        couch.app.play("tick")

    def call_uno(self, seat: int) -> None:
        couch = self.couch
        if not couch.idle:
            return
        calls = self._own(seat, engine.CallUno)
        if calls:
            couch.act(calls[0])
        else:
            why = say(
                engine.why_illegal(couch.state, engine.CallUno(seat)),
                couch.table.book.engine_words(),
            )
            couch.refuse(f"{couch.state.names[seat]}: {why}")

    def catch(self, seat: int) -> None:
        """`seat` catches whoever forgot UNO, if it still can; the first valid press wins."""
        couch = self.couch
        if couch.idle:
            catches = self._own(seat, engine.Catch)
            if catches:
                couch.act(catches[0])
                return
        if not couch.turn_away_late_catch(seat) and couch.idle:
            self.decline(seat, _("there is nobody to catch"))

    def jump_in(self, seat: int) -> bool:
        """`seat` plays its card identical to the top one out of turn, hand up or not
        (the card is public once played); False when it has none to play."""
        couch = self.couch
        plays = [a for a in self._own(seat, engine.Play) if isinstance(a, engine.Play)]
        if not plays or seat == couch.state.to_act:
            return False

        def jump(action: engine.Play) -> None:
            looking = couch.hand_seat
            if couch.act(action) and looking not in (None, seat):
                # The turn was taken from the hand on show, with the whole couch
                # looking up: it goes face down until its owner's next curtain.
                couch.screen.look_away()

        if plays[0].color is None:
            jump(plays[0])
        else:
            couch.name_color(seat, plays, jump)
        return True

    def handle(self, seat: int, cmd: Command) -> bool:
        """A command from `seat`'s own controller: it acts for that seat alone."""
        couch = self.couch
        name = cmd.name
        if name == UNO:
            self.call_uno(seat)
        elif name == CATCH:
            self.catch(seat)
        elif name == HISTORY:
            couch.open_history()
        elif name == HINT:
            couch.hint.ask(seat)
        elif name in (LEFT, RIGHT, CONFIRM, DRAW, PASS, CHALLENGE):
            if not couch.idle:
                return True  # as with keys: input counts once the table has shown all
            if couch.actor() == seat or (couch.jumper() == seat and name in (LEFT, RIGHT, CONFIRM)):
                return couch.handle_any(cmd)
            if name == CONFIRM and self.jump_in(seat):
                return True
            if couch.state.to_act == seat:
                return True  # its moment is on the way (its curtain, its choice)
            self.decline(seat, engine.why_illegal(couch.state, engine.Draw(seat)))
        else:
            return False
        return True
