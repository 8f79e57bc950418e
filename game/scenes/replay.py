"""Replay viewer: a replay log played back on the table with every hand face up.

`python main.py replay FILE` (a log from `simulate --log`, or the
`last_match.jsonl` the game saves). The log is checked as it plays by
`game.log.TableReplay`; a log that contradicts itself stops with the reason on
screen. A file holding several matches plays them one after another.

Space pauses, Right (or S) steps one event, Up/Down change the speed,
N skips to the next match, R restarts this one, Esc leaves.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.log import LogError, TableReplay, read_log
from game.scenes.base import Scene
from game.ui import text, widgets
from game.ui.card_book import CardBook
from game.ui.input import BACK, CLICK, DOWN, LEFT, PASS, RIGHT, UP
from game.ui.rule_catalog import try_load
from game.ui.table_view import TableView

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
GAP = 0.18  # seconds between events at 1x, on top of each event's own animation


def split_matches(events: list[dict]) -> list[list[dict]]:
    """A log may hold many matches (`simulate --games N`): one list per `game` event."""
    matches: list[list[dict]] = []
    for event in events:
        if event.get("t") == "game" or not matches:
            matches.append([])
        matches[-1].append(event)
    return matches


def replay_book(game: dict) -> CardBook:
    """Card names from the rules the log was played with, if they load here."""
    names = game.get("rules")
    if game.get("t") != "game" or not isinstance(names, list):
        return CardBook()
    rules, _ = try_load(tuple(str(n) for n in names))
    return CardBook(rules)


class ReplayScene(Scene):
    def __init__(self, app, path: str, standalone: bool = False) -> None:
        super().__init__(app)
        self.path = Path(path)
        self.standalone = standalone
        self.error: str | None = None
        self.matches: list[list[dict]] = []
        self.match = 0
        self.speed_index = SPEEDS.index(1.0)
        self.paused = False
        self.timer = 0.0
        self.t = 0.0
        self.table: TableView | None = None
        self.replay: TableReplay | None = None
        self.pos = 0
        try:
            self.matches = split_matches(read_log(self.path))
        except LogError as err:
            self.error = str(err)
        if not self.matches and self.error is None:
            self.error = f"{self.path}: the log is empty"
        if self.error is None:
            self.start_match(0)

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    @property
    def events(self) -> list[dict]:
        return self.matches[self.match] if self.matches else []

    @property
    def finished(self) -> bool:
        return self.pos >= len(self.events)

    def start_match(self, index: int) -> None:
        self.match = index
        self.pos = 0
        self.replay = TableReplay()
        events = self.events
        first = events[0] if events else {}
        players = int(first.get("players") or 2) if first.get("t") == "game" else 4
        names = list(first.get("names") or [f"Player {i + 1}" for i in range(players)])
        deck = 108
        try:
            self.replay.apply(first)
            snapshot = self.replay.snapshot()
            deck = snapshot.get("deck_size") or deck
            self.pos = 1
        except LogError as err:
            self.error = f"{self.path}: {err}"
        try:
            self.table = TableView(
                self.app.art,
                players,
                names,
                deck,
                book=replay_book(first),
                sound=self.app.play,
                seed=index,
            )
        except Exception as exc:  # noqa: BLE001 - e.g. no layout for this many players
            self.error = f"{self.path}: cannot lay out {players} players: {exc}"
            self.table = None
            return
        self.table.set_show_all(True)
        self._apply_speed()

    def _apply_speed(self) -> None:
        if self.table is not None:
            self.table.scale = 1.0 / self.speed

    def step(self) -> None:
        """Show the next event (consecutive deals go round the table together)."""
        if self.error is not None or self.table is None or self.finished:
            return
        events = self.events
        batch = [events[self.pos]]
        if batch[0].get("t") == "deal" and not self.paused:
            while (
                self.pos + len(batch) < len(events)
                and events[self.pos + len(batch)].get("t") == "deal"
            ):
                batch.append(events[self.pos + len(batch)])
        replay = self.replay
        assert replay is not None, "a match is started before it is stepped"
        for event in batch:
            try:
                replay.apply(event)
            except LogError as err:
                self.error = f"{self.path}: {err}"
                self.paused = True
                return
        if len(batch) > 1:
            self.table.deal_all(batch)
        else:
            event = batch[0]
            if event.get("t") == "reveal":
                names = self.table.names
                self.table.say(f"{names[event['to']]} sees {names[event['p']]}'s hand", "gold")
            else:
                self.table.feed(event)
            if event.get("t") == "round_end":
                self.table.hold(1.2)
        self.pos += len(batch)

    def leave_replay(self) -> None:
        if self.standalone:
            self.app.quit()
        else:
            self.app.pop()

    def handle(self, event, cmd) -> bool:
        if cmd is None:
            if event.type == pygame.KEYDOWN:
                key = getattr(event, "key", None)
                if key == pygame.K_n and len(self.matches) > 1:
                    self.start_match((self.match + 1) % len(self.matches))
                elif key == pygame.K_r and self.matches:
                    self.error = None
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
            if self.timer > 3.0 and self.match + 1 < len(self.matches):
                self.timer = 0.0
                self.start_match(self.match + 1)
            return
        self.timer += dt * self.speed
        if self.timer >= GAP:
            self.timer = 0.0
            self.step()

    def draw(self, surface: pygame.Surface) -> None:
        if self.table is not None:
            self.table.draw(surface)
        else:
            surface.blit(widgets.backdrop(surface.get_size()), (0, 0))
        self._draw_hud(surface)
        if self.error is not None:
            box = pygame.Rect(140, 250, 1000, 200)
            surface.blit(widgets.panel(box.size, (70, 16, 24, 240)), box)
            head = text.render("This log cannot be replayed", 34, (255, 213, 79), bold=True)
            surface.blit(head, (box.x + 24, box.y + 20))
            body = text.render(self.error, 22, (255, 255, 255), wrap=box.width - 48)
            surface.blit(body, (box.x + 24, box.y + 70), pygame.Rect(0, 0, box.width - 48, 120))

    def _draw_hud(self, surface: pygame.Surface) -> None:
        box = pygame.Rect(1004, 548, 264, 160)
        surface.blit(widgets.panel(box.size, (10, 14, 26, 225), 14), box)
        title = text.render("REPLAY", 26, (255, 213, 79), bold=True)
        surface.blit(title, (box.x + 14, box.y + 10))
        state = "PAUSED" if self.paused else f"{self.speed:g}x"
        tag = text.render(state, 22, (255, 255, 255), bold=True)
        surface.blit(tag, tag.get_rect(topright=(box.right - 14, box.y + 12)))
        snapshot = self.replay.snapshot() if self.replay is not None else {}
        lines = [
            text.fit(self.path.name, 18, box.width - 28, widgets.MUTED),
            text.render(
                f"match {self.match + 1}/{max(1, len(self.matches))}, "
                f"round {snapshot.get('round', 0)}",
                18,
                (230, 232, 240),
            ),
            text.render(f"event {self.pos}/{len(self.events)}", 18, (230, 232, 240)),
        ]
        y = box.y + 44
        for img in lines:
            surface.blit(img, (box.x + 14, y))
            y += 22
        hint = text.render("Space pause, Right step, Up/Down speed", 15, widgets.MUTED)
        surface.blit(hint, (box.x + 14, box.bottom - 40))
        hint2 = text.render("N next match, R restart, Esc quit", 15, widgets.MUTED)
        surface.blit(hint2, (box.x + 14, box.bottom - 22))
        scores = snapshot.get("scores") or []
        names = snapshot.get("names") or []
        if any(scores):
            best = sorted(zip(scores, names, strict=False), key=lambda p: -p[0])[:3]
            line = ", ".join(f"{n} {s}" for s, n in best)
            img = text.fit(line, 18, box.width - 28, (255, 236, 179))
            surface.blit(img, (box.x + 14, y))
