"""Painting what the table says (game/table/callouts.py): the event line, a toast
for a refused move, and the bursts near a seat.

Each callout is written in its tone's ink, with a colour's shape before it in
colour-blind mode (game/ui/tones.py). The event line slides up into its home,
a burst grows, rises and fades, and with reduced motion both only appear and
fade. The sizes are measured here too, so the view can place a burst clear
of the plates and hands (`burst_envelope`) and a test can check that the
longest line fits its home.
"""

from __future__ import annotations

import math

import pygame

from game.table.animator import TableAnimator
from game.table.callouts import Callouts
from game.table.geometry import TOAST_PAD, TOAST_SIZE, TableGeometry
from game.table.narrate import Burst
from game.ui import accessibility, text, widgets
from game.ui.card_art import CardArt
from game.ui.card_book import CardBook
from game.ui.tones import tone_color, tone_mark, with_mark
from game.ui.tween import ease_in_out, ease_out_back, ease_out_cubic

EVENT_SIZE = 30
EVENT_SLIDE = 8  # the event line slides up this far as it appears
BURST_RISE = 30  # a burst floats up this far
BURST_GROWTH = 1.2  # and grows to at most this much of its size (ease_out_back overshoots)


class CalloutRenderer:
    def __init__(
        self,
        art: CardArt,
        book: CardBook,
        geometry: TableGeometry,
        animator: TableAnimator,
        callouts: Callouts,
    ) -> None:
        self.art = art
        self.book = book
        self.geometry = geometry
        self.animator = animator
        self.callouts = callouts

    def event_label(self, line_text: str, tone: str) -> pygame.Surface:
        home = self.geometry.event_home
        ink = tone_color(tone, self.book)
        mark = tone_mark(tone, self.book, self.art)
        label = with_mark(text.shadowed(line_text, EVENT_SIZE, ink, bold=True), mark)
        if label.get_width() > home.width or label.get_height() > home.height - EVENT_SLIDE:
            room = home.width - (label.get_height() if mark else 0)
            label = with_mark(text.fit(line_text, EVENT_SIZE, room, ink, bold=True), mark)
        return label

    def event_rect(self, label_size: tuple[int, int]) -> pygame.Rect:
        """Where the event line goes: centred in its home (it slides up into place)."""
        home = self.geometry.event_home
        rect = pygame.Rect((0, 0), label_size)
        rect.midtop = (home.centerx, home.y)
        return rect

    def toast_label(self, message: str) -> pygame.Surface:
        room = self.geometry.toast_home.width - TOAST_PAD[0]
        return text.fit(message, TOAST_SIZE, room, (255, 255, 255), bold=True)

    def toast_rect(self, label_size: tuple[int, int]) -> pygame.Rect:
        return self.geometry.toast_box(label_size)

    def toast_box(self) -> pygame.Rect | None:
        """Where the toast on show is drawn (None when there is none)."""
        message = self.callouts.toast_text
        if message is None:
            return None
        return self.toast_rect(self.toast_label(message).get_size())

    def burst_envelope(self, burst: Burst) -> pygame.Rect:
        """Everything a burst covers while it grows and rises, relative to where it is
        drawn (its anchor at (0, 0))."""
        base = self._burst_image(burst)
        w, h = (math.ceil(d * BURST_GROWTH) for d in base.get_size())
        return pygame.Rect(-w // 2, -h // 2 - BURST_RISE, w, h + BURST_RISE)

    def _burst_image(self, burst: Burst) -> pygame.Surface:
        ink = tone_color(burst.tone, self.book)
        base = text.shadowed(burst.text, burst.size, ink, bold=True, offset=3)
        return with_mark(base, tone_mark(burst.tone, self.book, self.art))

    def draw(self, surface: pygame.Surface) -> None:
        callouts = self.callouts
        clock = self.animator.clock
        scale = self.animator.scale
        still = accessibility.still()
        line = callouts.line
        if line is not None and line.text:
            age = clock - callouts.line_t
            label = self.event_label(line.text, line.tone)
            rect = self.event_rect(label.get_size())
            dy = (
                0
                if scale == 0 or still
                else round(EVENT_SLIDE * (1 - ease_out_cubic(min(1.0, age / 0.2))))
            )
            surface.blit(label, rect.move(0, dy))
        if callouts.toast_text is not None:
            label = self.toast_label(callouts.toast_text)
            box = self.toast_rect(label.get_size())
            surface.blit(widgets.panel(box.size, (150, 30, 40, 230), 12), box)
            surface.blit(label, label.get_rect(center=box.center))
        for shown in callouts.bursts:
            b = shown.burst
            p = (clock - shown.t0) / (b.dur * max(scale, 0.01))
            base = self._burst_image(b)
            if still:
                # Reduced motion: the words stand where they are and only fade.
                img, rise = base.copy(), 0.0
            else:
                k = 0.5 + 0.6 * ease_out_back(min(1.0, p / 0.35))
                img = pygame.transform.rotozoom(base, 0, k)
                rise = BURST_RISE * ease_in_out(min(1.0, p))
            if p > 0.6:
                img.set_alpha(round(255 * (1 - (p - 0.6) / 0.4)))
            x, y = shown.pos
            surface.blit(img, img.get_rect(center=(x, y - rise)))
