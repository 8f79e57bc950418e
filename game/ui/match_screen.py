"""One match on the couch's screen: the match, its table view, and who is looking.

The scenes of a match (the deal, the table, the curtain, the overlays, the
score screens) share one `MatchScreen`: the `MatchSession` (game/match.py) is
the match itself, the rest is what the screen adds to it.
"""

from __future__ import annotations

from collections.abc import Callable

from game.match import MatchSession
from game.ui.card_art import CardArt
from game.ui.card_book import CardBook
from game.ui.privacy import Privacy
from game.ui.table_view import TableView


class MatchScreen:
    def __init__(
        self,
        session: MatchSession,
        art: CardArt,
        *,
        sound: Callable[[str], None] | None = None,
        scale: float = 1.0,
    ) -> None:
        self.session = session
        state = session.state
        self.privacy = Privacy()
        self.table = TableView(
            art,
            state.players,
            list(state.names),
            state.cards.size,
            book=CardBook(session.rules),
            privacy=self.privacy,
            sound=sound,
            seed=session.seed,
        )
        self.table.bots = set(session.bots)
        self.table.scale = scale
        self.last_viewer: int | None = None  # the human who last looked at their hand
        self.last_round_end: dict | None = None  # for the round score screen

    @property
    def humans(self) -> list[int]:
        return self.session.humans

    @property
    def book(self) -> CardBook:
        return self.table.book
