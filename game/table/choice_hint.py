"""A hint on an overlay where one seat decides (game/scenes/choose.py): the
colour to name, the player to pick, UNO Duo's draft, any other choice the
engine opens.

T, the overlay's Hint button or the seat's controller's R3 asks the match's
one hint search (`HintSearch`, game/table/hint.py) for the seat's
advisor's choice among the options the overlay offers, given as the engine's
actions behind them: the opener of the overlay maps each option to its action
(the plays of a wild, by colour) or, by default, the seat's legal `Choose`
actions by their value, so the overlay never decides what is legal. The
advised option is outlined in the hint's ink and the line of why sits on its
panel, worded at each frame like the table's.

The rule of who may have a hint is the table's: the seat to decide, a
person's, while its owner is the one looking (`HintSearch.looking`); asked by
anyone else, it says so and shows nothing. Hints off in Settings hide the
button and the prompt's mention, and the key does nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from game.bots.hint import Hint
from game.engine import Choose
from game.i18n import _
from game.table.hint import HAND, HintApp, HintSearch, line_panel, pulsing
from game.ui import text, widgets
from game.ui.input import HINT

PROMPT_WIDTH = 1200  # the widest a prompt line may grow with the hint key's mention
SCREEN = pygame.Rect(0, 0, 1280, 720)


class ChoiceHint:
    def __init__(
        self,
        search: HintSearch,
        seat: int,
        idle: Callable[[], bool],
        home: pygame.Rect,
        actions: Mapping[object, object] | None = None,
    ) -> None:
        self.app: HintApp = search.app
        self.session = search.session
        self.search = search  # the match's one search, the table's hint's
        self.idle = idle  # the table below has shown everything that happened
        self.seat = seat
        if actions is None:
            legal = self.session.legal(seat)
            actions = {a.value: a for a in legal if isinstance(a, Choose)}
        self.actions = dict(actions)  # option -> the engine's action behind it
        self.about = tuple(self.actions.values())  # what this hint is about, in the search
        # Where the table keeps its Hint button, unless the overlay's options are there.
        self.home = pygame.Rect(home)
        self.button = widgets.Button(self.home, _("Hint"), self.ask, chip=HINT, size=22)
        self.button.visible = False
        self.follow: Callable[[object], None] | None = None
        # The hand's hint named this wild's colour: it is this overlay's hint already.
        self.search.carry(seat, HAND, self.about, self.about)

    def focus_with(self, follow: Callable[[object], None]) -> None:
        """The overlay's focus moves to the advised option, as the table selects the
        hinted card (Enter takes the advice): at once if it is on show."""
        self.follow = follow
        hint = self.shown
        option = self._option(hint) if hint is not None else None
        if option is not None:
            follow(option)

    def relabel(self) -> None:
        self.button.label = _("Hint")

    @property
    def open(self) -> bool:
        """May the person at the screen have a hint now? Hints are on, and (as on the
        table) the seat is to decide, a person's, with its owner looking."""
        session, seat = self.session, self.seat
        return (
            self.search.enabled
            and bool(self.actions)
            and self.idle()
            and session.state.to_act == seat
            and not session.is_bot(seat)
            and self.search.looking(seat)
        )

    def ask(self, seat: int | None = None) -> None:
        """The person at the screen asks (or `seat`'s own controller does)."""
        if not self.search.enabled:
            return
        if not self.open or (seat is not None and seat != self.seat):
            self.app.show_notice(_("A hint is for your own turn, with your hand up"))
            self.app.play("tick")
            return
        self.search.ask(self.seat, list(self.actions.values()), self.about, then=self._found)

    def _found(self, hint: Hint) -> None:
        option = self._option(hint)
        if option is not None and self.follow is not None:
            self.follow(option)

    def update(self) -> None:
        """Each frame: forget a hint the match has moved past, think a little more."""
        is_open = self.open
        self.button.visible = is_open
        self.search.update(self.seat if is_open else None, self.about)

    @property
    def shown(self) -> Hint | None:
        search = self.search
        if search.about(self.about) and search.seat == self.seat:
            return search.shown
        return None

    def advised(self) -> object | None:
        """The option the hint advises, while it is on show to its owner."""
        hint = self.shown
        if hint is None or not self.search.looking(self.seat):
            return None
        return self._option(hint)

    def _option(self, hint: Hint) -> object | None:
        return next((o for o, a in self.actions.items() if a == hint.action), None)

    def words(self, label: str) -> str | None:
        """The line: the advised option (`label`, as the overlay names it), then why."""
        return self.search.line(label, named=label)

    def prompt(self, words: str) -> str:
        """An overlay's key-prompt line, with the hint's key when a hint may be had
        and the line still fits."""
        key = self.app.prompts.key(HINT)
        if not key or not self.open:
            return words
        longer = words + ", " + _("{key} for a hint").format(key=key)
        return longer if text.width(longer, 22) <= PROMPT_WIDTH else words

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on the Hint button asks; False when the click was elsewhere."""
        if self.button.hit(pos):
            self.button.press()
            return True
        return False

    def draw(
        self,
        surface: pygame.Surface,
        clock: float,
        mark: Callable[[object], tuple[pygame.Rect, str]],
        centre: tuple[int, int],
        clear_of: tuple[pygame.Rect, ...] = (),
    ) -> None:
        """The Hint button; and with a hint on show, the advised option outlined
        (`mark` gives its rect and its label; a square rect is ringed, as a slice
        of the wheel) and the line on its panel, centred on `centre` or moved
        off `clear_of` (the options, the prompt line). The button keeps clear of
        them too."""
        self.button.rect = clear_place(self.home, clear_of)
        self.button.draw(surface, clock)
        option = self.advised()
        if option is None:
            return
        rect, label = mark(option)
        line = self.words(label)
        if line is None:
            return
        edge = pulsing(clock)
        radius = rect.w // 2 if rect.w == rect.h else 14
        pygame.draw.rect(surface, edge, rect, 5, border_radius=radius)
        panel = line_panel(line)
        box = panel.get_rect(center=centre).clamp(SCREEN)
        for other in clear_of:
            if box.colliderect(other):
                # below what is in the way, or above it when there is no room below
                box.top = other.bottom + 8
                if box.bottom > SCREEN.bottom:
                    box.bottom = other.top - 8
        surface.blit(panel, box.clamp(SCREEN))


def clear_place(home: pygame.Rect, clear_of: tuple[pygame.Rect, ...]) -> pygame.Rect:
    """`home`, or just above (else just below) what it would cover there: an option
    or the prompt line of the overlay. Home when neither is clear."""
    in_the_way = [r for r in clear_of if r.colliderect(home)]
    if not in_the_way:
        return home
    above = home.copy()
    above.bottom = min(r.top for r in in_the_way) - 8
    below = home.copy()
    below.top = max(r.bottom for r in in_the_way) + 8
    for place in (above, below):
        if SCREEN.contains(place) and place.collidelist(clear_of) == -1:
            return place
    return home
