"""Files written atomically off the frame: the newest content of each file wins.

A save is rewritten at every decision, and an atomic write (game/files/atomic.py:
temporary file, flush, fsync, rename) costs about 10 ms of waiting on the
disk — more than a frame may spend. So the frame only hands the new content
over (`put`) and a worker thread writes it. The thread waits on the disk with
the GIL released, so the frame goes on.

Each path holds at most one pending job. A newer `put` for a path replaces
the one still waiting and goes to the back of the queue, so jobs run in the
order their latest versions were given: a save written, then the player
statistics that count it, then the save cleared — a kill between any two
leaves files that agree as far as they go. A file on disk is always a whole
version (the rename), never a mix.

The thread stops after a moment with nothing to do and starts again on the
next `put`; `flush` waits for every pending job (the app does before it
quits, the title before it reads the save back). Without threads (a browser
build) every job runs at once, in the caller.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from game.files.atomic import write_text_atomic

IDLE_SECONDS = 2.0  # the worker waits this long for more work before it stops
THREADS = sys.platform != "emscripten"

# A finished job: (path, the text written or None for a removal, the error or None).
Done = Callable[[Path, str | None, BaseException | None], None]


# Generous: an fsync on a busy disk can take seconds, and giving up early
# reads a save one decision old (or quits before the last one is written);
# the bound still lets a game on a dead disk go on.
FLUSH_WAIT = 30.0


class FileWriter:
    def __init__(self, *, threaded: bool = THREADS, on_done: Done | None = None) -> None:
        self.threaded = threaded
        self.on_done = on_done
        self._lock = threading.Condition()
        self._pending: dict[Path, str | None] = {}
        self._running = 0  # jobs taken by the worker and not finished
        self._thread: threading.Thread | None = None

    def put(self, path: Path, text: str | None) -> None:
        """Replace `path` with `text` (None: remove it), soon and whole."""
        if not self.threaded:
            self._run_job(path, text)
            return
        with self._lock:
            self._pending.pop(path, None)
            self._pending[path] = text
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._work, name="couch-uno-files", daemon=True
                )
                self._thread.start()
            self._lock.notify_all()

    def pending(self, path: Path) -> bool:
        with self._lock:
            return path in self._pending

    def flush(self, timeout: float | None = FLUSH_WAIT) -> bool:
        """Wait until every job given so far is done; False if `timeout` passed first."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._pending and not self._running, timeout)

    def _work(self) -> None:
        while True:
            with self._lock:
                if not self._lock.wait_for(lambda: bool(self._pending), IDLE_SECONDS):
                    self._thread = None
                    self._lock.notify_all()
                    return
                path = next(iter(self._pending))
                text = self._pending.pop(path)
                self._running += 1
            try:
                self._run_job(path, text)
            finally:
                with self._lock:
                    self._running -= 1
                    self._lock.notify_all()

    def _run_job(self, path: Path, text: str | None) -> None:
        error: BaseException | None = None
        try:
            if text is None:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(path)
            else:
                write_text_atomic(path, text)
        except (OSError, ValueError) as exc:
            error = exc
        if self.on_done is not None:
            self.on_done(path, text, error)
