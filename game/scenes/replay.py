"""Replay viewer: a replay log played back on the table with every hand face up.

`python main.py replay FILE` (a log from `simulate --log`, or the
`last_match.jsonl` the game saves). The log is streamed (`game.log`), and
each event is shown only once the engine, playing the match again, has
written it too (`game.log.Reexecution`): a log that diverges stops at that
event with the reason on screen, and a match the log stops in the middle of
is shown as incomplete. A file holding several matches plays them one after
another.

Space pauses, Right (or S) steps one event, Up/Down change the speed,
N skips to the next match, R restarts this one, Esc leaves.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Protocol

import pygame

from game.engine import view
from game.engine.seen import hand_shown
from game.files.plain_text import printable
from game.i18n import _, language
from game.log import (
    Incomplete,
    LogError,
    Match,
    Place,
    Reexecution,
    RuleSets,
    iter_matches,
)
from game.scenes.base import Closes, KeyPrompts, Paints, Quits, Scene, Sounds
from game.table.model import PILE_EVENTS
from game.table.view import TableView
from game.ui import text, widgets
from game.ui.card_book import CardBook
from game.ui.input import BACK, CLICK, DOWN, LEFT, PASS, RIGHT, UP
from game.ui.teams import team_marks

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
KEY_LINES_ROOM = 40  # the panel's foot kept for the two lines of keys
SCORE_LINE_ROOM = 22  # between the panel's lines and its keys: one line of scores
HUD_WIDTHS = (264, 312, 360)  # the panel's widths, tried in turn for the lines of keys
GAP = 0.18  # seconds between events at 1x, on top of each event's own animation


class ReplayApp(Closes, Quits, Paints, KeyPrompts, Sounds, Protocol):
    """What the replay viewer asks of the app: the card art, its keys and
    sounds, to close (or, opened on its own from the command line, to quit)."""


class ReplayScene(Scene):
    def __init__(self, app: ReplayApp, path: str, standalone: bool = False) -> None:
        self.app = app
        self.path = Path(path)
        self.standalone = standalone
        self.error: str | None = None  # the log cannot be played on from here
        self.note: str | None = None  # the match stops short (an interrupted game)
        self.rule_sets = RuleSets(self.path.parent)
        self.starts: list[Place] = []  # where each match seen so far begins
        self.match_count: int | None = None  # known once the file has been read through
        self.match = 0
        self.speed_index = SPEEDS.index(1.0)
        self.paused = False
        self.timer = 0.0
        self.t = 0.0
        self.table: TableView | None = None
        self.replay: Reexecution | None = None
        self.pos = 0  # events of this match shown so far
        self.line = 0  # the file line of the last event shown
        self.round_no = 0
        self.scores: list[int] = []
        self.names: list[str] = []
        self.finished = False
        self._matches: Generator[Match, None, None] | None = None
        self._reading = -1  # the index of the match `_matches` gave last
        self._checked: Iterator[tuple[int, dict]] | None = None
        self._ahead: tuple[int, dict] | None = None
        self.start_match(0)

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    # --- reading the log -------------------------------------------------------

    def _locate(self, index: int) -> Match | None:
        """Match `index` (0-based) of the file, read from its start; None past
        the last match (then `match_count` is known) or on a reading error."""
        if index < len(self.starts) and index != self._reading + 1:
            self._close()
            self._matches = iter_matches(self.path, self.starts[index])
            self._reading = index - 1
        elif self._matches is None:
            self._matches = iter_matches(self.path)
            self._reading = -1
        match = None
        try:
            while self._reading < index:
                match = next(self._matches)
                self._reading += 1
                if self._reading == len(self.starts):
                    self.starts.append(match.start)
        except StopIteration:
            self.match_count = len(self.starts)
            return None
        except LogError as err:
            self._stop(err)
            return None
        return match

    def _close(self) -> None:
        if self._matches is not None:
            self._matches.close()
            self._matches = None

    def start_match(self, index: int) -> bool:
        """Show match `index` (0-based) from its start; False if there is none."""
        match = self._locate(index)
        if match is None:
            if index == 0 and self.error is None:
                self.error = f"{printable(self.path)}: the log holds no match"
            return False
        self.error = self.note = None
        self.table = self._ahead = None
        self.finished = False
        self.pos = self.line = self.round_no = 0
        self.match = index
        self.replay = Reexecution(match.events(), rule_sets=self.rule_sets, path=str(self.path))
        self._checked = iter(self.replay)
        first = self._pull()  # the game event: the engine has started the match
        state = self.replay.state
        if first is None or state is None:
            # The match's opening (its first events, the deal) did not
            # re-execute: read on to the line that stopped it, which the box
            # names as `verify` does, instead of waiting on a table never laid.
            while first is not None:
                first = self._pull()
            self.finished = True
            return True
        self.names = [printable(name, 24) for name in first[1]["names"]]
        self.scores = [0] * state.players
        try:
            self.table = TableView(
                self.app.art,
                state.players,
                self.names,
                state.cards.size,
                book=CardBook(state.rules, language()),
                sound=self.app.play,
                seed=index,
            )
        except Exception as exc:  # noqa: BLE001 - e.g. no layout for this many players
            self.error = f"{printable(self.path)}: cannot lay out {state.players} players: {exc}"
            return True
        self.table.set_show_all(True)
        self.table.teams = team_marks(state)
        self._apply_speed()
        self._show(first)
        return True

    def _pull(self) -> tuple[int, dict] | None:
        """The next event the engine has confirmed; None at the match's end or
        at a problem (then `error` or `note` says what)."""
        if self._ahead is not None:
            item, self._ahead = self._ahead, None
            return item
        if self._checked is None or self.error is not None:
            return None
        try:
            return next(self._checked)
        except StopIteration:
            pass
        except Incomplete as err:
            reason = err.reason[:1].upper() + err.reason[1:]
            words = _("{reason}: the events up to line {line} are all there is.")
            self.note = words.format(reason=reason, line=err.line)
        except LogError as err:
            self._stop(err)
        self._checked = None
        return None

    def _peek(self) -> tuple[int, dict] | None:
        if self._ahead is None:
            self._ahead = self._pull()
        return self._ahead

    def _stop(self, err: LogError) -> None:
        self.error = str(err.at(str(self.path)))
        self.paused = True

    def _apply_speed(self) -> None:
        if self.table is not None:
            self.table.scale = 1.0 / self.speed

    # --- playing -------------------------------------------------------------

    def step(self) -> None:
        """Show the next event (consecutive deals go round the table together)."""
        if self.table is None or self.finished:
            return
        item = self._pull()
        if item is None:
            self.finished = True
            return
        if item[1]["t"] == "deal" and not self.paused:
            batch = [item]
            while (ahead := self._peek()) is not None and ahead[1]["t"] == "deal":
                batch.append(ahead)
                self._ahead = None
            if len(batch) > 1:
                self.table.deal_all([event for _, event in batch])
                self.pos += len(batch)
                self.line = batch[-1][0]
                return
        self._show(item)

    def _show(self, item: tuple[int, dict]) -> None:
        assert self.table is not None
        line, event = item
        kind = event["t"]
        shown = hand_shown(event)
        if shown is not None:
            names = self.names
            owner, to, _cards = shown
            words = _("{to} sees {name}'s hand").format(to=names[to], name=names[owner])
            self.table.say(words, "gold")
        else:
            self.table.feed(event)
        state = self.replay.state if self.replay is not None else None
        if kind in PILE_EVENTS and state is not None and state.back is not None:
            # A two-sided deck's draw pile shows its top card's other face: the
            # engine re-executing the log knows which (at the end of its action).
            self.table.model.pile_back = view(state, 0)["pile_back"]
        if kind == "round":
            self.round_no = event["n"]
        elif kind in ("round_end", "game_end"):
            self.scores = list(event["scores"])
        if kind == "round_end":
            self.table.hold(1.2)
        self.pos += 1
        self.line = line

    def leave_replay(self) -> None:
        self._close()
        if self.standalone:
            self.app.quit()
        else:
            self.app.pop()

    def next_match(self) -> None:
        """On to the next match, or back to the first after the last."""
        if not self.start_match(self.match + 1) and self.error is None:
            self.start_match(0)

    def handle(self, event, cmd) -> bool:
        if cmd is None:
            if event.type == pygame.KEYDOWN:
                key = getattr(event, "key", None)
                if key == pygame.K_n:
                    self.next_match()
                elif key == pygame.K_r:
                    self.start_match(self.match)
                return True
            return False
        name = cmd.name
        if name == BACK:
            self.leave_replay()
        elif name in (PASS, CLICK):
            self.paused = not self.paused
        elif name == RIGHT or (
            cmd.event is not None and getattr(cmd.event, "key", None) == pygame.K_s
        ):
            self.paused = True
            self.step()
        elif name == UP:
            self.speed_index = min(len(SPEEDS) - 1, self.speed_index + 1)
            self._apply_speed()
        elif name in (DOWN, LEFT):
            self.speed_index = max(0, self.speed_index - 1)
            self._apply_speed()
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        self.t += dt
        table = self.table
        if table is None:
            return
        table.update(dt)
        if self.paused or self.error is not None or table.busy:
            return
        if self.finished:
            self.timer += dt
            if self.timer > 3.0:
                self.timer = 0.0
                self._next_after_finish()
            return
        self.timer += dt * self.speed
        if self.timer >= GAP:
            self.timer = 0.0
            self.step()

    def _next_after_finish(self) -> None:
        """After a match, the next one plays; after the last, the table rests."""
        if self.match_count is None or self.match + 1 < self.match_count:
            self.start_match(self.match + 1)

    # --- drawing -------------------------------------------------------------

    def whereabouts(self) -> str:
        """The panel's line saying where in the log the replay is."""
        of = f"/{self.match_count}" if self.match_count is not None else ""
        match = f"{self.match + 1}{of}"
        if not self.round_no:  # before round 1 (the cut for the deal, if any)
            return _("match {match}, before the first round").format(match=match)
        return _("match {match}, round {n}").format(match=match, n=self.round_no)

    def draw(self, surface: pygame.Surface) -> None:
        if self.table is not None:
            self.table.draw(surface)
        else:
            surface.blit(widgets.backdrop(surface.get_size()), (0, 0))
        self._draw_hud(surface)
        if self.error is not None:
            self._draw_box(surface, _("This log cannot be replayed"), self.error, (70, 16, 24, 240))
        elif self.note is not None and self.finished:
            self._draw_box(surface, _("Incomplete match"), self.note, (60, 44, 12, 235))

    def _draw_box(self, surface: pygame.Surface, title: str, body: str, color) -> None:
        box = pygame.Rect(140, 250, 1000, 200)
        surface.blit(widgets.panel(box.size, color), box)
        head = text.render(title, 34, (255, 213, 79), bold=True)
        surface.blit(head, (box.x + 24, box.y + 20))
        img = text.render(printable(body, 600), 22, (255, 255, 255), wrap=box.width - 48)
        surface.blit(img, (box.x + 24, box.y + 70), pygame.Rect(0, 0, box.width - 48, 120))

    def _draw_hud(self, surface: pygame.Surface) -> None:
        # Below the badge of a right-hand seat (at seven seats and more, one sits
        # just above): it covered that name.
        box = pygame.Rect(1004, 540, 264, 168)
        prompts = self.app.prompts
        steering = prompts.words(
            _("Space pause, Right step, Up/Down speed"),
            _("B pause, D-pad right step, up/down speed"),
        )
        # N and R have no button: on a controller the line says they are keys.
        leaving = prompts.words(
            _("N next match, R restart, Esc quit"), _("Start quit; keys N next match, R restart")
        )
        # Wrapped, not shrunk to nothing: for longer words the panel grows to
        # the left, into the felt beside the bottom hand, and then upwards.
        for width in HUD_WIDTHS:
            box.width, box.right = width, 1268
            keys = [text.render(w, 15, widgets.MUTED, wrap=width - 28) for w in (steering, leaving)]
            taller = max(0, sum(img.get_height() for img in keys) + 4 - KEY_LINES_ROOM)
            if not taller:
                break
        # The scores, every player named, wrapped: the panel grows upwards for them.
        line = self.score_line()
        scores = text.render(line, 16, (255, 236, 179), wrap=box.width - 28) if line else None
        if scores is not None:
            taller += max(0, scores.get_height() - SCORE_LINE_ROOM)
        box.top -= taller
        box.height += taller
        surface.blit(widgets.panel(box.size, (10, 14, 26, 225), 14), box)
        title = text.render(_("REPLAY"), 26, (255, 213, 79), bold=True)
        surface.blit(title, (box.x + 14, box.y + 8))
        state = _("PAUSED") if self.paused else f"{self.speed:g}x"
        tag = text.render(state, 22, (255, 255, 255), bold=True)
        surface.blit(tag, tag.get_rect(topright=(box.right - 14, box.y + 10)))
        lines = [
            text.fit(printable(self.path.name, 60), 18, box.width - 28, widgets.MUTED),
            text.fit(
                self.whereabouts(),
                18,
                box.width - 28,
                (230, 232, 240),
            ),
            text.fit(
                _("event {n}, line {line}").format(n=self.pos, line=self.line),
                18,
                box.width - 28,
                (230, 232, 240),
            ),
        ]
        y = box.y + 40
        for img in lines:
            surface.blit(img, (box.x + 14, y))
            y += 22
        key_y = box.bottom - 4 - sum(img.get_height() for img in keys)
        for img in keys:
            surface.blit(img, (box.x + 14, key_y))
            key_y += img.get_height()
        if scores is not None:
            surface.blit(scores, (box.x + 14, y))

    def score_line(self) -> str:
        """The match's scores so far, every player's, the highest first."""
        if not any(self.scores):
            return ""
        ranked = sorted(zip(self.scores, self.names, strict=False), key=lambda p: -p[0])
        return ", ".join(f"{n} {s}" for s, n in ranked)
