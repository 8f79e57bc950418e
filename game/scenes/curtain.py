"""The "Pass to NAME" curtain: covers the whole table between two humans' turns.

Nothing private is drawn under it (the table view shows every hand face down
while it is up, and it is opaque). The named player dismisses it with a key, a
click or their own controller when only they are looking; then their hand
turns face up. Another seat's controller does not lift it (the curtain is that
seat's private moment, game/ui/seat_routing.py). It hides the hands, it does
not stop the table: UNO calls and catches work from behind it (they reveal
nothing), the bots react out of turn as they would in the open, and what
happens meanwhile is told on the curtain at once. A curtain for a turn that
someone else's move took away (a jump-in) goes, and the table raises the
curtain that is needed now.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Protocol

import pygame

from game.engine.decisions import REGISTRY, Ask, asks
from game.i18n import _, ngettext
from game.scenes.base import Closes, Controllers, KeyPrompts, Paints, Pauses, Scene, Sounds, Stacks
from game.table.match_screen import MatchScreen
from game.table.narrate import Recap, RecapLine
from game.table.privacy import DISCARD
from game.ui import accessibility, text, widgets
from game.ui.input import BACK, CATCH, FULLSCREEN, MOVE, MUTE, UNO, WHEEL, Command, seat_color


class Underneath(Protocol):
    """The table in play under the curtain (game/scenes/play.py): it goes on
    behind it."""

    def behind_curtain(self, dt: float) -> None: ...


class CurtainApp(Closes, Stacks, Pauses, Paints, KeyPrompts, Sounds, Controllers, Protocol):
    """What the curtain asks of the app: the scene under it, the seats'
    controllers, the card art, its keys and sounds, to close or pause."""


class CurtainScene(Scene):
    opaque = True

    def __init__(
        self,
        app: CurtainApp,
        screen: MatchScreen,
        seat: int,
        then: Callable[[], None] | None = None,
        *,
        table: Underneath | None = None,
    ) -> None:
        self.app = app
        self.screen = screen
        self.session = screen.session
        self.seat = seat
        self.private_to = seat
        self.then = then
        self.table = table  # ticked while it is right below (not under a second curtain)
        self.t = 0.0
        # Raised for this seat's turn (not for a hand shown to it, nor a resumed match).
        pending = self.session.state.pending
        self.for_turn = then is None and pending is not None and pending.seat == seat

    @property
    def name(self) -> str:
        return self.session.state.names[self.seat]

    def dismiss(self) -> None:
        self.screen.curtain_lifted(self.seat)
        self.app.play("tick")
        self.app.pop()
        if self.then is not None:
            self.then()

    def pad_line(self) -> tuple[str, bool] | None:
        """The controller this seat claimed, and whether it is plugged in; None if none."""
        pads = self.app.gamepads
        claim = pads.claims.get(self.seat) if pads is not None else None
        if claim is None:
            return None
        if claim.lost:
            return _("Your controller is unplugged: a key lifts this curtain"), False
        return _("Your controller: {pad}").format(pad=claim.pad_name), True

    def _below(self) -> Scene | None:
        return self.app.stack[-2] if len(self.app.stack) >= 2 else None

    @property
    def looking(self) -> int | None:
        return self.seat  # it lifts for this seat's controller

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if event.type in (pygame.KEYUP, pygame.MOUSEBUTTONUP, pygame.TEXTINPUT):
            return True
        if cmd is None:
            if event.type == pygame.KEYDOWN:
                self.dismiss()  # any key at all
                return True
            return False
        if cmd.name in (FULLSCREEN, MUTE):
            return False
        if cmd.name in (MOVE, WHEEL):
            return True
        if cmd.name == BACK:
            self.app.pause_match()
            return True
        below = self._below()
        if cmd.name in (UNO, CATCH) and below is not None:
            # Calls and catches reveal nothing: the table below takes them.
            below.handle(event, cmd)
            return True
        self.dismiss()
        return True

    def update(self, dt: float) -> None:
        self.t += dt
        if self.table is None or self._below() is not self.table:
            return
        self.table.behind_curtain(dt)
        pending = self.session.state.pending
        gone = pending is None or pending.seat != self.seat or asks(pending) is Ask.ROUND_OVER
        if self.for_turn and gone:
            self.app.pop()  # the turn was taken (a jump-in): the table decides anew

    def hand_line(self) -> str:
        """The line under the name: the cards in hand, or, when this seat's draft
        comes next (a decision asked while the hands are dealt), what is about
        to happen."""
        count = len(self.screen.table.model.hands[self.seat])
        pending = self.session.state.pending
        if pending is not None and REGISTRY[pending.kind].deals and pending.seat == self.seat:
            dealing = self.session.rules.model.dealing
            left = max(1, dealing.hand_size - count)
            if dealing.draft_order == "whole_hand":
                return ngettext(
                    "Draft your hand: {n} card to keep, one after another",
                    "Draft your hand: {n} cards to keep, one after another",
                    left,
                ).format(n=left)
            return _("Your draft: card {k} of {n}").format(k=count + 1, n=dealing.hand_size)
        return ngettext("{n} card in your hand", "{n} cards in your hand", count).format(n=count)

    def recap(self) -> Recap:
        """What happened since this player's own last move, in the table's words."""
        return self.screen.table.narrator.since_last_move(self.seat)

    def since(self) -> list[str]:
        return self.recap().texts

    def on_uno(self) -> list[str]:
        """Who is down to one card (hand sizes are public), once play has started:
        while hands are dealt or drafted (UNO Duo) a single card is no last card."""
        model = self.screen.table.model
        if model.top is None:
            return []
        return [model.name(s) for s, hand in enumerate(model.hands) if len(hand) == 1]

    def color_line(self) -> str | None:
        model = self.screen.table.model
        if model.color is None:
            return None
        return _("Colour in force: {color}").format(color=self.screen.book.color_label(model.color))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(_stage_curtain(surface.get_size()), (0, 0))
        left = 360  # the middle of the left column
        small = text.shadowed(_("Pass to"), 40, (255, 236, 179), bold=True)
        surface.blit(small, small.get_rect(center=(left, 110)))
        big = text.shadowed(self.name, 110, (255, 213, 79), bold=True, offset=5)
        if big.get_width() > 640:
            big = text.fit(self.name, 110, 640, (255, 213, 79), bold=True)
        bob = 0 if accessibility.still() else round(4 * math.sin(self.t * 3))
        surface.blit(big, big.get_rect(center=(left, 200 + bob)))
        img = text.shadowed(self.hand_line(), 28, (255, 255, 255))
        surface.blit(img, img.get_rect(center=(left, 280)))
        pad = self.pad_line()
        if pad is not None:
            words, plugged = pad
            color = seat_color(self.seat) if plugged else widgets.MUTED
            line = text.fit(words, 24, 600, color, bold=True)
            surface.blit(line, line.get_rect(center=(left, 316)))
        self._draw_top(surface, (left, 430))
        self._draw_since(surface, pygame.Rect(720, 80, 500, 540))
        if pad is not None and pad[1]:
            hint = _("{name}: press A on your controller when only you can see the screen")
        elif self.app.prompts.on_pad:
            hint = _("{name}: press A when only you can see the screen")
        else:
            hint = _("{name}: press any key or click when only you can see the screen")
        img = text.shadowed(hint.format(name=self.name), 24, widgets.MUTED)
        surface.blit(img, img.get_rect(center=(640, 668)))

    def _draw_top(self, surface: pygame.Surface, center: tuple[int, int]) -> None:
        """The top card, ringed in the colour in force, and that colour in words."""
        table = self.screen.table
        top = table.top_card
        color = table.model.color
        if color is not None:
            ring = self.app.art.color_ring(84, self.screen.book.color_rgb(color))
            surface.blit(ring, ring.get_rect(center=center))
        if top is not None and self.screen.privacy.card_face(top, DISCARD):
            card = self.app.art.face(self.screen.book.look(top), (84, 126))
            surface.blit(card, card.get_rect(center=center))
            name = text.shadowed(self.screen.book.label(top), 26, (255, 255, 255), bold=True)
            surface.blit(name, name.get_rect(center=(center[0], center[1] + 112)))
        line = self.color_line()
        if line is not None:
            img = text.shadowed(line, 26, (255, 236, 179), bold=True)
            surface.blit(img, img.get_rect(center=(center[0], center[1] + 144)))

    def _draw_since(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        recap = self.recap()
        uno = self.on_uno()
        if not recap.lines and not uno:
            return
        width = box.w - 40
        room = box.h - 60 - (48 if uno else 16)
        shown, left_out = fitted_recap(recap, room, width)
        note = None
        if left_out:
            words = ngettext("{n} earlier line left out", "{n} earlier lines left out", left_out)
            note = text.render(words.format(n=left_out), 19, widgets.MUTED, wrap=width)
        used = sum(img.get_height() + 6 for img in shown)
        used += note.get_height() + 6 if note is not None else 0
        box = pygame.Rect(box.x, box.y, box.w, 60 + used + (48 if uno else 16))
        surface.blit(widgets.panel(box.size, (10, 6, 12, 200)), box)
        head = text.render(_("Since your last turn"), 28, (255, 213, 79), bold=True)
        surface.blit(head, (box.x + 20, box.y + 16))
        y = box.y + 60
        for img in [note, *shown] if note is not None else shown:
            surface.blit(img, (box.x + 20, y))
            y += img.get_height() + 6
        if uno:
            on_uno = _("On UNO: {names}").format(names=", ".join(uno))
            img = text.fit(on_uno, 24, box.w - 40, (255, 140, 120), bold=True)
            surface.blit(img, (box.x + 20, box.bottom - 40))


MINE = (255, 224, 130)  # a line that concerns the player behind the curtain
OTHERS = (236, 238, 244)


def recap_line(line: RecapLine, width: int) -> pygame.Surface:
    return text.render(line.text, 21, MINE if line.mine else OTHERS, wrap=width)


def fitted_recap(recap: Recap, room: int, width: int) -> tuple[list[pygame.Surface], int]:
    """The recap's lines as drawn in `room` px (a line each, wrapped at `width`)
    with a note of what was left out: the oldest lines that do not concern the
    player go first, then, if it must, the oldest of theirs. Returns the lines
    and how many in all were left out."""
    lines = list(recap.lines)
    note = text.render("0", 19, widgets.MUTED).get_height() + 6

    def height(kept: list[RecapLine], dropped: int) -> int:
        used = sum(recap_line(line, width).get_height() + 6 for line in kept)
        return used + (note if dropped else 0)

    dropped = recap.left_out
    for mine in (False, True):
        while lines and height(lines, dropped) > room:
            oldest = next((i for i, line in enumerate(lines) if line.mine == mine), None)
            if oldest is None:
                break
            del lines[oldest]
            dropped += 1
    return [recap_line(line, width) for line in lines], dropped


_stage_curtains: dict[tuple[int, int], pygame.Surface] = {}


def _stage_curtain(size: tuple[int, int]) -> pygame.Surface:
    """The curtain's cloth, folds and all, drawn once per size: it is the
    same on every frame the curtain is up."""
    cloth = _stage_curtains.get(size)
    if cloth is None:
        cloth = pygame.Surface(size)
        cloth.blit(widgets.backdrop(size, (70, 16, 24), (14, 4, 8)), (0, 0))
        for i in range(0, 1280, 80):  # the folds
            shade = 20 + round(14 * math.sin(i / 80 * 1.7))
            pygame.draw.rect(cloth, (shade + 40, 8, 16), (i, 0, 36, 720))
        widgets.dim(cloth, 110)
        _stage_curtains[size] = cloth
    return cloth
