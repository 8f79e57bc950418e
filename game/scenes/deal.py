"""The deal: the cut for the dealer, the shuffle, cards going round one at a time,
the first card turned up. Then the table takes over (the play scene).

Privacy starts here: with one human their cards land face up; with several
humans every hand is dealt face down and the first human to act gets the curtain.
Space (or a click) hurries the deal along.
"""

from __future__ import annotations

import pygame

from game.i18n import _
from game.scenes.base import Scene
from game.scenes.play import PlayScene
from game.scenes.services import MatchApp
from game.table.match_screen import MatchScreen
from game.ui import text
from game.ui.input import BACK, CLICK, CONFIRM, PASS, Command

DEAL_EVENTS = ("game", "cut", "round", "deal", "draft", "start")


class DealScene(Scene):
    in_match = True

    @property
    def match_screen(self) -> MatchScreen:
        return self.screen

    def __init__(self, app: MatchApp, screen: MatchScreen) -> None:
        self.app = app
        self.screen = screen
        self.session = screen.session
        self.table = screen.table
        self.table.scale = app.settings.anim_scale
        app.saves.keep(self.session)  # from the first deal on, every decision is saved
        # A deal is shown to the whole couch: hands are dealt face down to all but
        # a lone human, and whoever acts first gets the curtain.
        screen.look_away()
        self.started = False
        self.t = 0.0
        self.banner_round = 0
        self.banner_t = 0.0
        self.hurry = False

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if cmd is None:
            return False
        if cmd.name == BACK:
            self.app.pause_match()
            return True
        if cmd.name in (PASS, CONFIRM, CLICK):
            self.hurry = True
            return True
        return False

    def resume(self) -> None:
        self.table.scale = self.app.settings.anim_scale

    def update(self, dt: float) -> None:
        table = self.table
        if self.hurry:
            dt *= 4
        self.t += dt
        table.update(dt)
        queue = self.session.queue
        while queue and not table.busy and not self.started:
            kind = queue[0].get("t")
            if kind == "deal":
                deals = []
                while queue and queue[0].get("t") == "deal":
                    deals.append(queue.popleft())
                table.deal_all(deals)
                self.screen.caught_up()
            elif kind in DEAL_EVENTS:
                event = queue.popleft()
                table.feed(event)
                self.screen.caught_up()
                if kind == "start":
                    self.started = True
            else:
                self.started = True
        if (self.started or not queue) and not table.busy:
            self.app.replace(PlayScene(self.app, self.screen, deal=DealScene))

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        round_no = self.table.model.round_no
        if round_no != self.banner_round:
            self.banner_round = round_no
            self.banner_t = self.t
        if self.t - self.banner_t < 1.6 and round_no:
            words = _("Round {n}").format(n=round_no)
            label = text.shadowed(words, 72, (255, 213, 79), bold=True, offset=4)
            surface.blit(label, label.get_rect(midbottom=(640, self.table.geometry.event_home.top)))
