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
from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from pathlib import Path
from typing import Any

import pygame

from game.atomic import write_text_atomic
from game.engine.said import Said, said
from game.file_reading import FileRefused, keep_aside, read_small_file
from game.i18n import LANGUAGES, system_language
from game.os_words import os_problem
from game.records import (
    LEFT_OUT,
    Either,
    Field,
    Flag,
    Kind,
    ListOf,
    OneOf,
    Record,
    Section,
    Text,
    Whole,
    read,
)

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
PHONE_PORTS = (1024, 65535)  # no port a system service needs root for
LONGEST_HOST = 45  # an IPv6 address

# The last new-game setup, read field by field: a field that is wrong is
# forgotten (with a notice), the others are kept.
_NAME = Text(MAX_NAME_TEXT)
SETUP = (
    Field(
        "rules",
        Text(MAX_NAME_TEXT, shortest=1),
        LEFT_OUT,
        said("setup.rules must be a rule-set name; using the default"),
    ),
    Field(
        "house",
        ListOf(_NAME, MAX_HOUSE),
        LEFT_OUT,
        said("setup.house must be a list of house-rule names; none is on"),
    ),
    Field(
        "seats",
        ListOf(
            Record(
                tuple(Field(key, Text(MAX_SEAT_TEXT), "") for key in ("name", "kind", "level")),
                others=True,
            ),
            MAX_SEATS,
            MIN_SEATS,
        ),
        LEFT_OUT,
        said(
            "setup.seats must list {low} to {high} seats, each with a name,"
            " a kind and a level; using the default seats",
            low=MIN_SEATS,
            high=MAX_SEATS,
        ),
    ),
    Field(
        "target",
        Either((OneOf(TARGET_WORDS), Whole(1, MAX_TARGET))),
        LEFT_OUT,
        said("setup.target must be 1 to {high}, default or single; using default", high=MAX_TARGET),
    ),
    # The house rules a player set on or off; forgotten without a word when wrong.
    Field("house_decided", ListOf(_NAME, MAX_HOUSE), LEFT_OUT),
)


def _true_or_false(name: str, default: object) -> Said:
    return said(
        "{name} must be true or false; using {default}", name=name, default=str(default).lower()
    )


_IN_FILE = "settings file"  # the key of a field's metadata that puts it in the file


def _setting(default: object, kind: Kind, wrong: Said | Callable[[str, object], Said]) -> Any:
    """A dataclass field kept in the settings file: its default, what it may
    hold, and the notice when the file holds something else (the field then
    takes its default)."""
    metadata = {_IN_FILE: (kind, wrong)}
    if isinstance(default, dict):
        return field(default_factory=default.copy, metadata=metadata)
    return field(default=default, metadata=metadata)


def pref_dir() -> Path:
    override = os.environ.get("COUCH_UNO_PREFS")
    if override:
        path = Path(override)
        path.mkdir(parents=True, exist_ok=True)
        return path
    return Path(pygame.system.get_pref_path("couch-uno", "couch-uno"))


@dataclass
class Settings:
    # The fields kept in the file, in the file's order (FILE_FIELDS declares them).
    pacing: str = _setting(
        "normal",
        OneOf(PACINGS),
        said("pacing must be one of {choices}; using normal", choices=", ".join(PACINGS)),
    )
    muted: bool = _setting(False, Flag(), _true_or_false)
    fullscreen: bool = _setting(False, Flag(), _true_or_false)
    # Seats stay where they are instead of turning the current human to the bottom.
    fixed_table: bool = _setting(False, Flag(), _true_or_false)
    # The language the game speaks (game/i18n.py); "" follows the system's locale.
    language: str = _setting(
        "",
        OneOf(("", *LANGUAGES)),
        said(
            "language must be one of {choices}; using the system's language",
            choices=", ".join(LANGUAGES),
        ),
    )
    # For the players' eyes (game/ui/accessibility.py applies them).
    # Colour-blind mode: every colour shows a shape too.
    color_patterns: bool = _setting(False, Flag(), _true_or_false)
    # No card flights, shakes or bobbing.
    reduced_motion: bool = _setting(False, Flag(), _true_or_false)
    text_size: str = _setting(
        "normal",
        OneOf(TEXT_SIZE_NAMES),
        said(
            "text_size must be one of {choices}; using normal",
            choices=", ".join(TEXT_SIZE_NAMES),
        ),
    )
    # A person at the table may ask for the expert's advice (T, a button, R3).
    hints: bool = _setting(True, Flag(), _true_or_false)
    # Hands on phones (docs/phones.md): each human's hand on their own phone,
    # served on the local network on `phone_port` while a match is played.
    phones: bool = _setting(False, Flag(), _true_or_false)
    phone_port: int = _setting(
        8765,
        Whole(*PHONE_PORTS),
        said("phone_port must be a number from 1024 to 65535; using 8765"),
    )
    # The network interface's address; "" is the first one found.
    phone_host: str = _setting(
        "",
        Text(LONGEST_HOST),
        said("phone_host must be an address; using the first one found"),
    )
    # The last new-game setup: rules, house rules, seats, target.
    setup: dict = _setting(
        {},
        Section(SETUP),
        said("setup must be a mapping; the last game's setup is forgotten"),
    )
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
        taken, wrong = read(data, FILE_FIELDS)
        for name, value in taken.items():
            setattr(self, name, value)
        self.notices.extend(f.wrong for f in wrong if f.wrong is not None)

    def save(self, folder: Path | None = None) -> bool:
        data = {f.name: getattr(self, f.name) for f in FILE_FIELDS}
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


def _file_fields() -> tuple[Field, ...]:
    """The settings file's declaration, from the fields of `Settings` kept in it."""
    declared = []
    for setting in fields(Settings):
        if _IN_FILE not in setting.metadata:
            continue
        kind, wrong = setting.metadata[_IN_FILE]
        default = (
            setting.default if setting.default_factory is MISSING else setting.default_factory()
        )
        if callable(wrong):
            wrong = wrong(setting.name, default)
        declared.append(Field(setting.name, kind, default, wrong))
    return tuple(declared)


FILE_FIELDS = _file_fields()


def _keep_aside(path: Path, settings: Settings) -> None:
    """Move a damaged regular file aside, so the next save does not overwrite it."""
    kept = keep_aside(path)
    if kept is None:
        log.warning("settings: could not keep %s aside", path)
        return
    settings.notices.append(said("the damaged file was kept as {file}", file=kept.name))
