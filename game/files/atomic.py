"""Writing a file so that a crash, a full disk or a kill never leaves it half written.

Every file the game writes (settings, saved logs, saves) goes through here:
the new content goes to a temporary file in the same folder, is flushed to
disk, and only then renamed over the old file, so a reader finds either the
old file whole or the new one whole. Only a regular file (or nothing) is
ever replaced: a FIFO or a folder where the file should be is refused
instead of blocking or clobbering it.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO


class NotAFile(OSError):
    """Something other than a regular file stands where the file should be written."""


def check_writable_target(path: Path) -> None:
    """Refuse a target that exists and is not a regular file (symlinks are followed)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        raise NotAFile(f"{path} is not a regular file; not overwriting it")


@contextlib.contextmanager
def atomic_writer(path: str | os.PathLike[str], *, encoding: str = "utf-8") -> Iterator[IO[str]]:
    """A text stream whose content replaces `path` when the block ends without error.

    On an error (the disk is full, the block raises) the temporary file is
    removed and `path` is left exactly as it was."""
    target = Path(path)
    fd, temp_name = _temporary(target)
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="\n") as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    _sync_folder(target.parent)


class AtomicFile:
    """A binary file written over many steps (a log written match by match)
    that replaces `path` only at `commit()`: until then, and for good after
    `discard()`, `path` is exactly as it was. `file` is unbuffered, so what
    a write returned is what the file holds."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.target = Path(path)
        fd, self.temp_name = _temporary(self.target)
        self.file = os.fdopen(fd, "wb", buffering=0)

    def commit(self) -> None:
        """Put the file in place of `path`, on disk first; on an error (a full
        disk) it is discarded and `path` left as it was."""
        try:
            os.fsync(self.file.fileno())
            self.file.close()
            os.replace(self.temp_name, self.target)
        except BaseException:
            self.discard()
            raise
        _sync_folder(self.target.parent)

    def discard(self) -> None:
        """Remove the file; `path` stays as it was."""
        with contextlib.suppress(OSError):
            self.file.close()
        with contextlib.suppress(OSError):
            os.unlink(self.temp_name)


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Replace `path` with `text` (UTF-8), whole or not at all."""
    with atomic_writer(path) as out:
        out.write(text)


def _temporary(target: Path) -> tuple[int, str]:
    """A new temporary file beside `target` (the same disk, so the rename is
    atomic), named `.NAME.*.tmp` (game/player_files/save_format.py clears leftovers)."""
    check_writable_target(target)
    return tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)


def _sync_folder(folder: Path) -> None:
    # The rename itself is durable only once the folder's entry is on disk;
    # not every system lets a folder be opened for that, and it is not needed
    # for correctness of what a reader sees, so a refusal is ignored.
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
