"""Sound and small things: the mute notice, "Sound: unavailable", a quiet
start without audio, UNO Duo's draft a key per card, a table that stays put."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame

from game.play.match import SeatConfig
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.ui.sound import SoundBank
from tests.scenes.players import Couch, start_match
from tests.scenes.privacy_watch import watch_app

ROOT = Path(__file__).resolve().parents[2]

PLAY_A_SOUND = """
import os, sys
sys.path.insert(0, {root!r})
from game.app import App, open_window, start_pygame
from game.ui.settings import Settings
start_pygame()
app = App(open_window(), Settings())
app.play("tick")
print("sound", app.sound.available)
"""


def test_start_up_is_quiet_without_an_audio_device(tmp_path):
    """Seen: with no audio device, start-up printed ALSA's complaints to the terminal."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env.update(
        SDL_VIDEODRIVER="dummy",
        COUCH_UNO_PREFS=str(tmp_path / "prefs"),
        COUCH_UNO_FIRST_FRAME="exit",
    )
    started = subprocess.run(
        [sys.executable, str(ROOT / "main.py")], capture_output=True, text=True, env=env
    )
    assert started.returncode == 0
    assert started.stderr == "", started.stderr
    sounded = subprocess.run(
        [sys.executable, "-c", PLAY_A_SOUND.format(root=str(ROOT))],
        capture_output=True,
        text=True,
        env=env,
    )
    assert sounded.returncode == 0 and "sound" in sounded.stdout
    assert sounded.stderr == "", sounded.stderr


def test_mute_says_so_on_screen(driver):
    driver.app.push(TitleScene(driver.app))
    driver.frames()
    muted = driver.app.settings.muted
    driver.key(pygame.K_m)
    assert driver.app.settings.muted != muted
    assert driver.app.notice.startswith("Sound off" if not muted else "Sound on")
    driver.key(pygame.K_m)
    assert driver.app.notice.startswith("Sound on" if not muted else "Sound off")


def test_muting_on_a_full_disk_says_the_setting_is_not_kept(driver, monkeypatch):
    """Muting saves the settings; on a full disk that failed without a word."""
    import errno

    from game.ui import settings

    def full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")

    driver.app.push(TitleScene(driver.app))
    driver.frames()
    with monkeypatch.context() as patched:
        patched.setattr(settings, "write_text_atomic", full)
        driver.key(pygame.K_m)
        assert driver.app.notice == "Settings are not saved: the disk is full"
        driver.key(pygame.K_m)  # said once, not at every key
        assert driver.app.notice.startswith("Sound")
    driver.key(pygame.K_m)
    assert driver.app.notice == "Settings are saved again"


def test_settings_say_when_sound_is_unavailable(driver, monkeypatch):
    monkeypatch.setattr(SoundBank, "_open_mixer", staticmethod(lambda: None))
    driver.app.push(SettingsScene(driver.app))
    driver.frames()
    assert driver.top.values()["sound"][0] == "Sound: unavailable"
    driver.key(pygame.K_m)
    assert "unavailable" in driver.app.notice


def test_duo_draft_takes_one_key_or_click_per_card(driver):
    screen = start_match(driver.app, [SeatConfig("Ana"), SeatConfig("Bo", "bot")], 3, ["duo"])
    session = screen.session
    presses = 0
    inputs = [
        lambda: driver.key(pygame.K_1),
        lambda: driver.key(pygame.K_2),
        lambda: driver.click(driver.top.buttons[0].rect.center),
        lambda: driver.key(pygame.K_RETURN),
    ]
    while True:
        assert driver.until(
            lambda: driver.top_name == "ChoiceScene" or session.state.pending.kind != "draft",
            limit=600,
        )
        if driver.top_name != "ChoiceScene":
            break
        choice = driver.top
        before = sum(e["t"] == "draft" and e["p"] == 0 for e in session.log)
        inputs[presses % len(inputs)]()
        presses += 1
        assert driver.top is not choice, "one key or click should decide a card"
        after = sum(e["t"] == "draft" and e["p"] == 0 for e in session.log)
        assert after == before + 2  # the card looked at, and the one turned after it
    assert presses == 7 and len(session.state.hands[0]) == 7


def test_a_fixed_table_keeps_every_seat_where_it_is(driver, monkeypatch):
    """Settings: the table can stay put; each hand is then played where its seat is."""
    driver.app.settings.fixed_table = True
    seats = [
        SeatConfig("Ana"),
        SeatConfig("Bo", "bot"),
        SeatConfig("Selin"),
        SeatConfig("Cy", "bot"),
    ]
    screen = start_match(driver.app, seats, seed=4)
    watch = watch_app(driver.app, screen, monkeypatch)
    couch = Couch(driver)
    bottoms = set()
    for _ in range(4000):
        if driver.top_name == "RoundScoreScene":
            break
        couch.step()
        bottoms.add(screen.table.bottom)
    assert driver.top_name == "RoundScoreScene"
    assert bottoms == {0}, "the table turned"
    assert any(e["t"] == "play" and e["p"] == 2 for e in screen.session.log)
    assert not watch.leaks, watch.leaks[:3]
    driver.app.settings.fixed_table = False
