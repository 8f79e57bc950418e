"""The game state and the primitive moves every rule is built from.

The state is a plain mutable object: the facade's `apply` copies it first
unless asked to work in place, which is what makes long simulations fast
while the public contract stays "state + action -> new state + events".

Events are dicts in the replay-log format (docs/replay-format.md, typed in
events.py), appended to the list passed down (None on a playout copy, which
builds none: `events.EventSink`); there is no separate event class because
the log is the event stream.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.actions import Action, Play
from game.engine.cards import CardTable
from game.engine.events import EventSink
from game.engine.flags import RuleFlags
from game.engine.pending import Decision, Penalty, PlayContext
from game.engine.rng import RandomSource
from game.engine.ruleset import EffectSpec, RuleSet


@dataclass(slots=True)
class GameState:
    rules: RuleSet
    cards: CardTable
    flags: RuleFlags  # the settings consulted on every action
    plays: list[list[tuple[Play, ...]]]  # per seat, per card id: CardTable.plays_for
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
    queue: list[EffectSpec] = field(default_factory=list)  # effects still to resolve
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
    legal_cache: dict[int, tuple[Action, ...]] = field(default_factory=dict)
    # The draft: the card being looked at, and the draft discard pile
    # (both out of every hand and pile until the draft ends).
    draft_card: int = -1
    draft_discard: list[int] = field(default_factory=list)
    # False on a playout copy (see `clone`): actions build no events.
    writes_events: bool = True
    # A two-sided deck (game/engine/sides.py): one card table per side over
    # the same card ids, and the side in play; `cards` is tables[side].
    tables: tuple[CardTable, ...] = ()
    side: int = 0

    def clone(self, *, events: bool | None = None) -> GameState:
        """A copy that shares only what never changes during a game: the rules,
        the card table, the shared actions and decisions, the effects queued.

        `events=False` makes a playout copy, for a bot that plays games out
        to see where they lead: the very same game, but actions applied to it
        (or to its own copies) build no events and `apply` returns an empty
        list, which makes actions a seventh cheaper (a fifth compiled).
        `events=True` turns them back on; by default a copy does as its
        original does.

        Every field is set here, one by one (tests/engine/test_clone.py checks
        it): in the compiled engine these are direct stores, where the
        dataclass's generated __init__ stays interpreted; bots copy a state
        for every playout."""
        ctx = self.ctx
        penalty = self.penalty
        twin = GameState.__new__(GameState)
        twin.rules = self.rules
        twin.cards = self.cards
        twin.flags = self.flags
        twin.plays = self.plays
        twin.players = self.players
        twin.names = list(self.names)
        twin.rng = self.rng.clone()
        twin.target = self.target
        twin.single_round = self.single_round
        twin.hands = [list(hand) for hand in self.hands]
        twin.draw_pile = list(self.draw_pile)
        twin.discard = list(self.discard)
        twin.color = self.color
        twin.direction = self.direction
        twin.dealer = self.dealer
        twin.round_no = self.round_no
        twin.scores = list(self.scores)
        twin.rounds_won = list(self.rounds_won)
        twin.eliminated = list(self.eliminated)
        twin.pending = self.pending
        twin.penalty = None if penalty is None else penalty.copy()
        twin.queue = list(self.queue)
        twin.ctx = None if ctx is None else ctx.copy()
        twin.uno_called = list(self.uno_called)
        twin.uno_window = self.uno_window
        twin.uno_window_passed = self.uno_window_passed
        twin.actor = self.actor
        twin.skips = self.skips
        twin.play_again = self.play_again
        twin.drawn = list(self.drawn)
        twin.idle_passes = self.idle_passes
        twin.turns = self.turns
        twin.over = self.over
        twin.winner = self.winner
        twin.legal_cache = {}
        twin.draft_card = self.draft_card
        twin.draft_discard = list(self.draft_discard)
        twin.writes_events = self.writes_events if events is None else events
        twin.tables = self.tables
        twin.side = self.side
        return twin

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
    def back(self) -> CardTable | None:
        """The faces not in play (the side a flip turns up), None for a one-sided deck."""
        tables = self.tables
        return tables[(self.side + 1) % len(tables)] if len(tables) > 1 else None

    @property
    def top(self) -> int:
        return self.discard[-1]

    def matches(self, card: int) -> bool:
        """Colour, number or symbol match against the top card, or a wild."""
        cards = self.cards
        return bool(cards.fits_row(self.color, cards.symbol_id[self.discard[-1]])[card])

    def choosable(self, seat: int) -> list[int]:
        """The cards `seat` may pick from to play now: its hand, or after a draw
        on its turn what `turn.play_drawn` leaves open (the drawn cards, the
        whole hand, or none)."""
        if not self.drawn or seat != self.actor:
            return self.hands[seat]
        mode = self.flags.play_drawn
        if mode == "drawn_only":
            return self.drawn
        if mode == "any":
            return self.hands[seat]
        return []

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

    def lay_down(self, seat: int, card: int, color: str | None, events: EventSink) -> int:
        """Move a card from a hand to the discard pile and set the colour in
        force (its own, or `color` named for a wild); returns the card moved.

        Of identical cards in the hand the first one leaves, whichever copy
        was chosen: copies are one card to the rules and to a log, which
        writes names, so the log alone fixes the order of every hand and a
        re-execution (game/log/reexec.py) never has to guess the copy."""
        cards = self.cards
        hand = self.hands[seat]
        names = cards.names
        name = names[card]
        at = 0
        while names[hand[at]] != name:  # the card itself is in the hand: this stops
            at += 1
        card = hand[at]
        del hand[at]
        self.discard.append(card)
        own_color = cards.color[card]
        if own_color >= 0:
            self.color = own_color
        elif color is not None:
            self.color = cards.colors.index(color)
        if events is not None:
            events.append(
                {
                    "t": "play",
                    "p": seat,
                    "card": cards.names[card],
                    "color": cards.color_label[self.color],
                }
            )
        self.turns += 1
        self.idle_passes = 0
        if len(hand) == 1 and not self.uno_called[seat]:
            self.uno_window = seat
            self.uno_window_passed = False
        return card

    def hand_points(self, seat: int) -> int:
        return self.cards.points_of(self.hands[seat])

    def refill_draw_pile(self, events: EventSink) -> None:
        """Keep the top discard; shuffle the rest into a new draw pile."""
        if len(self.discard) <= 1:
            return
        moved = self.discard[:-1]
        del self.discard[:-1]
        self.rng.shuffle(moved)
        self.draw_pile[:0] = moved
        if events is not None:
            events.append({"t": "reshuffle", "cards": len(moved)})

    def can_draw(self) -> bool:
        return bool(self.draw_pile) or len(self.discard) > 1

    def take_cards(self, seat: int, count: int, why: str, events: EventSink) -> list[int]:
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
            if events is not None:
                names = self.cards.names
                shown = [names[taken[0]]] if len(taken) == 1 else [names[c] for c in taken]
                events.append({"t": "draw", "p": seat, "cards": shown, "why": why})
        return taken

    def take_owed(
        self,
        seat: int,
        count: int,
        until_color: int,
        until_side: int,
        why: str,
        events: EventSink,
    ) -> list[int]:
        """Move cards owed to a hand: with `until_color` (a colour index of
        side `until_side`, -1: none) one card at a time until one whose face
        on that side has that colour is drawn (a wild does not count) or
        nothing is left to draw; then `count` more."""
        taken: list[int] = []
        if until_color >= 0:
            color_of = self.tables[until_side].color
            while True:
                got = self.take_cards(seat, 1, why, events)
                taken += got
                if not got or color_of[got[0]] == until_color:
                    break
        if count:
            taken += self.take_cards(seat, count, why, events)
        return taken
