"""A save that stops the game when it is continued is not offered again.

Continue writes a small mark next to the save (`match.resuming`: the save's
id and how many lines it held) before the match is re-executed. The mark goes once
the continued match has saved a decision past that point, or when the game
leaves the match normally (back to the title, quitting, a signal). A mark
still there when the game starts again means the game stopped with an
error — a crash, an abort — while continuing that very save, before its next
decision: the title then keeps the save aside and says so, instead of
offering the same failure again. A save the match went on from (a longer
one) or another match's save is not judged by an old mark.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from game.files.atomic import write_text_atomic
from game.player_files.save_format import ID, MAX_SAVE_BYTES, SavedMatch

RESUMING_FILE = "match.resuming"
MAX_MARK_BYTES = 128


class ResumeGuard:
    def __init__(self, folder: Path) -> None:
        self.path = folder / RESUMING_FILE
        self._lines: int | None = None  # this session's own mark: the save's lines then

    def mark(self, saved: SavedMatch) -> None:
        """Continue is about to re-execute `saved`."""
        lines = _lines(saved.path)
        if lines is None:
            return
        with contextlib.suppress(OSError):  # no mark: the guard is only lost, not the match
            write_text_atomic(self.path, f"{saved.header.id} {lines}\n")
            self._lines = lines

    def saved_past(self, lines: int) -> None:
        """The continued match's save was written, `lines` lines long."""
        if self._lines is not None and lines > self._lines:
            self.clear()

    def clear_own(self) -> None:
        """The continued match was left normally: this session's mark goes."""
        if self._lines is not None:
            self.clear()

    def clear(self) -> None:
        self._lines = None
        with contextlib.suppress(OSError):
            os.unlink(self.path)

    def failed_on(self, saved: SavedMatch) -> bool:
        """Whether a game before this one stopped while continuing `saved`
        (the mark is read once, then gone)."""
        if self._lines is not None:
            return False  # this session's own mark: it is still playing
        try:
            with open(self.path, "rb") as file:
                text = file.read(MAX_MARK_BYTES + 1)
        except OSError:
            return False
        self.clear()
        words = text.decode("ascii", "replace").split()
        if len(text) > MAX_MARK_BYTES or len(words) != 2 or not words[1].isdigit():
            return False
        match_id, lines = words[0], int(words[1])
        now = _lines(saved.path)
        return (
            ID.fullmatch(match_id) is not None
            and match_id == saved.header.id
            and now is not None
            and now <= lines
        )


def _lines(path: Path) -> int | None:
    """How many lines the save holds (a header, then an event a line)."""
    try:
        with open(path, "rb") as file:
            return file.read(MAX_SAVE_BYTES + 1).count(b"\n")
    except OSError:
        return None
