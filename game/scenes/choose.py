"""Overlays for a decision over the table: name a colour, pick a player, any
other choice the engine opens (UNO Duo's draft, a colour dump). (The private
look at a hand after a challenge is game/scenes/reveal.py.)

Opened in a match, a decision's overlay gets its `ChoiceHint`
(game/table/choice_hint.py): T, its Hint button or the seat's controller's R3
shows the expert's choice among its options, as on the table."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.engine.decisions import REGISTRY
from game.engine.kind_names import KindName
from game.i18n import _, say
from game.scenes.base import Closes, KeyPrompts, Paints, Pauses, Scene, Sounds
from game.table.highlights import Highlights
from game.table.privacy import Privacy
from game.table.view import TableView
from game.ui import accessibility, text, widgets
from game.ui.card_book import CardBook
from game.ui.color_wheel import Wheel
from game.ui.input import (
    BACK,
    CLICK,
    CONFIRM,
    DIGIT,
    DOWN,
    HINT,
    LEFT,
    MOVE,
    PASS,
    RIGHT,
    UP,
    Command,
)

if TYPE_CHECKING:
    from game.table.choice_hint import ChoiceHint

ARROWS = {LEFT: (-1, 0), RIGHT: (1, 0), UP: (0, -1), DOWN: (0, 1)}


class ChooserApp(Closes, Pauses, Paints, KeyPrompts, Sounds, Protocol):
    """What a decision's overlay asks of the app: the card art, its keys and
    sounds, to close once answered, or the match's pause."""


class ColorWheelScene(Scene):
    """Name a colour: one slice per colour the rules offer. Click a slice, or move
    with the arrows to the neighbouring slice as drawn (1-9 jump to a slice, in
    drawn order) and Enter."""

    opaque = False

    def __init__(
        self,
        app: ChooserApp,
        table: TableView,
        colors: list[str],
        on_pick: Callable[[str], None],
        cancellable: bool = False,
        advice: ChoiceHint | None = None,
    ) -> None:
        self.app = app
        self.table = table
        self.advice = advice  # the hint on the colour to name, in a match
        self.wheel = Wheel(colors)
        self.colors = list(self.wheel.colors)
        self.on_pick = on_pick
        self.cancellable = cancellable
        self.focus = self.colors[0]
        self.t = 0.0
        self._place()
        if advice is not None:
            advice.focus_with(self._focus_on)

    @property
    def looking(self) -> int | None:
        return self.table.viewer

    def pick(self, color: str) -> None:
        self.app.play("tick")
        self.app.pop()
        self.on_pick(color)

    def _focus_on(self, color: object) -> None:
        self.focus = str(color)

    def middle(self, color: str) -> tuple[int, int]:
        """Where a slice's middle is drawn on screen."""
        dx, dy = self.wheel.middle(color, self.radius)
        return (round(self.center[0] + dx), round(self.center[1] + dy))

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if cmd is None:
            return True
        name = cmd.name
        if name == HINT:
            if self.advice is not None:
                self.advice.ask(cmd.seat)
        elif name in ARROWS:
            self.focus = self.wheel.neighbour(self.focus, ARROWS[name])
        elif name == DIGIT and cmd.digit and 1 <= cmd.digit <= len(self.colors):
            self.focus = self.colors[cmd.digit - 1]
        elif name == BACK:
            if self.cancellable:
                self.app.pop()
            else:
                self.app.pause_match()
        elif name in (CONFIRM, PASS):
            self.pick(self.focus)
        elif name == CLICK:
            self._click(cmd.pos)
        elif name == MOVE:
            color = self._at(cmd.pos)
            if color is not None:
                self.focus = color
        return True

    def hint(self) -> str:
        """The line under the wheel, in the words of the device in hand."""
        keys = self._keys()
        return keys if self.advice is None else self.advice.prompt(keys)

    def _keys(self) -> str:
        n = len(self.colors)
        if self.app.prompts.on_pad:
            # A controller's B names the colour like A; Start steps back.
            if n > 1:
                if self.cancellable:
                    return _("D-pad choose, A names it, Start to pick another card")
                return _("D-pad choose, A names it")
            if self.cancellable:
                return _("A names it, Start to pick another card")
            return _("A names it")
        if n > 1:
            hint = _("Arrows or 1-{n} choose, Enter or click to name it").format(n=n)
        else:
            hint = _("Enter")
        if self.cancellable:
            hint += ", " + _("Esc to pick another card")
        return hint

    def _at(self, pos: tuple[int, int]) -> str | None:
        offset = (pos[0] - self.center[0], pos[1] - self.center[1])
        return self.wheel.color_at(offset, self.radius)

    def _click(self, pos: tuple[int, int]) -> None:
        if self.advice is not None and self.advice.click(pos):
            return
        color = self._at(pos)
        if color is not None:
            self.pick(color)
        elif self.cancellable:
            self.app.pop()

    def update(self, dt: float) -> None:
        self.t += dt
        if self.advice is not None:
            self.advice.update()

    def _title(self) -> pygame.Surface:
        return text.shadowed(_("Name a colour"), 44, (255, 255, 255), bold=True)

    def _place(self) -> None:
        """The wheel and its title, clear of the name plates (how much room the
        title takes depends on its words and the text size)."""
        self.center, self.radius, self.title_rect = self.table.geometry.color_wheel(
            self._title().get_size()
        )

    def relabel(self) -> None:
        if self.advice is not None:
            self.advice.relabel()

    def _mark(self, color: object) -> tuple[pygame.Rect, str]:
        """The hinted slice's ring and its name."""
        ring = pygame.Rect(0, 0, 64, 64)
        ring.center = self.middle(str(color))
        return ring, self.table.book.color_label(str(color))

    def draw(self, surface: pygame.Surface) -> None:
        widgets.dim(surface, 120)
        self._place()  # the words, or the text size in Settings, may have changed
        cx, cy = self.center
        r = self.radius
        surface.blit(self._title(), self.title_rect)
        pygame.draw.circle(surface, (10, 14, 24), (cx, cy), r + 10)
        book = self.table.book
        wheel = self.app.art.wheel(
            r,
            [book.color_rgb(c) for c in self.colors],
            [book.color_pattern(c) for c in self.colors],
        )
        surface.blit(wheel, wheel.get_rect(center=(cx, cy)))
        # The focused slice: a ring at its middle, breathing a little.
        fx, fy = self.middle(self.focus)
        ring = 24 if accessibility.still() else 24 + round(3 * math.sin(self.t * 6))
        pygame.draw.circle(surface, (255, 255, 255), (fx, fy), ring, 5)
        # The number keys that name a slice; a controller has none.
        for i, color in enumerate(self.colors if not self.app.prompts.on_pad else ()):
            digit = text.shadowed(str(i + 1), 22, (255, 255, 255), bold=True)
            surface.blit(digit, digit.get_rect(center=self.middle(color)))
        label = text.shadowed(
            self.table.book.color_label(self.focus), 30, (255, 255, 255), bold=True
        )
        named = label.get_rect(midtop=(cx, cy + r + 16))
        surface.blit(label, named)
        img = text.shadowed(self.hint(), 22, widgets.MUTED)
        where = img.get_rect(center=(640, 690))
        # On a panel: the dimmed hand reaches the bottom edge behind it.
        back = where.inflate(28, 10)
        surface.blit(widgets.panel(back.size, radius=back.height // 2), back)
        surface.blit(img, where)
        if self.advice is not None:
            # The line between the colour's name and the prompt.
            centre = (cx, (named.bottom + back.top) // 2)
            self.advice.draw(surface, self.t, self._mark, centre, (named, back))


class OptionsScene(Scene):
    """An overlay that picks one of `options`: Left/Right (or Up/Down) move,
    Enter or Space picks; subclasses add their own clicks."""

    opaque = False

    def __init__(
        self,
        app: ChooserApp,
        options: list,
        on_pick: Callable[[Any], None],
        advice: ChoiceHint | None = None,
    ) -> None:
        self.app = app
        self.options = list(options)
        self.on_pick = on_pick
        self.advice = advice  # the hint on this decision, in a match
        self.index = 0
        self.t = 0.0

    def enter(self) -> None:
        if self.advice is not None:
            self.advice.focus_with(self._focus_on)

    def _focus_on(self, option: object) -> None:
        self.index = self.options.index(option)
        self._sync()

    def _sync(self) -> None:
        """Show the focus moved by other than a key of `handle`."""

    def pick(self, option: Any) -> None:
        self.app.play("tick")
        self.app.pop()
        self.on_pick(option)

    def step(self, cmd: Command) -> bool:
        """Handle the keys every chooser shares; True when `cmd` was one of them."""
        if cmd.name in (LEFT, UP):
            self.index = (self.index - 1) % len(self.options)
        elif cmd.name in (RIGHT, DOWN):
            self.index = (self.index + 1) % len(self.options)
        elif cmd.name in (CONFIRM, PASS):
            self.pick(self.options[self.index])
        elif cmd.name == HINT:
            if self.advice is not None:
                self.advice.ask(cmd.seat)
        elif cmd.name == CLICK and self.advice is not None and self.advice.click(cmd.pos):
            pass  # the Hint button asked
        elif cmd.name == BACK:
            self.app.pause_match()  # a question to answer still lets the table pause
        else:
            return False
        return True

    def prompt(self, keyboard: str, pad: str) -> str:
        """The key-prompt line for the device in hand, with the hint's key if it fits."""
        words = self.app.prompts.words(keyboard, pad)
        return words if self.advice is None else self.advice.prompt(words)

    def update(self, dt: float) -> None:
        self.t += dt
        if self.advice is not None:
            self.advice.update()

    def relabel(self) -> None:
        if self.advice is not None:
            self.advice.relabel()


class ChoosePlayerScene(OptionsScene):
    """Pick a player (swap hands and the like): click their seat, or arrows and Enter."""

    def __init__(
        self,
        app: ChooserApp,
        table: TableView,
        options: list[int],
        on_pick: Callable[[int], None],
        title: str | None = None,
        advice: ChoiceHint | None = None,
    ) -> None:
        super().__init__(app, options, on_pick, advice)
        self.table = table
        self.title = title or _("Pick a player")
        self.panel = pygame.Rect(0, 0, 0, 0)  # behind the title, the players and the prompt
        self.lit = Highlights(pick_seats=frozenset(self.options))
        n = len(self.options)
        w = min(220, (1100 - 16 * (n - 1)) // max(1, n))
        x0 = 640 - (n * w + (n - 1) * 16) // 2
        self.buttons = [
            widgets.Button(
                (x0 + i * (w + 16), 284, w, 60), table.names[seat], partial(self.pick, seat)
            )
            for i, seat in enumerate(self.options)
        ]

    @property
    def looking(self) -> int | None:
        return self.table.viewer

    def enter(self) -> None:
        super().enter()
        self._sync()

    def _sync(self) -> None:
        """The focused player, lit on the table and among the buttons."""
        self.lit.pick_focus = self.options[self.index] if self.options else None
        for i, b in enumerate(self.buttons):
            b.focused = i == self.index

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if cmd is None or not self.options:
            return True
        if self.step(cmd):
            if cmd.name in (CONFIRM, PASS, CLICK):
                return True
        elif cmd.name == CLICK:
            for b in self.buttons:
                if b.hit(cmd.pos):
                    b.press()
                    return True
            seat = self.table.seat_hit(cmd.pos)
            if seat in self.options:
                self.pick(seat)
                return True
        elif cmd.name == MOVE:
            seat = self.table.seat_hit(cmd.pos)
            if seat in self.options:
                self.index = self.options.index(seat)
        self._sync()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        widgets.dim(surface, 90)
        self.table.draw_badges(surface, self.lit)
        title = text.shadowed(self.title, 44, (255, 255, 255), bold=True)
        named = title.get_rect(center=(640, 244))
        words = self.prompt(
            _("Click a player, or Left/Right and Enter"), _("D-pad and A pick a player")
        )
        img = text.shadowed(words, 22, widgets.MUTED)
        where = img.get_rect(center=(640, 372))
        # On a panel: over the table's middle, the title ran into the line of
        # what was just played and the prompt into the piles.
        back = named.unionall([b.rect for b in self.buttons] + [where]).inflate(48, 20)
        back.height += 14  # the caption's whole line behind it, not its lower half
        back.bottom -= 14
        surface.blit(widgets.panel(back.size), back)
        self.panel = back
        surface.blit(title, named)
        for b in self.buttons:
            b.draw(surface, self.t)
        surface.blit(img, where)
        if self.advice is not None:
            self.advice.draw(surface, self.t, self._mark, (640, back.bottom + 40), (back,))

    def _mark(self, seat: object) -> tuple[pygame.Rect, str]:
        """The hinted player's button and name."""
        button = self.buttons[self.options.index(seat)]
        return button.rect.inflate(12, 12), button.label


class ChoiceScene(OptionsScene):
    """Any other decision the engine opens (UNO Duo's draft, a colour dump, ...):
    the question and its options as buttons, in the words its kind declares
    (game/engine/decisions.py), or as cards when they are cards. Left/Right and
    Enter, or a click."""

    def __init__(
        self,
        app: ChooserApp,
        kind: KindName,
        options: list,
        on_pick: Callable[[Any], None],
        *,
        privacy: Privacy,
        owner: int,
        card: str | None = None,
        card_names: dict[Any, str] | None = None,
        book: CardBook | None = None,
        advice: ChoiceHint | None = None,
    ) -> None:
        super().__init__(app, options, on_pick, advice)
        self.kind = kind
        declared = REGISTRY[kind]
        labels = declared.labels
        self.book = book if book is not None else CardBook()
        self.privacy = privacy
        self.owner = owner  # the seat deciding: the cards shown are theirs to see
        self.card = card
        self.card_names = card_names  # option -> card name, when the options are cards
        self.title = say(declared.question)
        n = max(1, len(self.options))
        self.as_cards = card_names is not None
        if self.as_cards:
            w = min(110, 1000 // n)
            self.size = (w, round(w * 1.5))
            step = w + 16
            x0 = 640 - (step * (n - 1)) // 2
            self.rects: list[pygame.Rect] = []
            for i in range(n):
                r = pygame.Rect(0, 0, *self.size)
                r.center = (x0 + i * step, 380)
                self.rects.append(r)
            self.buttons = []
        else:
            w = min(300, (1000 - 20 * (n - 1)) // n)
            x0 = 640 - (n * w + (n - 1) * 20) // 2
            y = 470 if card else 360
            self.buttons = [
                widgets.Button(
                    (x0 + i * (w + 20), y, w, 64),
                    say(labels[str(o)]) if str(o) in labels else str(o).replace("_", " "),
                    partial(self.pick, o),
                    chip=DIGIT if i < 9 else "",
                    digit=i + 1,
                )
                for i, o in enumerate(self.options)
            ]
            self.rects = [b.rect for b in self.buttons]

    @property
    def looking(self) -> int | None:
        return self.owner

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if cmd is None or not self.options or self.step(cmd):
            return True
        if cmd.name == DIGIT and cmd.digit and cmd.digit <= len(self.options):
            self.pick(self.options[cmd.digit - 1])
        elif cmd.name in (CLICK, MOVE):
            for i, rect in enumerate(self.rects):
                if rect.collidepoint(cmd.pos):
                    self.index = i
                    if cmd.name == CLICK:
                        self.pick(self.options[i])
                    break
        return True

    def draw(self, surface: pygame.Surface) -> None:
        widgets.dim(surface, 150)
        title = text.shadowed(self.title, 44, (255, 255, 255), bold=True)
        surface.blit(title, title.get_rect(center=(640, 190)))
        art = self.app.art
        if self.card is not None:
            shown = self.privacy.card_shown(self.card, self.owner)
            img = art.face(self.book.look(shown), (140, 210)) if shown else art.back((140, 210))
            surface.blit(img, img.get_rect(center=(640, 320)))
            if shown == self.card:
                name = text.shadowed(self.book.label(self.card), 26, (255, 255, 255), bold=True)
                surface.blit(name, name.get_rect(center=(640, 445)))
        if self.card_names is not None:
            for i, (option, rect) in enumerate(zip(self.options, self.rects, strict=True)):
                card = self.card_names[option]
                shown = self.privacy.card_shown(card, self.owner)
                img = art.face(self.book.look(shown), self.size) if shown else art.back(self.size)
                if i == self.index:
                    glow = self.app.art.glow(self.size)
                    surface.blit(glow, glow.get_rect(center=rect.center))
                surface.blit(img, rect.move(0, -14 if i == self.index else 0))
        for i, b in enumerate(self.buttons):
            b.focused = i == self.index
            b.draw(surface, self.t)
        n = len(self.options)
        keys = f"1-{n}" if n > 1 else "1"
        words = self.prompt(
            _("{keys}, or Left/Right and Enter, or click").format(keys=keys),
            _("D-pad and A choose"),
        )
        hint = text.shadowed(words, 22, widgets.MUTED)
        bottom = max(r.bottom for r in self.rects) if self.rects else 500
        where = hint.get_rect(midtop=(640, bottom + 12))
        surface.blit(hint, where)
        if self.advice is not None:
            options = tuple(self.rects)
            centre = (640, where.bottom + 54)
            self.advice.draw(surface, self.t, self._mark, centre, (*options, where))

    def _mark(self, option: object) -> tuple[pygame.Rect, str]:
        """The hinted option (its button, or its card as drawn) and its name."""
        i = self.options.index(option)
        if self.card_names is not None:
            card = self.card_names[option]
            lifted = self.rects[i].move(0, -14 if i == self.index else 0)
            return lifted.inflate(12, 12), self.book.label(card)
        button = self.buttons[i]
        return button.rect.inflate(12, 12), button.label


# The overlays where a seat decides over the table: each draws its own buttons.
DECISION_OVERLAYS = (ColorWheelScene, OptionsScene)
