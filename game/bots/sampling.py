"""Engine states that agree with everything one seat has seen.

The search plays rounds out on real engine states, so that every rule, a
modder's included, is the engine's own. A seat's `view` says what is public
and what it holds; `SeatKnowledge` says what it learnt of the other hands.
`TableSampler` turns both into *worlds*: a full `GameState` with the seat's
own hand, the discard pile, the colour, the scores and the decision it faces
exactly as they are, and the cards it cannot see dealt at random into the
other hands and the draw pile, respecting every hand's size, the cards known
to be in it and the names it is known not to hold. The worlds of one decision
are dealt along a chain (`game.bots.inference.HandChain`) that visits deals in
proportion to how well they explain the plays the other seats made this round:
a seat that played a wild with nobody about to go out probably held nothing
else that fitted.

A world is built only for the decisions a seat takes on its own turn with
nothing half-resolved ("play" and "drawn"): there the engine's state is fully
described by the view. Decisions taken in the middle of a card's effects (a
colour, a player, a dump) are left to the heuristics.
"""

from __future__ import annotations

import math

from game.bots.deck import DeckFacts
from game.bots.inference import FIXED, Deal, HandChain, PlayHistory
from game.bots.knowledge import SeatKnowledge
from game.engine import new_game
from game.engine.rng import Rng
from game.engine.state import Decision, GameState

SEARCHABLE = ("play", "drawn")
# The chain over deals starts from one of a few random deals, drawn in
# proportion to how well each explains the other seats' plays this round
# (see `TableSampler._start_chain`); the chain's moves do the rest.
DEALS = 6
# Chain moves between one world and the next (see `game.bots.inference.HandChain`).
# Six moves left the worlds of one decision too alike; twenty take them a
# fair way apart.
MOVES = 20
# What dealing and weighing worlds cost, in engine actions of a playout
# (about 12 µs each on the Python engine): a random deal, and every
# `NAMES_PER_STEP` cards a hand is read for its plays (a chain's move reads
# about 24 in classic, more where hands are larger or plays many). The
# search counts it in its budget, so that a decision with short playouts
# and many worlds, or hands of thirty cards, stays as quick.
DEAL_STEPS = 2
NAMES_PER_STEP = 24


class FreshRng:
    """A world's generator, made only when first used: the copies a search
    plays out then start alike (the same luck for every candidate) and cost
    a seeding, not a copy of a generator's state."""

    __slots__ = ("rng", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng: Rng | None = None

    def _made(self) -> Rng:
        if self.rng is None:
            self.rng = Rng(self.seed)
        return self.rng

    def below(self, n: int) -> int:
        return self._made().below(n)

    def shuffle(self, items: list) -> None:
        self._made().shuffle(items)

    def clone(self) -> Rng:
        return Rng(self.seed) if self.rng is None else self.rng.clone()


class TableSampler:
    """Deals worlds for one seat at one decision (`prepare`, then `world`)."""

    def __init__(self, deck: DeckFacts, seat: int) -> None:
        self.deck = deck
        self.seat = seat
        self._bases: dict[tuple, GameState] = {}
        self.deals = 0  # random deals made for this decision
        self.plays = PlayHistory(deck)
        self.chain: HandChain | None = None

    def can_sample(self, view: dict) -> bool:
        pending = view["pending"]
        return (
            pending is not None
            and pending["kind"] in SEARCHABLE
            and pending["seat"] == self.seat
            and view["top"] is not None
            and view["penalty"] is None
            # A two-sided deck's worlds would need the other faces of the
            # hidden cards dealt too: not sampled yet, the strong bot decides.
            and view["side"] is None
        )

    def prepare(self, view: dict, knowledge: SeatKnowledge) -> None:
        """Lay out what is fixed at this decision; `world` then deals the rest."""
        deck = self.deck
        seat = self.seat
        knowledge.sync(view)
        self.deals = 0
        free: list[list[int]] = [list(ids) for ids in deck.ids_of]
        for card in view["hand"]:
            free[deck.nid[card]].remove(card)

        def take(name: int) -> int:
            ids = free[name]
            return ids.pop() if ids else -1

        self.discard = [take(deck.index[name]) for name in view["discard"]]
        self.bottom = [
            take(name) for name, n in sorted(knowledge.pile_bottom.items()) for _ in range(n)
        ]
        players = view["players"]
        self.known: list[list[int]] = [[] for _ in range(players)]
        self.groups: list[tuple[int, int, int]] = []  # (seat, count, excluded)
        for other in range(players):
            if other == seat:
                continue
            known, groups = knowledge.constraints(other)
            for name, n in sorted(known.items()):
                self.known[other].extend(c for c in (take(name) for _ in range(n)) if c >= 0)
            self.groups.extend((other, count, excluded) for count, excluded in groups)
            short = view["hand_sizes"][other] - len(self.known[other])
            short -= sum(count for count, _ in groups)
            if short > 0:  # a belief that named a card no longer there
                self.groups.append((other, short, 0))
        # Most constrained first, so the greedy deal rarely runs out.
        self.groups.sort(key=lambda g: -g[2].bit_count())
        self.pool = [card for ids in free for card in ids]
        self.plays.prepare(knowledge, [s for s in range(players) if s != seat])
        self.chain = None
        self.view = view
        self.base = self._base_state(view)

    def world(self, rng: Rng) -> GameState:
        """One random world consistent with what the seat knows, and likely
        given how the other seats played (see `HandChain`)."""
        if not self.plays.seats:
            hands, pile = self._deal(rng).cards()
        else:
            if self.chain is None:
                self.chain = self._start_chain(rng)
            chain = self.chain
            for _ in range(MOVES):
                chain.move(rng)
            hands, pile = chain.deal.cards()
            # The pile's order says nothing of the plays: each world its own.
            loose = pile[chain.deal.loose :]
            rng.shuffle(loose)
            pile[chain.deal.loose :] = loose
        state = self.base.clone()
        state.hands = hands
        state.draw_pile = pile
        state.rng = FreshRng(rng.next_u64())
        return state

    def _start_chain(self, rng: Rng) -> HandChain:
        """A chain started from one of a few random deals, drawn in proportion
        to how well each explains the plays."""
        deals = [self._deal(rng) for _ in range(DEALS)]
        likelihoods = [self.plays.likelihoods(deal.hands, rng) for deal in deals]
        weights = [math.prod(seats.values()) for seats in likelihoods]
        pick = rng.below(1 << 30) / (1 << 30) * sum(weights)
        chosen = len(deals) - 1
        for i, weight in enumerate(weights):
            pick -= weight
            if pick < 0:
                chosen = i
                break
        return HandChain(self.plays, deals[chosen], likelihoods[chosen])

    @property
    def dealing_steps(self) -> int:
        """What dealing this decision's worlds has cost so far, in engine actions."""
        return DEAL_STEPS * self.deals + self.plays.names_read // NAMES_PER_STEP

    def _deal(self, rng: Rng) -> Deal:
        """The unseen cards dealt at random into the hands and the draw pile,
        keeping every hand's size, known cards and exclusions."""
        self.deals += 1
        view = self.view
        deck = self.deck
        nid = deck.nid
        pool = list(self.pool)
        rng.shuffle(pool)
        taken = bytearray(len(pool))
        hands = [list(cards) for cards in self.known]
        hands[self.seat] = list(view["hand"])
        # Per card, the names it is known not to be (-1, all: it is known).
        masks = [[FIXED] * len(hand) for hand in hands]
        for seat, count, excluded in self.groups:
            hand = hands[seat]
            mask = masks[seat]
            need = count
            for i, card in enumerate(pool):
                if need == 0:
                    break
                if not taken[i] and not excluded >> nid[card] & 1:
                    taken[i] = 1
                    hand.append(card)
                    mask.append(excluded)
                    need -= 1
            if need:  # beliefs too tight for the cards left: relax them
                for i, card in enumerate(pool):
                    if need == 0:
                        break
                    if not taken[i]:
                        taken[i] = 1
                        hand.append(card)
                        mask.append(0)
                        need -= 1
        pile = list(self.bottom)
        loose = len(pile)
        pile.extend(card for i, card in enumerate(pool) if not taken[i])
        return Deal(hands, masks, pile, loose)

    def own_state(self) -> GameState:
        """The public table with only the seat's own hand dealt: enough to ask
        the engine about the seat's own cards (is this play a bluff?)."""
        state = self.base.clone()
        state.hands[self.seat] = list(self.view["hand"])
        return state

    def sample_hand(self, seat: int, rng: Rng) -> list[int]:
        """One guess at `seat`'s hand alone, as `world` would deal it."""
        nid = self.deck.nid
        pool = list(self.pool)
        rng.shuffle(pool)
        hand = list(self.known[seat])
        for owner, count, excluded in self.groups:
            if owner != seat:
                continue
            fitting = [c for c in pool if not excluded >> nid[c] & 1][:count]
            if len(fitting) < count:
                fitting += [c for c in pool if c not in fitting][: count - len(fitting)]
            hand.extend(fitting)
            pool = [c for c in pool if c not in fitting]
        return hand

    def _base_state(self, view: dict) -> GameState:
        """The public part of the table as an engine state (hands still empty)."""
        key = (view["players"], view["target"], tuple(view["names"]))
        template = self._bases.get(key)
        if template is None:
            template, _ = new_game(
                self.deck.rules, view["players"], 0, view["names"], target=view["target"]
            )
            self._bases[key] = template
        # A playout copy: worlds and their copies build no events (nothing reads them).
        state = template.clone(events=False)
        seat = self.seat
        pending = view["pending"]
        state.discard = [c for c in self.discard if c >= 0]
        state.color = -1 if view["color"] is None else self.deck.colors.index(view["color"])
        state.direction = view["direction"]
        state.dealer = view["dealer"]
        state.round_no = view["round"]
        state.scores = list(view["scores"])
        state.eliminated = list(view["eliminated"])
        state.uno_called = list(view["uno_called"])
        state.uno_window = -1
        state.penalty = None
        state.queue = []
        state.ctx = None
        state.skips = 0
        state.play_again = False
        state.idle_passes = 0
        state.turns = 0
        state.over = False
        state.winner = None
        state.draft_card = -1
        state.draft_discard = []
        state.actor = seat
        state.pending = Decision(pending["kind"], seat, tuple(pending["options"]))
        drawn = len(view["drawn"])
        state.drawn = list(view["hand"][-drawn:]) if drawn else []
        return state
