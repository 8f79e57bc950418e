"""Replay logs: the one place log files are written, read and checked.

A log is JSON Lines, one engine event per line (docs/replay-format.md).
One job per module:

* `format` — the format as data: every event's fields, types and ranges
  (`check_event`), the size limits and `LogError` (text that came from a
  file is shown through game/files/plain_text.py);
* `writer` — the one writer: `write_log` (a whole log, atomically) and
  `LogWriter` (matches appended as they finish, for `simulate --log`);
* `reader` — the one reader, streamed and validated: `iter_matches`,
  `read_events`, `read_log`;
* `reexec` — the check: `Reexecution` plays a match again on the engine and
  refuses the first event it would not have written (`Divergence`), or a
  match cut short (`Incomplete`); helped by `actions` (which legal actions
  could write an event), `tables` (telling readings of identical cards
  apart) and `rulesets` (the rules a log names, each loaded once);
* `verify` — `verify_file`, behind `python main.py verify`.

There is no second implementation of the rules here: a log is checked by
the engine that wrote it.
"""

from game.log.format import (
    MAX_LINE_BYTES,
    MAX_LOG_BYTES,
    LogError,
    MatchRefused,
    encode_event,
)
from game.log.reader import Match, Place, iter_matches, open_log, read_events, read_log
from game.log.reexec import Divergence, Incomplete, Reexecution, reexecute
from game.log.rulesets import RuleSets
from game.log.verify import Verdict, verify_file
from game.log.writer import LogWriter, log_text, write_log

__all__ = [
    "MAX_LINE_BYTES",
    "MAX_LOG_BYTES",
    "Divergence",
    "Incomplete",
    "LogError",
    "LogWriter",
    "Match",
    "MatchRefused",
    "Place",
    "Reexecution",
    "Verdict",
    "RuleSets",
    "encode_event",
    "iter_matches",
    "log_text",
    "open_log",
    "read_events",
    "read_log",
    "reexecute",
    "verify_file",
    "write_log",
]
