"""The match's phones, as the TV sees them (docs/phones.md).

`PhoneLink` is the one owner of a match's phone server: it starts with the
match when the table plays hands on phones and stops when the match is left
(`App.close_phones`). Each frame the table is idle it offers every phone its
seat's moves and carries out what the phones chose through the table's own
action path (`CouchInput.act`), so a phone's move is a key press's. It tells
the TV which seats play on a phone: those seats get no curtain and no
overlay, and their hands stay face down on the TV. A phone away for
`AWAY_GRACE` seconds is offered to be played on the TV instead (behind the
curtain). A seat is its phone's: that phone comes back by itself, and another
phone asking for the seat takes it only if the TV says yes to that phone's
request (No is the answer a stray key gives).
"""

from __future__ import annotations

import errno
import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from game.i18n import _
from game.phones.network import phone_host
from game.phones.offer import PhoneLooks, every_color, every_face
from game.phones.server import Notice
from game.phones.table import PhoneTable
from game.table.match_screen import MatchScreen

if TYPE_CHECKING:
    from game.play.match import MatchSession
    from game.table.couch_input import CouchInput
    from game.ui.card_art import CardArt
    from game.ui.settings import Settings

AWAY_GRACE = 30.0  # seconds a phone may sleep before the TV offers to play its seat


class PhoneServing(Protocol):
    """The phones' server of the match in progress, as the app holds it (`PhoneLink`)."""

    def stop(self) -> None: ...


class LinkApp(Protocol):
    """What the phones' link asks of the app: the settings, the line over every
    scene, and a question asked on the TV (a confirmation over the top scene,
    which the link may take away again while it is on top)."""

    @property
    def settings(self) -> Settings: ...

    @property
    def top(self) -> object: ...

    def pop(self) -> object: ...

    def show_notice(self, line: str, seconds: float = 4.0) -> None: ...

    def ask(
        self,
        question: str,
        on_yes: Callable[[], None],
        *,
        detail: str = "",
        on_no: Callable[[], None] | None = None,
        safe: bool = False,
        meanwhile: Callable[[float], None] | None = None,
    ) -> object: ...


class ScreenApp(LinkApp, Protocol):
    """What putting a match on screen asks of the app besides: the card art,
    the sounds, and the one phone server it holds (the last one let go first)."""

    phones: PhoneServing | None

    @property
    def art(self) -> CardArt: ...

    def play(self, name: str) -> None: ...

    def close_phones(self) -> None: ...


class PhoneLink:
    def __init__(self, app: LinkApp, screen: MatchScreen) -> None:
        self.app = app
        self.screen = screen
        settings = app.settings
        session = screen.session
        looks = PhoneLooks(settings.color_patterns, settings.text_size == "large")
        self.table = PhoneTable(
            session.humans,
            sorted(every_face(session.state)),
            screen.table.book,
            looks,
            host=phone_host(settings.phone_host),
            port=settings.phone_port,
            colors=every_color(session.state),
        )
        self.connected: set[int] = set()
        self.on_tv: set[int] = set()  # seats a person chose to play on the TV instead
        self.away_since: dict[int, float] = {}
        self.questions: dict[int, object] = {}  # the TV's open question about a seat, if any
        self.clock = 0.0

    def start(self) -> None:
        self.table.start()

    def stop(self) -> None:
        self.table.stop()

    def plays_on_phone(self, seat: int) -> bool:
        """`seat`'s moves come from its phone (connected, or away for less than
        AWAY_GRACE): the TV shows it no curtain or overlay. A seat whose phone
        never came is played on the TV, behind the curtain, until it does."""
        if seat in self.on_tv:
            return False
        return seat in self.connected or seat in self.away_since

    def address(self, seat: int) -> str:
        return self.table.server.address(seat)

    def code(self, seat: int) -> str:
        return self.table.keys.keys[seat].code

    def update(self, dt: float, controls: CouchInput | None) -> None:
        """Offer the phones the table as it is and take their moves, once the
        table has shown everything (`controls` is None while nothing may be played)."""
        self.clock += dt
        self._notices()
        if controls is None or not controls.idle:
            return
        session = self.screen.session
        lessons = self.screen.lessons.for_phones() if session.learning else []
        self.table.sync(session.state, session.log, lessons, session.reworded)
        for seat, action in self.table.take():
            if seat in self.on_tv:
                self.table.refuse(seat, _("This seat is played on the TV now"))
                continue
            controls.act(action, refused=functools.partial(self.table.refuse, seat))
        if self.app.settings.hints:
            self.table.answer_hints(session.state, session.hinting)
        else:
            self.table.refuse_hints(_("Hints: off"))

    def _notices(self) -> None:
        names = self.screen.session.state.names
        for notice in self.table.notices():
            seat, name = notice.seat, names[notice.seat]
            if notice.what == "here":
                self.connected.add(seat)
                self.away_since.pop(seat, None)
                self.on_tv.discard(seat)
                if self.screen.table.viewer == seat:
                    # Played on the TV while its phone was away: the hand is the phone's again.
                    self.screen.look_away()
                    self.screen.table.set_viewer(None, bottom=False)
                self.app.show_notice(_("{name}'s phone is connected").format(name=name))
            elif notice.what == "away":
                self.connected.discard(seat)
                self.away_since[seat] = self.clock
                self.app.show_notice(_("{name}'s phone is away").format(name=name))
            elif notice.what == "takeover":
                self._ask_takeover(notice, name)
            else:
                self._withdrawn(notice)
            self.screen.table.phones = self.connected - self.on_tv
        for seat, since in list(self.away_since.items()):
            if self.clock - since >= AWAY_GRACE and seat not in self.on_tv:
                del self.away_since[seat]
                self._offer_tv(seat, names[seat])

    def _ask_takeover(self, notice: Notice, name: str) -> None:
        """Ask the TV about this one request; the server asks about one per seat at a time."""
        seat, request = notice.seat, notice.request
        self.questions[seat] = self.app.ask(
            _("A new phone asks for {name}'s seat").format(name=name),
            lambda: self._answer(seat, request, True),
            detail=_(
                "It shows {request}. Let it play {name}? The phone that has the seat lets go."
            ).format(request=notice.label, name=name),
            on_no=lambda: self._answer(seat, request, False),
            safe=True,
            # The phones are heard while the TV asks: the asking one may leave.
            meanwhile=lambda dt: self.update(dt, None),
        )

    def _answer(self, seat: int, request: int, allow: bool) -> None:
        self.questions.pop(seat, None)
        self.table.server.answer_takeover(seat, request, allow)

    def _withdrawn(self, notice: Notice) -> None:
        """The asking phone left: its question goes, if nothing was put over it."""
        question = self.questions.get(notice.seat)
        if question is not None and self.app.top is question:
            self.app.pop()
            self._answer(notice.seat, notice.request, False)  # forgotten by the server: a no-op

    def _offer_tv(self, seat: int, name: str) -> None:
        self.app.ask(
            _("{name}'s phone has been away a while").format(name=name),
            lambda: self._play_on_tv(seat),
            detail=_("Play {name} on this screen, behind the curtain, until it is back?").format(
                name=name
            ),
        )

    def _play_on_tv(self, seat: int) -> None:
        self.on_tv.add(seat)
        self.screen.table.phones = self.connected - self.on_tv


def match_screen(app: ScreenApp, session: MatchSession, *, resumed: bool = False) -> MatchScreen:
    """The match on screen, with its phones when the table plays hands on phones
    (Settings), every human seat offered one."""
    app.close_phones()
    screen = MatchScreen(session, app.art, app.settings, sound=app.play, resumed=resumed)
    if app.settings.phones and session.humans:
        link = PhoneLink(app, screen)
        try:
            link.start()
        except OSError as failed:
            app.show_notice(_cannot_serve(failed, app.settings.phone_port), seconds=8.0)
            return screen
        screen.phones = link
        app.phones = link
        if len(session.humans) == 1:
            screen.table.set_viewer(None, bottom=False)  # the lone human's hand is on a phone
    return screen


def _cannot_serve(failed: OSError, port: int) -> str:
    """Why the phones cannot be served, with what to change when it is the port."""
    if failed.errno in (errno.EADDRINUSE, errno.EACCES):
        return _(
            "Port {port} is in use: choose another phone_port in settings.json. One screen it is"
        ).format(port=port)
    return _("The phones cannot be served on this network: one screen it is")
