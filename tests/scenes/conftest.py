"""Scene tests run on SDL's dummy video and audio drivers, with real input events."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App, open_window  # noqa: E402
from game.ui.input import click_event, key_event  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

DT = 1 / 30


@pytest.fixture(scope="session")
def card_art():
    """One card painter for the scene tests of a process: a face painted once is
    kept, where each test's new app painted every face again (most of a short
    test's time)."""
    from game.ui.card_art import CardArt

    pygame.init()
    return CardArt((100, 150))


@pytest.fixture
def app(card_art):
    pygame.init()
    window = open_window()
    window.resize(
        (1280, 720)
    )  # the dummy driver's desktop is smaller; tests click in logical pixels
    application = App(window, Settings(pacing="instant"))
    card_art.show_patterns(application.settings.color_patterns)
    application._art = card_art  # the app makes its own on first use otherwise
    yield application
    while application.stack:
        application.stack.pop().leave()
    pygame.event.clear()


class Driver:
    """Steps the app's frame loop and posts input events the way SDL would."""

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def top(self):
        return self.app.top

    @property
    def top_name(self) -> str:
        return type(self.app.top).__name__

    def frames(self, n: int = 1, dt: float = DT) -> None:
        for _ in range(n):
            self.app.frame(dt, pygame.event.get())

    def key(self, key: int, frames: int = 1, unicode: str = "") -> None:
        pygame.event.post(key_event(key, unicode))
        self.frames(frames)

    def click(self, pos, frames: int = 1, button: int = 1) -> None:
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        pygame.event.post(click_event(pos, button))
        self.frames(frames)

    def until(self, done, limit: int = 5000, each=None) -> bool:
        for _ in range(limit):
            if done():
                return True
            if each is not None:
                each()
            self.frames()
        return done()


@pytest.fixture
def driver(app):
    return Driver(app)


@pytest.fixture
def on_phones(driver):
    """A table with Hands on phones on, its server on loopback, bots at instant pace."""
    settings = driver.app.settings
    settings.phones, settings.phone_host, settings.phone_port = True, "127.0.0.1", 0
    settings.pacing = "instant"
    yield driver
    driver.app.close_phones()


@pytest.fixture(autouse=True)
def old_hands(monkeypatch, request):
    """Every player has finished a match before, so New game starts with
    Learn as you play off, as the tests that drive it expect; a test marked
    `newcomers` meets a table of first-timers (the players' file is empty)."""
    if request.node.get_closest_marker("newcomers") is None:
        monkeypatch.setattr(
            "game.player_files.stats.PlayerStats.first_match", lambda self, name: False
        )


@pytest.fixture(autouse=True)
def fixed_shuffles(monkeypatch):
    """A new match's seed comes from a generator seeded per test, so a scene
    test meets the same deals on every run (a fresh shuffle could open on a
    colour to name and send its keys elsewhere, one run in several)."""
    import random

    monkeypatch.setattr("game.play.match.random", random.Random(20261130))
