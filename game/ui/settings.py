"""Player settings, kept between sessions in the user's preference folder.

The folder comes from `pygame.system.get_pref_path` (it creates it); the
environment variable COUCH_UNO_PREFS overrides it (tests point it at a temp dir).

The file is the player's, and may have been edited, truncated or replaced by
anything: reading it never crashes and never hangs. Only a regular file of at
most MAX_FILE_BYTES is read; every field is checked for its type and range,
and a field that is wrong falls back to its default with a notice (in
`Settings.notices`). The file is read before anyone knows the language it
chooses, so a notice is a `Said` (game/engine/said.py): English text that
keeps its template and values, which the app words in the language chosen
when it shows and logs it (game/app.py). A file that was damaged in any way
is kept aside under a name of its own (`settings.kept-20250101-203000.json`,
game/file_reading.py) before the next save replaces it, so a second damaged
file never overwrites the first one kept.
Saving is atomic (game/atomic.py): a full disk or a crash leaves the old
file whole.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game.atomic import write_text_atomic
from game.engine.said import Said, said
from game.file_reading import FileRefused, keep_aside, read_small_file
from game.i18n import LANGUAGES, system_language
from game.os_words import os_problem

log = logging.getLogger(__name__)

PACINGS = ("slow", "normal", "fast", "instant")
# Seconds a bot "thinks" before a move. How fast bots react out of turn (a catch,
# an UNO call) is set per bot level in game/bots/timing.py.
BOT_DELAY = {"slow": 1.5, "normal": 0.85, "fast": 0.35, "instant": 0.0}
# Every animation's length is multiplied by this.
ANIM_SCALE = {"slow": 1.3, "normal": 1.0, "fast": 0.6, "instant": 0.0}

# Text sizes (game/ui/text.py scales every text by the size chosen).
TEXT_SIZE_NAMES = ("normal", "large")

FILE_NAME = "settings.json"
MAX_FILE_BYTES = 64 * 1024
# What the last new-game setup may hold (the setup screen checks the values
# against the rule sets and choices it has; this checks types and sizes).
MAX_NAME_TEXT = 200  # a rule-set name
MAX_HOUSE = 64
MIN_SEATS, MAX_SEATS = 2, 10
MAX_SEAT_TEXT = 16
MAX_TARGET = 10_000
TARGET_WORDS = ("default", "single")


# The settings that are true or false (false when the file does not say).
BOOLEANS = (
    "muted",
    "fullscreen",
    "fixed_table",
    "color_patterns",
    "reduced_motion",
    "hints",
    "phones",
)
PHONE_PORTS = range(1024, 65536)  # no port a system service needs root for


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
    # The language the game speaks (game/i18n.py); "" follows the system's locale.
    language: str = ""
    # For the players' eyes (game/ui/accessibility.py applies them).
    color_patterns: bool = False  # colour-blind mode: every colour shows a shape too
    reduced_motion: bool = False  # no card flights, shakes or bobbing
    text_size: str = "normal"  # one of TEXT_SIZE_NAMES
    # A person at the table may ask for the expert's advice (T, a button, R3).
    hints: bool = True
    # Hands on phones (docs/phones.md): each human's hand on their own phone,
    # served on the local network on `phone_port` while a match is played.
    phones: bool = False
    phone_port: int = 8765
    phone_host: str = ""  # the network interface's address; "" is the first one found
    # The last new-game setup: rules, house rules, seats, target.
    setup: dict = field(default_factory=dict)
    # What was wrong with the file read, for the player; never saved.
    notices: list[Said] = field(default_factory=list, compare=False)
    # Why the settings could not be written, once when it starts failing (and
    # once when it works again), for the app to show (`take_write_notice`).
    write_notice: Said | None = field(default=None, compare=False, repr=False)
    _write_failing: bool = field(default=False, compare=False, repr=False)

    @property
    def bot_delay(self) -> float:
        return BOT_DELAY.get(self.pacing, BOT_DELAY["normal"])

    @property
    def anim_scale(self) -> float:
        return ANIM_SCALE.get(self.pacing, 1.0)

    @property
    def spoken_language(self) -> str:
        """The language chosen, else the system's (game/i18n.py)."""
        return self.language or system_language()

    @classmethod
    def load(cls, folder: Path | None = None) -> Settings:
        settings = cls()
        try:
            path = (folder or pref_dir()) / FILE_NAME
        except (OSError, pygame.error) as exc:
            log.warning("settings: no folder: %s", exc)
            settings._notice(
                said("no settings folder ({problem}); using defaults", problem=os_problem(exc))
            )
            return settings
        try:
            raw = read_small_file(path, MAX_FILE_BYTES)
            if raw is None:
                return settings
            text = raw.decode("utf-8")
        except (FileRefused, UnicodeDecodeError) as exc:
            problem = exc.words() if isinstance(exc, FileRefused) else said("not UTF-8 text")
            settings._notice(
                said(
                    "{file} cannot be read ({problem}); using defaults",
                    file=FILE_NAME,
                    problem=problem,
                )
            )
            _keep_aside(path, settings)
            return settings
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            data = None
        if not isinstance(data, dict):
            settings._notice(said("{file} is damaged; using defaults", file=FILE_NAME))
        else:
            settings._take(data)
        if settings.notices:
            _keep_aside(path, settings)
        return settings

    def _notice(self, words: Said) -> None:
        self.notices.append(words)

    def _take(self, data: dict) -> None:
        pacing = data.get("pacing", self.pacing)
        if pacing in PACINGS:
            self.pacing = pacing
        else:
            self._notice(
                said("pacing must be one of {choices}; using normal", choices=", ".join(PACINGS))
            )
        text_size = data.get("text_size", self.text_size)
        if text_size in TEXT_SIZE_NAMES:
            self.text_size = text_size
        else:
            self._notice(
                said(
                    "text_size must be one of {choices}; using normal",
                    choices=", ".join(TEXT_SIZE_NAMES),
                )
            )
        for name in BOOLEANS:
            default = getattr(type(self), name)
            value = data.get(name, default)
            if isinstance(value, bool):
                setattr(self, name, value)
            else:
                self._notice(
                    said(
                        "{name} must be true or false; using {default}",
                        name=name,
                        default=str(default).lower(),
                    )
                )
        port = data.get("phone_port", self.phone_port)
        if isinstance(port, int) and not isinstance(port, bool) and port in PHONE_PORTS:
            self.phone_port = port
        else:
            self._notice(said("phone_port must be a number from 1024 to 65535; using 8765"))
        host = data.get("phone_host", "")
        if isinstance(host, str) and len(host) <= 45:  # an IPv6 address at most
            self.phone_host = host
        else:
            self._notice(said("phone_host must be an address; using the first one found"))
        language = data.get("language", "")
        if language == "" or language in LANGUAGES:
            self.language = language
        else:
            self._notice(
                said(
                    "language must be one of {choices}; using the system's language",
                    choices=", ".join(LANGUAGES),
                )
            )
        setup = data.get("setup", {})
        if isinstance(setup, dict):
            self.setup = self._checked_setup(setup)
        else:
            self._notice(said("setup must be a mapping; the last game's setup is forgotten"))

    def _checked_setup(self, setup: dict) -> dict:
        checked: dict = {}
        rules = setup.get("rules")
        if isinstance(rules, str) and 0 < len(rules) <= MAX_NAME_TEXT:
            checked["rules"] = rules
        elif "rules" in setup:
            self._notice(said("setup.rules must be a rule-set name; using the default"))
        house = setup.get("house")
        if (
            isinstance(house, list)
            and len(house) <= MAX_HOUSE
            and all(isinstance(h, str) and len(h) <= MAX_NAME_TEXT for h in house)
        ):
            checked["house"] = house
        elif "house" in setup:
            self._notice(said("setup.house must be a list of house-rule names; none is on"))
        seats = setup.get("seats")
        if _seats_ok(seats):
            checked["seats"] = seats
        elif "seats" in setup:
            self._notice(
                said(
                    "setup.seats must list {low} to {high} seats, each with a name,"
                    " a kind and a level; using the default seats",
                    low=MIN_SEATS,
                    high=MAX_SEATS,
                )
            )
        target = setup.get("target")
        if target in TARGET_WORDS or (
            isinstance(target, int) and not isinstance(target, bool) and 1 <= target <= MAX_TARGET
        ):
            checked["target"] = target
        elif "target" in setup:
            self._notice(
                said(
                    "setup.target must be 1 to {high}, default or single; using default",
                    high=MAX_TARGET,
                )
            )
        decided = setup.get("house_decided")
        if (
            isinstance(decided, list)
            and len(decided) <= MAX_HOUSE
            and all(isinstance(h, str) and len(h) <= MAX_NAME_TEXT for h in decided)
        ):
            checked["house_decided"] = decided  # the house rules a player set on or off
        return checked

    def save(self, folder: Path | None = None) -> bool:
        data = {
            "pacing": self.pacing,
            "muted": self.muted,
            "fullscreen": self.fullscreen,
            "fixed_table": self.fixed_table,
            "language": self.language,
            "color_patterns": self.color_patterns,
            "reduced_motion": self.reduced_motion,
            "text_size": self.text_size,
            "hints": self.hints,
            "phones": self.phones,
            "phone_port": self.phone_port,
            "phone_host": self.phone_host,
            "setup": self.setup,
        }
        try:
            path = (folder or pref_dir()) / FILE_NAME
            write_text_atomic(path, json.dumps(data, indent=2))
        except (OSError, pygame.error, TypeError, ValueError) as exc:
            log.warning("settings not saved: %s", exc)
            if not self._write_failing:
                self.write_notice = said("Settings are not saved: {why}", why=os_problem(exc))
            self._write_failing = True
            return False
        if self._write_failing:
            self.write_notice = said("Settings are saved again")
        self._write_failing = False
        return True

    def take_write_notice(self) -> Said | None:
        """A line for the player about writing the settings, once."""
        notice, self.write_notice = self.write_notice, None
        return notice


def _seats_ok(seats: object) -> bool:
    if not isinstance(seats, list) or not MIN_SEATS <= len(seats) <= MAX_SEATS:
        return False
    for seat in seats:
        if not isinstance(seat, dict):
            return False
        for key in ("name", "kind", "level"):
            value = seat.get(key, "")
            if not isinstance(value, str) or len(value) > MAX_SEAT_TEXT:
                return False
    return True


def _keep_aside(path: Path, settings: Settings) -> None:
    """Move a damaged regular file aside, so the next save does not overwrite it."""
    kept = keep_aside(path)
    if kept is None:
        log.warning("settings: could not keep %s aside", path)
        return
    settings.notices.append(said("the damaged file was kept as {file}", file=kept.name))
