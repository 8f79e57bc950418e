"""The game state and the primitive moves every rule is built from.

The state is a plain mutable object: the facade's `apply` copies it first
unless asked to work in place, which is what makes long simulations fast
while the public contract stays "state + action -> new state + events".

Events are dicts in the replay-log format (`../shared/replay-format.md`),
appended to the list passed down; there is no separate event class because
the log is the event stream.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from game.engine.rng import RandomSource
from game.engine.ruleset import WILD, KindSpec, RuleSet


class CardTable:
    """Per-card facts for one rule set's deck, indexed by card id."""

    def __init__(self, rules: RuleSet) -> None:
        model = rules.model
        self.colors: tuple[str, ...] = tuple(model.colors)
        # Indexed by the colour index; -1 (no colour) reads the trailing None.
        self.color_label: tuple[str | None, ...] = (*self.colors, None)
        self.names: list[str] = []
        self.color: list[int] = []  # index into colors, -1 for a wild
        self.kind: list[KindSpec] = []
        self.effects: list[tuple] = []  # what playing the card does (a face may differ)
        self.symbol: list[str] = []  # what "matches by number or symbol" compares
        self.points: list[int] = []
        self.category: list[str] = []
        for name, spec in rules.kinds.items():
            kind = spec.model
            colours = [-1] if kind.wild else range(len(self.colors))
            for colour in colours:
                # (face, copies, points, effects) of each face of the kind
                faces: list[tuple[str, int, int, tuple]]
                if kind.category == "number":
                    faces = [
                        (
                            str(f),
                            kind.copies_of.get(f, kind.copies),
                            kind.points if isinstance(kind.points, int) else f,
                            spec.face_effects.get(f, spec.effects),
                        )
                        for f in kind.faces or ()
                    ]
                else:
                    # Validation allows points: face on number kinds only.
                    points = kind.points if isinstance(kind.points, int) else 0
                    faces = [(name, kind.copies, points, spec.effects)]
                for face, copies, points, effects in faces:
                    for _ in range(copies):
                        self.effects.append(effects)
                        colour_name = WILD if colour < 0 else self.colors[colour]
                        self.names.append(f"{colour_name}:{face}")
                        self.color.append(colour)
                        self.kind.append(spec)
                        self.symbol.append(face)
                        self.points.append(points)
                        self.category.append(kind.category)
        self.size = len(self.names)
        # The cut for the dealer counts action cards as 0.
        self.cut_value = [
            int(self.symbol[c]) if self.category[c] == "number" else 0 for c in range(self.size)
        ]
        # The colour travels with the play itself only when naming it is the
        # card's first effect; a colour named after a swap or a shuffle is a
        # separate decision, taken once the player sees the new hand.
        self.needs_color = [
            bool(effects)
            and effects[0].name == "choose_color"
            and effects[0].params.who == "self"
            and not effects[0].when
            for effects in self.effects
        ]
        self.by_name: dict[str, int] = {}
        for card_id, card_name in enumerate(self.names):
            self.by_name.setdefault(card_name, card_id)
        # Cards whose restriction makes them illegal (not just challengeable).
        self.restricted = [bool(spec.play_only_if) for spec in self.kind]
        self.refusable = [
            bool(spec.play_only_if) and spec.model.when_not_allowed == "refuse"
            for spec in self.kind
        ]
        # Matching compares small ints rather than face strings.
        symbol_ids: dict[str, int] = {}
        self.symbol_id = [symbol_ids.setdefault(face, len(symbol_ids)) for face in self.symbol]
        # The matching rule, as a table: fits[colour][symbol][card] says whether
        # the card goes on a top card of that symbol while that colour is in
        # force (colour -1, the last row: none named, so only the symbol and
        # wilds). One lookup per card in a hand instead of three comparisons.
        self.fits: tuple[tuple[bytes, ...], ...] = tuple(
            tuple(
                bytes(
                    own < 0 or own == colour or self.symbol_id[card] == symbol
                    for card, own in enumerate(self.color)
                )
                for symbol in range(len(symbol_ids))
            )
            for colour in (*range(len(self.colors)), -1)
        )
        self._plays: dict[int, list[tuple]] = {}

    def plays_for(self, seat: int) -> list[tuple]:
        """Per card id, the Play actions of `seat` for it (one per colour for a
        wild). Actions are immutable values, so games of this rule set share them."""
        found = self._plays.get(seat)
        if found is None:
            from game.engine.actions import Play

            found = [
                tuple(Play(seat, card, colour) for colour in self.colors)
                if self.needs_color[card]
                else (Play(seat, card),)
                for card in range(self.size)
            ]
            self._plays[seat] = found
        return found

    def color_name(self, index: int) -> str | None:
        return self.color_label[index]


@dataclass(slots=True)
class Decision:
    """Who must decide what now. Every kind, and what its `options` hold:

    | kind        | the seat must…                                   | options            |
    |-------------|--------------------------------------------------|--------------------|
    | play        | play a card or draw (its ordinary turn)          | ()                 |
    | drawn       | play what it drew, draw again, or pass           | ()                 |
    | more        | add a card to a play of several cards, or stop   | ()                 |
    | penalty     | take the cards owed, challenge, or stack         | ("stack",) or ()   |
    | color       | name the colour in force                         | colour names       |
    | player      | pick another seat                                | seat numbers       |
    | draft       | keep the card it looks at, or discard it         | ("keep", "discard")|
    | dump        | play all its cards of the colour, or none        | ("all", "none")    |
    | dump_next   | pick which of them goes down next                | card ids           |
    | next_round  | start the next round                             | ()                 |

    (`dump` offers only ("none",) where going out on an action card is
    forbidden and "all" would do it.) `legal_actions` turns these into
    actions: `Choose(seat, option)` answers color, player, draft, dump and
    dump_next."""

    kind: str
    seat: int
    options: tuple = ()


@dataclass(slots=True)
class Penalty:
    """Cards owed by `target`, waiting for them to take, stack or challenge."""

    count: int
    target: int
    source: int
    lose_turn: bool = True
    challengeable: bool = False
    guilty: bool = False
    stacked: bool = False
    stackable: bool = True  # false: nobody may stack on this one
    color_before: str | None = None  # public: what a challenger weighs
    resume_seat: int | None = None  # set when the target is not the next to play


@dataclass(slots=True)
class PlayContext:
    """What the effects being resolved know about the play that caused them."""

    actor: int
    card: int
    color_named: bool = False
    going_out: bool = False
    first_card: bool = False
    allowed: bool = True
    chosen: int | None = None
    prev_color: int = -1  # the colour in force before this card
    cards: list[int] = field(default_factory=list)  # several cards played in one turn, so far
    base_top: int = -1  # the top card before those cards were played


@dataclass(slots=True)
class GameState:
    rules: RuleSet
    cards: CardTable
    flags: Any  # rules.flags: the settings consulted on every action
    plays: list  # per seat, per card id: the shared Play actions (CardTable.plays_for)
    players: int
    names: list[str]
    rng: RandomSource
    target: int | None
    single_round: bool = False
    hands: list[list[int]] = field(default_factory=list)
    draw_pile: list[int] = field(default_factory=list)  # top is the end
    discard: list[int] = field(default_factory=list)  # top is the end
    color: int = -1
    direction: int = 1
    dealer: int = 0
    round_no: int = 0
    scores: list[int] = field(default_factory=list)
    rounds_won: list[int] = field(default_factory=list)
    eliminated: list[bool] = field(default_factory=list)
    pending: Decision | None = None
    penalty: Penalty | None = None
    queue: list = field(default_factory=list)  # effects still to resolve
    ctx: PlayContext | None = None
    uno_called: list[bool] = field(default_factory=list)
    uno_window: int = -1  # seat that may still be caught without an UNO call
    uno_window_passed: bool = False  # another seat has had a turn since it opened
    actor: int = 0
    skips: int = 0
    play_again: bool = False
    drawn: list[int] = field(default_factory=list)
    idle_passes: int = 0
    turns: int = 0
    over: bool = False
    winner: int | None = None
    # legal_actions per seat, valid until the next action changes the state
    legal_cache: dict[int, tuple] = field(default_factory=dict)
    # The draft: the card being looked at, and the draft discard pile
    # (both out of every hand and pile until the draft ends).
    draft_card: int = -1
    draft_discard: list[int] = field(default_factory=list)

    def clone(self) -> GameState:
        """A copy that shares only what never changes during a game: the rules,
        the card table, the shared actions and decisions, the effects queued."""
        ctx = self.ctx
        penalty = self.penalty
        return dataclasses.replace(
            self,
            names=list(self.names),
            rng=self.rng.clone(),
            hands=[list(hand) for hand in self.hands],
            draw_pile=list(self.draw_pile),
            discard=list(self.discard),
            scores=list(self.scores),
            rounds_won=list(self.rounds_won),
            eliminated=list(self.eliminated),
            penalty=None if penalty is None else dataclasses.replace(penalty),
            queue=list(self.queue),
            ctx=None if ctx is None else dataclasses.replace(ctx, cards=list(ctx.cards)),
            uno_called=list(self.uno_called),
            drawn=list(self.drawn),
            legal_cache={},
            draft_discard=list(self.draft_discard),
        )

    # --- seats -------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        return None if self.pending is None else self.pending.seat

    def active_seats(self) -> list[int]:
        return [s for s in range(self.players) if not self.eliminated[s]]

    def next_seat(self, seat: int, direction: int | None = None) -> int:
        step = self.direction if direction is None else direction
        players = self.players
        nxt = (seat + step) % players
        eliminated = self.eliminated
        while eliminated[nxt]:
            nxt = (nxt + step) % players
        return nxt

    # --- cards -------------------------------------------------------------

    @property
    def top(self) -> int:
        return self.discard[-1]

    def matches(self, card: int) -> bool:
        """Colour, number or symbol match against the top card, or a wild."""
        cards = self.cards
        return bool(cards.fits[self.color][cards.symbol_id[self.discard[-1]]][card])

    def play_allowed(self, seat: int, card: int) -> bool:
        """The card's own restriction (Wild Draw Four's "no card of the colour")."""
        spec = self.cards.kind[card]
        if not spec.play_only_if:
            return True
        ctx = PlayContext(actor=seat, card=card)
        return all(fn(self, ctx) == want for fn, want in spec.play_only_if)

    def cannot_finish_on(self, seat: int, card: int) -> bool:
        """`finish_on_action_card: forbidden`: a seat's last card must be a number."""
        return (
            self.flags.finish_forbidden
            and len(self.hands[seat]) == 1
            and self.cards.category[card] != "number"
        )

    def hand_points(self, seat: int) -> int:
        points = self.cards.points
        return sum(points[c] for c in self.hands[seat])

    def refill_draw_pile(self, events: list) -> None:
        """Keep the top discard; shuffle the rest into a new draw pile."""
        if len(self.discard) <= 1:
            return
        moved = self.discard[:-1]
        del self.discard[:-1]
        self.rng.shuffle(moved)
        self.draw_pile[:0] = moved
        events.append({"t": "reshuffle", "cards": len(moved)})

    def can_draw(self) -> bool:
        return bool(self.draw_pile) or len(self.discard) > 1

    def take_cards(self, seat: int, count: int, why: str, events: list) -> list[int]:
        """Move up to `count` cards from the draw pile to a hand; fewer if none are left."""
        pile = self.draw_pile
        if count == 1 and pile:
            taken = [pile.pop()]
        elif len(pile) >= count:
            taken = pile[-count:]
            del pile[-count:]
            taken.reverse()  # the top of the pile (its end) is taken first
        else:
            taken = []
            for _ in range(count):
                if not pile:
                    self.refill_draw_pile(events)
                    if not pile:
                        break
                taken.append(pile.pop())
        if taken:
            self.hands[seat].extend(taken)
            self.uno_called[seat] = False
            if self.uno_window == seat:
                self.uno_window = -1
            names = self.cards.names
            shown = [names[taken[0]]] if len(taken) == 1 else [names[c] for c in taken]
            events.append({"t": "draw", "p": seat, "cards": shown, "why": why})
        return taken
