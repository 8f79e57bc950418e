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
game/files/reading.py) before the next save replaces it, so a second damaged
file never overwrites the first one kept.
Saving is atomic (game/files/atomic.py): a full disk or a crash leaves the old
file whole.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game.engine.said import Said, said
from game.files.atomic import write_text_atomic
from game.files.os_words import os_problem
from game.files.reading import FileRefused, keep_aside, read_small_file
from game.i18n import LANGUAGES, system_language
from game.player_files.records import (
    LEFT_OUT,
    Either,
    Field,
    Flag,
    ListOf,
    OneOf,
    Record,
    Section,
    Text,
    Whole,
    declared,
    read,
    stored,
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
_SEAT = tuple(
    Field(key, Text(MAX_SEAT_TEXT), "", about=about)
    for key, about in (
        ("name", "the seat's name"),
        ("kind", "`human` or `bot`"),
        ("level", "the bot's level"),
    )
)
SETUP = (
    Field(
        "rules",
        Text(MAX_NAME_TEXT, shortest=1),
        LEFT_OUT,
        said("setup.rules must be a rule-set name; using the default"),
        "the rule set's name",
    ),
    Field(
        "house",
        ListOf(_NAME, MAX_HOUSE),
        LEFT_OUT,
        said("setup.house must be a list of house-rule names; none is on"),
        "the house rules on",
    ),
    Field(
        "seats",
        ListOf(Record(_SEAT, others=True), MAX_SEATS, MIN_SEATS),
        LEFT_OUT,
        said(
            "setup.seats must list {low} to {high} seats, each with a name,"
            " a kind and a level; using the default seats",
            low=MIN_SEATS,
            high=MAX_SEATS,
        ),
        "the seats, in order",
    ),
    Field(
        "target",
        Either((OneOf(TARGET_WORDS), Whole(1, MAX_TARGET))),
        LEFT_OUT,
        said("setup.target must be 1 to {high}, default or single; using default", high=MAX_TARGET),
        "the score that ends the match: the rules' own, a single round, or a number",
    ),
    # Forgotten without a word when wrong.
    Field(
        "house_decided",
        ListOf(_NAME, MAX_HOUSE),
        LEFT_OUT,
        about="the house rules a player set on or off",
    ),
)


def _true_or_false(name: str, default: object) -> Said:
    return said(
        "{name} must be true or false; using {default}", name=name, default=str(default).lower()
    )


def _flag(default: bool, about: str) -> bool:
    flag: bool = stored(default, Flag(), about, _true_or_false)
    return flag


def pref_dir() -> Path:
    override = os.environ.get("COUCH_UNO_PREFS")
    if override:
        path = Path(override)
        path.mkdir(parents=True, exist_ok=True)
        return path
    return Path(pygame.system.get_pref_path("couch-uno", "couch-uno"))


@dataclass
class Settings:
    # The fields kept in the file, in the file's order (`stored`; FILE_FIELDS
    # is the file's declaration made of them, docs/files.md its table).
    pacing: str = stored(
        "normal",
        OneOf(PACINGS),
        "how long bots think and animations take",
        said("pacing must be one of {choices}; using normal", choices=", ".join(PACINGS)),
    )
    muted: bool = _flag(False, "no sound")
    fullscreen: bool = _flag(False, "the window fills the screen")
    fixed_table: bool = _flag(
        False, "seats stay where they are instead of turning the current human to the bottom"
    )
    # The language the game speaks (game/i18n.py); "" follows the system's locale.
    language: str = stored(
        "",
        OneOf(("", *LANGUAGES)),
        'the language the game speaks; `""` follows the system\'s',
        said(
            "language must be one of {choices}; using the system's language",
            choices=", ".join(LANGUAGES),
        ),
    )
    # For the players' eyes (game/ui/accessibility.py applies them).
    color_patterns: bool = _flag(False, "colour-blind mode: every colour shows a shape too")
    reduced_motion: bool = _flag(False, "no card flights, shakes or bobbing")
    text_size: str = stored(
        "normal",
        OneOf(TEXT_SIZE_NAMES),
        "the size of every text",
        said(
            "text_size must be one of {choices}; using normal",
            choices=", ".join(TEXT_SIZE_NAMES),
        ),
    )
    # The expert's advice (T, a button, R3).
    hints: bool = _flag(True, "a person at the table may ask for the expert's advice")
    # Hands on phones: served on the local network on `phone_port` while a match is played.
    phones: bool = _flag(False, "each human's hand on their own phone ([phones.md](phones.md))")
    phone_port: int = stored(
        8765,
        Whole(*PHONE_PORTS),
        "the port the phones connect to",
        said("phone_port must be a number from 1024 to 65535; using 8765"),
    )
    phone_host: str = stored(
        "",
        Text(LONGEST_HOST),
        'the network interface\'s address; `""` is the first one found',
        said("phone_host must be an address; using the first one found"),
    )
    setup: dict = stored(
        {},
        Section(SETUP),
        "the last new-game setup (the setup screen checks its values against the rule sets it has)",
        said("setup must be a mapping; the last game's setup is forgotten"),
    )
    # Keys of the file this build does not declare (a newer build's settings):
    # written back as they were.
    others: dict = field(default_factory=dict, compare=False, repr=False)
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
            _keep_aside(path, settings)
            return settings
        settings._take(data)
        if settings.notices and _keep_aside(path, settings):
            # Only the fields that were wrong fall back: the file is written
            # again at once with the others, or the next start would lose them.
            settings.save(path.parent)
        return settings

    def _notice(self, words: Said) -> None:
        self.notices.append(words)

    def _take(self, data: dict) -> None:
        taken, wrong = read(data, FILE_FIELDS, others=True)
        for f in FILE_FIELDS:
            setattr(self, f.name, taken.pop(f.name))
        self.others = taken
        self.notices.extend(m.field.wrong for m in wrong if m.field.wrong is not None)

    def save(self, folder: Path | None = None) -> bool:
        data = {**{f.name: getattr(self, f.name) for f in FILE_FIELDS}, **self.others}
        try:
            path = (folder or pref_dir()) / FILE_NAME
            write_text_atomic(path, json.dumps(data, indent=2))
        except (OSError, pygame.error, TypeError, ValueError, RecursionError) as exc:
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


FILE_FIELDS = declared(Settings)


def _keep_aside(path: Path, settings: Settings) -> bool:
    """Move a damaged regular file aside, so the next save does not overwrite
    it; whether it was moved."""
    kept = keep_aside(path)
    if kept is None:
        log.warning("settings: could not keep %s aside", path)
        return False
    settings.notices.append(said("the damaged file was kept as {file}", file=kept.name))
    return True
