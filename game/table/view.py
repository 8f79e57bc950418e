"""The table on screen, driven only by engine events.

`TableView` puts together the parts of the table, each with one job:

- `TableModel` (game/table/model.py): what the events said — hands, piles,
  the colour in force, the direction, UNO calls, scores;
- `Narrator` (game/table/narrate.py): each event in words, cards named by the
  rule file (game/ui/card_book.py);
- `TableAnimator` (game/table/animator.py): sprites and their motion;
- `TableRenderer` (game/table/render.py): the painting of the felt, the
  piles and the cards;
- `NamePlates` (game/table/name_plates.py): each seat's name and card count, and
  whose turn it is;
- `Callouts` (game/table/callouts.py) and `CalloutRenderer`
  (game/table/callout_render.py): what the table says, and its painting;
- `TableGeometry` (game/table/geometry.py): where seats and piles are,
  and what lies under the pointer;
- `Privacy` (game/table/privacy.py): who may see which card, asked by every
  drawing path.

A scene feeds it events (`feed(event)`) one at a time; each returns how long its
animation holds the table, and the scene feeds the next one when `busy` is
False. What the scene wants highlighted (the playable cards, the selection)
stays the scene's and is passed to `draw`. The view never looks at the game
state and never decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.table.animator import TableAnimator
from game.table.callout_render import CalloutRenderer
from game.table.callouts import Callouts
from game.table.geometry import TableGeometry
from game.table.highlights import NO_HIGHLIGHTS, Highlights
from game.table.layout import SeatSpot, TableLayout, load_layout
from game.table.model import TableModel
from game.table.name_plates import NamePlates
from game.table.narrate import RING, Burst, Line, Narrator
from game.table.privacy import Privacy
from game.table.render import TableRenderer
from game.table.sprite import Sprite
from game.ui.card_art import CardArt
from game.ui.card_book import CardBook

BURST_REACH = 90  # how far from its seat's plate a burst would like to be


class TableView:
    """What the table shows, animated from the engine's events."""

    def __init__(
        self,
        art: CardArt,
        players: int,
        names: list[str],
        deck_size: int,
        *,
        book: CardBook | None = None,
        privacy: Privacy | None = None,
        layout: TableLayout | None = None,
        sound: Callable[[str], None] | None = None,
        seed: int = 0,
    ) -> None:
        self.book = book if book is not None else CardBook()
        self.privacy = privacy if privacy is not None else Privacy()
        self.geometry = TableGeometry(layout or load_layout(players))
        self.model = TableModel(players, list(names), deck_size)
        self.narrator = Narrator(self.book, self.model)
        self.animator = TableAnimator(
            self.geometry, self.model, self.privacy, self.book.sort_key, sound=sound, seed=seed
        )
        self.callouts = Callouts()
        self.renderer = TableRenderer(
            art, self.book, self.geometry, self.model, self.animator, self.privacy
        )
        self.plates = NamePlates(self.geometry, self.model, self.animator)
        self.callout_renderer = CalloutRenderer(
            art, self.book, self.geometry, self.animator, self.callouts
        )

    # --- shortcuts the scenes use -----------------------------------------------------

    @property
    def players(self) -> int:
        return self.model.players

    @property
    def names(self) -> list[str]:
        return self.model.names

    @property
    def layout(self) -> TableLayout:
        return self.geometry.layout

    @property
    def bottom(self) -> int:
        return self.geometry.bottom

    @property
    def viewer(self) -> int | None:
        return self.privacy.viewer

    @property
    def bots(self) -> set[int]:
        return self.plates.bots

    @bots.setter
    def bots(self, seats: set[int]) -> None:
        self.plates.bots = set(seats)

    @property
    def phones(self) -> set[int]:
        """Seats whose phone is connected: their plates show a phone."""
        return self.plates.phones

    @phones.setter
    def phones(self, seats: set[int]) -> None:
        self.plates.phones = set(seats)

    @property
    def teams(self) -> list[int] | None:
        """Each seat's team (game/ui/teams.py); None without teams."""
        return self.plates.teams

    @teams.setter
    def teams(self, marks: list[int] | None) -> None:
        self.plates.teams = marks

    @property
    def scale(self) -> float:
        return self.animator.scale

    @scale.setter
    def scale(self, value: float) -> None:
        self.animator.scale = value

    @property
    def busy(self) -> bool:
        return self.animator.busy

    def hold(self, seconds: float) -> float:
        return self.animator.hold(seconds)

    def spot(self, seat: int) -> SeatSpot:
        return self.geometry.spot(seat)

    def sprites(self, seat: int) -> list[Sprite]:
        """The cards of `seat`'s hand on screen, in the order they are drawn."""
        return self.animator.hands[seat]

    def hand_names(self, seat: int) -> list[str]:
        return [s.name for s in self.animator.hands[seat]]

    @property
    def top_card(self) -> str | None:
        return self.model.top

    # --- who sees what ------------------------------------------------------------------

    def set_viewer(self, seat: int | None, bottom: bool = True) -> None:
        """Show `seat`'s hand face up (None: every hand face down)."""
        self.privacy.viewer = seat
        if seat is not None and bottom:
            self.geometry.bottom = seat
        self.animator.relayout_all()

    def set_bottom(self, seat: int) -> None:
        self.geometry.bottom = seat
        self.animator.relayout_all()

    def set_show_all(self, value: bool) -> None:
        self.privacy.show_all = value
        self.animator.relayout_all()

    # --- events -------------------------------------------------------------------------

    def feed(self, event: dict) -> float:
        """Show one engine event; returns the seconds it holds the table."""
        self.model.apply(event)
        seconds = self.animator.animate(event)
        line = self.narrator.tell(event)
        if line is not None:
            self.show(line)
        return seconds

    def deal_all(self, deals: list[dict]) -> float:
        """Several `deal` events at once, dealt a card at a time round the table."""
        for event in deals:
            self.model.apply(event)
        return self.animator.deal_all(deals)

    def show(self, line: Line) -> None:
        clock = self.animator.clock
        self.callouts.say(line, clock)
        burst = line.burst
        if burst is not None:
            self.callouts.burst(burst, self.burst_pos(burst), clock)

    def burst_pos(self, burst: Burst) -> tuple[int, int]:
        """Where a burst is drawn: near its seat, towards the table's middle, clear of
        every plate, hand and button however far it grows and rises."""
        near = self.geometry.ring.center
        if burst.anchor != RING and burst.seat is not None:
            near = self.geometry.toward_middle(burst.seat, BURST_REACH)
        envelope = self.callout_renderer.burst_envelope(burst)
        # Clear of the event line too, where there is room: the line says
        # what the word shouts, and both must be read.
        placed = self.geometry.place(envelope.size, near, (self.geometry.event_home,))
        return (placed.x - envelope.x, placed.y - envelope.y)

    def reword(self) -> None:
        """The language changed: the line on the table and the round's story
        are told again in it (the book must already speak it)."""
        line = self.callouts.line
        if line is not None:
            self.callouts.line = self.narrator.reword(line)
        self.narrator.reword_story()

    def say(self, text: str, tone: str = "plain") -> None:
        self.show(Line(text, tone))

    def toast(self, message: str, seconds: float = 2.6) -> None:
        self.callouts.toast(message, self.animator.clock, seconds)

    def toast_box(self) -> pygame.Rect | None:
        """Where the refusal or word on show is drawn, for what must not cover it."""
        return self.callout_renderer.toast_box()

    def shake_card(self, seat: int, index: int) -> None:
        self.animator.shake_card(seat, index)

    def expect_play(self, index: int) -> None:
        """The next card played from the lifted hand is the copy at `index` (it was clicked)."""
        self.animator.prefer_index = index

    def show_focus(self, lit: Highlights) -> None:
        """Lift the playable cards of the hand being played from, as `lit` says."""
        self.animator.lift(lit.hand_seat, lit.lift, lit.selected)

    # --- per frame ------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.animator.update(dt)
        self.callouts.update(self.animator.clock, self.animator.scale)

    def draw(self, surface: pygame.Surface, lit: Highlights = NO_HIGHLIGHTS) -> None:
        self.renderer.draw(surface, lit)
        self.plates.draw(surface, lit)
        self.callout_renderer.draw(surface)

    def draw_badges(self, surface: pygame.Surface, lit: Highlights = NO_HIGHLIGHTS) -> None:
        self.plates.draw(surface, lit)

    # --- hit tests ------------------------------------------------------------------

    def card_rect(self, seat: int, index: int) -> pygame.Rect:
        """Where card `index` of `seat`'s hand rests (turned with its seat)."""
        x, y, angle, w, h = self.animator.hands[seat][index].target
        if round(angle) % 180 == 90:
            w, h = h, w
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (round(x), round(y))
        return rect

    def hand_hit(self, seat: int, pos: tuple[int, int]) -> int | None:
        """Index of `seat`'s card under `pos` (the topmost one)."""
        for i in range(len(self.animator.hands[seat]) - 1, -1, -1):
            if self.card_rect(seat, i).collidepoint(pos):
                return i
        return None

    def seat_hit(self, pos: tuple[int, int]) -> int | None:
        return self.geometry.seat_hit(pos)

    def draw_pile_hit(self, pos: tuple[int, int]) -> bool:
        return self.geometry.draw_pile_hit(pos)
