"""players.json, the Players screen's numbers on disk: read and written.

The file is the player's, and read as hostile, against its declaration: the
file's own fields here (`FILE_FIELDS`), a player's entry and a counted
match on the dataclasses that hold them in play (game/player_files/stats.py,
`PlayerRecord`, `MatchCount`), all in game/player_files/records.py's plain declarations.
A count is a whole number, not text or true, and every list, map and name is
bounded.

It grows by the rule of docs/files.md ("Growing a format"): a key this
build does not declare (a newer build's field) is kept and written back as
it was, a higher `minor` is read like its own, and a field that holds
something wrong is left out alone, with a notice saying the first such
thing in the player's words: the file is then kept aside, and written again
at once with everything else it held. Only a file that is not one at all
(not JSON, another format, another `version`) starts the count again.

The statistics are read from the file (`load_stats`) and written to it
(`stats_text`) only here.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from game.engine.said import Said, said
from game.files.atomic import write_text_atomic
from game.files.plain_text import printable
from game.files.reading import FileRefused, keep_aside, read_small_file
from game.player_files.records import (
    REQUIRED,
    Field,
    ListOf,
    MapOf,
    Misfit,
    OneOf,
    Section,
    Text,
    Whole,
    built,
    declared,
    dumped,
    read,
)
from game.player_files.save_format import SaveProblem
from game.player_files.stats import (
    MAX_FILE_BYTES,
    MAX_MATCHES,
    MatchCount,
    PlayerRecord,
    PlayerStats,
    key,
)

FORMAT = "couch-uno-players"
VERSION = 1  # changes only when an older build must not read the file (docs/files.md)
MINOR = 0  # this build's additions to the version; written only when above 0
MAX_MINOR = 2**31
MAX_PLAYERS = 500
MAX_MATCH_ID = 64

PLAYER = Section(declared(PlayerRecord), others=True)
COUNTED = Section(declared(MatchCount), others=True)
FILE_FIELDS = (
    Field("format", OneOf((FORMAT,)), REQUIRED, about=f"always `{FORMAT}`"),
    Field("version", OneOf((VERSION,)), REQUIRED, about="the format's version"),
    Field("minor", Whole(0, MAX_MINOR), 0, about="the additions to it a newer build made"),
    Field("players", ListOf(PLAYER, MAX_PLAYERS), [], about="one entry per person"),
    Field(
        "counted",
        MapOf(Text(MAX_MATCH_ID), COUNTED, MAX_MATCHES),
        {},
        about=f"the last {MAX_MATCHES} matches counted, by match id, the latest last",
    ),
)


def read_players_file(data: bytes) -> tuple[PlayerStats, list[Said]]:
    """The statistics in the file's bytes, and what was wrong in them (the
    fields left out, in reading order); SaveProblem (in words) when they are
    not a players file this build reads: `foreign` not one, `version`
    another version of it, `damaged` not JSON."""
    try:
        parsed = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SaveProblem("damaged", said("it is not readable JSON")) from None
    if not isinstance(parsed, dict) or parsed.get("format") != FORMAT:
        raise SaveProblem("foreign", said("it is not a Couch UNO players file"))
    version = parsed.get("version")
    if type(version) is not int or version != VERSION:
        raise SaveProblem(
            "version",
            said(
                "it is of version {found}, not {version}",
                found=printable(version, 20),
                version=VERSION,
            ),
        )
    taken, misfits = read(parsed, FILE_FIELDS, others=True)
    wrong = [_words(misfit, parsed) for misfit in misfits]
    stats = PlayerStats()
    players, counted, minor = taken.pop("players"), taken.pop("counted"), taken.pop("minor")
    assert isinstance(players, list) and isinstance(counted, dict) and isinstance(minor, int)
    for entry in players:
        record = built(PlayerRecord, entry)
        if key(record.name) in stats.players:
            wrong.append(said("it lists {name} twice", name=printable(record.name, 40)))
            continue
        stats.players[key(record.name)] = record
    for match_id, done in counted.items():
        stats.counted[match_id] = built(MatchCount, done)
    stats.minor = max(MINOR, minor)
    del taken["format"], taken["version"]
    stats.others = taken
    return stats, wrong


def stats_text(stats: PlayerStats) -> str:
    """The file's text for `stats` (checked as a reader will: a value this
    build could not read back is a fault of the game, not the player's)."""
    data = {"format": FORMAT, "version": VERSION}
    if stats.minor > 0:
        data["minor"] = stats.minor
    data["players"] = [p.to_dict() for p in stats.players.values()]
    data["counted"] = {match_id: dumped(c) for match_id, c in stats.counted.items()}
    data.update({k: v for k, v in stats.others.items() if k not in data})
    _, misfits = read(data, FILE_FIELDS)
    if misfits:
        raise ValueError(f"players.json: cannot write {misfits[0].path}")
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def load_stats(path: Path) -> PlayerStats:
    """The statistics in `path` (none yet: empty). A file that is not one is
    kept aside with a notice and the count starts again; a file with fields
    that are wrong is kept aside with a notice, and written again at once
    without them."""
    try:
        data = read_small_file(path, MAX_FILE_BYTES)
        if data is None:
            return PlayerStats()
        stats, wrong = read_players_file(data)
    except FileRefused as refused:
        return _refused(path, SaveProblem("damaged", refused.words()))
    except SaveProblem as problem:
        return _refused(path, problem)
    if wrong:
        _repaired(stats, path, wrong[0])
    return stats


def _refused(path: Path, problem: SaveProblem) -> PlayerStats:
    """A file that cannot be used: kept aside, and the count starts again."""
    stats = PlayerStats()
    kept = keep_aside(path)
    if kept is not None:
        notice = said(
            "The players' statistics could not be read: {reason}; it was kept "
            "as {file}. Counting starts again.",
            reason=problem.reason,
            file=kept.name,
        )
    else:
        notice = said(
            "The players' statistics could not be read: {reason}. Counting starts again.",
            reason=problem.reason,
        )
    stats.notices.append(notice)
    return stats


def _repaired(stats: PlayerStats, path: Path, first: Said) -> None:
    """A file of which some fields were left out: the file as it was is kept
    aside, and what was read is written in its place (else the next start
    would find no file)."""
    kept = keep_aside(path)
    if kept is None:
        # Not moved (not a regular file): nothing is written over it.
        stats.notices.append(
            said("Part of the players' statistics could not be read: {reason}.", reason=first)
        )
        return
    with contextlib.suppress(OSError, ValueError):  # kept in memory; the next count writes it
        write_text_atomic(path, stats_text(stats))
    stats.notices.append(
        said(
            "Part of the players' statistics could not be read: {reason}; the file "
            "was kept as {file}. Everything else is kept.",
            reason=first,
            file=kept.name,
        )
    )


def _words(misfit: Misfit, data: dict) -> Said:
    """A field left out of the file `data`, in the player's words."""
    path = misfit.path
    if path[0] == "counted":
        return said("its list of counted matches is damaged")
    if path[0] != "players":
        return said("its field {field} is damaged", field=printable(path[0], 40))
    if len(path) == 1 or path[1] == MAX_PLAYERS:
        return said("its list of players is damaged")
    entry = data["players"][path[1]]
    if len(path) == 2:
        return said("a player's entry is not a mapping")
    if path[2] == "name":
        return said("a player has no name")
    name = printable(entry.get("name"), 40)
    if path[2] == "rules":
        return said("the rule sets of {name} are damaged", name=name)
    if isinstance(misfit.field.kind, Whole):
        return said("a count of {name} is not a whole number", name=name)
    return said("the field {field} of {name} is damaged", field=printable(path[2], 40), name=name)
