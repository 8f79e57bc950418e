"""Esc on a question a player must answer (UNO Duo's draft, a colour to name,
a player to pick) opens the match's pause over it, as on the table: it did
nothing, so nobody could reach Settings or leave until it was answered."""

from __future__ import annotations

import pygame
import pytest

from game.play.match import SeatConfig
from game.scenes.choose import ChoiceScene, ChoosePlayerScene, ColorWheelScene
from game.scenes.deal import DealScene
from game.scenes.history import HistoryScene
from game.scenes.lesson import LessonScene
from game.scenes.pause import PauseScene
from game.scenes.phones import PhonesScene
from game.scenes.round_score import RoundScoreScene
from tests.scenes.players import start_match

DUO = [SeatConfig("Ana"), SeatConfig("Bo")]


def test_esc_on_the_draft_opens_the_pause_and_esc_again_goes_back_to_it(driver):
    start_match(driver.app, DUO, seed=3, rules=["duo"])
    assert driver.until(lambda: driver.top_name in ("CurtainScene", "ChoiceScene"), limit=3000)
    if driver.top_name == "CurtainScene":
        driver.key(pygame.K_RETURN, frames=5)
    assert driver.until(lambda: driver.top_name == "ChoiceScene", limit=3000)
    question = driver.top
    driver.key(pygame.K_ESCAPE, frames=2)
    assert driver.top_name == "PauseScene"
    driver.key(pygame.K_ESCAPE, frames=2)
    assert driver.top is question  # the draft waits where it was


def _frame(app) -> pygame.Surface:
    surface = pygame.Surface((1280, 720))
    app.draw(surface)
    return surface


def _without_below(app, pause) -> pygame.Surface:
    """The pause drawn over nothing at all: what it shows of its own."""
    surface = pygame.Surface((1280, 720))
    surface.fill((255, 0, 255))
    pause.draw(surface)
    return surface


# Every scene a match's pause may open over, and how a test puts it up over the
# table `screen` (the curtain comes up by itself at the deal: it is on top).
def _open(app, name: str, screen) -> None:
    if name == "CurtainScene":
        return
    if name == "HistoryScene":
        app.push(HistoryScene(app, screen))
    elif name == "RoundScoreScene":
        app.push(RoundScoreScene(app, screen, deal=DealScene))
    elif name == "DealScene":
        app.push(DealScene(app, screen))
    elif name == "ColorWheelScene":
        app.push(ColorWheelScene(app, screen.table, ["red", "blue"], on_pick=lambda c: None))
    elif name == "ChoosePlayerScene":
        app.push(ChoosePlayerScene(app, screen.table, [1], on_pick=lambda seat: None))
    elif name == "LessonScene":
        from tests.scenes.teaching import Lesson

        app.push(LessonScene(app, screen, Lesson("card:x", "A rule", "What it does.")))
    elif name == "ChoiceScene":
        app.push(
            ChoiceScene(
                app,
                "draft",
                ["keep", "discard"],
                lambda value: None,
                privacy=screen.privacy,
                owner=0,
            )
        )
    else:
        raise AssertionError(f"no way to open {name} here")


UNDER_A_PAUSE = (
    "CurtainScene",
    "HistoryScene",
    "ColorWheelScene",
    "ChoosePlayerScene",
    "ChoiceScene",
    "RoundScoreScene",
    "LessonScene",
)
# The pause opens over these too, each a screen of its own: the deal, and the
# phones' join screen (its own test below).
OPAQUE_UNDER_A_PAUSE = ("DealScene", "PhonesScene")


def _every_scene() -> dict[str, type]:
    """Every scene class of game/scenes that is shown, by its name (a class
    only others are made from, as the overlays of options, is met in them)."""
    import importlib
    import pkgutil

    import game.scenes
    from game.scenes.base import Scene

    found: dict[str, type] = {}
    for module in pkgutil.iter_modules(game.scenes.__path__):
        loaded = importlib.import_module(f"game.scenes.{module.name}")
        for value in vars(loaded).values():
            if isinstance(value, type) and issubclass(value, Scene) and value is not Scene:
                found[value.__name__] = value
    bases = {base for cls in found.values() for base in cls.__mro__[1:]}
    return {name: cls for name, cls in found.items() if cls not in bases}


def _opens_the_pause(cls: type) -> bool:
    """Whether a scene class, or a class it is made from, opens the match's pause."""
    import inspect

    return any(
        "pause_match()" in inspect.getsource(c)
        for c in cls.__mro__
        if c.__module__.startswith("game.scenes")
    )


def test_every_scene_that_opens_the_pause_is_checked_under_it():
    """A scene added later that opens the pause is met by the test below."""
    opening = {name for name, cls in _every_scene().items() if _opens_the_pause(cls)}
    checked = set(UNDER_A_PAUSE) | set(OPAQUE_UNDER_A_PAUSE)
    assert "PlayScene" in opening and "DealScene" in opening  # the test sees them
    assert opening - {"PlayScene"} <= checked, opening - {"PlayScene"} - checked


@pytest.mark.parametrize("name", [*UNDER_A_PAUSE, "DealScene"])
def test_the_pause_over_an_overlay_lays_no_text_over_its_words(driver, name):
    """Seen: Esc on a curtain drew "Paused" over the dimmed "Pass to Ana" and a
    piece of "...ur hand" between the buttons. Over any overlay (a curtain, a
    colour to name, a player or an option to pick, the history, the round's
    score) or the deal, nothing of it shows through the pause."""
    screen = start_match(driver.app, [SeatConfig("Ana"), SeatConfig("Bo")], seed=3)
    assert driver.until(lambda: driver.top_name == "CurtainScene", limit=3000)
    _open(driver.app, name, screen)
    overlay = driver.top
    driver.app.push(PauseScene(driver.app, screen=screen))
    frame = _frame(driver.app)
    alone = _without_below(driver.app, driver.top)
    assert pygame.image.tobytes(frame, "RGB") == pygame.image.tobytes(alone, "RGB"), (
        f"{type(overlay).__name__} shows through the pause"
    )


def test_the_pause_over_the_phones_join_screen_shows_nothing_of_it(on_phones):
    from game.phones.link import match_screen
    from game.play.match import MatchSession

    driver = on_phones
    session = MatchSession(["classic"], [SeatConfig("Ana"), SeatConfig("Bo")], seed=5)
    screen = match_screen(driver.app, session)
    driver.app.push(DealScene(driver.app, screen=screen))
    driver.app.push(PhonesScene(driver.app, screen=screen))
    driver.frames()
    assert driver.top_name == "PhonesScene"
    driver.key(pygame.K_ESCAPE, frames=1)
    assert driver.top_name == "PauseScene"
    frame = _frame(driver.app)
    alone = _without_below(driver.app, driver.top)
    assert pygame.image.tobytes(frame, "RGB") == pygame.image.tobytes(alone, "RGB")
