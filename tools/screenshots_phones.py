"""The hands-on-phones shots of tools/screenshots.py (`--phones`), in the real window.

    xvfb-run -a -s "-screen 0 1280x720x24" python tools/screenshots.py --phones

Ana and Bo play classic UNO on their phones (scripted clients of the game's
own server, on loopback) with Cy, a bot, on the TV: the join screen with each
seat's QR code and code (phones_join.png), and the TV a few turns in, every
hand face down, no curtain (phones_tv.png). Then Ana's phone page (phones_page.png), in
headless Chromium when it is installed.
"""

from __future__ import annotations

import shutil
import time
from types import ModuleType

from game.match import MatchSession, SeatConfig
from game.table.phone_link import match_screen

SEATS = [SeatConfig("Ana"), SeatConfig("Bo"), SeatConfig("Cy", "bot")]


def phones_shots(shots: ModuleType) -> None:
    """`shots` is tools/screenshots.py, which opened the window."""
    from tests.phones.players import ScriptedPhones

    app = shots.new_app()
    app.settings.phones, app.settings.phone_host, app.settings.phone_port = True, "127.0.0.1", 0
    session = MatchSession(["classic"], SEATS, seed=11, single_round=True)
    screen = match_screen(app, session)
    assert screen.phones is not None
    app.replace("deal", screen=screen)
    app.push("phones", screen=screen)
    shots.frames(app, 20)
    shots.save(app, "phones_join")
    link = screen.phones
    with ScriptedPhones(link.table):
        shots.run_until(app, lambda: len(session.log) > 60 and not session.queue, pilot=False)
        shots.frames(app, 30)
        shots.save(app, "phones_tv")
    # Ana's scripted phone has left: her page takes the seat back, as a phone
    # that slept does, and shows where the match is.
    shots.frames(app, 5)
    page_shot(shots, link.address(0))
    app.close_phones()


def page_shot(shots: ModuleType, address: str) -> None:
    """Ana's page as her phone shows it (headless Chromium, a phone's size)."""
    if not shutil.which("chromium"):
        print("no chromium: phones_page.png not taken")
        return
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=412,860"):
        options.add_argument(flag)
    options.add_argument("--disable-background-networking")
    page = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    try:
        page.get(address)
        time.sleep(1.5)  # the page connects and draws what it was sent
        shots.OUT.mkdir(parents=True, exist_ok=True)
        page.save_screenshot(str(shots.OUT / "phones_page.png"))
        print("saved", shots.OUT / "phones_page.png")
    finally:
        page.quit()
