"""A seat's own controller on the table: its presses act for that seat alone.

A controller that claimed a seat (game/scenes/pad_seats.py: how it claims one;
game/ui/seat_routing.py: which seat a press acts for) plays that seat's turn, calls
its UNO, makes its catches and its jump-ins; pressed when it is not that
seat's moment, it is told so gently and nothing happens.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import game.engine as engine  # its names load on first use
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
    Command,
)

if TYPE_CHECKING:
    from game.engine.state import GameState
    from game.ui.card_book import CardBook


class SeatHint(Protocol):
    """The table's hint, asked for by one seat's controller (`TableHint`)."""

    def ask(self, seat: int | None = None) -> None: ...


class Sounds(Protocol):
    """The app's sounds (game/ui/sound.py), as the table plays them."""

    def play(self, name: str) -> None: ...


class LooksAway(Protocol):
    """The match's screen (game/table/match_screen.py), as a jump-in tells it
    that the whole couch looks up from the hand on show."""

    def look_away(self) -> None: ...


class Toasts(Protocol):
    """The table view (game/table/view.py), as a seat's controller is told "not
    now": the names of the cards, and a word over the table."""

    @property
    def book(self) -> CardBook: ...

    def toast(self, message: str) -> None: ...


class Couch(Protocol):
    """What a seat's controller does through the table's controls (`CouchInput`,
    game/table/couch_input.py, which makes it): what is open to whom, and the
    moves and words of the person at the screen. Every member is one that
    `SeatController`, its one user, calls; the objects it hands over are
    typed by what is used of them (the screen, the table view, the sounds,
    the hint), but the game state whole, as the engine is asked about it."""

    @property
    def app(self) -> Sounds: ...

    @property
    def screen(self) -> LooksAway: ...

    @property
    def table(self) -> Toasts: ...

    @property
    def state(self) -> GameState: ...

    @property
    def idle(self) -> bool: ...

    @property
    def hand_seat(self) -> int | None: ...

    @property
    def hint(self) -> SeatHint: ...

    def legal(self, seat: int) -> tuple: ...

    def actor(self) -> int | None: ...

    def jumper(self) -> int | None: ...

    def act(self, action, refused: Callable[[object], None] | None = None) -> bool: ...

    def refuse(self, reason: object, index: int | None = None) -> None: ...

    def turn_away_late_catch(self, presser: int | None = None) -> bool: ...

    def name_color(
        self, seat: int, plays: list[engine.Play], then: Callable[[engine.Play], None]
    ) -> None: ...

    def open_history(self) -> None: ...

    def handle_any(self, cmd: Command) -> bool: ...


class SeatController:
    """On the table: a command from a seat's own controller acts for that seat alone."""

    def __init__(self, couch: Couch) -> None:
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
