"""Stop and resume: the match in progress kept on disk, and the players' statistics.

One job per module:

* `format` — the save file (a header line, then the match's replay log),
  read as hostile for the title (`peek`), kept aside when it cannot be used;
* `writer` — atomic rewrites on a worker thread, the newest version of each
  file winning (`FileWriter`);
* `record` — a session's save and statistics kept up to date as it plays
  (`MatchRecorder`, the session's `recorder`);
* `resume` — a save re-executed by the engine into a state to go on from;
* `guard` — a save that stopped the game when it was continued, not offered again;

and `SaveSlot` here, what the app holds: the folder, the writer, the save
the title offers and the problem it reports, the statistics. The statistics
themselves are game/player_files/stats.py.

Importing this package loads no rules engine (the title screen reads the
save's header and scores without it); `record` and `resume` are imported
when a match is saved or resumed.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.files.plain_text import printable
from game.files.reading import keep_aside
from game.i18n import _, capitalized
from game.player_files.guard import ResumeGuard
from game.player_files.save_format import (
    SAVE_FILE,
    STATS_FILE,
    SavedMatch,
    SaveHeader,
    SaveProblem,
    peek,
    stale_temporaries,
)
from game.player_files.writer import THREADS, Done, FileWriter

if TYPE_CHECKING:
    from game.play.match import MatchSession
    from game.player_files.record import MatchRecorder
    from game.player_files.resume import Resumed
    from game.player_files.stats import PlayerStats

log = logging.getLogger(__name__)
MAX_NOTICES = 4  # lines waiting to be shown; more of the same say nothing new

__all__ = [
    "SAVE_FILE",
    "SaveHeader",
    "SaveProblem",
    "SaveSlot",
    "SavedMatch",
]


def _stamp(path: Path) -> tuple[int, int, int] | None:
    """What tells one version of a file from the next (every save is a new
    file renamed into place: a new inode), or None when there is none."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_ino, info.st_mtime_ns, info.st_size)


class SaveSlot:
    """The one saved match and the statistics, in `folder` (the settings
    folder; a callable is asked on first use, and may fail: then nothing is
    saved, and the game says so)."""

    def __init__(
        self,
        folder: Path | Callable[[], Path],
        *,
        threaded: bool = THREADS,
        on_done: Done | None = None,
    ) -> None:
        self._folder = folder
        self._resolved: Path | None = None
        self.on_done = on_done  # told of every finished write (tests, tools)
        self.writer = FileWriter(threaded=threaded, on_done=self._done)
        # Why the last save could not be continued, in words (for the title).
        self.problem: str | None = None
        self._notices: list[str] = []
        self._stats: PlayerStats | None = None
        self.recorder: MatchRecorder | None = None  # the match being saved
        self.write_error: str | None = None  # the last write of the save failed
        self._peeked: tuple[tuple[int, int, int], SavedMatch | None] | None = None
        self._guard: ResumeGuard | None = None

    # --- where ----------------------------------------------------------------------

    @property
    def folder(self) -> Path:
        if self._resolved is None:
            folder = self._folder if isinstance(self._folder, Path) else self._folder()
            self._resolved = folder
            for temp in stale_temporaries(folder, SAVE_FILE) + stale_temporaries(
                folder, STATS_FILE
            ):
                # What a write cut short by a kill left; the file itself is whole.
                with contextlib.suppress(OSError):
                    os.unlink(temp)
        return self._resolved

    @property
    def save_path(self) -> Path:
        return self.folder / SAVE_FILE

    @property
    def guard(self) -> ResumeGuard:
        if self._guard is None:
            self._guard = ResumeGuard(self.folder)
        return self._guard

    @property
    def stats_path(self) -> Path:
        return self.folder / STATS_FILE

    # --- the saved match --------------------------------------------------------------

    def saved(self) -> SavedMatch | None:
        """The match saved for Continue, read for the title; a save that cannot
        be used is kept aside and `problem` says why (None then)."""
        try:
            path = self.save_path
        except Exception as exc:  # noqa: BLE001 - no settings folder: nothing saved
            log.warning("saves: no folder: %s", exc)
            return None
        self.writer.flush()
        guard = self.guard
        guard.clear_own()  # back at the title: the match continued was left normally
        stamp = _stamp(path)
        if stamp is not None and self._peeked is not None and self._peeked[0] == stamp:
            return self._peeked[1]  # the title again, the file as it was: not read twice
        try:
            found = peek(path)
        except SaveProblem as problem:
            self._refuse(path, problem)
            return None
        if found is not None and found.over:
            self._finish(found)
            return None
        if found is not None and guard.failed_on(found):
            self._refuse(
                path,
                SaveProblem(
                    "crashed",
                    _(
                        "the game stopped with an error the last time this match was"
                        " continued, so it is not offered again"
                    ),
                ),
            )
            return None
        self._peeked = (stamp, found) if stamp is not None else None
        return found

    def resume(self) -> Resumed:
        """The saved match re-executed, ready to go on; SaveProblem (after the
        file was kept aside and `problem` set) when it cannot be."""
        from game.player_files.resume import resume

        path = self.save_path
        self.writer.flush()
        with contextlib.suppress(SaveProblem):
            found = peek(path)
            if found is not None:
                self.guard.mark(found)
        try:
            return resume(path)
        except SaveProblem as problem:
            self.guard.clear()
            self._refuse(path, problem)
            raise
        except Exception as exc:  # noqa: BLE001 - a fault of the game: the save is kept aside
            log.exception("saves: continuing the match failed")
            self.guard.clear()
            failed = SaveProblem(
                "crashed",
                _("the game failed replaying its moves ({why})").format(
                    why=printable(type(exc).__name__, 60)
                ),
            )
            self._refuse(path, failed)
            raise failed from None

    def _refuse(self, path: Path, problem: SaveProblem) -> None:
        kept = keep_aside(path)
        if kept is not None:
            where = " " + _(
                "The file was kept as {file} in the settings folder ({folder})."
            ).format(file=kept.name, folder=kept.parent)
        elif path.exists() or path.is_symlink():
            # A folder or a FIFO is not moved: only its owner knows what it is.
            where = " " + _(
                "Move {file} out of the settings folder ({folder}) to save matches again."
            ).format(file=path.name, folder=path.parent)
        else:
            where = ""
        reason = capitalized(problem.reason)
        self.problem = f"{reason}.{where}"
        log.warning("saves: %s", self.problem)

    def _finish(self, found: SavedMatch) -> None:
        """A save of a match that had ended (the game stopped before clearing it):
        re-executed, counted if it was not, then cleared."""
        from game.player_files.resume import resume

        try:
            ended = resume(found.path)
        except SaveProblem as problem:
            self._refuse(found.path, problem)
            return
        self.count(found.header, ended.log)
        self.writer.put(found.path, None)
        self.writer.flush()

    # --- saving a match ------------------------------------------------------------------

    def keep(self, session: MatchSession, header: SaveHeader | None = None) -> None:
        """Save `session` at every decision from now on (if it is not already);
        `header` continues a resumed match's save under its own id."""
        if session.recorder is not None:
            return
        from game.player_files.record import MatchRecorder, header_for

        try:
            self.save_path  # noqa: B018 - the folder, now: a failure means no saving
        except Exception as exc:  # noqa: BLE001
            log.warning("saves: no folder: %s", exc)
            self._notice(
                _("The match cannot be saved: no settings folder ({why})").format(why=_words(exc))
            )
            return
        recorder = MatchRecorder(self, session, header or header_for(session))
        session.recorder = recorder
        self.recorder = recorder
        self.problem = None

    @property
    def saving_now(self) -> bool:
        """The match in progress is being saved, and its last save was written."""
        recorder = self.recorder
        return recorder is not None and recorder.saving and self.write_error is None

    def failed(self, why: str) -> None:
        """The match being saved can no longer be (`MatchRecorder` tells)."""
        self._notice(_("The match is no longer saved: {why}").format(why=why))

    # --- statistics -------------------------------------------------------------------

    @property
    def stats(self) -> PlayerStats:
        from game.player_files.players import load_stats
        from game.player_files.stats import PlayerStats

        if self._stats is None:
            # Read once, then kept here: only this slot writes the file after.
            try:
                self._stats = load_stats(self.stats_path)
            except Exception as exc:  # noqa: BLE001 - no folder: counted in memory only
                log.warning("stats: %s", exc)
                self._stats = PlayerStats()
            for line in self._stats.notices:
                self._notice(line)
        return self._stats

    def count(self, header: SaveHeader, events: list[dict]) -> None:
        """Count what a match's log holds into the statistics, and write them."""
        from game.player_files.stats import rules_key

        stats = self.stats
        if not stats.count(header.id, header.names, header.humans, rules_key(header.rules), events):
            return
        try:
            path = self.stats_path
        except Exception as exc:  # noqa: BLE001 - no settings folder: counted in memory only
            log.warning("stats: %s", exc)
            return
        from game.player_files.players import stats_text

        self.writer.put(path, stats_text(stats))

    # --- the app's side ------------------------------------------------------------------

    def _notice(self, line: str) -> None:
        if line not in self._notices and len(self._notices) < MAX_NOTICES:
            self._notices.append(line)

    def take_notice(self) -> str | None:
        """A line for the player about saving, once (a failed write, a damaged file)."""
        return self._notices.pop(0) if self._notices else None

    def close(self) -> None:
        """Wait for the last writes (the app is quitting)."""
        self.writer.flush()
        if self._guard is not None:
            self._guard.clear_own()

    def _done(self, path: Path, text: str | None, error: BaseException | None) -> None:
        # Said once when writing starts failing and once when it works again,
        # not at every decision of a full disk.
        if error is not None:
            log.warning("saves: writing %s failed: %s", path, error)
            why = _words(error)
            if path.name == SAVE_FILE:
                if self.write_error is None:
                    self._notice(_("The match cannot be saved: {why}").format(why=why))
                self.write_error = str(error)
            else:
                self._notice(_("Could not write {file}: {why}").format(file=path.name, why=why))
        elif path.name == SAVE_FILE and self.write_error is not None:
            self.write_error = None
            self._notice(_("The match is saved again"))
        if error is None and path.name == SAVE_FILE and self._guard is not None:
            # Gone (the match ended) or longer: the continued match went on.
            self._guard.saved_past(text.count("\n") if text is not None else 1 << 62)
        if self.on_done is not None:
            self.on_done(path, text, error)


def _words(error: BaseException) -> str:
    """What went wrong with a file, in the player's words and language (the
    log keeps the system's own text, a temporary file's name and all)."""
    from game.files.os_words import os_problem
    from game.i18n import say

    return say(os_problem(error))
