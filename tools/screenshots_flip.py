"""The UNO Flip shots of tools/screenshots.py (`--flip`), played in the real window.

    xvfb-run -a -s "-screen 0 1280x720x24" python tools/screenshots.py --flip

Ana plays UNO Flip with three bots: the Light side with the other players'
hands and the draw pile's top card showing their Dark faces (flip_public.png);
a Flip played, every card caught turning over and the felt changing
(flip_turning.png); the Dark side in play, in colour-blind mode
(flip_dark.png); and the round score saying which side was scored
(flip_score.png). Then a family's match: two people and two bots, every
decision put in through the keyboard as a player would, curtains and all,
until both sides have been played and a round is scored.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pygame

from game.play.match import MatchSession, SeatConfig
from game.ui import accessibility

FLIP_SEED = 9


def _flips(session: MatchSession) -> int:
    return sum(1 for e in session.log if e["t"] == "flip")


def flip_shots(shots: ModuleType) -> None:
    """`shots` is tools/screenshots.py, which opened the window."""
    app = shots.new_app()
    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy", "Dee")]
    session = MatchSession(["flip"], seats, seed=FLIP_SEED)
    shots.show_match(app, session)

    def ana_to_play(side: str | None) -> Callable[[], bool]:
        def done() -> bool:
            top = app.top
            if type(top).__name__ == "RoundScoreScene":
                shots.press(app, pygame.K_RETURN, 2)  # not this round: the next one
            if type(top).__name__ != "PlayScene" or top.controls.actor() is None:
                shots.autopilot(app)
                return False
            if top.table.model.side == side and not top.table.busy:
                return True
            shots.autopilot(app)
            return False

        return done

    assert shots.run_until(app, ana_to_play(None), pilot=False)
    shots.frames(app, 30)
    shots.save(app, "flip_public")

    def turning_dark() -> bool:
        top = app.top
        if type(top).__name__ == "RoundScoreScene":
            shots.press(app, pygame.K_RETURN, 2)  # no Flip this round: the next one
        if type(top).__name__ != "PlayScene":
            return False
        done = top.table.animator.turning()
        return done is not None and done > 0.3 and top.table.model.side == "dark"

    assert shots.run_until(app, turning_dark), "nobody played a Flip"
    shots.save(app, "flip_turning")
    app.settings.color_patterns = True
    accessibility.apply(app.settings, app.art)
    assert shots.run_until(app, ana_to_play("dark"), pilot=False), "the Dark side did not last"
    shots.frames(app, 30)
    shots.save(app, "flip_dark")
    assert shots.run_until(app, shots.top_is(app, "RoundScoreScene"))
    shots.frames(app, 400)
    shots.save(app, "flip_score")
    family_match(shots)


def family_match(shots: ModuleType) -> None:
    """Two people and two bots on one screen: the keyboard answers every curtain
    and every decision, until a Flip has turned the table and a round is scored."""
    app = shots.new_app("fast")
    seats = [SeatConfig("Ana"), SeatConfig("Bo"), SeatConfig("Cy", "bot"), SeatConfig("Dee", "bot")]
    session = MatchSession(["flip"], seats, seed=FLIP_SEED + 1)
    shots.show_match(app, session)

    def flipped_and_scored() -> bool:
        if type(app.top).__name__ != "RoundScoreScene":
            return False
        if _flips(session):
            return True
        shots.press(app, pygame.K_RETURN, 2)  # a round without a Flip: play the next
        return False

    assert shots.run_until(app, flipped_and_scored, limit=60000), "no Flip was played"
    sides = [e.get("side") for e in session.log if e["t"] == "round_end"]
    print(f"family match: {_flips(session)} flips, round scored on {sides}")
    shots.press(app, pygame.K_RETURN, 2)
