"""Hints on screen: the search behind every hint (`HintSearch`), and the hint
on the table (`TableHint`).

A person asks with T, the Hint button or a controller's right-stick click
(R3; H was taken by History). A hint is only ever for the seat that decides
while its owner is the one looking (`HintSearch.looking`), so it never tells
anyone about a hand they may not see, and never shows through the curtain.
With hints off in Settings the button is hidden and the key does nothing.

The advice is that seat's advisor's (`MatchSession.advisor`): an expert bot
that knows only what the seat saw, asked about the actions the screen offers.
Its search runs a world at a time, at most SLICE_S of each frame, so the
screen keeps drawing while it thinks; it is done within a few frames. A hint
is about a key (the match so far, the seat, who is looking, and which
decision) and goes as soon as the key changes. A match has one search: the
table's (on its hand) and a choice overlay's (game/table/choice_hint.py: the
colour to name, the player to pick, a draft) take turns in it, since the
advisor's bot keeps its search's state.

On the table the hinted card is selected in the hand (Enter plays it) and
outlined, a hinted button is outlined (Enter presses it, until the selection
moves), and a line says the move and why. The
hint goes as soon as anything happens at the table or the hand goes face down.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Generator, Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from game.bots.hint import Hint
from game.engine import Accept, CallUno, Catch, Challenge, Draw, Pass, Play
from game.i18n import _
from game.table.couch_buttons import CouchButtons, Presses
from game.ui import text, widgets
from game.ui.action_words import action_words, hint_line
from game.ui.input import HINT

if TYPE_CHECKING:
    from game.table.match_screen import MatchScreen
    from game.ui.prompts import Prompts
    from game.ui.settings import Settings

SLICE_S = 0.006  # of each frame's time, at most, for the search
INK = pygame.Color(0, 229, 255)  # the hint's colour: the outline and the line's edge
LINE_SIZE = 20
LINE_WIDTH = 440
HAND = "hand"  # what the table's hint is about (a choice's is its offered actions)


def pulsing(clock: float) -> pygame.Color:
    """The outline's colour at `clock`: the hint's ink, breathing towards white."""
    pulse = 0.5 + 0.5 * math.sin(clock * 5)
    return pygame.Color(INK).lerp((255, 255, 255), 0.4 * pulse)


def line_panel(line: str) -> pygame.Surface:
    """The hint's line on its panel, as every screen shows it."""
    words = text.render(line, LINE_SIZE, (255, 255, 255), bold=True, wrap=LINE_WIDTH)
    box = words.get_rect().inflate(24, 14)
    surface = widgets.panel(box.size, (12, 40, 48, 235), 12, INK).copy()
    surface.blit(words, words.get_rect(center=surface.get_rect().center))
    return surface


class HintApp(Protocol):
    """What the hints (the table's, an overlay's: game/table/choice_hint.py) ask
    of the app: whether hints are on, the key that asks, a tick, a line saying
    why not now."""

    @property
    def settings(self) -> Settings: ...

    @property
    def prompts(self) -> Prompts: ...

    def play(self, name: str) -> None: ...

    def show_notice(self, line: str, seconds: float = 4.0) -> None: ...


class HintSearch:
    """A match's one hint: asked for a seat about the actions a screen offers,
    searched a slice of each frame, forgotten when what it is about changes."""

    def __init__(self, app: HintApp, screen: MatchScreen) -> None:
        self.app = app
        self.screen = screen
        self.session = screen.session
        self.seat: int | None = None
        self.key: tuple | None = None  # what the hint is about: see `key_for`
        self.steps: Generator[None, None, Hint] | None = None
        self.shown: Hint | None = None
        self.then: Callable[[Hint], None] | None = None

    @property
    def enabled(self) -> bool:
        return self.app.settings.hints

    def key_for(self, seat: int, about: object) -> tuple:
        """The match so far, the seat, who is looking, and which decision."""
        return (len(self.session.log), seat, self.screen.table.viewer, about)

    def looking(self, seat: int) -> bool:
        """Is `seat`'s owner the one looking at the screen, so its hint may show?"""
        return self.screen.privacy.may_see(seat) and self.screen.table.viewer == seat

    def about(self, about: object) -> bool:
        """Is the hint asked or on show about `about`?"""
        return self.key is not None and self.key[3] == about

    def ask(
        self,
        seat: int,
        actions: Sequence,
        about: object,
        then: Callable[[Hint], None] | None = None,
    ) -> None:
        """Ask `seat`'s advisor to choose among `actions`; `then` hears the hint."""
        if not self.enabled:
            return
        key = self.key_for(seat, about)
        if key == self.key:
            return  # asked already: it is on screen or on its way
        session = self.session
        self.seat, self.key, self.shown, self.then = seat, key, None, then
        self.steps = session.advisor(seat).hinting(session.look(seat), tuple(actions))
        self._think()  # the first step reads the table as it is now

    def carry(self, seat: int, about: object, actions: Sequence, to: object) -> bool:
        """A hint on show about `about` whose move is one of `actions` becomes the
        hint about `to` (the hinted wild's colour to name: the same advice, not a
        second search that may say otherwise). True when it was carried."""
        hint = self.shown
        if hint is None or self.seat != seat or self.key != self.key_for(seat, about):
            return False
        names = self.session.state.cards.names

        def alike(action: object) -> bool:
            # two copies of a card play alike: the overlay may offer the other one
            mine = hint.action
            if isinstance(action, Play) and isinstance(mine, Play):
                return action.color == mine.color and names[action.card] == names[mine.card]
            return action == mine

        offered = next((a for a in actions if alike(a)), None)
        if offered is None:
            return False
        self.key, self.then = self.key_for(seat, to), None
        self.shown = Hint(offered, hint.why)
        return True

    def clear(self) -> None:
        self.seat = self.key = self.steps = self.shown = self.then = None

    def update(self, seat: int | None, about: object) -> None:
        """Each frame, from the screen whose hints are about `about`, for `seat` now
        (None when nobody may have one): forget a hint the match has moved past,
        think a little more. A hint about something else is left alone."""
        if not self.about(about):
            return
        held = self.seat
        moved = held is None or seat != held or self.key_for(held, about) != self.key
        if moved or not self.enabled:
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
                self.shown = done.value
                if self.then is not None:
                    self.then(done.value)
                self.app.play("tick")
                return
            if time.perf_counter() >= until:
                return

    def line(self, move: str, named: str = "") -> str | None:
        """The hint's line: the move, then why (None while there is none to show).
        When the reason says `named` (the card played), or opens with it (an
        option's "Play them all"), the move goes without saying."""
        hint = self.shown
        if hint is None or hint.action is None:
            return None
        # Worded at each frame: a switch of language in Settings re-words it.
        return hint_line(hint.why, move, self.screen.table.book, named)


class HandControls(Presses, Protocol):
    """What the table's hint needs of the controls that make it (`CouchInput`,
    game/table/couch_input.py): who acts from the hand now, the hand's selection,
    and the table's buttons with their presses."""

    selected: int

    def actor(self) -> int | None: ...

    @property
    def board(self) -> CouchButtons: ...


class TableHint:
    def __init__(self, app: HintApp, screen: MatchScreen, controls: HandControls) -> None:
        self.app = app
        self.screen = screen
        self.session = screen.session
        self.table = screen.table
        self.controls = controls
        self.search = HintSearch(app, screen)
        self.button = widgets.Button(
            self.table.geometry.hint_button, _("Hint"), self.ask, chip=HINT, size=22
        )
        self.button.visible = False
        self.selected_at = 0  # the hand's selection when the hint came

    @property
    def enabled(self) -> bool:
        return self.search.enabled

    # The table's own hint, while the search is about the hand (not a choice's).

    @property
    def seat(self) -> int | None:
        return self.search.seat if self.search.about(HAND) else None

    @property
    def key(self) -> tuple | None:
        return self.search.key if self.search.about(HAND) else None

    @property
    def shown(self) -> Hint | None:
        return self.search.shown if self.search.about(HAND) else None

    def _key(self, seat: int) -> tuple:
        return self.search.key_for(seat, HAND)

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
        shown = self.shown
        if shown is not None and self.key == self._key(actor):
            self._show(shown)  # asked again: back to the hinted card
            return
        self.search.ask(actor, self.session.legal(actor), HAND, then=self._show)

    def clear(self) -> None:
        if self.search.about(HAND):
            self.search.clear()

    def update(self) -> None:
        """Each frame: forget a hint the table has moved past, think a little more."""
        actor = self.controls.actor()
        self.button.visible = self.enabled and actor is not None
        self.search.update(actor, HAND)

    def _show(self, hint: Hint) -> None:
        action = hint.action
        self.selected_at = self.controls.selected
        if isinstance(action, Play):
            index = self._card_index(action)
            if index is not None:
                self.controls.selected = index

    def advised_press(self) -> Callable[[], None] | None:
        """What Enter does to take a hint that is not a card (draw, take the cards,
        pass, challenge, call, catch): its button's press, while the hint is on show
        to its owner on their turn and the selection has not moved since it came.
        (A card's hint selects the card, which Enter plays.)"""
        hint, seat = self.shown, self.seat
        if hint is None or isinstance(hint.action, Play) or seat is None:
            return None
        if seat != self.controls.actor() or not self.search.looking(seat):
            return None
        if self.controls.selected != self.selected_at:
            return None  # they chose a card of their own
        button = self._button_for(hint.action)
        return button.action if button is not None else None

    # --- what it shows ------------------------------------------------------------------

    def _card_index(self, action: Play) -> int | None:
        seat = self.seat
        assert seat is not None
        name = self.session.state.cards.names[action.card]
        hand = self.table.sprites(seat)
        return next((i for i, sprite in enumerate(hand) if sprite.name == name), None)

    def words(self) -> str | None:
        """The hint's line: the move, then why (None while there is none to show)."""
        hint = self.shown
        if hint is None or hint.action is None:
            return None
        action = hint.action
        state, book = self.session.state, self.table.book
        # The move in the words every screen says it in (a phone's buttons too).
        move = action_words(action, state.cards, state.names, book)
        label = book.label(state.cards.face_names[action.card]) if isinstance(action, Play) else ""
        return self.search.line(move, named=label)

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
        if line is None or seat is None or not self.search.looking(seat):
            return
        assert self.shown is not None
        edge = pulsing(clock)
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
        if self.table.toast_box() is not None:
            return  # a refusal is being said: the line waits, the hinted move stays lit
        panel = line_panel(line)
        surface.blit(panel, self._line_box(seat, panel.get_size()))

    def _line_box(self, seat: int, size: tuple[int, int]) -> pygame.Rect:
        geometry = self.table.geometry
        hand = self.table.sprites(seat)
        top = min((round(s.y - s.h / 2) for s in hand), default=geometry.toast_home.bottom)
        centre = (geometry.toast_home.centerx, top - size[1] // 2 - 34)
        return geometry.place(size, centre, (geometry.event_home,))

    def line_box(self) -> pygame.Rect | None:
        """Where the hint's line is drawn now (None when it is not)."""
        line, seat = self.words(), self.seat
        if line is None or seat is None or not self.search.looking(seat):
            return None
        if self.table.toast_box() is not None:
            return None  # a refusal is being said (see draw)
        return self._line_box(seat, line_panel(line).get_size())
