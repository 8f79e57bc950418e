"""Drawing the table: what `TableView` has seen, put on the screen.

Kept apart from the view's bookkeeping (which card is where, fed by engine
events): this mixin only reads that state and paints it, with the caches that
keep a full table to a handful of blits.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.ui import text, widgets
from game.ui.card_art import BACK, card_color
from game.ui.tween import ease_in_out, ease_out_back, ease_out_cubic, shake

if TYPE_CHECKING:
    from game.ui.table_view import Sprite


class TableDrawing:
    """The drawing half of `TableView` (see game/ui/table_view.py)."""

    def _image(self, sprite: Sprite) -> pygame.Surface:
        name = sprite.name if sprite.face else BACK
        size = (sprite.w, sprite.h)
        angle = sprite.angle
        if sprite.dst is None:
            return self.art.rotated(name, size, angle)
        # In flight: sizes and angles are quantised so a few cached images serve every frame
        # (steps of 10 px, so a flight never shares a size with a hand at rest).
        qa = round(angle / 15) * 15
        qw = max(10, round(size[0] / 10) * 10)
        qh = round(qw * 1.5)
        key = (name, qw, qh, qa % 360)
        img = self._flight_cache.get(key)
        if img is None:
            if len(self._flight_cache) > 400:
                self._flight_cache.clear()
            base = self.art.back((qw, qh)) if name == BACK else self.art.face(name, (qw, qh))
            img = (
                pygame.transform.rotate(base, qa)
                if qa % 90 == 0
                else pygame.transform.rotozoom(base, qa, 1)
            )
            self._flight_cache[key] = img
        return img

    def _blit_sprite(self, surface: pygame.Surface, sprite: Sprite, dx: float = 0) -> None:
        img = self._image(sprite)
        surface.blit(img, img.get_rect(center=(round(sprite.x + dx), round(sprite.y))))

    def _build_background(self) -> pygame.Surface:
        w, h = self.size
        bg = pygame.Surface((w, h))
        felt = pygame.Color(self.layout.felt_color)
        center = pygame.Color(felt).lerp((255, 255, 255), 0.08)
        edge = pygame.Color(felt).lerp((0, 0, 0), 0.45)
        bg.fill(edge)
        # A soft radial vignette, built from concentric ellipses.
        steps = 24
        for i in range(steps):
            t = i / (steps - 1)
            rw, rh = w * (1.25 - 0.75 * t), h * (1.25 - 0.75 * t)
            rect = pygame.Rect(0, 0, round(rw), round(rh))
            rect.center = (w // 2, h // 2 - 20)
            pygame.draw.ellipse(bg, edge.lerp(center, t), rect)
        ring = self.layout.piles["direction_ring"]
        pygame.draw.ellipse(bg, pygame.Color(felt).lerp((0, 0, 0), 0.25), ring, width=10)
        pygame.draw.ellipse(bg, pygame.Color(felt).lerp((255, 255, 255), 0.2), ring, width=2)
        for name in ("draw_pile", "discard_pile"):
            r = self.layout.piles[name]
            pygame.draw.rect(bg, pygame.Color(felt).lerp((0, 0, 0), 0.3), r, border_radius=12)
            pygame.draw.rect(bg, pygame.Color(felt).lerp((255, 255, 255), 0.25), r, 2, 12)
        return bg.convert() if pygame.display.get_surface() else bg

    def _seat_layer(self, seat: int) -> tuple[pygame.Surface, tuple[int, int]] | None:
        hand = self.hands[seat]
        if not hand:
            return None
        cached = self._layers.get(seat)
        key = (self._versions[seat], self.bottom)
        if cached is not None and cached[0] == key:
            return cached[1], cached[2]
        images = [(self._image(s), s) for s in hand]
        rects = [img.get_rect(center=(round(s.x), round(s.y))) for img, s in images]
        glow = None
        selected = self.selected
        if (
            self.interactive
            and seat == self.viewer
            and selected is not None
            and 0 <= selected < len(hand)
        ):
            sel = hand[selected]
            glow = self.art.glow((sel.w, sel.h))
            rects.append(glow.get_rect(center=(round(sel.x), round(sel.y))))
        box = rects[0].unionall(rects[1:])
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        for i, (img, s) in enumerate(images):
            if glow is not None and i == self.selected:
                layer.blit(glow, glow.get_rect(center=(round(s.x) - box.x, round(s.y) - box.y)))
            layer.blit(img, (rects[i].x - box.x, rects[i].y - box.y))
        self._layers[seat] = (key, layer, box.topleft)
        return layer, box.topleft

    def _draw_hand(self, surface: pygame.Surface, seat: int) -> None:
        hand = self.hands[seat]
        if not hand:
            return
        shaking = self._shake is not None and seat == self.bottom
        if not shaking and not any(s.dst is not None for s in hand):
            found = self._seat_layer(seat)
            if found is not None:
                surface.blit(*found)
            return
        sel = self.selected if (self.interactive and seat == self.viewer) else None
        for i, sprite in enumerate(hand):
            dx = 0.0
            if shaking and i == self._shake[0]:
                dx = shake((self.clock - self._shake[1]) / 0.4, 12)
            if i == sel and sprite.dst is None:
                glow = self.art.glow((sprite.w, sprite.h))
                surface.blit(glow, glow.get_rect(center=(round(sprite.x + dx), round(sprite.y))))
            self._blit_sprite(surface, sprite, dx)

    def _discard_layer(self) -> tuple[pygame.Surface, tuple[int, int]] | None:
        resting = [s for s in self.discard if s.dst is None]
        if not resting:
            return None
        cached = self._layers.get("discard")
        if cached is not None and cached[0] == self._discard_version:
            return cached[1], cached[2]
        images = [(self._image(s), s) for s in resting[-5:]]
        rects = [img.get_rect(center=(round(s.x), round(s.y))) for img, s in images]
        box = rects[0].unionall(rects[1:])
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        for (img, _), r in zip(images, rects, strict=True):
            layer.blit(img, (r.x - box.x, r.y - box.y))
        self._layers["discard"] = (self._discard_version, layer, box.topleft)
        return layer, box.topleft

    def _draw_piles(self, surface: pygame.Surface) -> None:
        # Colour in force: a glowing ring around the discard pile.
        if self.color is not None:
            ring = self.art.color_ring(96, self.color)
            age = self.clock - self._ring_pulse
            if age < 0.45 and self.scale > 0:
                k = 1.0 + 0.25 * (1 - ease_out_cubic(age / 0.45))
                ring = pygame.transform.smoothscale_by(ring, k)
            surface.blit(ring, ring.get_rect(center=self.discard_center))
        # Draw pile: a few backs for thickness, and its count.
        pile = self.layout.piles["draw_pile"]
        if self.draw_count > 0:
            back = self.art.back(self.pile_size)
            depth = min(4, 1 + self.draw_count // 20)
            if self.draw_hint:
                glow = self.art.glow(self.pile_size, widgets.GOLD)
                surface.blit(
                    glow, glow.get_rect(center=(pile.centerx - depth, pile.centery - depth))
                )
            for i in range(depth):
                surface.blit(back, (pile.x - i * 2, pile.y - i * 2))
        count = text.shadowed(str(self.draw_count + len(self.leaving)), 22, bold=True)
        surface.blit(count, count.get_rect(midtop=(pile.centerx, pile.bottom + 6)))
        found = self._discard_layer()
        if found is not None:
            surface.blit(*found)
        for sprite in self.discard:
            if sprite.dst is not None:
                self._blit_sprite(surface, sprite)

    def _draw_direction(self, surface: pygame.Surface) -> None:
        ring = self.layout.piles["direction_ring"]
        cx, cy = ring.center
        a, b = ring.width / 2, ring.height / 2
        color = card_color(self.color) if self.color else pygame.Color(230, 230, 230)
        color = pygame.Color(color).lerp((255, 255, 255), 0.3)
        spin = self.clock * 0.35 * self.direction
        for k in range(4):
            theta = spin + k * math.pi / 2 + math.pi / 4
            x, y = cx + a * math.cos(theta), cy + b * math.sin(theta)
            # Tangent of the ellipse in the direction of play.
            tx, ty = -a * math.sin(theta) * self.direction, b * math.cos(theta) * self.direction
            widgets.draw_arrow(surface, (x, y), math.atan2(ty, tx), 13, color)

    def shown_count(self, seat: int) -> int:
        """Cards in the hand as the players see it: a card counts once it has left the pile."""
        hand = self.hands[seat]
        if not self.leaving:
            return len(hand)
        waiting = self.leaving
        return sum(1 for s in hand if s not in waiting)

    def _badge(self, seat: int) -> pygame.Surface:
        spot = self.spot(seat)
        count = self.shown_count(seat)
        active = seat == self.turn
        uno = self.uno_called[seat] and count == 1
        picked = seat in self.pick_seats
        focus = seat == self.pick_focus
        key = (
            self._name(seat),
            count,
            active,
            uno,
            seat == self.dealer,
            self.eliminated[seat],
            spot.label_rect.size,
            picked,
            focus,
            seat in self.bots,
        )
        surf = self._badges.get(key)
        if surf is None:
            if len(self._badges) > 300:
                self._badges.clear()
            w, h = spot.label_rect.size
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            fill = pygame.Color(255, 193, 7) if active else pygame.Color(12, 18, 30, 215)
            if picked:
                fill = pygame.Color("#4fc3f7") if focus else pygame.Color(40, 80, 120, 230)
            pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=h // 2)
            edge = (255, 255, 255, 120) if not active else (255, 240, 200)
            pygame.draw.rect(surf, edge, surf.get_rect(), 2, border_radius=h // 2)
            ink = widgets.INK if (active or focus) else (255, 255, 255)
            if self.eliminated[seat]:
                ink = (140, 140, 150)
            chip_w = 34
            x = 10
            if seat in self.bots:
                bot = text.render("BOT", 13, ink, bold=True)
                surf.blit(bot, (x, (h - bot.get_height()) // 2))
                x += bot.get_width() + 5
            name = text.fit(self._name(seat), 22, w - x - chip_w - 14 - (44 if uno else 0), ink)
            surf.blit(name, (x, (h - name.get_height()) // 2))
            chip = pygame.Rect(w - chip_w - 3, 3, chip_w, h - 6)
            pygame.draw.rect(surf, (255, 255, 255), chip, border_radius=(h - 6) // 2)
            num = text.render(str(count), 20, widgets.INK, bold=True)
            surf.blit(num, num.get_rect(center=chip.center))
            if uno:
                tag = pygame.Rect(chip.x - 44, 4, 40, h - 8)
                pygame.draw.rect(surf, (229, 57, 53), tag, border_radius=6)
                label = text.render("UNO", 16, (255, 255, 255), bold=True)
                surf.blit(label, label.get_rect(center=tag.center))
            if seat == self.dealer:
                pygame.draw.circle(surf, (255, 255, 255), (w - chip_w - 14, h // 2), 0)
            self._badges[key] = surf
        return surf

    def _draw_badges(self, surface: pygame.Surface) -> None:
        for seat in range(self.players):
            spot = self.spot(seat)
            badge = self._badge(seat)
            rect = badge.get_rect(center=spot.label_rect.center)
            if seat == self.turn:
                glow_r = rect.inflate(10 + 4 * math.sin(self.clock * 6), 10)
                pygame.draw.rect(surface, (255, 213, 79), glow_r, 3, border_radius=glow_r.h // 2)
            surface.blit(badge, rect)
            if seat == self.dealer:
                d = text.render("D", 16, widgets.INK, bold=True)
                c = (rect.left - 2, rect.top + 2)
                pygame.draw.circle(surface, (255, 255, 255), c, 10)
                surface.blit(d, d.get_rect(center=c))
            if self.uno_missing[seat] and len(self.hands[seat]) == 1 and not self.busy:
                pulse = 2 + round(2 * (1 + math.sin(self.clock * 10)))
                pygame.draw.rect(surface, (229, 57, 53), rect.inflate(8, 8), pulse, rect.h)

    def _draw_texts(self, surface: pygame.Surface) -> None:
        region = self.layout.regions["event_line"]
        if self.event_text:
            age = self.clock - self._event_t
            label = text.shadowed(self.event_text, 30, self.event_color, bold=True)
            if label.get_width() > region.width + 200:
                label = text.fit(
                    self.event_text, 30, region.width + 200, self.event_color, bold=True
                )
            dy = 0 if self.scale == 0 else round(8 * (1 - ease_out_cubic(min(1.0, age / 0.2))))
            surface.blit(label, label.get_rect(center=(region.centerx, region.centery + dy)))
        if self._toast is not None:
            message, until = self._toast
            if self.clock > until:
                self._toast = None
            else:
                label = text.render(message, 24, (255, 255, 255), bold=True)
                box = label.get_rect()
                box.inflate_ip(28, 16)
                bottom_spot = self.layout.seats[0]
                box.midbottom = (bottom_spot.rect.centerx, bottom_spot.rect.top - 46)
                surface.blit(widgets.panel(box.size, (150, 30, 40, 230), 12), box)
                surface.blit(label, label.get_rect(center=box.center))
        for b in self.bursts:
            p = (self.clock - b["t0"]) / (b["dur"] * max(self.scale, 0.01))
            base = text.shadowed(b["text"], b["size"], b["color"], bold=True, offset=3)
            k = 0.5 + 0.6 * ease_out_back(min(1.0, p / 0.35))
            img = pygame.transform.rotozoom(base, 0, k)
            if p > 0.6:
                img.set_alpha(round(255 * (1 - (p - 0.6) / 0.4)))
            x, y = b["pos"]
            surface.blit(img, img.get_rect(center=(x, y - 30 * ease_in_out(min(1.0, p)))))

    def draw(self, surface: pygame.Surface) -> None:
        if self._background is None:
            self._background = self._build_background()
        surface.blit(self._background, (0, 0))
        self._draw_direction(surface)
        self._draw_piles(surface)
        # The bottom seat last, so its big cards overlap the side seats' edges.
        order = [self.seat_at_spot(i) for i in range(1, self.players)] + [self.bottom]
        for seat in order:
            self._draw_hand(surface, seat)
        for sprite in self.draft_pile:
            self._blit_sprite(surface, sprite)
        for sprite in self.loose:
            self._blit_sprite(surface, sprite)
        self._draw_badges(surface)
        self._draw_texts(surface)
