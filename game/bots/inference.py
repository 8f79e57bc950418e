"""What the other seats' plays say of the cards they hold.

A seat that plays as the playout policy does (`game.bots.playout.preference`)
gives its hand away a little with every play: a wild played with nobody about
to go out says nothing else fitted; a run of one colour says it holds most of
that colour. `PlayModel` says how likely one play was from a given hand;
`PlayHistory` takes a guessed hand back through everything its seat did this
round (`game.bots.knowledge` keeps the clues) and says how well the guess
explains all its plays; `HandChain` walks from one guessed deal to the next so
that the deals it visits are drawn in proportion to that (Metropolis–Hastings).
The search's worlds (`game.bots.sampling`) are dealt along such a chain.
"""

from __future__ import annotations

import math

from game.bots.deck import DeckFacts
from game.bots.knowledge import Clue, Gained, SeatKnowledge
from game.bots.playout import preference
from game.engine.rng import Rng

# How closely a seat is believed to follow the playout policy's preferences
# (per point of preference), and the chance it played any fitting card instead.
SHARPNESS = 1.5
SLIP = 0.1
FIXED = -1  # a card's mask when it is known: it can be no other name


class PlayModel:
    """How likely a seat was to make a play, had it held a given hand and
    chosen as the playout policy does (`game.bots.playout.preference`),
    with every preference's weight worked out once per deck."""

    def __init__(self, deck: DeckFacts) -> None:
        self.deck = deck
        self.colors = len(deck.colors)
        # weight[threatened][favourite][name]
        self.weight = [
            [
                [
                    math.exp(
                        SHARPNESS
                        * preference(
                            deck.wild[name],
                            favourite,
                            deck.is_number[name],
                            deck.points[name],
                            threatened,
                        )
                    )
                    for name in range(deck.size)
                ]
                for favourite in (False, True)
            ]
            for threatened in (False, True)
        ]

    def likelihood(self, names: list[int], clue: Clue) -> float:
        """The chance that a seat holding `names` made the play `clue`."""
        fits, threatened, played, named, _, _ = clue
        color_of = self.deck.color
        counts = [0] * self.colors
        for name in names:
            if color_of[name] >= 0:
                counts[color_of[name]] += 1
        # Which of two colours held alike a seat favours depends on its hand's
        # order, which nobody else sees: both count as its favourite.
        most = max(counts)
        weights = self.weight[threatened]
        total = 0.0
        chosen = 0.0
        options = 0
        for name in names:
            if not fits >> name & 1:
                continue
            color = color_of[name]
            # A wild is one option per colour it may name; another card, one.
            for named_here in range(self.colors) if color < 0 else (color,):
                weight = weights[counts[named_here] == most][name]
                total += weight
                options += 1
                if name == played and (color >= 0 or named_here == named):
                    chosen += weight
        if not options:
            return 1.0
        return (1 - SLIP) * chosen / total + SLIP / options


class PlayHistory:
    """The other seats' plays this round, as one seat saw them, and how well
    a guess at their hands explains them."""

    def __init__(self, deck: DeckFacts) -> None:
        self.deck = deck
        self.model = PlayModel(deck)
        # Per seat with plays to explain: its clues, and what it gained and
        # played otherwise since the last of them.
        self.history: dict[int, tuple[list[Clue], Gained, tuple[int, ...]]] = {}
        self.seats: list[int] = []
        self.names_read = 0  # cards read by `seat_likelihood` since `prepare`: its cost

    def prepare(self, knowledge: SeatKnowledge, others: list[int]) -> None:
        self.names_read = 0
        self.history = {
            seat: (list(knowledge.clues_of(seat)), *knowledge.since_clue(seat))
            for seat in others
            if knowledge.clues_of(seat)
        }
        self.seats = sorted(self.history)

    def likelihoods(self, hands: list[list[int]], rng: Rng) -> dict[int, float]:
        """Per seat with plays to explain, how well `hands[seat]` explains them."""
        return {seat: self.seat_likelihood(seat, hands[seat], rng) for seat in self.seats}

    def likelihood(self, hands: list[list[int]], rng: Rng) -> float:
        """How likely the other seats' plays this round were, had they held `hands` now."""
        return math.prod(self.likelihoods(hands, rng).values())

    def seat_likelihood(self, seat: int, hand: list[int], rng: Rng) -> float:
        """How likely `seat`'s plays this round were, had it held `hand` now.
        The hand is taken back in time: a card it played goes back in, a card
        it gained comes out (one of those it holds at random, when nobody saw
        which: any of them may have been the new one)."""
        clues, gained, lost = self.history[seat]
        nid = self.deck.nid
        likelihood = self.model.likelihood
        names = [nid[c] for c in hand]
        rewind(names, gained, lost, rng)
        weight = 1.0
        for i in range(len(clues) - 1, -1, -1):
            clue = clues[i]
            names.append(clue[2])  # back to the hand it was played from
            weight *= likelihood(names, clue)
            self.names_read += len(names)
            rewind(names, clue[4], clue[5], rng)
        return weight


def rewind(names: list[int], gained: tuple[int, ...], lost: tuple[int, ...], rng: Rng) -> None:
    """Turn the hand `names` back to before it gained `gained` (a name, or -1
    for a card nobody saw) and lost `lost`."""
    names.extend(lost)
    for name in gained:
        if not names:
            return
        if name >= 0 and name in names:
            names.remove(name)
        else:
            last = len(names) - 1
            i = rng.below(last + 1)
            names[i] = names[last]
            names.pop()


class Deal:
    """The cards of one world: every hand, what each of its cards is known not
    to be (`FIXED`: it is known), and the draw pile, whose first `loose`
    cards are known to lie at its bottom."""

    __slots__ = ("hands", "masks", "pile", "loose")

    def __init__(self, hands: list[list[int]], masks: list[list[int]], pile: list[int], loose: int):
        self.hands = hands
        self.masks = masks
        self.pile = pile
        self.loose = loose

    def cards(self) -> tuple[list[list[int]], list[int]]:
        """Copies of the hands and the pile, for a world of their own."""
        return [list(hand) for hand in self.hands], list(self.pile)


class HandChain:
    """Worlds drawn in proportion to how well they explain the other seats'
    plays (Metropolis–Hastings): a move swaps a card of a seat with plays to
    explain for another unseen card (in the pile or another hand) that both
    places allow, and is kept with the odds of the new hands against the old.
    The worlds of one decision follow one another along the chain, so that
    they settle on the likely hands however unlikely a random deal is."""

    def __init__(self, plays: PlayHistory, deal: Deal, likelihoods: dict[int, float]) -> None:
        self.plays = plays
        self.deal = deal
        self.likelihoods = likelihoods
        self.seats = sorted(likelihoods)
        hands = deal.hands
        # Per seat with plays to explain, where its unknown cards lie in its hand.
        self.free = {
            seat: [i for i, mask in enumerate(deal.masks[seat]) if mask != FIXED]
            for seat in self.seats
        }
        # Every place an unseen card may be swapped from: (seat, index), the
        # pile being seat -1.
        self.places = [
            (seat, i)
            for seat, mask in enumerate(deal.masks)
            for i in range(len(hands[seat]))
            if mask[i] != FIXED
        ]
        self.places.extend((-1, i) for i in range(deal.loose, len(deal.pile)))

    def move(self, rng: Rng) -> None:
        deal = self.deal
        nid = self.plays.deck.nid
        seat = self.seats[rng.below(len(self.seats))]
        hand = deal.hands[seat]
        masks = deal.masks[seat]
        free = self.free[seat]
        if not free or len(self.places) < 2:
            return
        i = free[rng.below(len(free))]
        other, j = self.places[rng.below(len(self.places))]
        if other == seat:
            return
        cards = deal.pile if other < 0 else deal.hands[other]
        mine, theirs = hand[i], cards[j]
        if masks[i] >> nid[theirs] & 1 or (other >= 0 and deal.masks[other][j] >> nid[mine] & 1):
            return
        hand[i], cards[j] = theirs, mine
        likelihood = self.plays.seat_likelihood
        now = {seat: likelihood(seat, hand, rng)}
        if other in self.likelihoods:
            now[other] = likelihood(other, cards, rng)
        before = math.prod(self.likelihoods[s] for s in now)
        after = math.prod(now.values())
        if after >= before or rng.below(1 << 30) < after / before * (1 << 30):
            self.likelihoods.update(now)
        else:
            hand[i], cards[j] = mine, theirs
