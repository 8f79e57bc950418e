"""The New game screen opens whatever the saved settings hold:
wrong types are dropped on reading, and a NUL or a very long saved
seat name is drawn, not crashed on."""

from __future__ import annotations

import json

import pytest

from game.scenes.setup import SetupScene
from game.ui.settings import FILE_NAME, Settings


@pytest.mark.parametrize(
    "setup",
    [
        {"seats": ["Ana", "Bo"], "house": 5},
        {"seats": [{"name": "A\x00b\x1b[31m"}, {"name": "Bo"}], "house": [5]},
        {"seats": [{"name": "W" * 16}] * 10, "rules": "no/such", "target": "lots"},
    ],
)
def test_setup_opens_on_any_saved_setup(driver, prefs, setup):
    prefs.mkdir(parents=True, exist_ok=True)
    (prefs / FILE_NAME).write_text(json.dumps({"setup": setup}), encoding="utf-8")
    driver.app.settings = Settings.load()
    driver.app.push(SetupScene(driver.app))
    driver.frames(3)
    assert driver.top_name == "SetupScene"


def test_a_damaged_settings_file_is_named_on_screen_at_start(prefs):
    """Defaults are used *with a notice*, and the file is kept aside."""
    from game.app import App, open_window

    prefs.mkdir(parents=True, exist_ok=True)
    (prefs / FILE_NAME).write_text('{"muted": "false", "pacing": "warp"}', encoding="utf-8")
    app = App(open_window(), Settings.load())
    assert app.notice.startswith("Settings: pacing must be one of")
    assert "more" in app.notice
    assert list(prefs.glob("settings.kept-*.json"))
    assert app.settings.muted is False


def test_a_damaged_settings_files_notice_speaks_the_language_it_chose(prefs, caplog):
    """The file is read before its language is known; its notices
    are worded when they are shown and logged, in the language it chose."""
    from game import i18n
    from game.app import App, open_window

    prefs.mkdir(parents=True, exist_ok=True)
    (prefs / FILE_NAME).write_text('{"language": "fi", "pacing": "warp"}', encoding="utf-8")
    with caplog.at_level("WARNING", logger="game.app"):
        app = App(open_window(), Settings.load())
    assert i18n.language() == "fi"
    shown = i18n.say(app.notice)
    assert shown == (
        "Asetukset: pacing-arvon on oltava jokin näistä: slow, normal, fast, instant; "
        "käytetään arvoa normal (ja yksi muu)"
    )
    logged = [record.getMessage() for record in caplog.records]
    [kept] = prefs.glob("settings.kept-*.json")
    assert f"Asetukset: vioittunut tiedosto säilytettiin nimellä {kept.name}" in logged
    # The notice is drawn as it is worded at the time: a switch re-words it.
    i18n.set_language("tr")
    assert i18n.say(app.notice).startswith("Ayarlar: pacing şunlardan biri olmalı")


def test_an_unreadable_settings_file_says_why_in_the_language(prefs):
    from game import i18n

    prefs.mkdir(parents=True, exist_ok=True)
    (prefs / FILE_NAME).write_bytes(b'{"pacing": "fast\xff"}')
    notices = Settings.load().notices
    assert notices[0] == "settings.json cannot be read (not UTF-8 text); using defaults"
    i18n.set_language("et")
    assert i18n.say(notices[0]) == (
        "faili settings.json ei saa lugeda (pole UTF-8 tekst); kasutatakse vaikeväärtusi"
    )
