"""Continue: the saved match back on the table, behind a curtain.

The save is re-executed by the engine (game/player_files/resume.py), the table is
put as its log leaves it (`MatchScreen(resumed=True)`: no motion, no sound),
and no hand is shown before its owner lifts a "Pass to NAME" curtain —
whoever sits in front of the screen now. The match goes on being saved
under its own id, so its rounds are counted once in the statistics.
"""

from __future__ import annotations

from typing import Protocol

from game.engine.decisions import Ask, asks
from game.phones.link import match_screen
from game.play.match import MatchSession
from game.scenes.base import Resets
from game.scenes.curtain import CurtainScene
from game.scenes.deal import DealScene
from game.scenes.phones import PhonesScene
from game.scenes.play import PlayScene
from game.scenes.services import MatchApp
from game.table.match_screen import MatchScreen


class ResumeApp(MatchApp, Resets, Protocol):
    """What picking the saved match up asks of the app: what a match asks, and
    the stack cleared under the match's table."""


def resume_match(app: ResumeApp) -> MatchScreen:
    """Put the saved match on screen; SaveProblem (the save kept aside, the
    title told why) when it cannot be continued."""
    resumed = app.saves.resume()
    header = resumed.saved.header
    session = resumed.session()
    app.saves.keep(session, header)
    screen = match_screen(app, session, resumed=True)
    table = app.reset(PlayScene(app, screen, deal=DealScene))
    seat = first_to_look(session)
    if seat is not None and not screen.on_phone(seat):
        app.push(CurtainScene(app, screen, seat, table=table))
    if screen.phones is not None:
        app.push(PhonesScene(app, screen=screen))
    return screen


def first_to_look(session: MatchSession) -> int | None:
    """The human the curtain is for when the match comes back: the one to
    decide now, or the only human at a table of bots; None when no hand is
    private yet (bots to move while several people share the screen, or the
    round over: its hands are laid open to everyone)."""
    state = session.state
    pending = state.pending
    if state.over or pending is None or asks(pending) is Ask.ROUND_OVER:
        return None
    if not session.is_bot(pending.seat):
        return pending.seat
    humans = session.humans
    return humans[0] if len(humans) == 1 else None
