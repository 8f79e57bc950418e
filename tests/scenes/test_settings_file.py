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
