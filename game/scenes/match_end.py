"""Match end: the winner, the totals, play again or back to the menu.

The match's replay log is saved to the preference folder (`last_match.jsonl`),
so `python main.py replay FILE` can show it again with every hand face up
("Watch last match" on the title). The match's save for Continue was cleared
when its `game_end` was written (game/player_files/record.py); "Play again" deals a
new match, saved afresh.

The buttons wait a moment (SETTLE) before they answer: the Space or Enter
that hurried the round score on must not deal a new match before anyone has
seen who won. Esc, or B on a controller, goes back to the menu, as on every
menu.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.engine.scoring import team_of
from game.i18n import _
from game.phones.link import match_screen
from game.scenes.base import Scene
from game.scenes.phones import PhonesScene
from game.scenes.services import Deals, MatchApp
from game.table.match_screen import MatchScreen
from game.ui import accessibility, text, widgets
from game.ui.input import BACK, CLICK, CONFIRM, LEFT, MOVE, PASS, RIGHT, Command
from game.ui.prompts import MENU_BACK
from game.ui.settings import pref_dir

SETTLE = 0.8  # seconds before the buttons answer


@dataclass
class Confetto:
    x: float
    y: float
    speed: float
    card: str
    angle: float


class MatchEndScene(Scene):
    def __init__(self, app: MatchApp, screen: MatchScreen, *, deal: Deals) -> None:
        self.app = app
        self.screen = screen
        self.deal = deal  # a rematch's
        self.session = session = screen.session
        state = session.state
        self.winner = state.winner
        # With teams the partners win together: both are crowned.
        self.winners = team_of(state, state.winner) if state.winner is not None else ()
        self.scores = list(state.scores)
        self.t = 0.0
        self.rng = random.Random(session.seed)
        deck = sorted(set(state.cards.names))  # the match's own cards, modded ones too
        self.confetti = [
            Confetto(
                self.rng.uniform(0, 1280),
                self.rng.uniform(-720, 0),
                self.rng.uniform(60, 160),
                self.rng.choice(deck),
                self.rng.choice((-30, -15, 0, 15, 30)),
            )
            for _card in range(18)
        ]
        self.buttons = [
            widgets.Button(
                (380, 600, 250, 64),
                _("Play again"),
                self.again,
                chip=CONFIRM,
                color=widgets.BUTTON_HOT,
            ),
            widgets.Button((650, 600, 250, 64), _("Menu"), self.menu, chip=MENU_BACK),
        ]
        for button in self.buttons:
            button.enabled = False  # until SETTLE
        self.focus = widgets.FocusList(self.buttons)
        self.saved: Path | None = None
        try:
            path = pref_dir() / "last_match.jsonl"
            if session.save_log(path):
                self.saved = path
        except Exception:  # noqa: BLE001 - a replay that cannot be saved is not worth a crash
            self.saved = None
        app.play("win")

    def again(self) -> None:
        app = self.app
        screen = match_screen(app, self.session.rematch())
        app.replace(self.deal(app, screen))
        if screen.phones is not None:
            app.push(PhonesScene(app, screen=screen))

    def menu(self) -> None:
        self.app.to_title()

    def crown(self) -> str:
        """The line over the winners' names: a team's partners are winners."""
        return _("MATCH WINNERS") if len(self.winners) > 1 else _("MATCH WINNER")

    def title(self) -> str:
        """Who won: the winner, or with teams the winner and their partner."""
        names = self.session.state.names
        if not self.winners:
            return _("Nobody")
        if len(self.winners) == 1:
            return names[self.winners[0]]
        first, last = (names[seat] for seat in self.winners)
        return _("{first} and {last}").format(first=first, last=last)

    def ranking(self) -> list[int]:
        """The seats from first to last, the winners (a whole team) on top. Where
        reaching the target loses (the lowest total wins, or it puts a player
        out), points are penalties and the fewest rank highest."""
        sign = 1 if self.session.rules.model.scoring.points_are_penalties else -1
        return sorted(
            range(len(self.scores)),
            key=lambda s: (s not in self.winners, sign * self.scores[s], s),
        )

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if cmd is None:
            return True
        if cmd.name == BACK or (cmd.name == PASS and cmd.from_pad):
            self.menu()
        elif cmd.name == CONFIRM or cmd.name == PASS:
            self.focus.press()
        elif cmd.name in (LEFT, RIGHT):
            self.focus.move(1 if cmd.name == RIGHT else -1)
        elif cmd.name == CLICK:
            self.focus.click(cmd.pos)
        elif cmd.name == MOVE:
            self.focus.hover(cmd.pos)
        return True

    def update(self, dt: float) -> None:
        self.t += dt
        if self.t >= SETTLE:
            for button in self.buttons:
                button.enabled = True
        if accessibility.still():
            return  # reduced motion: the confetti lies where it is, like every card
        for c in self.confetti:
            c.y += c.speed * dt
            if c.y > 800:
                c.y = -120
                c.x = self.rng.uniform(0, 1280)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(widgets.backdrop(surface.get_size(), (40, 20, 70), (6, 6, 20)), (0, 0))
        for c in self.confetti:
            img = self.app.art.rotated(self.screen.book.look(c.card), (60, 90), c.angle)
            surface.blit(img, img.get_rect(center=(round(c.x), round(c.y))))
        names = self.session.state.names
        crown = text.shadowed(self.crown(), 34, (255, 236, 179), bold=True)
        surface.blit(crown, crown.get_rect(center=(640, 90)))
        big = text.shadowed(self.title(), 110, (255, 213, 79), bold=True, offset=5)
        if big.get_width() > 1180:  # two partners' names: the line shrinks to fit
            k = 1180 / big.get_width()
            big = pygame.transform.smoothscale_by(big, k)
        if not accessibility.still():
            big = pygame.transform.rotozoom(big, 0, 1 + 0.04 * math.sin(self.t * 4))
        surface.blit(big, big.get_rect(center=(640, 175)))
        order = self.ranking()
        n = len(order)
        row_h = min(40, 330 // max(1, n))
        box = pygame.Rect(390, 250, 500, row_h * n + 20)
        surface.blit(widgets.panel(box.size), box)
        for rank, seat in enumerate(order):
            y = box.y + 10 + rank * row_h
            won = seat in self.winners
            color = (255, 213, 79) if won else (255, 255, 255)
            left = text.render(f"{rank + 1}.  {names[seat]}", 26, color, bold=won)
            right = text.render(str(self.scores[seat]), 26, color, bold=True)
            surface.blit(left, (box.x + 24, y + (row_h - left.get_height()) // 2))
            surface.blit(right, right.get_rect(midright=(box.right - 24, y + row_h // 2)))
        for b in self.buttons:
            b.draw(surface, self.t)
        if self.saved is not None:
            note = text.render(
                # The title's menu, not a terminal command: the couch has no shell open.
                _("Replay saved: “{watch}” on the title shows it again").format(
                    watch=_("Watch last match")
                ),
                18,
                widgets.MUTED,
            )
            surface.blit(note, note.get_rect(center=(640, 700)))
