"""Player settings, kept between sessions in the user's preference folder.

The folder comes from `pygame.system.get_pref_path` (it creates it); the
environment variable COUCH_UNO_PREFS overrides it (tests point it at a temp dir).
A damaged or unreadable file means defaults, never a crash.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

import pygame

log = logging.getLogger(__name__)

PACINGS = ("slow", "normal", "fast", "instant")
# Seconds a bot "thinks" before a move. How fast bots react out of turn (a catch,
# an UNO call) is set per bot level in game/bots/timing.py.
BOT_DELAY = {"slow": 1.5, "normal": 0.85, "fast": 0.35, "instant": 0.0}
# Every animation's length is multiplied by this.
ANIM_SCALE = {"slow": 1.3, "normal": 1.0, "fast": 0.6, "instant": 0.0}

FILE_NAME = "settings.json"


def pref_dir() -> Path:
    override = os.environ.get("COUCH_UNO_PREFS")
    if override:
        path = Path(override)
        path.mkdir(parents=True, exist_ok=True)
        return path
    return Path(pygame.system.get_pref_path("couch-uno", "couch-uno"))


@dataclass
class Settings:
    pacing: str = "normal"
    muted: bool = False
    fullscreen: bool = False
    # Seats stay where they are instead of turning the current human to the bottom.
    fixed_table: bool = False
    # The last new-game setup: rules, house rules, seats, target.
    setup: dict = field(default_factory=dict)

    @property
    def bot_delay(self) -> float:
        return BOT_DELAY.get(self.pacing, BOT_DELAY["normal"])

    @property
    def anim_scale(self) -> float:
        return ANIM_SCALE.get(self.pacing, 1.0)

    @classmethod
    def load(cls, folder: Path | None = None) -> Settings:
        try:
            path = (folder or pref_dir()) / FILE_NAME
            if not path.is_file():
                return cls()
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, pygame.error) as exc:
            log.warning("settings unreadable, using defaults: %s", exc)
            return cls()
        if not isinstance(data, dict):
            return cls()
        settings = cls()
        if data.get("pacing") in PACINGS:
            settings.pacing = data["pacing"]
        settings.muted = bool(data.get("muted", False))
        settings.fullscreen = bool(data.get("fullscreen", False))
        settings.fixed_table = bool(data.get("fixed_table", False))
        if isinstance(data.get("setup"), dict):
            settings.setup = data["setup"]
        return settings

    def save(self, folder: Path | None = None) -> bool:
        try:
            path = (folder or pref_dir()) / FILE_NAME
            path.write_text(json.dumps(asdict(self), indent=2), encoding="utf-8")
        except (OSError, pygame.error) as exc:
            log.warning("settings not saved: %s", exc)
            return False
        return True
