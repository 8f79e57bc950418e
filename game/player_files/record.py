"""A match kept on disk as it is played: the save at every decision, the
player statistics at every round's end, the save cleared when the match ends.

The session calls `record(events)` after each action that wrote events. The
new events are checked against the log format and encoded once (a line
each, kept), so a decision costs its own few lines, the join of the file's
text (about 20 µs for a whole 500-point match) and a hand-over to the
writer thread (game/player_files/writer.py), which does the atomic rewrite.

At a `round_end` the statistics count what the log holds that they have
not counted yet (game/player_files/stats.py; counting is idempotent, keyed by the save's
match id). At the `game_end` the save is cleared: the match is over and
stays watchable as the last match (game/scenes/match_end.py).
"""

from __future__ import annotations

import uuid
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from game.i18n import language
from game.log.format import LogError, Malformed, check_event, encode_event
from game.player_files.save_format import MAX_TEXT, SaveHeader, rules_fingerprint
from game.player_files.writer import FileWriter
from game.rules.describe import rules_label

if TYPE_CHECKING:
    from game.play.match import MatchSession


class Slot(Protocol):
    """Where a recorder keeps its match: the app's `SaveSlot` (game/player_files/saves.py,
    which makes recorders, so it is described here rather than imported)."""

    writer: FileWriter

    @property
    def save_path(self) -> Path: ...

    def failed(self, why: str) -> None: ...

    def count(self, header: SaveHeader, events: list[dict]) -> None: ...


class SaveFailed(Exception):
    """The match cannot be saved (an event the log format refuses)."""


def header_for(session: MatchSession, match_id: str | None = None) -> SaveHeader:
    return SaveHeader(
        id=match_id or uuid.uuid4().hex,
        rules=tuple(session.rule_names),
        rules_label=rules_label(session.rules, language())[:MAX_TEXT],
        fingerprint=rules_fingerprint(session.rules),
        seats=tuple((s.name, s.kind, s.level) for s in session.seats),
        target=session.target,
        single_round=session.single_round,
        learning=session.learning,
        per_seat=session.per_seat,
        tutor=session.taught(),
    )


class MatchRecorder:
    """Keeps one session's save and statistics up to date (`session.recorder`)."""

    def __init__(self, slot: Slot, session: MatchSession, header: SaveHeader) -> None:
        self.slot = slot
        self.session = session
        self.header = header
        self.path: Path = slot.save_path
        self._lines = [header.line()]
        self._players = session.state.players
        self.broken: str | None = None  # why the match is no longer saved
        self.over = False
        self.record(session.log, first=True)

    @property
    def saving(self) -> bool:
        """The match is being saved (nothing stopped it)."""
        return self.broken is None and not self.over

    def record(self, events: list[dict], first: bool = False) -> None:
        if self.over:
            return
        if self.broken is not None:
            if any(e["t"] == "game_end" for e in events):
                # The save stopped at an earlier decision of a match that has
                # now ended: Continue must not offer it, and the match counts.
                self.over = True
                self.slot.count(self.header, self.session.log)
                self.slot.writer.put(self.path, None)
            return
        try:
            self._lines.extend(self._encoded(events))
        except SaveFailed as err:
            self.broken = str(err)
            self.slot.failed(self.broken)
            return
        taught = self.session.taught()
        if taught != self.header.tutor:
            # The header keeps what the tutor has taught: a resumed match does not re-teach it.
            self.header = replace(self.header, tutor=taught)
            self._lines[0] = self.header.line()
        ends = any(e["t"] in ("round_end", "game_end") for e in events)
        over = any(e["t"] == "game_end" for e in events)
        self.slot.writer.put(self.path, "".join(self._lines))
        if ends or first:
            self.slot.count(self.header, self.session.log)
        if over:
            self.over = True
            self.slot.writer.put(self.path, None)

    def _encoded(self, events: list[dict]) -> list[str]:
        lines = []
        for event in events:
            try:
                check_event(event, self._players)
                lines.append(encode_event(event) + "\n")
            except (Malformed, TypeError, ValueError) as err:
                reason = err.reason if isinstance(err, LogError) else str(err)
                raise SaveFailed(f"an event cannot be written ({reason})") from None
        return lines
