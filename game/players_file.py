"""players.json, the Players screen's numbers on disk: its one declaration.

The file is the player's, and read as hostile: pydantic checks it against
these models (strict: a count is a whole number, not text or true; no field
the format does not have; every list and name bounded), and `problem` says
the first thing wrong in the player's words. The statistics
(game/stats.py) are read from the file (`load_stats`) and written to it
(`stats_text`) only here, and a file that cannot be read is kept aside.

Loaded only when the statistics are (pydantic is not needed for the menu).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import ErrorDetails

from game.engine.said import Said, said
from game.file_reading import FileRefused, keep_aside, read_small_file
from game.plain_text import printable
from game.saves.format import SaveProblem
from game.stats import (
    MAX_FILE_BYTES,
    MAX_MATCHES,
    MAX_RULE_SETS,
    MatchCount,
    PlayerRecord,
    PlayerStats,
    key,
)

FORMAT = "couch-uno-players"
VERSION = 1
MAX_PLAYERS = 500
MAX_NAME = 200
MAX_MATCH_ID = 64
MAX_COUNT = 2**53  # any count past this is a damaged file

Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]


class _Format(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


class PlayerEntry(_Format):
    """One person's numbers (game/stats.py `PlayerRecord` holds them in play)."""

    name: Annotated[str, Field(max_length=MAX_NAME, pattern=r"\S")] = Field(
        description="as last played under; matched in any case"
    )
    matches: Count = Field(description="matches played to their end")
    matches_won: Count = Field(description="matches won, a team's partner's win too")
    rounds: Count = Field(description="rounds played")
    rounds_won: Count = Field(description="rounds won")
    uno_calls: Count = Field(description="UNO calls made")
    uno_missed: Count = Field(description="caught with one card and no UNO call")
    catches: Count = Field(description="times this player caught someone")
    rules: Annotated[
        dict[Annotated[str, Field(min_length=1, max_length=MAX_NAME)], Count],
        Field(max_length=MAX_RULE_SETS),
    ] = Field(description="rounds played per rule set, by its files' names")


class CountedMatch(_Format):
    rounds: Count = Field(description="the match's rounds counted so far")
    over: bool = Field(description="its end counted")


class PlayersFile(_Format):
    format: Literal["couch-uno-players"] = Field(description="always couch-uno-players")
    version: Literal[1] = Field(description="the version of this format")
    players: Annotated[list[PlayerEntry], Field(max_length=MAX_PLAYERS)] = Field(
        description="one entry per person"
    )
    counted: Annotated[
        dict[Annotated[str, Field(max_length=MAX_MATCH_ID)], CountedMatch],
        Field(max_length=MAX_MATCHES),
    ] = Field(description="match id → how much of it is counted, the latest last")


def read_players_file(data: bytes) -> PlayersFile:
    """The file's bytes as its model; SaveProblem (in words) when they are not
    one: `foreign` not a players file, `version` another version of it,
    `damaged` anything else."""
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
    try:
        return PlayersFile.model_validate(parsed)
    except ValidationError as invalid:
        raise SaveProblem("damaged", problem(invalid, parsed)) from None


def players_text(players: list[dict], counted: dict[str, dict]) -> str:
    """The file's text for these entries (each checked as a reader will)."""
    data = PlayersFile.model_validate(
        {"format": FORMAT, "version": VERSION, "players": players, "counted": counted}
    )
    return json.dumps(data.model_dump(), indent=1, ensure_ascii=False) + "\n"


def stats_text(stats: PlayerStats) -> str:
    """The file's text for `stats`."""
    return players_text(
        [p.to_dict() for p in stats.players.values()],
        {match_id: {"rounds": c.rounds, "over": c.over} for match_id, c in stats.counted.items()},
    )


def load_stats(path: Path) -> PlayerStats:
    """The statistics in `path` (none yet: empty). A file that cannot be
    used is kept aside with a notice and the count starts again."""
    stats = PlayerStats()
    try:
        data = read_small_file(path, MAX_FILE_BYTES)
        if data is None:
            return stats
        _take(stats, data)
    except FileRefused as refused:
        _refused(stats, path, SaveProblem("damaged", refused.words()))
    except SaveProblem as problem:
        _refused(stats, path, problem)
    return stats


def _refused(stats: PlayerStats, path: Path, problem: SaveProblem) -> None:
    """A file that cannot be used: kept aside, and the count starts again."""
    kept = keep_aside(path)
    stats.players.clear()
    stats.counted.clear()
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


def _take(stats: PlayerStats, data: bytes) -> None:
    found = read_players_file(data)
    for entry in found.players:
        record = PlayerRecord(**entry.model_dump())
        if key(record.name) in stats.players:
            raise SaveProblem(
                "damaged", said("it lists {name} twice", name=printable(record.name, 40))
            )
        stats.players[key(record.name)] = record
    for match_id, counted in found.counted.items():
        stats.counted[match_id] = MatchCount(counted.rounds, counted.over)


def problem(invalid: ValidationError, data: dict) -> Said:
    """The first thing wrong with the file `data` (a JSON object of this
    format and version), in the player's words."""
    error = min(invalid.errors(include_url=False), key=_reading_order)
    loc = error["loc"]
    if loc[0] == "counted":
        return said("its list of counted matches is damaged")
    if loc[0] != "players" or len(loc) == 1:
        return said("its list of players is damaged")
    entry = data["players"][loc[1]]
    if len(loc) == 2:
        return said("a player's entry is not a mapping")
    name = printable(entry.get("name"), 40)
    field = loc[2]
    if field == "name":
        return said("a player has no name")
    if error["type"] in ("missing", "extra_forbidden"):
        return said("the entry of {name} has other fields", name=name)
    if field == "rules":
        return said("the rule sets of {name} are damaged", name=name)
    return said("a count of {name} is not a whole number", name=name)


def _reading_order(error: ErrorDetails) -> tuple:
    """The players before the counted matches; in an entry, its name, then its
    fields, then their values."""
    loc = error["loc"]
    if loc[0] != "players" or len(loc) < 3:
        return (loc[0] != "players", loc[1:2], 0)
    shape = error["type"] in ("missing", "extra_forbidden")
    return (False, loc[1:2], 0 if loc[2] == "name" else 1 if shape else 2)
