"""The hands-on-phones shots of tools/screenshots.py (`--phones`), in the real window.

    xvfb-run -a -s "-screen 0 1280x720x24" python tools/screenshots.py --phones

Ana and Bo play classic UNO on their phones (scripted clients of the game's
own server, on loopback) with Cy, a bot, on the TV: the join screen with each
seat's QR code and code (phones_join.png), and the TV a few turns in, every
hand face down, no curtain (phones_tv.png). Then the phone page in each of
its states (tools/screenshots_phone_page.py, phone_*.png), in headless
Chromium when it is installed.
"""

from __future__ import annotations

import shutil
from types import ModuleType

from game.phones.link import match_screen
from game.play.match import MatchSession, SeatConfig
from game.scenes.deal import DealScene
from game.scenes.phones import PhonesScene

SEATS = [SeatConfig("Ana"), SeatConfig("Bo"), SeatConfig("Cy", "bot")]


def phones_shots(shots: ModuleType) -> None:
    """`shots` is tools/screenshots.py, which opened the window."""
    from tests.phones.players import ScriptedPhones

    app = shots.new_app()
    app.settings.phones, app.settings.phone_host, app.settings.phone_port = True, "127.0.0.1", 0
    session = MatchSession(["classic"], SEATS, seed=11, single_round=True)
    screen = match_screen(app, session)
    assert screen.phones is not None
    app.replace(DealScene(app, screen=screen))
    app.push(PhonesScene(app, screen=screen))
    shots.frames(app, 20)
    shots.save(app, "phones_join")
    link = screen.phones
    with ScriptedPhones(link.table):
        shots.run_until(app, lambda: len(session.log) > 60 and not session.queue, pilot=False)
        shots.frames(app, 30)
        shots.save(app, "phones_tv")
    app.close_phones()
    # The phone page in each of its states, at a phone's size and a tablet's.
    if shutil.which("chromium"):
        from tools.screenshots_phone_page import main as page_shots

        page_shots([])
    else:
        print("no chromium: the phone page's shots (phone_*.png) not taken")
