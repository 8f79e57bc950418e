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
    check_writable_target(target)
    folder = target.parent
    fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
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
    _sync_folder(folder)


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Replace `path` with `text` (UTF-8), whole or not at all."""
    with atomic_writer(path) as out:
        out.write(text)


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
