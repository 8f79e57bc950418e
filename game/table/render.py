"""Painting the table: the felt, the piles and the cards, put on the screen.

The renderer only reads: the table model (the colour in force, the direction,
the draw pile's count), the animator's sprites, and what the scene wants
highlighted (`Highlights`: the card under the focus in the hand being played
from, the draw pile when nothing can be played). Which way up a card
is drawn it asks game/table/privacy.py, for every card, every frame; caches keep
a full table to a handful of blits (a seat whose cards are all at rest is one
cached layer, keyed by what it shows). The name plates (game/table/name_plates.py)
and what the table says (game/table/callout_render.py) are painted over it by the
view (game/table/view.py).
"""

from __future__ import annotations

import math

import pygame

from game.engine.card_names import turned
from game.looks import CardLook
from game.table.animator import TableAnimator
from game.table.geometry import TableGeometry
from game.table.highlights import NO_HIGHLIGHTS, Highlights
from game.table.model import TableModel
from game.table.privacy import DISCARD, PILE, Privacy
from game.table.sprite import Sprite
from game.ui import accessibility, text, widgets
from game.ui.card_art import BACK, CardArt
from game.ui.card_book import CardBook
from game.ui.tween import ease_out_cubic, shake

CAPTION_SIZE = 20  # the name over the focused card of the hand being played
CAPTION_WIDTH = 320


REFUSED_GLOW = pygame.Color(229, 57, 53)
# Where the felt goes while the other side of a two-sided deck is in play.
DARK_FELT = pygame.Color(34, 16, 52)  # a refused card, with reduced motion (no shake)

Layer = tuple[tuple, pygame.Surface, tuple[int, int]]


class TableRenderer:
    def __init__(
        self,
        art: CardArt,
        book: CardBook,
        geometry: TableGeometry,
        model: TableModel,
        animator: TableAnimator,
        privacy: Privacy,
    ) -> None:
        self.art = art
        self.book = book
        self.geometry = geometry
        self.layout = geometry.layout
        self.model = model
        self.animator = animator
        self.privacy = privacy
        self._ring_color: str | None = None
        self._ring_pulse = 0.0
        self._layers: dict[object, Layer] = {}
        self._backgrounds: dict[int, pygame.Surface] = {}
        self._captions: dict[str, pygame.Surface] = {}
        self._flight_cache: dict[tuple, pygame.Surface] = {}
        self._generation = (art.generation, text.generation())

    # --- cards ------------------------------------------------------------------

    def _face_up(self, sprite: Sprite) -> bool:
        if sprite.dst is None:
            face = self.privacy.may_see(sprite.place)
        else:
            face = self.privacy.in_flight(sprite.origin, sprite.place, sprite.progress)
        if self.privacy.witness is not None:
            self.privacy.shown(self._name(sprite), sprite.origin, sprite.place, face)
        return face

    def _turn(self) -> tuple[float, bool] | None:
        """In a flip: how wide a card is drawn (1 flat, 0 edge on), and whether
        it still shows the side it had. None: no flip under way."""
        done = self.animator.turning()
        if done is None:
            return None
        return abs(math.cos(math.pi * done)), done < 0.5

    def _name(self, sprite: Sprite) -> str:
        """The card as it lies now: before the middle of a flip, as it was."""
        turn = self._turn()
        return turned(sprite.name) if turn is not None and turn[1] else sprite.name

    def _image(self, sprite: Sprite, face: bool) -> pygame.Surface:
        shown = self.privacy.drawn(self._name(sprite), face)
        look = self.book.look(shown) if shown is not None else BACK
        size = (sprite.w, sprite.h)
        angle = sprite.angle
        if sprite.dst is None:
            return self.art.rotated(look, size, angle)
        # In flight: sizes and angles are quantised so a few cached images serve every frame
        # (steps of 10 px, so a flight never shares a size with a hand at rest).
        qa = round(angle / 15) * 15
        qw = max(10, round(size[0] / 10) * 10)
        qh = round(qw * 1.5)
        key = (look, qw, qh, qa % 360)
        img = self._flight_cache.get(key)
        if img is None:
            if len(self._flight_cache) > 400:
                self._flight_cache.clear()
            if isinstance(look, CardLook):
                base = self.art.face(look, (qw, qh))
            else:
                base = self.art.back((qw, qh))
            img = (
                pygame.transform.rotate(base, qa)
                if qa % 90 == 0
                else pygame.transform.rotozoom(base, qa, 1)
            )
            self._flight_cache[key] = img
        return img

    def _blit_sprite(self, surface: pygame.Surface, sprite: Sprite, dx: float = 0) -> None:
        img = self._squeezed(self._image(sprite, self._face_up(sprite)))
        surface.blit(img, img.get_rect(center=(round(sprite.x + dx), round(sprite.y))))

    def _squeezed(self, img: pygame.Surface) -> pygame.Surface:
        """A card turning over in a flip is drawn narrower, edge on at the middle."""
        turn = self._turn()
        if turn is None:
            return img
        width = max(1, round(img.get_width() * turn[0]))
        return pygame.transform.scale(img, (width, img.get_height()))

    # --- the felt -----------------------------------------------------------------

    def _side(self) -> int:
        """The side in play of a two-sided deck (0: the first, or a one-sided deck)."""
        side = self.model.side
        return self.book.sides.index(side) if side in self.book.sides else 0

    def _felt(self, side: int) -> pygame.Color:
        """The felt while `side` is in play: the layout's, and deeper, towards
        the night, for every other side."""
        felt = pygame.Color(self.layout.felt_color)
        return felt if side == 0 else felt.lerp(DARK_FELT, 0.72)

    def _build_background(self, side: int) -> pygame.Surface:
        w, h = self.geometry.size
        bg = pygame.Surface((w, h))
        felt = self._felt(side)
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
        ring = self.geometry.ring
        pygame.draw.ellipse(bg, pygame.Color(felt).lerp((0, 0, 0), 0.25), ring, width=10)
        pygame.draw.ellipse(bg, pygame.Color(felt).lerp((255, 255, 255), 0.2), ring, width=2)
        for name in ("draw_pile", "discard_pile"):
            r = self.layout.piles[name]
            pygame.draw.rect(bg, pygame.Color(felt).lerp((0, 0, 0), 0.3), r, border_radius=12)
            pygame.draw.rect(bg, pygame.Color(felt).lerp((255, 255, 255), 0.25), r, 2, 12)
        return bg.convert() if pygame.display.get_surface() else bg

    def _background(self, side: int) -> pygame.Surface:
        found = self._backgrounds.get(side)
        if found is None:
            found = self._backgrounds[side] = self._build_background(side)
        return found

    def _draw_felt(self, surface: pygame.Surface) -> None:
        """The felt of the side in play; in a flip, the one before fading into it."""
        side = self._side()
        surface.blit(self._background(side), (0, 0))
        done = self.animator.turning()
        if done is not None and done < 1 and len(self.book.sides) > 1:
            before = self._background(1 - side if side in (0, 1) else 0)
            before.set_alpha(round(255 * (1 - done)))
            surface.blit(before, (0, 0))
            before.set_alpha(None)

    # --- hands ----------------------------------------------------------------------

    def _seat_layer(
        self, seat: int, face: bool, glow_at: int | None
    ) -> tuple[pygame.Surface, tuple[int, int]] | None:
        hand = self.animator.hands[seat]
        if not hand:
            return None
        key = (self.animator.versions[seat], self.geometry.bottom, face, glow_at)
        cached = self._layers.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1], cached[2]
        images = [self._image(s, face) for s in hand]
        rects = [
            img.get_rect(center=(round(s.x), round(s.y)))
            for img, s in zip(images, hand, strict=True)
        ]
        glow = None
        if glow_at is not None:
            sel = hand[glow_at]
            glow = self.art.glow((sel.w, sel.h))
            rects.append(glow.get_rect(center=(round(sel.x), round(sel.y))))
        box = rects[0].unionall(rects[1:])
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        for i, (img, s) in enumerate(zip(images, hand, strict=True)):
            if glow is not None and i == glow_at:
                layer.blit(glow, glow.get_rect(center=(round(s.x) - box.x, round(s.y) - box.y)))
            layer.blit(img, (rects[i].x - box.x, rects[i].y - box.y))
        self._layers[seat] = (key, layer, box.topleft)
        return layer, box.topleft

    def _draw_hand(self, surface: pygame.Surface, seat: int, lit: Highlights) -> None:
        hand = self.animator.hands[seat]
        if not hand:
            return
        shaking = self.animator.shake
        if shaking is not None and shaking[0] != seat:
            shaking = None
        sel = lit.selected if lit.hand_seat == seat else None
        if sel is not None and not 0 <= sel < len(hand):
            sel = None
        refused = self.animator.refused
        if refused is not None and refused[0] != seat:
            refused = None
        turning = self.animator.turning() is not None
        if (
            shaking is None
            and refused is None
            and not turning
            and not any(s.dst is not None for s in hand)
        ):
            face = self.privacy.may_see(seat)
            if self.privacy.witness is not None:
                for s in hand:
                    self.privacy.shown(s.name, s.origin, s.place, face)
            found = self._seat_layer(seat, face, sel)
            if found is not None:
                surface.blit(*found)
            return
        clock = self.animator.clock
        for i, sprite in enumerate(hand):
            dx = 0.0
            if shaking is not None and i == shaking[1]:
                dx = shake((clock - shaking[2]) / 0.4, 12)
            if refused is not None and i == refused[1]:
                glow = self.art.glow((sprite.w, sprite.h), REFUSED_GLOW)
                surface.blit(glow, glow.get_rect(center=(round(sprite.x), round(sprite.y))))
            elif i == sel and sprite.dst is None:
                glow = self.art.glow((sprite.w, sprite.h))
                surface.blit(glow, glow.get_rect(center=(round(sprite.x + dx), round(sprite.y))))
            self._blit_sprite(surface, sprite, dx)

    def caption(self, lit: Highlights) -> tuple[str, pygame.Rect] | None:
        """The name of the card under the focus in the hand being played from, and
        where it is written (above the card): what a card is called, wherever its
        face is too small or too fanned to read. Only on a hand shown face up."""
        seat = lit.hand_seat
        if seat is None or lit.selected is None or not self.privacy.may_see(seat):
            return None
        hand = self.animator.hands[seat]
        if not 0 <= lit.selected < len(hand):
            return None
        sprite = hand[lit.selected]
        if sprite.dst is not None:
            return None  # on its way somewhere: the table says what it is when it lands
        label = self.book.label(sprite.name)
        img = self._caption_image(label)
        reach = max(sprite.w, sprite.h) / 2
        rect = img.get_rect(midbottom=(round(sprite.x), round(sprite.y - reach - 6)))
        rect.clamp_ip(pygame.Rect((0, 0), self.geometry.size))
        return label, rect

    def _caption_image(self, label: str) -> pygame.Surface:
        words = text.fit(label, CAPTION_SIZE, CAPTION_WIDTH, widgets.INK, bold=True)
        plate = self._captions.get(label)
        if plate is None:
            plate = pygame.Surface(words.get_rect().inflate(18, 8).size, pygame.SRCALPHA)
            pygame.draw.rect(plate, (255, 236, 179, 235), plate.get_rect(), border_radius=8)
            plate.blit(words, words.get_rect(center=plate.get_rect().center))
            self._captions[label] = plate
        return plate

    def _draw_caption(self, surface: pygame.Surface, lit: Highlights) -> None:
        found = self.caption(lit)
        if found is not None:
            label, rect = found
            surface.blit(self._caption_image(label), rect)

    # --- piles ------------------------------------------------------------------------

    def _discard_layer(self) -> tuple[pygame.Surface, tuple[int, int]] | None:
        resting = [s for s in self.animator.discard if s.dst is None]
        if not resting:
            return None
        if self.privacy.witness is not None:
            for s in resting[-5:]:
                self.privacy.shown(s.name, s.origin, DISCARD, True)
        version = self.animator.discard_version
        cached = self._layers.get(DISCARD)
        if cached is not None and cached[0] == (version,):
            return cached[1], cached[2]
        images = [(self._image(s, True), s) for s in resting[-5:]]
        rects = [img.get_rect(center=(round(s.x), round(s.y))) for img, s in images]
        box = rects[0].unionall(rects[1:])
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        for (img, _sprite), r in zip(images, rects, strict=True):
            layer.blit(img, (r.x - box.x, r.y - box.y))
        self._layers[DISCARD] = ((version,), layer, box.topleft)
        return layer, box.topleft

    def _draw_piles(self, surface: pygame.Surface, lit: Highlights) -> None:
        model = self.model
        clock = self.animator.clock
        if model.color != self._ring_color:
            self._ring_color = model.color
            self._ring_pulse = clock
        # Colour in force: a glowing ring around the discard pile.
        if model.color is not None:
            ring = self.art.color_ring(
                96, self.book.color_rgb(model.color), self.book.color_pattern(model.color)
            )
            age = clock - self._ring_pulse
            if age < 0.45 and self.animator.scale > 0 and not accessibility.still():
                k = 1.0 + 0.25 * (1 - ease_out_cubic(age / 0.45))
                ring = pygame.transform.smoothscale_by(ring, k)
            surface.blit(ring, ring.get_rect(center=self.geometry.discard_center))
        # Draw pile: a few backs for thickness, and its count.
        pile = self.geometry.draw_pile
        if model.draw_count > 0:
            back = self.art.back(self.geometry.pile_size)
            depth = min(4, 1 + model.draw_count // 20)
            if lit.draw_hint:
                glow = self.art.glow(self.geometry.pile_size, widgets.GOLD)
                surface.blit(
                    glow, glow.get_rect(center=(pile.centerx - depth, pile.centery - depth))
                )
            for i in range(depth):
                surface.blit(back, (pile.x - i * 2, pile.y - i * 2))
            self._draw_pile_top(surface, depth)
        count = text.shadowed(str(model.draw_count + len(self.animator.leaving)), 22, bold=True)
        surface.blit(count, count.get_rect(midtop=(pile.centerx, pile.bottom + 6)))
        if self.animator.turning() is not None:
            for sprite in self.animator.discard[-5:]:
                self._blit_sprite(surface, sprite)
            return
        found = self._discard_layer()
        if found is not None:
            surface.blit(*found)
        for sprite in self.animator.discard:
            if sprite.dst is not None:
                self._blit_sprite(surface, sprite)

    def _draw_pile_top(self, surface: pygame.Surface, depth: int) -> None:
        """A two-sided deck's draw pile shows everyone its top card's other face
        (in a flip, until the middle of the turn, the face it had)."""
        turn = self._turn()
        shown = self.animator.pile_before if turn is not None and turn[1] else self.model.pile_back
        if shown is None:
            return
        self.privacy.shown(shown, PILE, PILE, False)
        face = self._squeezed(self.art.face(self.book.look(shown), self.geometry.pile_size))
        pile = self.geometry.draw_pile
        top = (pile.centerx - (depth - 1) * 2, pile.centery - (depth - 1) * 2)
        surface.blit(face, face.get_rect(center=top))

    def _draw_direction(self, surface: pygame.Surface) -> None:
        ring = self.geometry.ring
        cx, cy = ring.center
        a, b = ring.width / 2, ring.height / 2
        model = self.model
        color = pygame.Color(self.book.color_rgb(model.color) if model.color else (230, 230, 230))
        color = pygame.Color(color).lerp((255, 255, 255), 0.3)
        direction = model.direction
        spin = 0.0 if accessibility.still() else self.animator.clock * 0.35 * direction
        for k in range(4):
            theta = spin + k * math.pi / 2 + math.pi / 4
            x, y = cx + a * math.cos(theta), cy + b * math.sin(theta)
            # Tangent of the ellipse in the direction of play.
            tx, ty = -a * math.sin(theta) * direction, b * math.cos(theta) * direction
            widgets.draw_arrow(surface, (x, y), math.atan2(ty, tx), 13, color)

    # --- the frame ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, lit: Highlights = NO_HIGHLIGHTS) -> None:
        generation = (self.art.generation, text.generation())
        if self._generation != generation:
            # Cards or text changed look (Settings): nothing painted before holds.
            self._generation = generation
            self._layers.clear()
            self._flight_cache.clear()
            self._captions.clear()
            self._backgrounds.clear()
        self._draw_felt(surface)
        self._draw_direction(surface)
        self._draw_piles(surface, lit)
        # The bottom seat last, so its big cards overlap the side seats' edges.
        geometry = self.geometry
        order = [geometry.seat_at_spot(i) for i in range(1, geometry.players)]
        for seat in [*order, geometry.bottom]:
            self._draw_hand(surface, seat, lit)
        for sprite in self.animator.draft_pile:
            self._blit_sprite(surface, sprite)
        for sprite in self.animator.loose:
            self._blit_sprite(surface, sprite)
        self._draw_caption(surface, lit)
