"""A hint on the table: the expert's move for the hand on show, and one line of why.

A person asks with T, the Hint button or a controller's right-stick click
(R3; H was taken by History). A hint is only ever for the hand on show: the
seat whose turn it is and whose owner is looking (`CouchInput.actor`), so it
never tells anyone about a hand they may not see, and never shows through
the curtain. With hints off in Settings the button is hidden and the key
does nothing.

The advice is that seat's advisor's (`MatchSession.advisor`): an expert bot
that knows only what the seat saw. Its search runs a world at a time, at
most SLICE_S of each frame, so the table keeps drawing while it thinks; it
is done within a few frames. The hinted card is selected in the hand (Enter
plays it) and outlined, a hinted button is outlined, and a line says the
move and why. The hint goes as soon as anything happens at the table or the
hand goes face down.
"""

from __future__ import annotations

import math
import time
from collections.abc import Generator
from typing import TYPE_CHECKING

import pygame

from game.bots.hint import Hint
from game.engine import Accept, CallUno, Catch, Challenge, Draw, Pass, Play
from game.i18n import _, capitalized, say
from game.ui import text, widgets
from game.ui.input import HINT

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.couch_input import CouchInput
    from game.ui.match_screen import MatchScreen

SLICE_S = 0.006  # of each frame's time, at most, for the search
INK = pygame.Color(0, 229, 255)  # the hint's colour: the outline and the line's edge
LINE_SIZE = 20
LINE_WIDTH = 440


class TableHint:
    def __init__(self, app: App, screen: MatchScreen, controls: CouchInput) -> None:
        self.app = app
        self.screen = screen
        self.session = screen.session
        self.table = screen.table
        self.controls = controls
        self.button = widgets.Button(
            self.table.geometry.hint_button, _("Hint"), self.ask, chip=HINT, size=22
        )
        self.button.visible = False
        self.seat: int | None = None
        self.key: tuple | None = None  # what the hint is about: the table and who looks
        self.steps: Generator[None, None, Hint] | None = None
        self.shown: Hint | None = None

    @property
    def enabled(self) -> bool:
        return self.app.settings.hints

    def _key(self, seat: int) -> tuple:
        return (len(self.session.log), seat, self.table.viewer)

    # --- asking -----------------------------------------------------------------------

    def ask(self, seat: int | None = None) -> None:
        """The person at the screen asks (or `seat`'s own controller does)."""
        if not self.enabled:
            return
        actor = self.controls.actor()
        if actor is None or (seat is not None and seat != actor):
            self.table.toast(_("A hint is for your own turn, with your hand up"))
            self.app.play("tick")
            return
        key = self._key(actor)
        if key == self.key:
            return  # asked already: it is on screen or on its way
        session = self.session
        self.seat, self.key, self.shown = actor, key, None
        self.steps = session.advisor(actor).hinting(session.look(actor), session.legal(actor))
        self._think()  # the first step reads the table as it is now

    def clear(self) -> None:
        self.seat = self.key = self.steps = self.shown = None

    def update(self) -> None:
        """Each frame: forget a hint the table has moved past, think a little more."""
        actor = self.controls.actor()
        self.button.visible = self.enabled and actor is not None
        if self.seat is None:
            return
        if not self.enabled or actor != self.seat or self._key(self.seat) != self.key:
            self.clear()
        elif self.steps is not None:
            self._think()

    def _think(self) -> None:
        steps = self.steps
        assert steps is not None
        until = time.perf_counter() + SLICE_S
        while True:
            try:
                next(steps)
            except StopIteration as done:
                self.steps = None
                self._show(done.value)
                return
            if time.perf_counter() >= until:
                return

    def _show(self, hint: Hint) -> None:
        self.shown = hint
        action = hint.action
        if isinstance(action, Play) and self.seat is not None:
            index = self._card_index(action)
            if index is not None:
                self.controls.selected = index
        self.app.play("tick")

    # --- what it shows ------------------------------------------------------------------

    def _card_index(self, action: Play) -> int | None:
        assert self.seat is not None
        name = self.session.state.cards.names[action.card]
        hand = self.table.sprites(self.seat)
        return next((i for i, sprite in enumerate(hand) if sprite.name == name), None)

    def words(self) -> str | None:
        """The hint's line: the move, then why (None while there is none to show)."""
        hint = self.shown
        if hint is None or hint.action is None:
            return None
        action = hint.action
        names = self.session.state.names
        label = ""
        if isinstance(action, Play):
            label = self.table.book.label(self.session.state.cards.names[action.card])
            if action.color is not None:
                move = _("Play the {card}, naming {color}").format(
                    card=label, color=self.table.book.color_label(action.color)
                )
            else:
                move = _("Play the {card}").format(card=label)
        elif isinstance(action, Draw):
            move = _("Draw")
        elif isinstance(action, Pass):
            move = _("Pass")
        elif isinstance(action, Accept):
            move = _("Take the cards")
        elif isinstance(action, Challenge):
            move = _("Challenge")
        elif isinstance(action, CallUno):
            move = _("Call UNO")
        elif isinstance(action, Catch):
            move = _("Catch {name}").format(name=names[action.target])
        else:
            move = _("The expert's move")
        # Worded at each frame: a switch of language in Settings re-words it.
        why = say(hint.why, self.table.book.engine_words())
        if isinstance(action, Play) and label in why:
            # it names the card
            return _("Hint: {why}").format(why=capitalized(why))
        return _("Hint: {move} — {why}").format(move=move, why=why)

    def _button_for(self, action: object) -> widgets.Button | None:
        controls = self.controls
        press = {
            Draw: controls.press_draw,
            Accept: controls.press_draw,
            Pass: controls.press_pass,
            Challenge: controls.press_challenge,
            CallUno: controls.press_uno,
            Catch: controls.press_catch,
        }.get(type(action))
        if press is None:
            return None
        return next(
            (b for b in controls.board.turn_buttons if b.visible and b.action == press),
            None,
        )

    def draw(self, surface: pygame.Surface, clock: float) -> None:
        line = self.words()
        seat = self.seat
        # Only over the hand it is about, while its owner is the one looking.
        if line is None or seat is None or not self.screen.privacy.may_see(seat):
            return
        if self.table.viewer != seat:
            return
        assert self.shown is not None
        pulse = 0.5 + 0.5 * math.sin(clock * 5)
        edge = pygame.Color(INK).lerp((255, 255, 255), 0.4 * pulse)
        geometry = self.table.geometry
        action = self.shown.action
        if isinstance(action, Play):
            index = self._card_index(action)
            if index is not None:
                sprite = self.table.sprites(seat)[index]
                rect = pygame.Rect(0, 0, round(sprite.w) + 10, round(sprite.h) + 10)
                rect.center = (round(sprite.x), round(sprite.y))
                pygame.draw.rect(surface, edge, rect, 5, border_radius=12)
        else:
            button = self._button_for(action)
            if button is not None:
                pygame.draw.rect(surface, edge, button.rect.inflate(10, 10), 4, border_radius=14)
        words = text.render(line, LINE_SIZE, (255, 255, 255), bold=True, wrap=LINE_WIDTH)
        box = words.get_rect().inflate(24, 14)
        hand = self.table.sprites(seat)
        top = min((round(s.y - s.h / 2) for s in hand), default=geometry.toast_home.bottom)
        centre = (geometry.toast_home.centerx, top - box.h // 2 - 34)
        box = geometry.place(box.size, centre, (geometry.event_home,))
        surface.blit(widgets.panel(box.size, (12, 40, 48, 235), 12, INK), box)
        surface.blit(words, words.get_rect(center=box.center))
