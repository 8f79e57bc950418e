"""Menu, new-game setup, settings and the pause overlay, driven by keys and clicks."""

from __future__ import annotations

import pygame

import game.scenes.setup as setup_scene
from game.scenes.title import TitleScene
from game.ui import rule_catalog
from game.ui.settings import Settings
from tests.scenes.players import Couch, open_setup


def test_menu_to_a_table_with_the_keyboard(driver):
    setup = open_setup(driver)
    # Focus Start: Up from the first row wraps to it.
    driver.key(pygame.K_UP)
    assert setup.rows[setup.focus].kind == "start"
    driver.key(pygame.K_RETURN, frames=3)
    assert driver.top_name in ("DealScene", "PlayScene", "CurtainScene")
    assert Settings.load().setup["rules"] == "classic"


def test_setup_changes_seats_names_and_house_rules(driver):
    setup = open_setup(driver)
    players = next(i for i, r in enumerate(setup.rows) if r.kind == "players")
    setup.focus = players
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    assert len(setup.seats) == 6
    driver.key(pygame.K_LEFT)
    assert len(setup.seats) == 5
    # Rename seat 2 by clicking its name field and typing.
    seat_row = next(r for r in setup.rows if r.kind == "seat" and r.index == 1)
    driver.click((seat_row.rect.x + 100, seat_row.rect.centery))
    assert setup.editing == 1
    for _ in range(10):
        driver.key(pygame.K_BACKSPACE)
    for ch in "Zeynep":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    driver.key(pygame.K_RETURN)
    assert setup.editing is None and setup.seats[1].name == "Zeynep"
    # Seat kinds cycle Human -> each bot level, weakest first; a typed name stays.
    driver.click((seat_row.rect.right - 20, seat_row.rect.centery))
    assert (setup.seats[1].kind, setup.seats[1].level) == ("bot", "strong")
    assert setup.seats[1].name == "Zeynep"
    if setup.house_sets:
        house = next(r for r in setup.rows if r.kind == "house")
        driver.click(house.rect.center)
        assert house.extra["house"] in setup.house_on


def test_a_broken_rule_file_is_text_not_a_crash(driver, tmp_path, monkeypatch):
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: Broken\ncards: {number: {faces: oops}}\nplayers: {min: 3, max: 2}\n")
    monkeypatch.setattr(
        setup_scene, "available_rule_sets", lambda: ["classic", str(broken), "house/stacking"]
    )
    rule_catalog.forget_loaded()
    setup = open_setup(driver)
    setup.focus = 0
    driver.key(pygame.K_RIGHT)
    assert setup.base == str(broken)
    assert setup.errors and "broken.yaml" in setup.errors[0]
    assert not setup.start_button.enabled
    driver.frames(3)  # draws the errors
    setup.focus = len(setup.rows) - 1
    driver.key(pygame.K_RETURN)
    assert driver.top_name == "SetupScene"
    rule_catalog.forget_loaded()


def test_settings_are_saved_and_survive_a_damaged_file(prefs):
    s = Settings(pacing="fast", muted=True)
    assert s.save()
    loaded = Settings.load()
    assert (loaded.pacing, loaded.muted) == ("fast", True)
    (prefs / "settings.json").write_text("{not json")
    assert Settings.load().pacing == "normal"


def test_settings_scene_changes_pacing(driver):
    driver.app.push(TitleScene(driver.app))
    for _ in range(4):  # New game, Learn to play, Players, Rules, Settings
        driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    assert driver.top_name == "SettingsScene"
    before = driver.app.settings.pacing
    driver.key(pygame.K_RIGHT)
    assert driver.app.settings.pacing != before
    assert Settings.load().pacing == driver.app.settings.pacing
    driver.key(pygame.K_ESCAPE)
    assert driver.top_name == "TitleScene"


def test_pause_freezes_the_table_and_quits_to_the_menu(driver):
    from game.play.match import SeatConfig
    from tests.scenes.players import start_match

    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy")]
    screen = start_match(driver.app, seats, seed=3)
    session = screen.session
    couch = Couch(driver)
    for _ in range(40):
        couch.step()
    driver.key(pygame.K_ESCAPE)
    assert driver.top_name == "PauseScene"
    before = len(session.log)
    driver.frames(30)
    assert len(session.log) == before  # nobody moves while paused
    driver.key(pygame.K_ESCAPE)
    assert driver.top_name != "PauseScene"
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    assert driver.top_name == "ConfirmScene"  # the match would be lost: asked first
    driver.key(pygame.K_RETURN)
    assert driver.top_name == "TitleScene"
    assert len(driver.app.stack) == 1


def finished_match(driver):
    """A one-round match with one person, played to its end screen."""
    from game.play.match import SeatConfig
    from tests.scenes.players import start_match

    start_match(driver.app, [SeatConfig("Ana"), SeatConfig("Bo", "bot")], seed=9, single_round=True)
    couch = Couch(driver)
    assert driver.until(lambda: driver.top_name == "RoundScoreScene", each=couch.step)
    driver.key(pygame.K_SPACE)
    assert driver.top_name == "MatchEndScene"
    return driver.top


def test_keys_mashed_through_the_scores_do_not_skip_the_winner(driver):
    """Seen: Space pressed a third time to hurry the round score on dealt a new
    match at once, and nobody saw who had won."""
    end = finished_match(driver)
    for key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_SPACE):
        driver.key(key)
    driver.click(end.buttons[0].rect.center)
    assert driver.top is end
    driver.frames(30)  # a second later the buttons answer
    driver.key(pygame.K_RETURN)
    assert driver.top_name in ("DealScene", "PlayScene")  # a new match is dealt


def test_b_on_a_controller_leaves_the_match_end_for_the_menu(driver):
    """B is back on every menu; at the match end it played again."""
    from game.ui.input import pad_event

    finished_match(driver)
    driver.frames(30)
    pygame.event.post(pad_event(0, pygame.CONTROLLER_BUTTON_B))
    driver.frames()
    assert driver.top_name == "TitleScene"
