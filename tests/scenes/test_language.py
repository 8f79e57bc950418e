"""The Language row of Settings: a new language shows at once,
on the settings screen and on the screens under it, without a restart, and
is kept for the next start; the command line's --lang outranks it."""

from __future__ import annotations

import pygame

from game import i18n
from game.app import App, open_window
from game.play.match import SeatConfig
from game.scenes.players import PlayersScene
from game.scenes.settings import ROWS
from game.scenes.title import TitleScene
from game.ui.settings import Settings
from tests.scenes.players import Couch, start_match

LANGUAGE_ROW = ROWS.index("language")


def to_language_row(driver) -> None:
    for _ in range(LANGUAGE_ROW):
        driver.key(pygame.K_DOWN)


def labels(scene) -> list[str]:
    return [button.label for button in scene.buttons]


def test_the_language_changes_at_once_and_is_kept(driver):
    driver.app.push(TitleScene(driver.app))
    assert "New game" in labels(driver.top)
    for _ in range(4):  # New game, Learn to play, Players, Rules, Settings
        driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    assert driver.top_name == "SettingsScene"
    assert driver.top.values()["language"][0] == "Language: English"
    to_language_row(driver)
    driver.key(pygame.K_RIGHT)
    assert i18n.language() == "tr"
    assert driver.top.values()["language"][0] == "Dil: Türkçe"
    assert driver.top.values()["pacing"][0].startswith("Bot hızı")
    assert Settings.load().language == "tr"
    driver.key(pygame.K_RIGHT)
    assert i18n.language() == "fi"
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_ESCAPE)
    assert driver.top_name == "TitleScene"
    assert "Yeni oyun" in labels(driver.top) and "Ayarlar" in labels(driver.top)


def test_a_match_under_the_pause_speaks_the_new_language(driver):
    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy")]
    screen = start_match(driver.app, seats, seed=3)
    couch = Couch(driver)
    for _ in range(8):
        couch.step()
    play = driver.top
    assert driver.top_name == "PlayScene"
    driver.key(pygame.K_ESCAPE)
    assert driver.top_name == "PauseScene"
    pause = driver.top
    assert labels(pause)[0] == "Resume"
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    assert driver.top_name == "SettingsScene"
    to_language_row(driver)
    for _ in range(3):  # en -> tr -> fi -> el
        driver.key(pygame.K_RIGHT)
    assert i18n.language() == "el"
    driver.key(pygame.K_ESCAPE)
    assert driver.top is pause
    assert labels(pause) == ["Συνέχεια", "Ρυθμίσεις", "Στο μενού"]
    assert any(line.startswith("# Μοίρασμα") for line in pause.lines)
    assert driver.app.stack[-2] is play
    assert play.controls.board.history_button.label == "Ιστορικό"
    assert play.controls.hint.button.label == "Υπόδειξη"
    assert screen.book.lang == "el"  # the cards are named in Greek too
    cards = screen.session.state.cards
    assert screen.book.label(cards.names[0]) == cards.labels_in("el")[0]
    driver.key(pygame.K_ESCAPE)
    driver.frames(5)


def test_the_tables_lines_are_told_again_in_the_new_language(driver):
    # Switched mid-match, the line on the table and History kept their English
    # ("Cy plays Blue 5") while everything else spoke Turkish (found by QA).
    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy")]
    screen = start_match(driver.app, seats, seed=3)
    couch = Couch(driver)
    narrator = screen.table.narrator
    assert driver.until(
        lambda: any(" plays " in t.text for t in narrator.history), limit=4000, each=couch.step
    )
    english = [t.text for t in narrator.history]
    driver.app.change_language("tr")
    turkish = [t.text for t in narrator.history]
    assert len(turkish) == len(english)
    assert not any(" plays " in line for line in turkish)
    assert any(" oynuyor: " in line for line in turkish)
    assert [t.text for t in narrator.round_story][-len(turkish) :] == turkish
    line = screen.table.callouts.line
    assert line is not None and " plays " not in line.text
    driver.app.change_language("en")
    assert [t.text for t in narrator.history] == english  # told again, not translated


def test_the_command_lines_language_outranks_settings(prefs):
    pygame.init()
    Settings(language="et").save()
    assert i18n.language() == "en"
    App(open_window(), Settings.load())
    assert i18n.language() == "et"
    App(open_window(), Settings.load(), language="fi")
    assert i18n.language() == "fi"


def test_a_wrong_language_in_the_settings_file_is_reported(prefs):
    prefs.mkdir(parents=True, exist_ok=True)
    (prefs / "settings.json").write_text('{"language": "klingon"}', encoding="utf-8")
    settings = Settings.load()
    assert settings.language == ""
    assert any("language must be one of" in n for n in settings.notices)


def test_a_damaged_players_file_is_reported_in_the_language_of_the_moment(driver, prefs):
    """The statistics are read when first wanted, and the language may change in
    Settings after: their notice is worded when shown, reason and all."""
    prefs.mkdir(parents=True, exist_ok=True)
    (prefs / "players.json").write_text("[1, 2, 3]", encoding="utf-8")
    driver.app.push(TitleScene(driver.app))
    driver.frames()
    driver.app.push(PlayersScene(driver.app))  # the file is read now, in English
    driver.frames()
    players = driver.top
    english = i18n.say(players.notices[0])
    assert english.startswith(
        "The players' statistics could not be read: it is not a Couch UNO players file; "
        "it was kept as players.kept-"
    )
    assert i18n.say(driver.app.notice) == english
    i18n.set_language("fi")
    finnish = i18n.say(players.notices[0])
    assert finnish.startswith(
        "Pelaajatilastoja ei voitu lukea: se ei ole Couch UNO -pelaajatiedosto; "
        "tiedosto säilytettiin nimellä players.kept-"
    )
    assert finnish.endswith("Laskenta alkaa alusta.")
    assert i18n.say(driver.app.notice) == finnish  # the banner over every screen too
    driver.frames(2)
    driver.app.pop()
    driver.app.push(PlayersScene(driver.app))
    assert [i18n.say(n) for n in driver.top.notices] == [finnish]
    driver.frames(2)
