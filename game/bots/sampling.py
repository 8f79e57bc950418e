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
from collections import Counter

from game.bots.deck import DeckFacts
from game.bots.inference import FIXED, Deal, HandChain, PlayHistory
from game.bots.knowledge import SeatKnowledge
from game.engine import new_game
from game.engine.cards import CardTable, card_table
from game.engine.kind_names import KindName
from game.engine.rng import Rng
from game.engine.sides import face_codes, show_side
from game.engine.state import Decision, GameState
from game.engine.view import View

# The decisions worlds are sampled for: a turn, and the moment after drawing.
SEARCHABLE: frozenset[KindName] = frozenset({"play", "drawn"})
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
# A two-sided deck paired at random: each world pairs the hidden faces anew,
# a card table of about 1.3 ms, a hundred engine actions.
PAIRING_STEPS = 100


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
        # (the side in play's table, the other side's faces in listed order)
        self._listed_back: tuple[CardTable, CardTable] | None = None
        self._side_faces: dict[int, tuple[list[str], dict[str, list[int]]]] = {}
        self.deals = 0  # random deals made for this decision
        self.pairings = 0  # worlds whose hidden faces were paired anew
        self.plays = PlayHistory(deck)
        self.chain: HandChain | None = None

    def can_sample(self, view: View) -> bool:
        pending = view["pending"]
        return (
            pending is not None
            and pending["kind"] in SEARCHABLE
            and pending["seat"] == self.seat
            and view["top"] is not None
            and view["penalty"] is None
        )

    def prepare(self, view: View, knowledge: SeatKnowledge) -> None:
        """Lay out what is fixed at this decision; `world` then deals the rest."""
        deck = self.deck
        seat = self.seat
        knowledge.sync(view)
        self.deals = 0
        self.pairings = 0
        free: list[list[int]] = [list(ids) for ids in deck.ids_of]
        for card in view["hand"]:
            free[deck.nid[card]].remove(card)

        back = view["back"]
        # A two-sided deck: how many unseen cards show each other face, less
        # how many the public faces need, so that a card placed by its face
        # in play (the discard pile) leaves the cards the public faces need.
        spare: Counter[str] = Counter()
        if back is not None:
            spare.update(back.face_names[c] for ids in free for c in ids)
            spare.subtract(f for faces in view["public"] for f in faces)
            if view["pile_back"] is not None:
                spare[view["pile_back"]] -= 1

        def take(name: int) -> int:
            ids = free[name]
            if not ids:
                return -1
            at = len(ids) - 1
            if back is not None:
                at = next(
                    (i for i in reversed(range(len(ids))) if spare[back.face_names[ids[i]]] > 0), at
                )
                spare[back.face_names[ids[at]]] -= 1
            return ids.pop(at)

        self.discard = [take(deck.index[name]) for name in view["discard"]]
        self.bottom = [
            take(name) for name, n in sorted(knowledge.pile_bottom.items()) for _ in range(n)
        ]
        players = view["players"]
        self.known: list[list[int]] = [[] for _ in range(players)]
        self.groups: list[tuple[int, int, int]] = []  # (seat, count, excluded)
        self.publics: list[list[str]] | None = None
        if view["back"] is not None:
            # A two-sided deck: everyone sees the other face of each card in
            # the other hands and of the pile's top card; those are dealt to
            # agree with them (`_deal_public`), the rest at random.
            self.publics = view["public"]
        for other in range(players):
            if other == seat or self.publics is not None:
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
        if self.publics is not None:
            hands, pile = self._deal_public(rng)
        elif not self.plays.seats:
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
        if self.view["side"] is not None and self.view["back"] is None:
            cards = self.view["cards"]
            other = self._paired_anew(hands, pile, rng)
            # The faces in play, each card named with the world's other face
            # (as a match's are: copies are the cards alike on both sides).
            cards = CardTable(cards.rules, cards.side, cards.order, other.face_names)
            state.tables = (cards, other) if cards.side == 0 else (other, cards)
        state.rng = FreshRng(rng.next_u64())
        return state

    def _faces_of_side(self, side: int) -> tuple[list[str], dict[str, list[int]]]:
        """Side `side`'s faces in the order the card table lists them, and
        each face's places in that order: the same for every world."""
        found = self._side_faces.get(side)
        if found is None:
            model = self.deck.rules.model
            codes = face_codes(model, model.side_names()[side])
            places: dict[str, list[int]] = {}
            for index, code in enumerate(codes):
                places.setdefault(code, []).append(index)
            found = self._side_faces[side] = (codes, places)
        return found

    def _paired_anew(self, hands: list[list[int]], pile: list[int], rng: Rng) -> CardTable:
        """A two-sided deck paired at random: the other faces of a world. Which
        faces share a card is hidden like a hand, so each world pairs them
        anew: every card in another hand and the pile's top card shows the
        other face the seat sees there, every other card one of the other
        faces left, at random (the seat's own memory of a pair is not used)."""
        self.pairings += 1
        view = self.view
        cards = view["cards"]
        side = 1 - cards.side
        codes, places = self._faces_of_side(side)
        faces: list[str | None] = [None] * len(codes)
        for other, public in enumerate(view["public"]):
            if other != self.seat:
                for card, face in zip(hands[other], public, strict=False):
                    faces[card] = face
        if pile and view["pile_back"] is not None:
            faces[pile[-1]] = view["pile_back"]
        left = Counter(codes)
        left.subtract(face for face in faces if face is not None)
        spare = [face for face, n in sorted(left.items()) for _ in range(max(0, n))]
        shuffled = list(range(len(spare)))
        rng.shuffle(shuffled)
        spare = [spare[i] for i in shuffled]
        free = {code: at[:] for code, at in places.items()}
        order = []
        for seen in faces:
            face = seen if seen is not None and free.get(seen) else spare.pop()
            order.append(free[face].pop())
        return card_table(self.deck.rules, side).paired(order, cards.face_names)

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
        return (
            DEAL_STEPS * self.deals
            + PAIRING_STEPS * self.pairings
            + self.plays.names_read // NAMES_PER_STEP
        )

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

    def _deal_public(self, rng: Rng) -> tuple[list[list[int]], list[int]]:
        """A two-sided deck's unseen cards dealt so that every card in another
        hand, and the draw pile's top card, shows the other face the seat
        sees there; what is left goes to the pile at random."""
        self.deals += 1
        view = self.view
        back = view["back"]
        assert back is not None and self.publics is not None
        pool = list(self.pool)
        rng.shuffle(pool)
        by_back: dict[str, list[int]] = {}
        for card in pool:
            by_back.setdefault(back.face_names[card], []).append(card)
        hands = [self._public_hand(other, by_back) for other in range(len(self.publics))]
        hands[self.seat] = list(view["hand"])
        top = view["pile_back"]
        found = by_back.get(top) if top is not None else None
        pile_top = found.pop() if found else -1
        rest = [card for cards in by_back.values() for card in cards]
        rng.shuffle(rest)
        for hand in hands:
            # A public face no unseen card shows (only where the seat's memory
            # of the pile's bottom took it): any unseen card stands in.
            for at, card in enumerate(hand):
                if card < 0:
                    hand[at] = rest.pop()
        pile = list(self.bottom) + rest
        if pile_top >= 0:
            pile.append(pile_top)
        return hands, pile

    def _public_hand(self, seat: int, by_back: dict[str, list[int]]) -> list[int]:
        """`seat`'s hand of unseen cards showing its public faces, taken from
        `by_back` (unseen cards by their other face); -1 where none is left."""
        assert self.publics is not None
        if seat == self.seat:
            return []
        hand = []
        for face in self.publics[seat]:
            found = by_back.get(face)
            hand.append(found.pop() if found else -1)
        return hand

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
        back = self.view["back"]
        if back is not None:
            by_back: dict[str, list[int]] = {}
            for card in pool:
                by_back.setdefault(back.face_names[card], []).append(card)
            return [c for c in self._public_hand(seat, by_back) if c >= 0]
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

    def _base_state(self, view: View) -> GameState:
        """The public part of the table as an engine state (hands still empty)."""
        key = (view["players"], view["target"], tuple(view["names"]))
        template = self._bases.get(key)
        if template is None:
            template, _ = new_game(
                self.deck.rules, view["players"], 0, view["names"], target=view["target"]
            )
            self._bases[key] = template
        if view["side"] is not None:
            # The match's faces, the side in play as the view shows it (the
            # template's own, paired by its seed, are dropped: a world holds
            # no faces but the match's). Paired at random, the other faces
            # are hidden: a world pairs them anew (`_paired_anew`); until
            # then they are the deck's faces in the order it lists them.
            cards = view["cards"]
            back = view["back"]
            if back is None:
                if self._listed_back is None or self._listed_back[0] is not cards:
                    listed = card_table(self.deck.rules, 1 - cards.side).paired(
                        None, cards.face_names
                    )
                    self._listed_back = (cards, listed)
                back = self._listed_back[1]
            template.tables = (cards, back) if cards.side == 0 else (back, cards)
            show_side(template, cards.side)
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
        assert pending is not None, "worlds are sampled for an open decision (can_sample)"
        state.pending = Decision(pending["kind"], seat, tuple(pending["options"]))
        drawn = len(view["drawn"])
        state.drawn = list(view["hand"][-drawn:]) if drawn else []
        return state
