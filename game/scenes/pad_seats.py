"""A controller that claims a seat and then acts for that seat only: how it
claims one on the setup screen, how its presses are sorted out before a scene
sees them, and where its pad is shaken (what it does on the table is
game/table/seat_controller.py).

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

Which seat a press then acts for (its tag, a seat's private moment, the
table's own controller of a seat) is decided in one module,
game/ui/seat_routing.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from game.i18n import _
from game.ui.input import (
    CONFIRM,
    PASS,
    Claim,
    Command,
    Gamepads,
)

if TYPE_CHECKING:
    from game.ui.new_game import NewGame

# The draws that cost a player something: the seat's controller rumbles.
PENALTY_DRAWS = ("penalty", "uno", "challenge")


class PadsApp(Protocol):
    """What the seats' controllers ask of the app: the controllers, the line
    over every scene and the sounds."""

    @property
    def gamepads(self) -> Gamepads | None: ...

    def show_notice(self, line: str, seconds: float = 4.0) -> None: ...

    def play(self, name: str) -> None: ...


def rumble_for(app: PadsApp, event: dict) -> None:
    """A penalty draw shakes the drawing seat's controller, harder for more cards."""
    pads = app.gamepads
    if pads is None or event.get("t") != "draw" or event.get("why") not in PENALTY_DRAWS:
        return
    count = len(event.get("cards", []))
    pads.rumble(int(event["p"]), 0.35 + 0.1 * count, min(900, 200 + 80 * count))


class SeatClaims:
    """The setup screen's controllers taking the seats of the game being set up."""

    def __init__(self, app: PadsApp, game: NewGame, on_change: Callable[[], None]) -> None:
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
