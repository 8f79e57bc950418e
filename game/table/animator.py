"""Engine events turned into motion: every card on the table is a sprite that
tweens from where it was to where the event put it.

`TableAnimator.animate(event)` runs after the table model has taken the event
in; it moves the sprites to match and returns how long the motion holds the
table (the scene feeds the next event once `busy` is False). Which way up a
card is drawn is not decided here: a sprite knows where it comes from and
where it goes (`origin`, `place`), and the renderer asks game/table/privacy.py.

A flip (a two-sided deck turned over) renames every sprite to the card the
other way up at once and starts the turn (`turning`): for its first half the
renderer draws each card as it was, narrowing, for the second half as it is
now, widening again, while the felt changes to the new side's colour. With
reduced motion there is no turn: the cards and the felt change in place.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.engine.card_names import turned
from game.engine.event_kinds import EVENT_KINDS
from game.table.geometry import TableGeometry
from game.table.model import TableModel
from game.table.privacy import DISCARD, PILE, TABLE, Place, Privacy
from game.table.sprite import Sprite
from game.ui import accessibility

DISCARD_ANGLES = (-14, -8, -3, 3, 8, 14)
KEEP_DISCARD = 8  # sprites kept on the discard pile; the model keeps every card
LIFT_PLAYABLE = 18.0
LIFT_SELECTED = 30.0
LIFT_SELECTED_UNPLAYABLE = 8.0

FLIP = 0.9  # seconds every card takes to turn over
FLIP_HOLD = 1.3  # how long a flip holds the table: long enough to see the new side
SHAKE = 0.4  # seconds a refused card shakes
REFUSED = 0.8  # seconds it is outlined instead, with reduced motion

SortKey = Callable[[str], tuple]


class TableAnimator:
    """The sprites of a table and their motion, driven by events."""

    def __init__(
        self,
        geometry: TableGeometry,
        model: TableModel,
        privacy: Privacy,
        sort_key: SortKey,
        *,
        sound: Callable[[str], None] | None = None,
        seed: int = 0,
    ) -> None:
        self.geometry = geometry
        self.model = model
        self.privacy = privacy
        self.sort_key = sort_key
        self.sound = sound
        self.rng = random.Random(seed)
        players = geometry.players
        self.hands: list[list[Sprite]] = [[] for _ in range(players)]
        self.discard: list[Sprite] = []
        self.loose: list[Sprite] = []  # cut cards, cards flying back to the pile
        self.draft_pile: list[Sprite] = []  # UNO Duo's draft discard
        self.leaving: list[Sprite] = []  # dealt or drawn, still waiting on the pile
        self.scale = 1.0  # animation length multiplier (0 = instant)
        self.clock = 0.0
        self.busy_until = 0.0
        # Bumped whenever a seat's (or the discard pile's) sprites change, so the
        # renderer knows when its cached picture of them is stale.
        self.versions = [0] * players
        self.discard_version = 0
        # The lifted hand (the one being played from): seat, lifted names, selected index.
        self._lift: tuple[int | None, frozenset[str], int | None] = (None, frozenset(), None)
        self.prefer_index: int | None = None  # which copy of a card the player clicked
        self.shake: tuple[int, int, float] | None = None  # seat, index, start
        self.refused: tuple[int, int, float] | None = None  # the same, with reduced motion
        self._flip: tuple[float, float] | None = None  # a flip's start and length
        self.pile_before: str | None = None  # the draw pile's top face before the flip

    # --- timing -------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """True while the animation of the last event still holds the table."""
        return self.clock < self.busy_until

    def hold(self, seconds: float) -> float:
        seconds *= self.scale
        self.busy_until = max(self.busy_until, self.clock + seconds)
        return seconds

    def motion(self, seconds: float) -> float:
        """How long a card takes to move (a flight of `seconds` at normal pace):
        no time at all with reduced motion, where cards go straight to their place.
        How long an event holds the table (`hold`) stays the pacing's."""
        return 0.0 if accessibility.still() else seconds * self.scale

    def _sfx(self, name: str) -> None:
        if self.sound is not None and self.scale > 0:
            self.sound(name)

    # --- laying out hands -----------------------------------------------------------

    def relayout_all(self) -> None:
        """Someone else is looking now: hands sort (or not) and settle at once."""
        for seat in range(self.geometry.players):
            self.layout_seat(seat, 0.0)

    def layout_seat(
        self, seat: int, dur: float, new: dict[Sprite, float] | None = None, flight: float = 0.3
    ) -> None:
        hand = self.hands[seat]
        if self.privacy.may_see(seat):
            key = self.sort_key
            hand.sort(key=lambda s: key(s.name))
        size = self.geometry.spot(seat).card_size
        self._apply_lifts(seat)
        new = new or {}
        slots = self.geometry.slots(seat, [s.lift for s in hand])
        for sprite, (x, y, angle) in zip(hand, slots, strict=True):
            if sprite in new:
                sprite.move_to(
                    x, y, angle, size, self.motion(flight), self.motion(new[sprite]), place=seat
                )
            else:
                sprite.move_to(x, y, angle, size, self.motion(dur), place=seat)
        self.versions[seat] += 1

    def _apply_lifts(self, seat: int) -> None:
        lifted_seat, lift, selected = self._lift
        active = seat == lifted_seat
        for i, sprite in enumerate(self.hands[seat]):
            value = 0.0
            if active:
                playable = sprite.name in lift
                if playable:
                    value = LIFT_PLAYABLE
                if i == selected:
                    value = LIFT_SELECTED if playable else LIFT_SELECTED_UNPLAYABLE
            sprite.lift = value

    def lift(self, seat: int | None, lift: frozenset[str], selected: int | None) -> None:
        """Lift the playable cards of the hand being played from (and the selected one more)."""
        wanted = (seat, lift, selected)
        if wanted == self._lift:
            return
        before = self._lift[0]
        self._lift = wanted
        for s in {before, seat} - {None}:
            assert s is not None
            hand = self.hands[s]
            self._apply_lifts(s)
            size = self.geometry.spot(s).card_size
            slots = self.geometry.slots(s, [sp.lift for sp in hand])
            for sprite, (x, y, angle) in zip(hand, slots, strict=True):
                sprite.move_to(x, y, angle, size, self.motion(0.12))
            self.versions[s] += 1

    def shake_card(self, seat: int, index: int) -> None:
        """A refused card shakes; with reduced motion it is outlined in red instead."""
        if accessibility.still():
            self.refused = (seat, index, self.clock)
        else:
            self.shake = (seat, index, self.clock)
        self.versions[seat] += 1

    def turning(self) -> float | None:
        """How far every card has turned over in a flip (0 to 1), or None: no flip
        is under way. Before 0.5 the cards still show the side they had."""
        if self._flip is None:
            return None
        start, length = self._flip
        done = (self.clock - start) / length
        if done >= 1:
            return None
        return max(0.0, done)

    def shown_count(self, seat: int) -> int:
        """Cards in the hand as the players see it: a card counts once it has left the pile."""
        hand = self.hands[seat]
        if not self.leaving:
            return len(hand)
        waiting = self.leaving
        return sum(1 for s in hand if s not in waiting)

    # --- events ---------------------------------------------------------------------

    def animate(self, event: dict) -> float:
        """Move the sprites for one event the model has taken in; the seconds it
        holds. A kind declared `animated` has its method here; the others hold
        the table as long as their kind says (`EventKind.hold`), an unknown
        kind (a newer log) not at all."""
        kind = str(event.get("t"))
        handler = ANIMATES.get(kind)
        if handler is not None:
            return handler(self, event)
        declared = EVENT_KINDS.get(kind)
        return self.hold(declared.hold if declared is not None else 0.0)

    def _new(self, card: str, at: tuple[int, int], place: Place = PILE) -> Sprite:
        return Sprite(card, at[0], at[1], 0, self.geometry.pile_size, place)

    def _cut(self, e: dict) -> float:
        self.gather(0.0)
        for key, card in (e.get("cards") or {}).items():
            spot = self.geometry.spot(int(key))
            cx, cy = spot.rect.center
            sprite = self._new(str(card), self.geometry.draw_center)
            sprite.move_to(cx, cy, 0, spot.card_size, self.motion(0.35), place=TABLE)
            self.loose.append(sprite)
        self._sfx("deal")
        return self.hold(1.4)

    def gather(self, dur: float) -> None:
        """Every card on the table flies back to the draw pile."""
        x, y = self.geometry.draw_center
        everything = [s for hand in self.hands for s in hand] + self.discard + self.loose
        everything += self.draft_pile
        self.draft_pile = []
        for sprite in everything:
            sprite.vanish = True
            sprite.move_to(x, y, 0, self.geometry.pile_size, self.motion(dur), place=PILE)
        self.loose = [s for s in everything if s.moving]
        self.hands = [[] for _ in range(self.geometry.players)]
        self.discard = []
        self.discard_version += 1
        for s in range(self.geometry.players):
            self.versions[s] += 1

    def _round(self, e: dict) -> float:
        self.gather(0.45)
        self._sfx("shuffle")
        return self.hold(0.6)

    def _deal(self, e: dict) -> float:
        return self.deal_all([e])

    def deal_all(self, deals: list[dict]) -> float:
        """Deal like a dealer: one card at a time around the table."""
        center = self.geometry.draw_center
        stagger = 0.045
        new: dict[int, dict[Sprite, float]] = {}
        order = 0
        longest = max((len(d.get("cards", [])) for d in deals), default=0)
        for k in range(longest):
            for d in deals:
                cards = d.get("cards", [])
                if k >= len(cards):
                    continue
                seat = int(d["p"])
                sprite = self._new(str(cards[k]), center)
                self.hands[seat].append(sprite)
                self.leaving.append(sprite)
                new.setdefault(seat, {})[sprite] = order * stagger
                order += 1
        for seat, sprites in new.items():
            self.layout_seat(seat, 0.2, new=sprites, flight=0.3)
        if order:
            self._sfx("deal")
        return self.hold(order * stagger + 0.3)

    def _draft(self, e: dict) -> float:
        seat = int(e["p"])
        sprite = self._new(str(e["card"]), self.geometry.draw_center)
        if e.get("kept"):
            self.hands[seat].append(sprite)
            self.layout_seat(seat, 0.2, new={sprite: 0.0})
        else:
            # The draft discard: face up where the discard pile will be, until the
            # first card is turned and it goes back under the draw pile.
            x, y = self.geometry.discard_center
            angle = self.rng.choice(DISCARD_ANGLES)
            sprite.move_to(x, y, angle, self.geometry.pile_size, self.motion(0.3), place=TABLE)
            self.draft_pile.append(sprite)
        return self.hold(0.35)

    def _to_discard(self, sprite: Sprite, dur: float, delay: float = 0.0) -> None:
        x, y = self.geometry.discard_center
        jitter = (self.rng.uniform(-5, 5), self.rng.uniform(-5, 5))
        angle = self.rng.choice(DISCARD_ANGLES)
        sprite.vanish = False
        sprite.move_to(
            x + jitter[0],
            y + jitter[1],
            angle,
            self.geometry.pile_size,
            self.motion(dur),
            self.motion(delay),
            place=DISCARD,
        )

    def _push_discard(self, sprites: list[Sprite], under: bool = False) -> None:
        if under:
            top = self.discard[-1:]
            self.discard = self.discard[:-1] + sprites + top
        else:
            self.discard += sprites
        if len(self.discard) > KEEP_DISCARD:
            del self.discard[: len(self.discard) - KEEP_DISCARD]
        self.discard_version += 1

    def _start(self, e: dict) -> float:
        x, y = self.geometry.draw_center
        for sprite in self.draft_pile:
            sprite.vanish = True
            sprite.move_to(x, y, 0, self.geometry.pile_size, self.motion(0.35), place=PILE)
            self.loose.append(sprite)
        self.draft_pile = []
        sprite = self._new(str(e["card"]), (x, y))
        self._to_discard(sprite, 0.4)
        self._push_discard([sprite])
        self._sfx("play")
        return self.hold(0.7)

    def _take_from_hand(self, seat: int, card: str, prefer: int | None = None) -> Sprite:
        hand = self.hands[seat]
        if prefer is not None and 0 <= prefer < len(hand) and hand[prefer].name == card:
            return hand.pop(prefer)
        for i, sprite in enumerate(hand):
            if sprite.name == card:
                return hand.pop(i)
        # A card the view did not know about (a log that starts mid-game): make one.
        spot = self.geometry.spot(seat)
        cx, cy = spot.rect.center
        return Sprite(card, cx, cy, spot.angle, spot.card_size, seat)

    def _play(self, e: dict) -> float:
        seat = int(e["p"])
        prefer, self.prefer_index = self.prefer_index, None
        if self._lift[0] != seat:
            prefer = None
        sprite = self._take_from_hand(seat, str(e["card"]), prefer)
        self._to_discard(sprite, 0.36)
        self._push_discard([sprite])
        self.layout_seat(seat, 0.25)
        self._sfx("play")
        return self.hold(0.45)

    def _draw(self, e: dict) -> float:
        seat = int(e["p"])
        cards = e.get("cards", [])
        center = self.geometry.draw_center
        new: dict[Sprite, float] = {}
        for i, card in enumerate(cards):
            sprite = self._new(str(card), center)
            self.hands[seat].append(sprite)
            self.leaving.append(sprite)
            new[sprite] = i * 0.08
        self.layout_seat(seat, 0.22, new=new, flight=0.3)
        n = len(cards)
        if n:
            self._sfx("draw")
        return self.hold(0.3 + 0.08 * max(0, n - 1) + 0.1)

    def _uno(self, e: dict) -> float:
        self._sfx("uno")
        return self.hold(0.7)

    def _catch(self, e: dict) -> float:
        self._sfx("error")
        return self.hold(0.7)

    def _reshuffle(self, e: dict) -> float:
        top = self.discard[-1:]
        x, y = self.geometry.draw_center
        for sprite in self.discard[:-1]:
            sprite.vanish = True
            sprite.move_to(x, y, 0, self.geometry.pile_size, self.motion(0.4), place=PILE)
            self.loose.append(sprite)
        self.discard = top
        self.discard_version += 1
        self._sfx("shuffle")
        return self.hold(0.6)

    def _swap(self, e: dict) -> float:
        a, b = int(e["p"]), int(e["with"])
        self.hands[a], self.hands[b] = self.hands[b], self.hands[a]
        self.layout_seat(a, 0.5)
        self.layout_seat(b, 0.5)
        return self.hold(0.6)

    def _hands(self, e: dict) -> float:
        pool: dict[str, list[Sprite]] = {}
        regathered = isinstance(e.get("discard"), list)
        sources = list(self.hands) + ([self.discard] if regathered else [])
        for hand in sources:
            for sprite in hand:
                pool.setdefault(sprite.name, []).append(sprite)
        at = self.geometry.draw_center if regathered else self.geometry.discard_center
        for seat, cards in enumerate(e.get("hands", [])[: self.geometry.players]):
            fresh = []
            for card in cards:
                found = pool.get(card)
                fresh.append(found.pop() if found else self._new(str(card), at))
            self.hands[seat] = fresh
            self.layout_seat(seat, 0.55)
        if regathered:
            keep = []
            for card in e["discard"]:
                found = pool.get(card)
                keep.append(found.pop() if found else self._new(str(card), at, DISCARD))
            dx, dy = self.geometry.draw_center
            for left in pool.values():
                for sprite in left:
                    sprite.vanish = True
                    sprite.move_to(
                        dx, dy, 0, self.geometry.pile_size, self.motion(0.45), place=PILE
                    )
                    self.loose.append(sprite)
            self.discard = []
            for sprite in keep:
                self._to_discard(sprite, 0.45)
            self._push_discard(keep)
        self._sfx("shuffle")
        return self.hold(0.65)

    def _discard(self, e: dict) -> float:
        """Cards from a hand go under the top card of the discard pile (a card effect)."""
        seat = int(e["p"])
        cards = e.get("cards", [])
        under = []
        for i, card in enumerate(cards):
            sprite = self._take_from_hand(seat, str(card))
            self._to_discard(sprite, 0.35, 0.06 * i)
            under.append(sprite)
        self._push_discard(under, under=True)
        self.layout_seat(seat, 0.25)
        self._sfx("play")
        return self.hold(0.45 + 0.06 * len(cards))

    def _flip_table(self, e: dict) -> float:
        """Every card turns over: each sprite is now the card the other way up,
        and the draw pile, whose top face the table is told next (the one it
        had is drawn for the first half of the turn)."""
        self.pile_before = self.model.pile_back
        groups = [*self.hands, self.discard, self.loose, self.draft_pile, self.leaving]
        for sprite in {id(s): s for group in groups for s in group}.values():
            sprite.name = turned(sprite.name)
        top = self.model.top
        if top is not None and self.discard and self.discard[-1].name != top:
            # Turned over as a stack: the cards now on top were at the bottom.
            x, y = self.geometry.discard_center
            self.discard = []
            fresh = [self._new(card, (x, y), DISCARD) for card in self.model.discard[-5:]]
            for sprite in fresh:
                self._to_discard(sprite, 0.0)
            self._push_discard(fresh)
        self.discard_version += 1
        length = self.motion(FLIP)
        self._flip = (self.clock, length) if length > 0 else None
        for seat in range(self.geometry.players):
            # The faces in play sort the hands now.
            self.layout_seat(seat, FLIP / 2)
        self._sfx("shuffle")
        return self.hold(FLIP_HOLD)

    def _round_end(self, e: dict) -> float:
        self._sfx("win")
        return self.hold(1.1)

    # --- per frame ------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        for seat, hand in enumerate(self.hands):
            for sprite in hand:
                if sprite.dst is not None and sprite.update(dt):
                    self.versions[seat] += 1
        for sprite in self.discard:
            if sprite.dst is not None and sprite.update(dt):
                self.discard_version += 1
        for sprite in self.draft_pile:
            sprite.update(dt)
        if self.leaving:
            self.leaving = [s for s in self.leaving if s.moving and s.t < s.delay]
        if self.loose:
            for sprite in self.loose:
                sprite.update(dt)
            self.loose = [s for s in self.loose if not (s.vanish and not s.moving)]
        if self.shake is not None and self.clock - self.shake[2] > SHAKE:
            self.versions[self.shake[0]] += 1
            self.shake = None
        if self._flip is not None and self.turning() is None:
            self._flip = None
            self.versions = [v + 1 for v in self.versions]
            self.discard_version += 1
        if self.refused is not None and self.clock - self.refused[2] > REFUSED:
            self.versions[self.refused[0]] += 1
            self.refused = None


# The kinds declared `animated`, each its method.
ANIMATES: dict[str, Callable[[TableAnimator, dict], float]] = {
    "cut": TableAnimator._cut,
    "round": TableAnimator._round,
    "deal": TableAnimator._deal,
    "draft": TableAnimator._draft,
    "start": TableAnimator._start,
    "play": TableAnimator._play,
    "draw": TableAnimator._draw,
    "uno": TableAnimator._uno,
    "catch": TableAnimator._catch,
    "reshuffle": TableAnimator._reshuffle,
    "swap": TableAnimator._swap,
    "hands": TableAnimator._hands,
    "discard": TableAnimator._discard,
    "flip": TableAnimator._flip_table,
    "round_end": TableAnimator._round_end,
}
