"""Writing a replay log: the one way events become a log file.

Every event is checked against the format before it is written, so what is
written reads back. Two ways to write:

* `write_log(path, events)`: a whole log at once (the game's saved last
  match, tests), through `game.atomic`: the old file stays whole until the
  new one is complete on disk.
* `LogWriter`: matches appended one at a time as they finish (`simulate
  --log`). Each match goes out whole or not at all: if the write fails (a
  full disk) or is interrupted (Ctrl-C), the file is cut back to the end of
  the last whole match, so every line of it stays complete JSON.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from game.atomic import check_writable_target, write_text_atomic
from game.log.format import LogError, Malformed, check_event, encode_event


def log_text(events: Iterable[Mapping[str, Any]]) -> str:
    """The log lines of `events` (each checked against the format)."""
    lines = []
    players = 0
    for index, event in enumerate(events):
        if not isinstance(event, dict):
            raise LogError(f"event {index} is not an object and cannot be written")
        try:
            check_event(event, players)
            lines.append(encode_event(event) + "\n")
        except (Malformed, TypeError, ValueError) as err:
            reason = err.reason if isinstance(err, LogError) else str(err)
            raise LogError(f"event {index} cannot be written: {reason}") from None
        if event["t"] == "game":
            players = event["players"]
    return "".join(lines)


def write_log(path: str | os.PathLike[str], events: Iterable[Mapping[str, Any]]) -> None:
    """Replace `path` with the log of `events`, whole or not at all."""
    write_text_atomic(path, log_text(events))


class LogWriter:
    """A log file written match by match; opening it refuses a target that is
    not a regular file (a FIFO would block) and truncates an old log."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        target = Path(path)
        check_writable_target(target)
        self._file = open(target, "wb", buffering=0)  # noqa: SIM115 - closed by close()
        self._whole = 0  # bytes of the file that are whole matches
        self.matches = 0

    def write_match(self, events: Iterable[Mapping[str, Any]]) -> None:
        data = memoryview(log_text(events).encode("ascii"))
        try:
            while data:
                written = self._file.write(data)
                data = data[written or 0 :]
        except BaseException:
            # Cut back to whole matches: a full disk or a Ctrl-C mid-write
            # must not leave half a line behind.
            try:
                os.ftruncate(self._file.fileno(), self._whole)
                self._file.seek(self._whole)
            except OSError:
                pass
            raise
        self._whole = self._file.tell()
        self.matches += 1

    def close(self) -> None:
        if self._file.closed:
            return
        with contextlib.suppress(OSError):
            os.fsync(self._file.fileno())
        self._file.close()

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
