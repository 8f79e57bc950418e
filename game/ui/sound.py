"""Sound effects synthesised in code: no audio files to ship, no numpy.

Audio is a nicety, so nothing here may crash the game: with no audio device
`pygame.mixer` cannot open and `Sound(...)` raises, and the bank then stays silent.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import random
from array import array
from collections.abc import Callable, Iterator, Sequence

import pygame

log = logging.getLogger(__name__)

SOUND_NAMES = ("deal", "play", "draw", "uno", "win", "shuffle", "error", "tick")

# Mixer sample formats we can fill from Python: (array typecode, offset to add).
_FORMATS = {-16: ("h", 0), 16: ("H", 32768), -8: ("b", 0), 8: ("B", 128)}

Samples = list[float]


# Synthesis: each voice returns floats in -1..1 at `rate` samples per second ----------


def _tone(
    freq: float,
    seconds: float,
    rate: int,
    volume: float = 0.5,
    attack: float = 0.005,
    decay: float = 0.0,
    bright: float = 0.0,
) -> Samples:
    """A sine (plus `bright` of its odd harmonics, for a chiptune edge) with an
    attack ramp, then exponential decay (`decay` seconds to ~37%) or a short release."""
    n = int(seconds * rate)
    out = []
    release = min(n, int(0.02 * rate))
    for i in range(n):
        t = i / rate
        phase = 2 * math.pi * freq * t
        wave = math.sin(phase) + bright * (math.sin(3 * phase) / 3 + math.sin(5 * phase) / 5)
        env = min(1.0, t / attack) if attack > 0 else 1.0
        if decay > 0:
            env *= math.exp(-t / decay)
        if i > n - release:
            env *= (n - i) / release
        out.append(volume * env * wave / (1 + bright * 0.5))
    return out


def _noise(
    seconds: float,
    rate: int,
    volume: float,
    smooth: float,
    decay: float,
    seed: int,
    swell: float = 0.0,
) -> Samples:
    """Filtered noise: `smooth` (0..1) is a one-pole low-pass, lower is duller;
    `swell` is the fraction of the length spent rising before the decay."""
    rng = random.Random(seed)
    n = int(seconds * rate)
    rise = int(n * swell)
    out, y = [], 0.0
    for i in range(n):
        y += smooth * (rng.uniform(-1.0, 1.0) - y)
        env = i / rise if i < rise else math.exp(-(i - rise) / rate / decay)
        out.append(volume * env * y)
    return out


def _mix(*parts: tuple[float, Samples]) -> Samples:
    """Overlay voices, each starting at its offset in samples."""
    length = max(int(start) + len(s) for start, s in parts)
    out = [0.0] * length
    for start, samples in parts:
        base = int(start)
        for i, v in enumerate(samples):
            out[base + i] += v
    return out


def _sequence(rate: int, notes: Sequence[tuple[float, float]], **tone) -> Samples:
    out: Samples = []
    for freq, seconds in notes:
        out.extend(_tone(freq, seconds, rate, **tone) if freq else [0.0] * int(seconds * rate))
    return out


def _deal(rate: int) -> Samples:
    return _noise(0.045, rate, 0.8, smooth=0.55, decay=0.012, seed=1)


def _play(rate: int) -> Samples:
    slap = _noise(0.09, rate, 0.7, smooth=0.3, decay=0.018, seed=2)
    thump = _tone(130, 0.09, rate, volume=0.5, attack=0.002, decay=0.03)
    return _mix((0, slap), (0, thump))


def _draw(rate: int) -> Samples:
    return _noise(0.16, rate, 0.9, smooth=0.18, decay=0.05, seed=3, swell=0.45)


def _uno(rate: int) -> Samples:
    return _sequence(
        rate, [(784, 0.09), (0, 0.02), (1047, 0.24)], volume=0.4, decay=0.18, bright=0.6
    )


def _win(rate: int) -> Samples:
    notes = [(523, 0.11), (659, 0.11), (784, 0.11), (1047, 0.5)]
    return _sequence(rate, notes, volume=0.38, decay=0.25, bright=0.35)


def _shuffle(rate: int) -> Samples:
    # A riffle: quick clicks that swell and fade, spaced a little unevenly.
    rng = random.Random(4)
    parts, t = [], 0.0
    for k in range(12):
        loud = 0.25 + 0.35 * math.sin(math.pi * (k + 0.5) / 12)
        parts.append((t * rate, _noise(0.03, rate, loud, smooth=0.5, decay=0.008, seed=10 + k)))
        t += 0.032 + rng.uniform(-0.006, 0.006)
    return _mix(*parts)


def _error(rate: int) -> Samples:
    return _sequence(rate, [(196, 0.11), (0, 0.03), (147, 0.16)], volume=0.35, bright=1.0)


def _tick(rate: int) -> Samples:
    return _tone(2200, 0.014, rate, volume=0.35, attack=0.0005, decay=0.004)


_VOICES: dict[str, Callable[[int], Samples]] = {
    "deal": _deal,
    "play": _play,
    "draw": _draw,
    "uno": _uno,
    "win": _win,
    "shuffle": _shuffle,
    "error": _error,
    "tick": _tick,
}

_buffers: dict[tuple[str, int, int, int], array] = {}


def synthesize(name: str, rate: int = 44100, channels: int = 1, fmt: int = -16) -> array:
    """Samples of sound `name` in the mixer's layout (interleaved channels). Cached."""
    if name not in _VOICES:
        raise KeyError(f"unknown sound {name!r}; known: {', '.join(SOUND_NAMES)}")
    if fmt not in _FORMATS:
        raise ValueError(f"unsupported mixer sample format {fmt}")
    key = (name, rate, channels, fmt)
    buf = _buffers.get(key)
    if buf is None:
        code, offset = _FORMATS[fmt]
        peak = (1 << (8 * array(code).itemsize - 1)) - 1
        mono = (offset + round(max(-1.0, min(1.0, v)) * peak) for v in _VOICES[name](rate))
        buf = array(code, (v for v in mono for _ in range(channels)))
        _buffers[key] = buf
    return buf


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Silence what C libraries write to the process's stderr (file descriptor 2)."""
    try:
        saved = os.dup(2)
    except OSError:  # no stderr to silence
        yield
        return
    try:
        with open(os.devnull, "w") as sink:
            os.dup2(sink.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class SoundBank:
    """Plays the named effects; silent (never raising) when audio is unavailable."""

    def __init__(self, muted: bool = False, volume: float = 0.7) -> None:
        self._muted = muted
        self._volume = volume
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._spec = self._open_mixer()

    @staticmethod
    def _open_mixer() -> tuple[int, int, int] | None:
        try:
            if pygame.mixer.get_init() is None:
                # With no audio device, the system's audio libraries (ALSA, PulseAudio)
                # print their complaints to the terminal: the game goes on silent instead.
                with quiet_stderr():
                    pygame.mixer.init()
            spec = pygame.mixer.get_init()
        except Exception as exc:  # noqa: BLE001 - any audio failure means "play silently"
            log.info("audio unavailable, sounds are off: %s", exc)
            return None
        if spec is None or spec[1] not in _FORMATS:
            log.info("audio unavailable or unusual sample format %s, sounds are off", spec)
            return None
        return spec

    @property
    def available(self) -> bool:
        """False when there is no usable audio device; `play` is then a no-op."""
        return self._spec is not None

    @property
    def muted(self) -> bool:
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        if self._muted and self.available:
            for sound in self._sounds.values():
                sound.stop()

    def toggle_mute(self) -> bool:
        """Flip mute and return the new state."""
        self.muted = not self._muted
        return self._muted

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = max(0.0, min(1.0, float(value)))
        for sound in self._sounds.values():
            sound.set_volume(self._volume)

    def preload(self) -> None:
        """Synthesise every sound now (e.g. behind a loading screen), not on first play."""
        for name in SOUND_NAMES:
            self._sound(name)

    def play(self, name: str) -> pygame.mixer.Channel | None:
        """Play `name`; returns its channel, or None when muted, unavailable or failed.

        An unknown name is a programming error and raises KeyError even when silent.
        """
        if name not in _VOICES:
            raise KeyError(f"unknown sound {name!r}; known: {', '.join(SOUND_NAMES)}")
        if self._muted or not self.available:
            return None
        sound = self._sound(name)
        if sound is None:
            return None
        try:
            return sound.play()
        except Exception as exc:  # noqa: BLE001 - audio must never take the game down
            self._give_up(exc)
            return None

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if self._spec is None:
            return None
        sound = self._sounds.get(name)
        if sound is None:
            rate, fmt, channels = self._spec
            try:
                sound = pygame.mixer.Sound(buffer=synthesize(name, rate, channels, fmt))
                sound.set_volume(self._volume)
            except Exception as exc:  # noqa: BLE001 - see play()
                self._give_up(exc)
                return None
            self._sounds[name] = sound
        return sound

    def _give_up(self, exc: Exception) -> None:
        # One failure means the device is gone or broken: stop trying every frame.
        log.warning("audio failed, sounds are off: %s", exc)
        self._spec = None
        self._sounds.clear()
