"""Reading a file anyone may have made, and keeping a damaged one aside.

Every file the game reads from disk that a player, a modder or a stranger
may have touched (the save, the players' statistics, the settings, a rule
file, a replay log) is opened here, and only here, the same careful way:

* opened without blocking (a FIFO or a device never makes it wait) and
  checked to be a regular file *through the descriptor opened*, before
  anything else is done with it (a folder is refused in words, never by a
  traceback from Python's `open`);
* refused when larger than the caller's limit, from its size and again by
  reading at most one byte past the limit (a file that grows meanwhile).

A problem is a `FileRefused` whose `words()` say it for a player (a `Said`:
English that a screen words in the player's language, game/i18n.py). The
game's writing side is game/files/atomic.py; the words for what the system said
are game/files/os_words.py.

A file the game cannot use is never deleted: `keep_aside` renames it to a
name of its own (`match.kept-20250101-203000.save`), so the next write does
not overwrite it and a second damaged file does not overwrite the first.

Importing this module loads no rules engine (the title screen reads the save
through it); the words are made only when a file is refused.
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

if TYPE_CHECKING:
    from game.engine.said import Said

# What a file can be refused for (`FileRefused.kind`).
MISSING = "missing"
FOLDER = "folder"
NOT_A_FILE = "not a file"
TOO_LARGE = "too large"
UNREADABLE = "unreadable"
BAD_NAME = "bad name"  # a path no file can have (a NUL in it)


class FileRefused(Exception):
    """A file that was not read, and why (`kind`: one of the constants above;
    `limit` the size refused; `error` what the system said)."""

    def __init__(self, kind: str, *, limit: int = 0, error: OSError | None = None) -> None:
        super().__init__(kind if error is None else f"{kind}: {error}")
        self.kind = kind
        self.limit = limit
        self.error = error

    def words(self) -> Said:
        """Why, for a player: "it is a folder", "it is larger than 8 MiB"."""
        from game.engine.said import said
        from game.files.os_words import os_problem

        if self.kind == FOLDER:
            return said("it is a folder")
        if self.kind == NOT_A_FILE:
            return said("it is not a regular file")
        if self.kind == TOO_LARGE:
            return said("it is larger than {size}", size=size_text(self.limit))
        if self.kind == BAD_NAME:
            return said("its name is not a valid file name")
        if self.kind == MISSING or self.error is None:
            return said("it is not there")
        return said("it cannot be read: {why}", why=os_problem(self.error))


def size_text(size: int) -> str:
    """A limit as a person reads it: "8 MiB", "64 KiB", "500 bytes"."""
    for unit, scale in (("MiB", 1024 * 1024), ("KiB", 1024)):
        if size >= scale and size % scale == 0:
            return f"{size // scale} {unit}"
    return f"{size} bytes"


def open_regular(path: str | os.PathLike[str], limit: int) -> BinaryIO:
    """`path` opened for reading in binary; FileRefused unless it is a regular
    file of at most `limit` bytes (the caller closes it, and reads at most
    `limit + 1` bytes of it to see it did not grow)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError as err:
        raise FileRefused(MISSING, error=err) from None
    except IsADirectoryError:
        raise FileRefused(FOLDER) from None
    except OSError as err:
        raise FileRefused(UNREADABLE, error=err) from None
    except ValueError:
        raise FileRefused(BAD_NAME) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileRefused(FOLDER)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(NOT_A_FILE)
        if info.st_size > limit:
            raise FileRefused(TOO_LARGE, limit=limit)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_small_file(path: str | os.PathLike[str], limit: int) -> bytes | None:
    """The bytes of a regular file of at most `limit` bytes; None when there is
    no file. FileRefused for anything else."""
    try:
        file = open_regular(path, limit)
    except FileRefused as refused:
        if refused.kind == MISSING:
            return None
        raise
    with file:
        try:
            data = file.read(limit + 1)
        except OSError as err:
            raise FileRefused(UNREADABLE, error=err) from None
    if len(data) > limit:
        raise FileRefused(TOO_LARGE, limit=limit)
    return data


def keep_aside(path: Path) -> Path | None:
    """Rename a file that cannot be used to a name of its own next to it
    (`match.kept-20250101-203000.save`, `settings.kept-….json`), so that no
    later write or later damaged file overwrites it; None if it could not be
    moved (or was not a regular file: a folder or a FIFO is left alone)."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
    except OSError:
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    stem = path.name.split(".")[0]
    suffix = path.name[len(stem) :]
    for n in range(1, 100):
        extra = "" if n == 1 else f"-{n}"
        target = path.with_name(f"{stem}.kept-{stamp}{extra}{suffix}")
        if target.exists() or target.is_symlink():
            continue
        try:
            os.replace(path, target)
        except OSError:
            return None
        return target
    return None
