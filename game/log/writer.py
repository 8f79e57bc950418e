"""Writing a replay log: the one way events become a log file.

Every event is checked against the format before it is written, so what is
written reads back. Two ways to write:

* `write_log(path, events)`: a whole log at once (the game's saved last
  match, tests), through `game.files.atomic`: the old file stays whole until the
  new one is complete on disk.
* `LogWriter`: matches appended one at a time as they finish (`simulate
  --log`), atomically too: they go to a temporary file that replaces the
  old log only when the writer is closed, so a log already there is never
  emptied by a run that fails (a full disk). Each match goes out whole or
  not at all: if the write fails or is interrupted (Ctrl-C), the file is
  cut back to the end of the last whole match, so every line of it stays
  complete JSON, and closing puts the whole matches in place (none: the old
  log stays as it was).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any

from game.files.atomic import AtomicFile, write_text_atomic
from game.log.format import MAX_LOG_BYTES, LogError, Malformed, check_event, encode_event


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
    not a regular file (a FIFO would block) and leaves an old log as it is
    until `close()` replaces it."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self._pending = AtomicFile(path)
        self._file = self._pending.file
        self._whole = 0  # bytes of the file that are whole matches
        self.matches = 0
        self.kept = False  # closed, and the matches written are in place

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

    @property
    def size(self) -> int:
        """Bytes of whole matches written."""
        return self._whole

    @property
    def too_large_to_read(self) -> bool:
        """The log is past the size a reader accepts (`verify`, `replay`:
        game/log/reader.py), so it could be written but not read back."""
        return self._whole > MAX_LOG_BYTES

    def close(self) -> None:
        """Put the whole matches written in place of the old log (none written:
        the old log stays); OSError when that fails, the old log then kept."""
        if self._file.closed:
            return
        if self.matches == 0:
            self._pending.discard()
            return
        self._pending.commit()
        self.kept = True

    def __enter__(self) -> LogWriter:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
