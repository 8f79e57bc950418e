"""The New game screen opens whatever the saved settings hold (issue 13, items 6
and 14): wrong types are dropped on reading, and a NUL or a very long saved
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
    """Issue 13 item 14: defaults are used *with a notice*, and the file is kept aside."""
    from game.app import App, open_window

    prefs.mkdir(parents=True, exist_ok=True)
    (prefs / FILE_NAME).write_text('{"muted": "false", "pacing": "warp"}', encoding="utf-8")
    app = App(open_window(), Settings.load())
    assert app.notice.startswith("Settings: pacing must be one of")
    assert "more" in app.notice
    assert (prefs / "settings.damaged.json").exists()
    assert app.settings.muted is False
