"""One match on the couch's screen: the match, its table view, and who is looking.

The scenes of a match (the deal, the table, the curtain, the overlays, the
score screens) share one `MatchScreen`: the `MatchSession` (game/play/match.py) is
the match itself, the rest is what the screen adds to it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from game.engine import view
from game.i18n import language
from game.play.match import MatchSession
from game.table.lessons import LessonDesk
from game.table.model import PILE_EVENTS
from game.table.privacy import Privacy
from game.table.view import TableView
from game.ui.card_art import CardArt
from game.ui.card_book import CardBook
from game.ui.settings import Settings
from game.ui.teams import team_marks


class Phones(Protocol):
    """The match's phones (game/phones/link.py), as far as the screen asks."""

    def plays_on_phone(self, seat: int) -> bool: ...

    def update(self, dt: float, controls: Any) -> None: ...


class MatchScreen:
    def __init__(
        self,
        session: MatchSession,
        art: CardArt,
        settings: Settings | None = None,
        *,
        sound: Callable[[str], None] | None = None,
        resumed: bool = False,
    ) -> None:
        self.session = session
        self.settings = settings if settings is not None else Settings()
        state = session.state
        self.privacy = Privacy()
        self.table = TableView(
            art,
            state.players,
            list(state.names),
            state.cards.size,
            book=CardBook(session.rules, language()),
            privacy=self.privacy,
            sound=sound,
            seed=session.seed,
        )
        self.table.bots = set(session.bots)
        self.table.teams = team_marks(state)
        self.table.scale = self.settings.anim_scale
        # The human who dismissed the last curtain and may still be in front of
        # the screen (None once anything was shown to the whole couch).
        self.last_viewer: int | None = None
        self.last_round_end: dict | None = None  # for the round score screen
        # Hands on phones: the seats whose moves come from a phone get no
        # curtain and no overlay here, and their hands stay face down.
        self.phones: Phones | None = None
        # A resumed match: whoever sits in front of the screen now, no hand is
        # shown before its owner has lifted a curtain (even a lone human's).
        self.hidden = resumed and bool(self.humans)
        # Learn as you play: the tutor's moments, each shown where it may be.
        self.lessons = LessonDesk(session, self.privacy, self.on_phone, lambda: self.hidden)
        humans = self.humans
        if not humans:
            self.table.set_show_all(True)
        else:
            # The first human sits at the bottom; with a fixed table, for good.
            self.table.set_bottom(humans[0])
            if len(humans) == 1 and not self.hidden:
                self.table.set_viewer(humans[0])
        if resumed:
            self._catch_up(session.log)

    def caught_up(self) -> None:
        """The table has shown every event that moves the draw pile: its top
        card is the one in the engine's view of the table, and a two-sided deck
        shows its other face. A flip turns the pile over with everything else,
        not once the events after it are shown too."""
        if self.session.state.back is None:
            return
        if not any(event.get("t") in PILE_EVENTS for event in self.session.queue):
            self.table.model.pile_back = view(self.session.state, 0)["pile_back"]

    def _catch_up(self, log: list[dict]) -> None:
        """Put the table as the log leaves it, at once: the rounds before only
        as scores, the round in progress card by card without motion or sound."""
        table = self.table
        start = max((i for i, e in enumerate(log) if e["t"] == "round"), default=0)
        for event in log[:start]:
            table.model.apply(event)
        scale = table.scale
        table.scale = 0.0
        for event in log[start:]:
            table.feed(event)
            if event["t"] == "round_end":
                self.last_round_end = event
        table.update(0.0)
        table.scale = scale
        self.caught_up()

    @property
    def fixed(self) -> bool:
        """Seats stay where they are (Settings), rather than turning to the player."""
        return self.settings.fixed_table

    def show_hand(self, seat: int) -> None:
        """`seat`'s hand face up, to the person looking; never a hand on a phone,
        whoever pressed a key (every private moment of a phone seat is its phone's)."""
        if self.on_phone(seat):
            self.table.set_viewer(None, bottom=False)
            return
        self.table.set_viewer(seat, bottom=not self.fixed)

    @property
    def humans(self) -> list[int]:
        return self.session.humans

    @property
    def shared(self) -> bool:
        """Several humans share the screen (a hand is shown behind a curtain)."""
        return len(self.humans) > 1

    # Who is in front of the screen. With one human, always that human; with
    # several, the one who dismissed the last curtain, until the whole couch
    # is shown something (a deal, the round score, the pause) or their turn ends.

    def look_away(self) -> None:
        """The whole couch is looking (a shared screen): every hand goes face down,
        and the next private moment needs a curtain, whoever it is for."""
        if self.shared:
            self.last_viewer = None
            self.table.set_viewer(None, bottom=False)

    def turn_done(self, seat: int) -> None:
        """`seat` has finished for now: their hand turns face down. If they are the next
        to decide again, with no one else's private moment between, no curtain is needed."""
        if self.shared and self.table.viewer == seat:
            self.last_viewer = seat
            self.table.set_viewer(None, bottom=False)

    def on_phone(self, seat: int) -> bool:
        return self.phones is not None and self.phones.plays_on_phone(seat)

    def may_show(self, seat: int) -> bool:
        """Show `seat`'s hand for a private decision now, if that needs no curtain."""
        if self.hidden or self.on_phone(seat):
            return False
        if not self.shared and self.table.viewer != seat:
            self.show_hand(seat)  # the lone human's hand, put away while it was on a phone
        if not self.shared or self.table.viewer == seat:
            return True
        if self.table.viewer is None and self.last_viewer == seat:
            self.show_hand(seat)
            return True
        return False

    def curtain_lifted(self, seat: int) -> None:
        """`seat` dismissed their curtain: only they are looking (a seat on a
        phone looks at its phone: the TV shows its hand to nobody)."""
        if self.on_phone(seat):
            self.show_hand(seat)
            return
        self.hidden = False
        self.last_viewer = seat
        self.show_hand(seat)

    @property
    def book(self) -> CardBook:
        return self.table.book
