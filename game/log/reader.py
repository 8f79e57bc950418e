"""Reading a replay log: streamed, validated, split into matches.

A log is read one line at a time, never whole: memory stays that of one
line (at most `MAX_LINE_BYTES`) however long the file, and a file longer
than `MAX_LOG_BYTES` is refused before its first line is read. Only a
regular file is opened (a FIFO would block, a device never end). Every
event is checked against the format (`format.read_event`; a field the
format does not name is left out) before anyone sees it, and so is the
shape of the file: a match starts with its `game` event and nothing but
the next match's `game` follows a `game_end`.

The first problem ends the reading with a `LogError` whose text is
`file:line: what is wrong`.

    for match in iter_matches("games.jsonl"):
        for line, event in match.events():
            ...
        match.complete   # False: the log stops before this match's game_end
"""

from __future__ import annotations

import os
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from typing import BinaryIO

from game.files.reading import BAD_NAME, FOLDER, NOT_A_FILE, TOO_LARGE, FileRefused, open_regular
from game.log.format import (
    MAX_LINE_BYTES,
    MAX_LOG_BYTES,
    LogError,
    Malformed,
    parse_line,
    read_event,
)


@dataclass(frozen=True)
class Place:
    """Where a line starts: its 1-based number and its byte offset."""

    line: int = 1
    offset: int = 0


def _mib(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MiB"


def open_log(path: str | os.PathLike[str]) -> BinaryIO:
    """The log file opened for reading; LogError when it is not a regular,
    readable file of at most MAX_LOG_BYTES (game/files/reading.py opens it)."""
    shown = os.fspath(path)
    try:
        return open_regular(path, MAX_LOG_BYTES)
    except FileRefused as refused:
        raise LogError(_refusal(refused, path), path=shown) from None


def _refusal(refused: FileRefused, path: str | os.PathLike[str]) -> str:
    if refused.kind == FOLDER:
        return "cannot read the log: it is a folder"
    if refused.kind == NOT_A_FILE:
        return "cannot read the log: it is not a regular file"
    if refused.kind == TOO_LARGE:
        try:
            size = _mib(os.stat(path).st_size)
        except OSError:
            size = f"over {_mib(MAX_LOG_BYTES)}"
        return (
            f"the log is {size}; logs larger than {_mib(MAX_LOG_BYTES)} "
            "are refused (split it, or simulate fewer games per file)"
        )
    if refused.kind == BAD_NAME:
        return "cannot read the log: the path is not a valid file name"
    error = refused.error
    why = error.strerror.lower() if error is not None and error.strerror else ""
    return f"cannot read the log: {why or 'no such file or directory'}"


def read_events(
    path: str | os.PathLike[str], start: Place = Place()
) -> Iterator[tuple[Place, dict]]:
    """Every event of the file from `start` (a match's first line), validated,
    with the place of its line."""
    shown = os.fspath(path)
    with open_log(path) as stream:
        yield from _events(stream, shown, start)


def _events(stream: BinaryIO, shown: str, start: Place) -> Iterator[tuple[Place, dict]]:
    stream.seek(start.offset)
    number, offset = start.line, start.offset
    players = 0  # seats of the match being read; 0 before its game event
    ended = False
    while True:
        try:
            data = stream.readline(MAX_LINE_BYTES + 1)
        except OSError as err:  # a failing disk, a network folder gone
            why = err.strerror.lower() if err.strerror else "the system refused"
            raise LogError(f"cannot read the log: {why}", path=shown, line=number) from None
        if not data:
            return
        place = Place(number, offset)
        offset += len(data)
        if offset > MAX_LOG_BYTES:
            raise LogError(f"the log grew past {_mib(MAX_LOG_BYTES)}", path=shown, line=number)
        complete = data.endswith(b"\n")
        if not complete and len(data) > MAX_LINE_BYTES:
            raise LogError(
                f"the line is longer than {_mib(MAX_LINE_BYTES)}; no event is",
                path=shown,
                line=number,
            )
        body = data.rstrip(b"\n")
        if body.endswith(b"\r"):
            body = body[:-1]
        try:
            event = parse_line(body)
            kind = event.get("t")
            if kind != "game":
                if players == 0:
                    raise Malformed("a match starts with its 'game' event")
                if ended:
                    raise Malformed("a match ends at its 'game_end'; only a new 'game' may follow")
            event = read_event(event, players)
        except Malformed as err:
            if not complete:
                err = Malformed(f"the last line is cut short (the file is truncated): {err.reason}")
            raise err.at(shown, number) from None
        if kind == "game":
            players = event["players"]
            ended = False
        elif kind == "game_end":
            ended = True
        yield place, event
        number += 1


def read_log(path: str | os.PathLike[str]) -> list[dict]:
    """Every event of a log, validated (for tools and tests; a viewer or a
    checker streams with `iter_matches` instead)."""
    return [event for _, event in read_events(path)]


@dataclass
class Match:
    """One match of a log file, read as it is iterated.

    `number` counts from 1 in the file; `start` is the place of its `game`
    event (`iter_matches(path, match.start)` reads the file again from here).
    After `events()` is exhausted, `complete` tells whether the match reached
    its `game_end` and `last` is the place of its last line."""

    path: str
    number: int
    start: Place
    game: dict
    _source: _Cursor = field(repr=False)
    complete: bool = False
    last: Place = Place()
    _used: bool = field(default=False, repr=False)

    def events(self) -> Iterator[tuple[int, dict]]:
        """(line, event) for every event of the match, its `game` first."""
        if self._used:
            raise RuntimeError("a match of a streamed log is read once")
        self._used = True
        source = self._source
        while True:
            item = source.peek()
            if item is None or (item[1]["t"] == "game" and item[0] != self.start):
                return
            source.take()
            place, event = item
            self.last = place
            self.complete = event["t"] == "game_end"
            yield place.line, event

    def skip(self) -> None:
        """Read past the rest of the match (validating it) without keeping it."""
        if not self._used:
            for _ in self.events():
                pass
            return
        source = self._source
        while (item := source.peek()) is not None and item[1]["t"] != "game":
            source.take()
            self.last = item[0]
            self.complete = item[1]["t"] == "game_end"


class _Cursor:
    """An event stream one can look one event ahead in."""

    def __init__(self, items: Iterator[tuple[Place, dict]]) -> None:
        self._items = items
        self._ahead: tuple[Place, dict] | None = None
        self._done = False

    def peek(self) -> tuple[Place, dict] | None:
        if self._ahead is None and not self._done:
            self._ahead = next(self._items, None)
            self._done = self._ahead is None
        return self._ahead

    def take(self) -> None:
        self._ahead = None


def iter_matches(
    path: str | os.PathLike[str], start: Place = Place()
) -> Generator[Match, None, None]:
    """The matches of a log file in order, each read as it is iterated (a
    match not read through is skipped, still validated, when the next is asked
    for). A reading error is raised where it is met."""
    shown = os.fspath(path)
    source = _Cursor(read_events(path, start))
    number = 0
    previous: Match | None = None
    while True:
        if previous is not None:
            previous.skip()
        head = source.peek()
        if head is None:
            return
        number += 1
        previous = Match(shown, number, head[0], head[1], source, last=head[0])
        yield previous
