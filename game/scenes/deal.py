"""The deal: the cut for the dealer, the shuffle, cards going round one at a time,
the first card turned up. Then the table takes over (`PlayScene`).

Privacy starts here: with one human their cards land face up; with several
humans every hand is dealt face down and the first human to act gets the curtain.
Space (or a click) hurries the deal along.
"""

from __future__ import annotations

import pygame

from game.scenes.base import Scene
from game.ui import text
from game.ui.input import BACK, CLICK, CONFIRM, PASS
from game.ui.table_view import TableView

DEAL_EVENTS = ("game", "cut", "round", "deal", "draft", "start")


def ensure_table(app, session) -> TableView:
    """The session's table view, made on first use and kept in step with Settings."""
    state = session.state
    if session.table is None:
        session.table = TableView(
            app.art,
            state.players,
            list(state.names),
            state.cards.size,
            colors=tuple(state.cards.colors),
            sound=app.sound,
            seed=session.seed,
        )
        session.table.bots = set(session.bots)
    session.table.scale = app.settings.anim_scale
    return session.table


def place_viewer(session) -> None:
    """Who sees their hand while cards are dealt (see the module docstring)."""
    table = session.table
    humans = session.humans
    if not humans:
        table.set_show_all(True)
    elif len(humans) == 1:
        table.set_viewer(humans[0])
    else:
        last = getattr(session, "last_viewer", None)
        table.bottom = last if last is not None else humans[0]
        table.set_viewer(None, bottom=False)


class DealScene(Scene):
    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        self.table = ensure_table(app, session)
        place_viewer(session)
        self.started = False
        self.t = 0.0
        self.banner_round = 0
        self.banner_t = 0.0
        self.hurry = False

    def handle(self, event, cmd) -> bool:
        if cmd is None:
            return False
        if cmd.name == BACK:
            from game.scenes.pause import PauseScene

            self.app.push(PauseScene(self.app, self.session))
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
            elif kind in DEAL_EVENTS:
                event = queue.popleft()
                table.feed(event)
                if kind == "start":
                    self.started = True
            else:
                self.started = True
        if (self.started or not queue) and not table.busy:
            from game.scenes.play import PlayScene

            self.app.replace(PlayScene(self.app, self.session))

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        if self.table.round_no != self.banner_round:
            self.banner_round = self.table.round_no
            self.banner_t = self.t
        if self.t - self.banner_t < 1.6 and self.table.round_no:
            label = text.shadowed(
                f"Round {self.table.round_no}", 72, (255, 213, 79), bold=True, offset=4
            )
            surface.blit(label, label.get_rect(center=(640, 200)))
