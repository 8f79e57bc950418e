"""The game's own main loop opened straight onto a match, for the SIGTERM test
(tests/test_sigterm.py).

    python -m tests.sigterm_child

The window is the real one (SDL's dummy driver), the first scene the deal of
a two-human match instead of the title; `first-frame` on stdout says the
match is on screen.
"""

from __future__ import annotations

import asyncio
import os
import sys

os.environ["COUCH_UNO_FIRST_FRAME"] = "1"

import game.app  # noqa: E402
from game.play.match import MatchSession, SeatConfig  # noqa: E402
from game.scenes.deal import DealScene  # noqa: E402
from game.table.match_screen import MatchScreen  # noqa: E402


def match_first(app, replay=None):
    session = MatchSession(["classic"], [SeatConfig("Ana"), SeatConfig("Bo")], seed=7)
    screen = MatchScreen(session, app.art, app.settings, sound=app.play)
    return DealScene(app, screen)


if __name__ == "__main__":
    game.app.first_scene = match_first
    sys.exit(asyncio.run(game.app.main()))
