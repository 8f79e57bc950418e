"""The save file: one header line, then the match's replay log.

    {"format":"couch-uno-save","version":1,"id":"…","rules":["classic"],…}
    {"t":"game","rules":["classic"],"seed":…}
    {"t":"cut",…}
    …

The header holds what the screens need and the log does not: each seat's
kind and bot level, the rule-set label and the rules' fingerprint, the target
as the setup chose it (`"default"`, a number or null) and whether the match
is a single round. Everything else — the names, the seed, the scores, every
card — is the log (docs/replay-format.md), and a state is only ever rebuilt
from it by the engine (game/player_files/resume.py).

A save is the player's file, and anything may have happened to it, so it is
read as hostile: only a regular file of at most `MAX_SAVE_BYTES`, the header
checked field by field, every line of the log a JSON object (`peek`, which
the title screen uses: no engine is loaded for it), and the log checked
against the format and re-executed before a match resumes. A problem is a
`SaveProblem` in words, and the file is kept aside
(`game.files.reading.keep_aside`), never deleted.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game.files.plain_text import printable
from game.files.reading import UNREADABLE, FileRefused, read_small_file
from game.i18n import _
from game.play.seats import KNOWN_LEVELS, SeatConfig
from game.player_files.records import (
    Either,
    Field,
    Flag,
    ListOf,
    OneOf,
    Record,
    Text,
    Whole,
    problem,
)

if TYPE_CHECKING:
    from game.engine.ruleset import RuleSet

SAVE_FILE = "match.save"
# The players' statistics (game/player_files/stats.py), named here so that the slot can tidy the
# folder without importing them (they word their problems with the engine's Said).
STATS_FILE = "players.json"
FORMAT = "couch-uno-save"
VERSION = 1
MAX_SAVE_BYTES = 8 * 1024 * 1024  # a 500-point match of ten seats is about 40 KiB
MAX_HEADER_BYTES = 64 * 1024
MAX_SEATS = 10  # the table layouts seat 2 to 10 (assets/layouts/)
MAX_NAME = 200  # a seat's name, as in the log format
MAX_RULES = 32
MAX_TEXT = 200
MAX_TARGET = 2**63 - 1
ID = re.compile(r"[0-9a-f]{32}")
FINGERPRINT = re.compile(r"[0-9a-f]{64}")
KINDS = ("human", "bot")
_LABEL = Text(MAX_TEXT, shortest=1)

MINOR = 1  # this version's additions (docs/files.md, "Growing a format"); written above 0
MAX_MINOR = 2**31

# The header, declared once: every field it declares must be there and fit,
# or the header is refused (`SaveHeader.parse` words it); a key it does not
# declare (a newer build's) is ignored.
HEADER = Record(
    (
        Field("format", OneOf((FORMAT,)), about="what the file is"),
        Field("version", OneOf((VERSION,)), about="the save format's version"),
        Field("minor", Whole(0, MAX_MINOR), 0, about="the additions to it a newer build made"),
        Field(
            "id",
            Text(32, pattern=ID),
            about="the match's id (the statistics count a match once by it)",
        ),
        Field(
            "rules",
            ListOf(Text(MAX_TEXT, shortest=1, printable=True), MAX_RULES, 1),
            about="the rule files, to load them again",
        ),
        Field(
            "rules_label", _LABEL, about="the rules as the player named them when it was written"
        ),
        Field(
            "fingerprint",
            Text(64, pattern=FINGERPRINT),
            about="a digest of what the rules make happen: other rules refuse the save",
        ),
        Field(
            "seats",
            ListOf(
                Record(
                    (
                        Field("name", Text(MAX_NAME, shortest=1), about="the seat's name"),
                        Field("kind", OneOf(KINDS), about="who plays it"),
                        Field("level", OneOf(KNOWN_LEVELS), about="the bot's level"),
                    )
                ),
                MAX_SEATS,
                2,
            ),
            about="the seats, in order",
        ),
        Field(
            "target",
            Either((OneOf((None, "default")), Whole(1, MAX_TARGET))),
            about='the target as the setup chose it: `"default"` is the rules\' own',
        ),
        Field("single_round", Flag(), about="the match is a single round"),
        # minor 1: learning as you play (docs/playing.md)
        Field("learning", Flag(), False, about="the table teaches each rule as it first matters"),
        Field("per_seat", Flag(), False, about="each player is taught once (hands on phones)"),
        Field(
            "tutor",
            Either((OneOf((None,)), Record((), others=True))),
            None,
            about="what the tutor has taught so far, as game/lessons/ keeps it",
        ),
    )
)


class SaveProblem(Exception):
    """A save that cannot be resumed, in words for the player (`reason`).

    `kind` is one of: `damaged` (cut short, corrupt), `foreign` (not a Couch
    UNO save), `version` (another save format), `rules` (the rules changed or
    do not load), `replay` (the log does not re-execute on this engine),
    `crashed` (the game itself failed continuing it, game/player_files/guard.py)."""

    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(reason)
        self.kind = kind
        self.reason = reason


@dataclass(frozen=True)
class SaveHeader:
    id: str
    rules: tuple[str, ...]
    rules_label: str
    fingerprint: str
    seats: tuple[tuple[str, str, str], ...]  # (name, kind, level) per seat
    target: int | None | str  # "default": the rules' own target
    single_round: bool
    learning: bool = False
    per_seat: bool = False
    tutor: dict | None = None  # what the tutor has taught (game/lessons/), when learning

    def seat_configs(self) -> list[SeatConfig]:
        return [SeatConfig(name, kind, level) for name, kind, level in self.seats]

    @property
    def names(self) -> list[str]:
        return [name for name, _, _ in self.seats]

    @property
    def humans(self) -> list[int]:
        return [i for i, (_, kind, _) in enumerate(self.seats) if kind == "human"]

    def line(self) -> str:
        data = {
            "format": FORMAT,
            "version": VERSION,
            "minor": MINOR,
            "id": self.id,
            "rules": list(self.rules),
            "rules_label": self.rules_label,
            "fingerprint": self.fingerprint,
            "seats": [{"name": n, "kind": k, "level": v} for n, k, v in self.seats],
            "target": self.target,
            "single_round": self.single_round,
            "learning": self.learning,
            "per_seat": self.per_seat,
            "tutor": self.tutor,
        }
        return json.dumps(data, separators=(",", ":")) + "\n"

    @classmethod
    def parse(cls, data: bytes) -> SaveHeader:
        """The header from its line; SaveProblem if it is not one this version reads."""
        try:
            head = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            head = None
        if not isinstance(head, dict) or head.get("format") != FORMAT:
            raise SaveProblem("foreign", _("the file is not a Couch UNO save"))
        version = head.get("version")
        if version != VERSION:
            shown = printable(version, 20)
            raise SaveProblem(
                "version",
                _(
                    "it was written in save format {shown}, and this version of Couch UNO "
                    "reads format {version}"
                ).format(shown=shown, version=VERSION),
            )
        wrong = problem(head, HEADER)
        if wrong is not None:
            raise SaveProblem("damaged", _("its header is damaged ({wrong})").format(wrong=wrong))
        return cls(
            id=head["id"],
            rules=tuple(head["rules"]),
            rules_label=head["rules_label"],
            fingerprint=head["fingerprint"],
            seats=tuple((s["name"], s["kind"], s["level"]) for s in head["seats"]),
            target=head["target"],
            single_round=head["single_round"],
            learning=head.get("learning", False),
            per_seat=head.get("per_seat", False),
            tutor=head.get("tutor"),
        )


# Fields of a rule set that only name, explain or paint things: a new label,
# a fixed description, a card's `teach:` words or a re-skinned card leaves a
# save playable (and a save from before a field existed); anything else
# refuses it. (`art`, `corner` and `color_looks` are the card looks of rule
# files that have them.)
WORDING = frozenset({"name", "description", "house_rules", "color_looks"})
CARD_WORDING = frozenset({"label", "art", "corner", "teach"})


def rules_fingerprint(rules: RuleSet) -> str:
    """A digest of what the rules make happen, wording and looks left out
    (`WORDING`, `CARD_WORDING`): a save made under other rules is refused
    rather than resumed under these (the engine would re-execute its log
    only as far as the rules agree)."""
    data = rules.model.model_dump(mode="json")
    played = {k: v for k, v in data.items() if k not in WORDING}
    played["cards"] = {
        name: {k: v for k, v in kind.items() if k not in CARD_WORDING}
        for name, kind in data.get("cards", {}).items()
    }
    text = json.dumps(played, sort_keys=True, separators=(",", ":"))
    import hashlib  # OpenSSL's library: the menu reading a save needs none of it

    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass
class SavedMatch:
    """A save as the title screen shows it: read and shaped, not yet re-executed."""

    path: Path
    header: SaveHeader
    log_offset: int  # where the log's first line starts (it is line 2 of the file)
    events: int
    round_no: int
    scores: list[int]
    over: bool  # the log reaches its game_end
    target: int | None  # the score that ends the match, as the log's game event says

    @property
    def names(self) -> list[str]:
        return self.header.names


def _refused_problem(refused: FileRefused) -> SaveProblem:
    """A file the careful reader refused (game/files/reading.py), as a problem of a save."""
    from game.i18n import say

    kind = "damaged" if refused.kind == UNREADABLE else "foreign"
    return SaveProblem(kind, say(refused.words()))


def peek(path: Path) -> SavedMatch | None:
    """The save at `path` read for the title (None: there is none).

    Checks the header, that every line is a whole JSON object, that the log
    starts with the `game` event of the header's seats and rules, and reads
    the round and the scores. Raises SaveProblem; the format of every event
    and the rules are checked later, when the match resumes."""
    try:
        data = read_small_file(path, MAX_SAVE_BYTES)
    except FileRefused as refused:
        raise _refused_problem(refused) from None
    if data is None:
        return None
    if not data:
        raise SaveProblem("damaged", _("the file is empty"))
    end = data.find(b"\n")
    first = data if end < 0 else data[:end]
    if len(first) > MAX_HEADER_BYTES:
        raise SaveProblem("foreign", _("the file is not a Couch UNO save"))
    header = SaveHeader.parse(first)
    if end < 0 or not data.endswith(b"\n"):
        raise SaveProblem("damaged", _("it is cut short (its last line is incomplete)"))
    lines = data[end + 1 :].split(b"\n")[:-1]
    if not lines:
        raise SaveProblem("damaged", _("it holds no match"))
    round_no, scores, over = 0, [0] * len(header.seats), False
    target: int | None = None
    for number, raw in enumerate(lines, start=2):
        try:
            event = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            event = None
        if not isinstance(event, dict) or not isinstance(event.get("t"), str):
            raise SaveProblem(
                "damaged", _("its line {n} is not an event of a replay log").format(n=number)
            )
        kind = event["t"]
        if number == 2:
            _check_game(event, header)
            target = event.get("target") if _whole(event.get("target")) else None
        elif kind == "round" and isinstance(event.get("n"), int):
            round_no = event["n"]
        elif kind in ("round_end", "game_end"):
            scores = _scores(event.get("scores"), len(header.seats), number)
            over = over or kind == "game_end"
    return SavedMatch(path, header, end + 1, len(lines), round_no, scores, over, target)


def _check_game(event: dict, header: SaveHeader) -> None:
    if event.get("t") != "game":
        raise SaveProblem("damaged", _("its log does not start with the match's 'game' event"))
    if event.get("players") != len(header.seats) or event.get("names") != header.names:
        raise SaveProblem("damaged", _("its header and its log name different seats"))
    if event.get("rules") != list(header.rules):
        raise SaveProblem("damaged", _("its header and its log name different rules"))


def _scores(value: object, players: int, number: int) -> list[int]:
    if (
        isinstance(value, list)
        and len(value) == players
        and all(
            isinstance(s, int) and not isinstance(s, bool) and abs(s) <= MAX_TARGET for s in value
        )
    ):
        return list(value)
    raise SaveProblem(
        "damaged", _("its line {n} has scores that are not one number per seat").format(n=number)
    )


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def stale_temporaries(folder: Path, name: str) -> list[Path]:
    """Temporary files an interrupted atomic write of `name` left behind
    (game/files/atomic.py names them `.NAME.*.tmp`)."""
    try:
        return [p for p in folder.glob(f".{name}.*.tmp") if p.is_file() and not p.is_symlink()]
    except OSError:
        return []
