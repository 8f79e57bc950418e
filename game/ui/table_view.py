"""The table on screen, driven only by engine events.

`TableView` keeps what the players have *seen* so far: every card as a sprite
(in a hand, on the discard pile, or in flight), the colour in force, the
direction, whose turn, UNO calls. A scene feeds it events (`feed(event)`)
one at a time; each returns how long its animation holds the table, and the
scene feeds the next one when `busy` is False. The view never looks at the
game state and never decides a rule.

Privacy is a drawing concern: the view knows every card the events named,
but a hand is drawn face up only for `viewer` (or every hand with `show_all`,
for replays and bot-only tables). The seat at the bottom of the screen is
`bottom`; the others follow clockwise, placed by the Tiled layout.

Drawing lives in `TableDrawing` (game/ui/table_draw.py), which this class
extends: there, a seat whose cards are all at rest is drawn from one cached
layer, the discard pile likewise, so a full table costs a handful of blits.
"""

from __future__ import annotations

import math
import random

import pygame

from game.ui.card_art import CLASSIC_COLORS, CardArt, card_color, parse_card
from game.ui.layout import SeatSpot, TableLayout, load_layout
from game.ui.table_draw import TableDrawing
from game.ui.tween import ease_out_cubic, lerp, lerp_angle

KIND_ORDER = {"skip": 10, "reverse": 11, "draw_two": 12, "wild": 20, "wild_draw_four": 21}
INWARD = {"bottom": (0, -1), "top": (0, 1), "left": (1, 0), "right": (-1, 0)}
DISCARD_ANGLES = (-14, -8, -3, 3, 8, 14)
KEEP_DISCARD = 8


def card_label(card: str) -> str:
    """ "red:7" -> "Red 7", "blue:draw_two" -> "Blue Draw Two", "wild:wild" -> "Wild"."""
    color, face = parse_card(card)
    kind = face.replace("_", " ").title()
    if color == "wild":
        return kind
    return f"{color.title()} {kind}"


def card_sort_key(card: str, colors: tuple[str, ...] = CLASSIC_COLORS) -> tuple:
    color, face = parse_card(card)
    ci = colors.index(color) if color in colors else len(colors) + (color != "wild")
    if face.isdigit():
        return (ci, 0, int(face), face)
    return (ci, 1, KIND_ORDER.get(face, 15), face)


class Sprite:
    """One card on screen: where it is, where it is going, which way up."""

    __slots__ = (
        "name",
        "x",
        "y",
        "angle",
        "w",
        "h",
        "face",
        "face_to",
        "src",
        "dst",
        "t",
        "dur",
        "delay",
        "ease",
        "vanish",
        "lift",
    )

    def __init__(self, name: str, x: float, y: float, angle: float, size, face: bool) -> None:
        self.name = name
        self.x, self.y, self.angle = float(x), float(y), float(angle)
        self.w, self.h = int(size[0]), int(size[1])
        self.face = face
        self.face_to = face
        self.src = self.dst = None
        self.t = self.dur = self.delay = 0.0
        self.ease = ease_out_cubic
        self.vanish = False
        self.lift = 0.0

    @property
    def moving(self) -> bool:
        return self.dst is not None

    @property
    def target(self) -> tuple:
        if self.dst is not None:
            return self.dst
        return (self.x, self.y, self.angle, self.w, self.h)

    def move_to(self, x, y, angle, size, dur, delay=0.0, ease=ease_out_cubic, face=None) -> None:
        dst = (float(x), float(y), float(angle), int(size[0]), int(size[1]))
        if face is not None:
            self.face_to = face
        if dur <= 0 and delay <= 0:
            self.x, self.y, self.angle, self.w, self.h = dst
            self.face = self.face_to
            self.src = self.dst = None
            return
        if self.dst == dst and self.face_to == self.face:
            return
        self.src = (self.x, self.y, self.angle, self.w, self.h)
        self.dst = dst
        self.t = 0.0
        self.dur = max(dur, 1e-6)
        self.delay = delay
        self.ease = ease

    def update(self, dt: float) -> bool:
        """Advance; True when it just arrived."""
        if self.dst is None:
            return False
        self.t += dt
        p = (self.t - self.delay) / self.dur
        if p <= 0:
            return False
        if p >= 1:
            self.x, self.y, self.angle, self.w, self.h = self.dst
            self.face = self.face_to
            self.src = self.dst = None
            return True
        e = self.ease(p)
        sx, sy, sa, sw, sh = self.src
        dx, dy, da, dw, dh = self.dst
        self.x = lerp(sx, dx, e)
        self.y = lerp(sy, dy, e) - math.sin(p * math.pi) * 18  # a little arc
        self.angle = lerp_angle(sa, da, e)
        self.w = round(lerp(sw, dw, e))
        self.h = round(lerp(sh, dh, e))
        if p >= 0.5:
            self.face = self.face_to
        return False


class TableView(TableDrawing):
    """What the table shows, animated from the engine's events."""

    def __init__(
        self,
        art: CardArt,
        players: int,
        names: list[str],
        deck_size: int,
        *,
        layout: TableLayout | None = None,
        colors: tuple[str, ...] = CLASSIC_COLORS,
        sound=None,
        seed: int = 0,
    ) -> None:
        self.art = art
        self.players = players
        self.names = list(names)
        self.deck_size = deck_size
        self.layout = layout or load_layout(players)
        self.colors = tuple(colors)
        self.sound = sound
        self.rng = random.Random(seed)
        self.size = self.layout.size
        self.pile_size = self.layout.piles["discard_pile"].size
        self.hands: list[list[Sprite]] = [[] for _ in range(players)]
        self.discard: list[Sprite] = []
        self.loose: list[Sprite] = []  # cut cards, cards flying back to the pile
        self.draft_pile: list[Sprite] = []  # UNO Duo's draft discard
        self.leaving: list[Sprite] = []  # dealt or drawn, still waiting on the pile
        self.draw_count = 0
        self.discard_count = 0
        self.color: str | None = None
        self.direction = 1
        self.turn: int | None = None
        self.dealer: int | None = None
        self.round_no = 0
        self.uno_called = [False] * players
        self.uno_missing = [False] * players  # down to one card with no UNO call (catchable)
        self.eliminated = [False] * players
        self.scores = [0] * players
        self.bots: set[int] = set()
        self.viewer: int | None = None
        self.show_all = False
        self.bottom = 0
        self.scale = 1.0  # animation length multiplier (0 = instant)
        self.clock = 0.0
        self.busy_until = 0.0
        # Interaction on the bottom hand, set by the play scene.
        self.interactive = False
        self.lift_names: set[str] = set()
        self.selected: int | None = None
        self.draw_hint = False
        self.pick_seats: set[int] = set()  # seats offered in a "choose a player"
        self.pick_focus: int | None = None
        self._shake: tuple[int, float] | None = None
        self.event_text = ""
        self.event_color = pygame.Color(255, 255, 255)
        self._event_t = 0.0
        self._toast: tuple[str, float] | None = None
        self.bursts: list[dict] = []
        self._ring_pulse = 0.0
        self._layers: dict = {}
        self._versions = [0] * players
        self._discard_version = 0
        self._background: pygame.Surface | None = None
        self._badges: dict[tuple, pygame.Surface] = {}
        self._flight_cache: dict[tuple, pygame.Surface] = {}

    # --- geometry ---------------------------------------------------------------

    def spot(self, seat: int) -> SeatSpot:
        return self.layout.seats[(seat - self.bottom) % self.players]

    def seat_at_spot(self, index: int) -> int:
        return (index + self.bottom) % self.players

    @property
    def draw_center(self) -> tuple[int, int]:
        return self.layout.piles["draw_pile"].center

    @property
    def discard_center(self) -> tuple[int, int]:
        return self.layout.piles["discard_pile"].center

    def visible(self, seat: int) -> bool:
        return self.show_all or seat == self.viewer

    def hand_names(self, seat: int) -> list[str]:
        return [s.name for s in self.hands[seat]]

    @property
    def busy(self) -> bool:
        """True while the animation of the last event fed still holds the table."""
        return self.clock < self.busy_until

    def hold(self, seconds: float) -> float:
        seconds *= self.scale
        self.busy_until = max(self.busy_until, self.clock + seconds)
        return seconds

    def _sfx(self, name: str) -> None:
        if self.sound is not None and self.scale > 0:
            self.sound.play(name)

    # --- who sees what ----------------------------------------------------------

    def set_viewer(self, seat: int | None, bottom: bool = True) -> None:
        """Show `seat`'s hand face up (None: every hand face down)."""
        self.viewer = seat
        if seat is not None and bottom:
            self.bottom = seat
        for s in range(self.players):
            self._layout_seat(s, 0.0, refresh_faces=True)
        self._layers.clear()

    def set_show_all(self, value: bool) -> None:
        self.show_all = value
        for s in range(self.players):
            self._layout_seat(s, 0.0, refresh_faces=True)
        self._layers.clear()

    # --- laying out hands -------------------------------------------------------

    def _slots(self, seat: int) -> list[tuple[float, float, float]]:
        spot = self.spot(seat)
        hand = self.hands[seat]
        centers = spot.fan_centers(len(hand))
        ix, iy = INWARD.get(spot.side, (0, -1))
        out = []
        for i, (cx, cy) in enumerate(centers):
            lift = hand[i].lift
            out.append((cx + ix * lift, cy + iy * lift, spot.angle))
        return out

    def _layout_seat(
        self,
        seat: int,
        dur: float,
        new: dict | None = None,
        flight: float = 0.3,
        refresh_faces: bool = False,
    ) -> None:
        hand = self.hands[seat]
        show = self.visible(seat)
        if show:
            key = card_sort_key
            colors = self.colors
            hand.sort(key=lambda s: key(s.name, colors))
        self._apply_lifts(seat)
        spot = self.spot(seat)
        size = spot.card_size
        new = new or {}
        for sprite, (x, y, angle) in zip(hand, self._slots(seat), strict=True):
            if sprite in new:
                sprite.move_to(
                    x, y, angle, size, flight * self.scale, new[sprite] * self.scale, face=show
                )
            else:
                if refresh_faces:
                    sprite.face = sprite.face_to = show
                sprite.move_to(x, y, angle, size, dur * self.scale, face=show)
        self._versions[seat] += 1

    def _apply_lifts(self, seat: int) -> None:
        hand = self.hands[seat]
        active = self.interactive and seat == self.viewer and seat == self.bottom
        for i, sprite in enumerate(hand):
            lift = 0.0
            if active:
                if sprite.name in self.lift_names:
                    lift = 18.0
                if i == self.selected:
                    lift = 30.0 if sprite.name in self.lift_names else 8.0
            sprite.lift = lift

    def set_interaction(self, active: bool, lift: set[str], selected: int | None) -> None:
        if (active, lift, selected) == (self.interactive, self.lift_names, self.selected):
            return
        self.interactive = active
        self.lift_names = set(lift)
        self.selected = selected
        seat = self.bottom
        for sprite, (x, y, angle) in zip(self.hands[seat], self._after_lift(seat), strict=True):
            sprite.move_to(x, y, angle, self.spot(seat).card_size, 0.12 * self.scale)
        self._versions[seat] += 1

    def _after_lift(self, seat: int):
        self._apply_lifts(seat)
        return self._slots(seat)

    # --- feedback ---------------------------------------------------------------

    def shake_card(self, index: int) -> None:
        self._shake = (index, self.clock)
        self._versions[self.bottom] += 1

    def toast(self, message: str, seconds: float = 2.6) -> None:
        self._toast = (message, self.clock + seconds)

    def say(self, message: str, color=(255, 255, 255)) -> None:
        self.event_text = message
        self.event_color = pygame.Color(color)
        self._event_t = self.clock

    def burst(self, message: str, pos, color=(255, 213, 79), size: int = 64, dur=0.9) -> None:
        self.bursts.append(
            {
                "text": message,
                "pos": pos,
                "t0": self.clock,
                "dur": dur,
                "color": color,
                "size": size,
            }
        )

    # --- events -----------------------------------------------------------------

    def feed(self, event: dict) -> float:
        """Animate one engine event; returns the seconds it holds the table."""
        handler = getattr(self, "_on_" + str(event.get("t")), None)
        if handler is None:
            return 0.0
        return handler(event) or 0.0

    def _name(self, seat) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return "?"

    def _on_game(self, e: dict) -> float:
        if e.get("names"):
            self.names = list(e["names"])
        return 0.0

    def _on_cut(self, e: dict) -> float:
        self._gather(0.0)
        for key, card in e.get("cards", {}).items():
            seat = int(key)
            spot = self.spot(seat)
            cx, cy = spot.rect.center
            x, y = self.draw_center
            sprite = Sprite(card, x, y, 0, self.pile_size, False)
            sprite.move_to(cx, cy, 0, spot.card_size, 0.35 * self.scale, face=True)
            self.loose.append(sprite)
        self.say("Cut for the deal: the highest number deals")
        self._sfx("deal")
        return self.hold(1.4)

    def _gather(self, dur: float) -> None:
        """Every card on the table flies back to the draw pile."""
        x, y = self.draw_center
        everything = [s for hand in self.hands for s in hand] + self.discard + self.loose
        everything += self.draft_pile
        self.draft_pile = []
        for sprite in everything:
            sprite.vanish = True
            sprite.move_to(x, y, 0, self.pile_size, dur * self.scale, face=False)
        self.loose = [s for s in everything if s.moving]
        self.hands = [[] for _ in range(self.players)]
        self.discard = []
        self.discard_count = 0
        self._discard_version += 1
        for s in range(self.players):
            self._versions[s] += 1

    def _on_round(self, e: dict) -> float:
        self.round_no = int(e.get("n", self.round_no + 1))
        self.dealer = e.get("dealer")
        self._gather(0.45)
        self.draw_count = self.deck_size
        self.uno_called = [False] * self.players
        self.uno_missing = [False] * self.players
        self.color = None
        self.direction = 1
        self.turn = None
        self.say(f"Round {self.round_no}: {self._name(self.dealer)} deals")
        self._sfx("shuffle")
        return self.hold(0.6)

    def _on_deal(self, e: dict) -> float:
        return self.deal_all([e])

    def deal_all(self, deals: list[dict]) -> float:
        """Deal like a dealer: one card at a time around the table."""
        x, y = self.draw_center
        stagger = 0.045
        new: dict[int, dict] = {}
        order = 0
        longest = max((len(d.get("cards", [])) for d in deals), default=0)
        for k in range(longest):
            for d in deals:
                cards = d.get("cards", [])
                if k >= len(cards):
                    continue
                seat = int(d["p"])
                sprite = Sprite(cards[k], x, y, 0, self.pile_size, False)
                self.hands[seat].append(sprite)
                self.leaving.append(sprite)
                new.setdefault(seat, {})[sprite] = order * stagger
                order += 1
        for seat, sprites in new.items():
            self._layout_seat(seat, 0.2, new=sprites, flight=0.3)
        self.draw_count = max(0, self.draw_count - order)
        if order:
            self._sfx("deal")
        return self.hold(order * stagger + 0.3)

    def _on_draft(self, e: dict) -> float:
        seat = int(e["p"])
        card = e["card"]
        x, y = self.draw_center
        sprite = Sprite(card, x, y, 0, self.pile_size, False)
        self.draw_count = max(0, self.draw_count - 1)
        if e.get("kept"):
            self.hands[seat].append(sprite)
            self._layout_seat(seat, 0.2, new={sprite: 0.0})
        else:
            # The draft discard: face up where the discard pile will be, until the
            # first card is turned and it goes back under the draw pile.
            x, y = self.discard_center
            angle = self.rng.choice(DISCARD_ANGLES)
            sprite.move_to(x, y, angle, self.pile_size, 0.3 * self.scale, face=True)
            self.draft_pile.append(sprite)
        return self.hold(0.35)

    def _to_discard(self, sprite: Sprite, dur: float, face: bool = True) -> None:
        x, y = self.discard_center
        jitter = (self.rng.uniform(-5, 5), self.rng.uniform(-5, 5))
        angle = self.rng.choice(DISCARD_ANGLES)
        sprite.vanish = False
        sprite.move_to(
            x + jitter[0], y + jitter[1], angle, self.pile_size, dur * self.scale, face=face
        )
        self.discard.append(sprite)
        self.discard_count += 1
        if len(self.discard) > KEEP_DISCARD:
            del self.discard[: len(self.discard) - KEEP_DISCARD]
        self._discard_version += 1

    def _on_start(self, e: dict) -> float:
        x, y = self.draw_center
        if self.draft_pile:
            for sprite in self.draft_pile:
                sprite.vanish = True
                sprite.move_to(x, y, 0, self.pile_size, 0.35 * self.scale, face=False)
                self.loose.append(sprite)
            self.draw_count += len(self.draft_pile)
            self.draft_pile = []
        sprite = Sprite(e["card"], x, y, 0, self.pile_size, False)
        self.draw_count = max(0, self.draw_count - 1)
        self._to_discard(sprite, 0.4)
        self._set_color(e.get("color"))
        self.direction = int(e.get("direction", 1))
        self.say(f"First card: {card_label(e['card'])}")
        self._sfx("play")
        return self.hold(0.7)

    def _set_color(self, color: str | None) -> None:
        if color != self.color:
            self.color = color
            self._ring_pulse = self.clock

    def _take_from_hand(self, seat: int, card: str, prefer: int | None = None) -> Sprite:
        hand = self.hands[seat]
        if prefer is not None and 0 <= prefer < len(hand) and hand[prefer].name == card:
            return hand.pop(prefer)
        for i, sprite in enumerate(hand):
            if sprite.name == card:
                return hand.pop(i)
        # A card the view did not know about (a log that starts mid-game): make one.
        spot = self.spot(seat)
        cx, cy = spot.rect.center
        return Sprite(card, cx, cy, spot.angle, spot.card_size, self.visible(seat))

    prefer_index: int | None = None

    def _on_play(self, e: dict) -> float:
        seat = int(e["p"])
        card = e["card"]
        prefer = self.prefer_index if seat == self.bottom else None
        self.prefer_index = None
        sprite = self._take_from_hand(seat, card, prefer)
        self._to_discard(sprite, 0.36, face=True)
        self._layout_seat(seat, 0.25)
        color = e.get("color")
        self._set_color(color)
        self.turn = seat
        label = card_label(card)
        _, face = parse_card(card)
        if parse_card(card)[0] == "wild" and color:
            label = f"{label}: {color}"
        self.say(f"{self._name(seat)} plays {label}", self._ink(color))
        if len(self.hands[seat]) != 1:
            self.uno_called[seat] = False
        self.uno_missing = [False] * self.players
        self.uno_missing[seat] = len(self.hands[seat]) == 1 and not self.uno_called[seat]
        self._sfx("play")
        return self.hold(0.45)

    def _ink(self, color: str | None):
        if color is None:
            return (255, 255, 255)
        return pygame.Color(card_color(color)).lerp((255, 255, 255), 0.35)

    def _on_draw(self, e: dict) -> float:
        seat = int(e["p"])
        cards = e.get("cards", [])
        x, y = self.draw_center
        new = {}
        for i, card in enumerate(cards):
            sprite = Sprite(card, x, y, 0, self.pile_size, False)
            self.hands[seat].append(sprite)
            self.leaving.append(sprite)
            new[sprite] = i * 0.08
        self._layout_seat(seat, 0.22, new=new, flight=0.3)
        self.draw_count = max(0, self.draw_count - len(cards))
        self.uno_called[seat] = False
        self.uno_missing[seat] = False
        n = len(cards)
        why = e.get("why", "turn")
        who = self._name(seat)
        plural = "card" if n == 1 else "cards"
        if why == "uno":
            msg = f"{who} draws {n} for a missed UNO"
        elif why == "challenge":
            msg = f"{who} draws {n} after the challenge"
        elif why == "penalty":
            msg = f"{who} draws {n}!"
        else:
            msg = f"{who} draws {n} {plural}" if n != 1 else f"{who} draws a card"
        self.say(msg)
        if why == "penalty" and n >= 2:
            self.burst(f"+{n}", self._badge_center(seat), (255, 120, 90), 58)
        if n:
            self._sfx("draw")
        return self.hold(0.3 + 0.08 * max(0, n - 1) + 0.1)

    def _on_pass(self, e: dict) -> float:
        self.say(f"{self._name(int(e['p']))} passes")
        return self.hold(0.35)

    def _on_turn(self, e: dict) -> float:
        self.turn = int(e["p"])
        return 0.0

    def _on_skip(self, e: dict) -> float:
        seat = int(e["p"])
        self.say(f"Skip! {self._name(seat)} misses a turn", (255, 200, 120))
        self.burst("SKIP", self._badge_center(seat), (255, 140, 90), 50)
        return self.hold(0.55)

    def _on_direction(self, e: dict) -> float:
        self.direction = int(e.get("direction", -self.direction))
        self.say("Reverse!", (255, 213, 79))
        self.burst("REVERSE", self.layout.piles["direction_ring"].center, (255, 213, 79), 56)
        return self.hold(0.6)

    def _on_color(self, e: dict) -> float:
        color = e.get("color")
        self._set_color(color)
        self.say(f"{self._name(e.get('p'))} names {color}", self._ink(color))
        return self.hold(0.45)

    def _on_uno(self, e: dict) -> float:
        seat = int(e["p"])
        self.uno_called[seat] = True
        self.uno_missing[seat] = False
        self.say(f"{self._name(seat)}: UNO!", (255, 213, 79))
        self.burst("UNO!", self._badge_center(seat), (255, 213, 79), 84, dur=1.0)
        self._sfx("uno")
        return self.hold(0.7)

    def _on_catch(self, e: dict) -> float:
        by, seat = int(e["by"]), int(e["p"])
        self.say(f"Caught! {self._name(by)} catches {self._name(seat)}", (255, 140, 90))
        self.burst("CAUGHT!", self._badge_center(seat), (255, 110, 90), 64)
        self._sfx("error")
        return self.hold(0.7)

    def _on_challenge(self, e: dict) -> float:
        by, seat = int(e["by"]), int(e["p"])
        if e.get("guilty"):
            msg = f"Challenge! {self._name(seat)} bluffed"
        else:
            msg = f"Challenge fails: {self._name(seat)} played fair"
        self.say(msg, (255, 200, 120))
        self.burst("CHALLENGE!", self._badge_center(by), (255, 200, 120), 54)
        return self.hold(0.9)

    def _on_reveal(self, e: dict) -> float:
        return 0.0  # private: the scene shows it to the one seat allowed to see

    def _on_reshuffle(self, e: dict) -> float:
        n = int(e.get("cards", 0))
        top = self.discard[-1:] if self.discard else []
        x, y = self.draw_center
        for sprite in self.discard[:-1]:
            sprite.vanish = True
            sprite.move_to(x, y, 0, self.pile_size, 0.4 * self.scale, face=False)
            self.loose.append(sprite)
        self.discard = top
        self.discard_count = len(top)
        self._discard_version += 1
        self.draw_count += n
        self.say(f"Reshuffle: {n} cards back into the pile")
        self._sfx("shuffle")
        return self.hold(0.6)

    def _on_swap(self, e: dict) -> float:
        a, b = int(e["p"]), int(e["with"])
        self.hands[a], self.hands[b] = self.hands[b], self.hands[a]
        self._layout_seat(a, 0.5, refresh_faces=True)
        self._layout_seat(b, 0.5, refresh_faces=True)
        self.say(f"{self._name(a)} swaps hands with {self._name(b)}")
        return self.hold(0.6)

    def _on_hands(self, e: dict) -> float:
        pool: dict[str, list[Sprite]] = {}
        regathered = isinstance(e.get("discard"), list)
        sources = list(self.hands) + ([self.discard] if regathered else [])
        for hand in sources:
            for sprite in hand:
                pool.setdefault(sprite.name, []).append(sprite)
        x, y = self.draw_center if regathered else self.discard_center
        for seat, cards in enumerate(e.get("hands", [])):
            fresh = []
            for card in cards:
                found = pool.get(card)
                fresh.append(found.pop() if found else Sprite(card, x, y, 0, self.pile_size, False))
            self.hands[seat] = fresh
            self._layout_seat(seat, 0.55, refresh_faces=True)
        if regathered:
            # A redeal that gathered the discard pile too: it is now just these cards,
            # and the draw pile is whatever the redeal did not deal.
            keep = []
            for card in e["discard"]:
                found = pool.get(card)
                keep.append(found.pop() if found else Sprite(card, x, y, 0, self.pile_size, True))
            dx, dy = self.draw_center
            for left in pool.values():
                for sprite in left:
                    sprite.vanish = True
                    sprite.move_to(dx, dy, 0, self.pile_size, 0.45 * self.scale, face=False)
                    self.loose.append(sprite)
            self.discard = []
            self.discard_count = 0
            for sprite in keep:
                self._to_discard(sprite, 0.45)
            in_hands = sum(len(h) for h in self.hands)
            self.draw_count = max(0, self.deck_size - in_hands - self.discard_count)
        self.say("Hands are passed around")
        self._sfx("shuffle")
        return self.hold(0.65)

    def _on_discard(self, e: dict) -> float:
        """Cards from a hand go under the top card of the discard pile (a card effect)."""
        seat = int(e["p"])
        cards = e.get("cards", [])
        x, y = self.discard_center
        under = []
        for i, card in enumerate(cards):
            sprite = self._take_from_hand(seat, card)
            sprite.vanish = False
            angle = self.rng.choice(DISCARD_ANGLES)
            sprite.move_to(
                x, y, angle, self.pile_size, 0.35 * self.scale, 0.06 * i * self.scale, face=True
            )
            under.append(sprite)
        top = self.discard[-1:] if self.discard else []
        self.discard = (self.discard[:-1] + under + top)[-KEEP_DISCARD:]
        self.discard_count += len(under)
        self._discard_version += 1
        self._layout_seat(seat, 0.25)
        n = len(cards)
        self.say(f"{self._name(seat)} discards {n} card{'s' if n != 1 else ''}")
        self._sfx("play")
        return self.hold(0.45 + 0.06 * n)

    def _on_chose(self, e: dict) -> float:
        self.say(f"{self._name(e.get('p'))} picks {self._name(e.get('player'))}")
        return self.hold(0.4)

    def _on_eliminated(self, e: dict) -> float:
        seat = int(e["p"])
        self.eliminated[seat] = True
        self.say(f"{self._name(seat)} is out of the match")
        return self.hold(0.6)

    def _on_round_end(self, e: dict) -> float:
        winner = e.get("winner")
        self.turn = None
        if isinstance(e.get("scores"), list):
            self.scores = list(e["scores"])
        if e.get("blocked"):
            self.say(f"Blocked! {self._name(winner)} has the lowest hand", (255, 213, 79))
        else:
            self.say(f"{self._name(winner)} wins the round!", (255, 213, 79))
        if isinstance(winner, int):
            self.burst("ROUND!", self._badge_center(winner), (255, 213, 79), 70, dur=1.0)
        self._sfx("win")
        return self.hold(1.1)

    def _on_game_end(self, e: dict) -> float:
        self.say(f"{self._name(e.get('winner'))} wins the match!", (255, 213, 79))
        if isinstance(e.get("scores"), list):
            self.scores = list(e["scores"])
        return 0.0

    # --- per-frame --------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        for seat, hand in enumerate(self.hands):
            for sprite in hand:
                if sprite.dst is not None and sprite.update(dt):
                    self._versions[seat] += 1
        for sprite in self.discard:
            if sprite.dst is not None and sprite.update(dt):
                self._discard_version += 1
        for sprite in self.draft_pile:
            sprite.update(dt)
        if self.leaving:
            self.leaving = [s for s in self.leaving if s.moving and s.t < s.delay]
        if self.loose:
            for sprite in self.loose:
                sprite.update(dt)
            self.loose = [s for s in self.loose if not (s.vanish and not s.moving)]
        if self.bursts:
            self.bursts = [
                b for b in self.bursts if self.clock - b["t0"] < b["dur"] * max(self.scale, 0.01)
            ]
        if self._shake is not None and self.clock - self._shake[1] > 0.4:
            self._shake = None
            self._versions[self.bottom] += 1

    # --- hit tests --------------------------------------------------------------

    def hand_hit(self, pos) -> int | None:
        """Index of the bottom hand's card under `pos` (the topmost one)."""
        hand = self.hands[self.bottom]
        for i in range(len(hand) - 1, -1, -1):
            s = hand[i]
            x, y, _, w, h = s.target
            rect = pygame.Rect(0, 0, w, h)
            rect.center = (round(x), round(y))
            if rect.collidepoint(pos):
                return i
        return None

    def seat_hit(self, pos) -> int | None:
        for seat in range(self.players):
            spot = self.spot(seat)
            if spot.label_rect.inflate(12, 12).collidepoint(pos) or spot.rect.collidepoint(pos):
                return seat
        return None

    def draw_pile_hit(self, pos) -> bool:
        return self.layout.piles["draw_pile"].inflate(10, 10).collidepoint(pos)

    def _badge_center(self, seat: int) -> tuple[int, int]:
        spot = self.spot(seat)
        if spot.side == "bottom":
            return (spot.rect.centerx, spot.rect.top - 10)
        return spot.label_rect.center
