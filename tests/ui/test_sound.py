import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.sound import SOUND_NAMES, SoundBank, synthesize  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def audio():
    pygame.init()
    yield
    pygame.mixer.stop()


def broken(*args, **kwargs):
    raise pygame.error("no audio device")


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sounds_are_short_audible_and_deterministic(name):
    samples = synthesize(name, 22050)
    assert 0 < len(samples) < 22050 * 1.5
    assert max(abs(v) for v in samples) > 3000
    assert samples is synthesize(name, 22050)
    stereo = synthesize(name, 22050, channels=2)
    assert len(stereo) == 2 * len(samples)


def test_unsigned_8_bit_mixer_format():
    samples = synthesize("tick", 22050, fmt=8)
    assert samples.typecode == "B"
    assert min(samples) >= 0 and max(samples) <= 255


def test_plays_every_sound_on_the_dummy_driver():
    bank = SoundBank()
    assert bank.available, "SDL's dummy audio driver should open"
    bank.preload()
    for name in SOUND_NAMES:
        bank.play(name)


def test_muted_bank_plays_nothing(monkeypatch):
    bank = SoundBank(muted=True)
    pygame.mixer.stop()
    for name in SOUND_NAMES:
        assert bank.play(name) is None
    assert not pygame.mixer.get_busy()
    assert bank.toggle_mute() is False
    assert bank.play("tick") is not None
    bank.muted = True
    assert bank.play("tick") is None


def test_unknown_sound_name_is_a_bug_even_when_muted():
    with pytest.raises(KeyError):
        SoundBank(muted=True).play("applause")


def test_mixer_that_cannot_open_is_silent(monkeypatch):
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    bank = SoundBank()
    assert not bank.available
    bank.preload()
    for name in SOUND_NAMES:
        assert bank.play(name) is None


def test_sound_creation_failing_is_silent(monkeypatch):
    monkeypatch.setattr(pygame.mixer, "Sound", broken)
    bank = SoundBank()
    for name in SOUND_NAMES:
        assert bank.play(name) is None
    assert not bank.available


class SoundThatCannotPlay(pygame.mixer.Sound):
    def play(self, *args, **kwargs):
        raise pygame.error("device lost")


def test_playback_failing_is_silent(monkeypatch):
    monkeypatch.setattr(pygame.mixer, "Sound", SoundThatCannotPlay)
    bank = SoundBank()
    assert bank.play("uno") is None
    assert not bank.available
    assert bank.play("win") is None
