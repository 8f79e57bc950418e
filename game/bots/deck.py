"""What a bot knows about a rule set's cards before any is dealt.

Everything comes from the rule set: the deck's composition (so counting
cards works for any deck), each card's colour, category and points, the
matching table, what a card's effects do to the next player, and the words a
player reads (the `label:` of its kind). Identical copies of a card are one
*name*; bots count and reason by name index, the engine by card id.
"""

from __future__ import annotations

import functools

from game.engine.cards import CardTable, card_table
from game.engine.effects import DrawParams, PenaltyParams, SkipParams
from game.engine.ruleset import RuleSet
from game.engine.view import View

# How much an effect hurts the seat it lands on, in "turns lost": a lost turn
# is worth about one card shed, each card drawn about one card.
_SKIP_WORTH = 1.0
# Drawing until a card of one colour of four (a fifth of a deck is wild):
# about three cards.
_UNTIL_COLOR_WORTH = 3.0
_AIMED_AT_OTHERS = ("next", "all_others", "all", "chosen")


class DeckFacts:
    """Per-name facts of one rule set's deck, built once and shared by every bot
    that plays it (see `deck_facts`)."""

    def __init__(self, rules: RuleSet, cards: CardTable | None = None) -> None:
        cards = card_table(rules) if cards is None else cards
        self.rules = rules
        self.cards = cards
        self.colors: tuple[str, ...] = cards.colors
        self.names: list[str] = []
        self.index: dict[str, int] = {}
        self.ids_of: list[list[int]] = []
        nid = []
        # By the face in play alone: a two-sided card's other face is not
        # what its holder sees (game/engine/view.py).
        for card_id, name in enumerate(cards.face_names):
            found = self.index.get(name)
            if found is None:
                found = self.index[name] = len(self.names)
                self.names.append(name)
                self.ids_of.append([])
            self.ids_of[found].append(card_id)
            nid.append(found)
        self.nid: list[int] = nid  # card id -> name index
        first = [ids[0] for ids in self.ids_of]
        self.size = len(self.names)
        self.copies = [len(ids) for ids in self.ids_of]
        self.color = [cards.color[c] for c in first]  # -1: no colour of its own
        self.category = [cards.category[c] for c in first]
        self.points = [cards.points[c] for c in first]
        self.symbol = [cards.symbol_id[c] for c in first]
        self.kind = [cards.kind[c].name for c in first]
        self.needs_color = [cards.needs_color[c] for c in first]
        self.is_number = [cat == "number" for cat in self.category]
        self.wild = [col < 0 for col in self.color]
        self.all_mask = (1 << self.size) - 1
        # A card whose play the rules may refuse (a restriction that is not
        # a bluff): a seat holding one may still have had to draw.
        self.refusable_mask = _mask(i for i in range(self.size) if cards.refusable[first[i]])
        self.restricted = [bool(cards.kind[c].play_only_if) for c in first]
        self.color_mask = [
            _mask(i for i in range(self.size) if self.color[i] == color)
            for color in range(len(self.colors))
        ]
        self.number_mask = _mask(i for i in range(self.size) if self.is_number[i])
        # fits[colour][symbol]: the names that go on a top card of that symbol
        # while that colour is in force (colour -1: none named), from the
        # engine's own matching table.
        symbols = max(self.symbol) + 1
        self.fits_mask = [
            [_fits_mask(cards.fits_row(color, symbol), first) for symbol in range(symbols)]
            for color in (*range(len(self.colors)), -1)
        ]
        self.stacks_on = [set(cards.kind[c].model.stacks_on) for c in first]
        # What players read ("Red 7", "Wild"), as the card table words it.
        self.labels = [cards.labels[ids[0]] for ids in self.ids_of]
        self.deck_points = sum(p * n for p, n in zip(self.points, self.copies, strict=True))
        self.deck_size = cards.size
        self.mean_points = self.deck_points / max(1, cards.size)
        self.color_words = [c.replace("_", " ").title() for c in self.colors]

    def paired(self, cards: CardTable) -> DeckFacts:
        """These facts for the faces in play `cards`: the same faces as this
        deck's, carried by other card ids (a two-sided deck's match pairs them
        anew). Every fact of a name stays; only which ids carry it moves."""
        # Set one by one, not copied as a dict: an object whose dict was
        # written whole loses the interpreter's fast attribute reads (3.11),
        # and a bot reads these facts at every turn of the match.
        facts = DeckFacts.__new__(DeckFacts)
        for attribute, fact in vars(self).items():
            setattr(facts, attribute, fact)
        facts.cards = cards
        facts.nid = [self.index[face] for face in cards.face_names]
        facts.ids_of = [[] for _ in self.names]
        for card_id, name in enumerate(facts.nid):
            facts.ids_of[name].append(card_id)
        return facts

    def fits(self, color: int, top: int) -> int:
        """The names that may go on top card name `top` with `colour` in force."""
        return self.fits_mask[color][self.symbol[top]]

    def playable(self, color: int, top: int) -> int:
        """The names a seat holding them would surely have been offered."""
        return self.fits(color, top) & ~self.refusable_mask

    def label(self, name: int) -> str:
        return self.labels[name]

    def card_label(self, card_id: int) -> str:
        return self.labels[self.nid[card_id]]

    @functools.cached_property
    def effect_names(self) -> list[frozenset[str]]:
        """The names of the effects each card name has, for the reasoning a bot
        does about what a card does ("this one makes the next player draw")."""
        return [frozenset(spec.name for spec in self.cards.effects[ids[0]]) for ids in self.ids_of]

    @functools.cached_property
    def hurt(self) -> list[float]:
        """How much playing each name costs the next player, in cards or turns:
        cards owed or drawn, turns skipped, a turn taken again. Effects with a
        `when:` count half, since they act only sometimes (Reverse with two
        players)."""
        worth = []
        for ids in self.ids_of:
            total = 0.0
            for spec in self.cards.effects[ids[0]]:
                weight = 0.5 if spec.when else 1.0
                params = spec.params
                if isinstance(params, PenaltyParams):
                    count = params.cards + (_UNTIL_COLOR_WORTH if params.until_color else 0)
                    total += weight * (count + (_SKIP_WORTH if params.lose_turn else 0))
                elif isinstance(params, DrawParams) and params.who in _AIMED_AT_OTHERS:
                    total += weight * params.count
                elif isinstance(params, SkipParams):
                    total += weight * _SKIP_WORTH * params.count
                elif spec.name in ("play_again", "skip_all"):
                    total += weight * _SKIP_WORTH
            worth.append(total)
        return worth

    @functools.cached_property
    def challengeable(self) -> list[bool]:
        """Names whose cards owed may be challenged (a Wild Draw Four)."""
        return [
            any(
                isinstance(spec.params, PenaltyParams) and spec.params.challengeable
                for spec in self.cards.effects[ids[0]]
            )
            for ids in self.ids_of
        ]

    def moves_hands_in_order(self, name: int) -> bool:
        """A card that passes every hand on to the next seat: a seat then knows
        where its old hand went."""
        return "rotate_hands" in self.effect_names[name]


def _fits_mask(row: bytes, first: list[int]) -> int:
    """The names whose first card `row` (the engine's matching row) lets go down."""
    return _mask(i for i, card in enumerate(first) if row[card])


def shows_color(view: View, seat: int, color: str) -> bool:
    """Whether the faces of `seat`'s hand that everyone sees (the other side
    of a two-sided deck) show `color`: a colour named on the side no longer
    in play is read there, where the hand is public."""
    return any(face.partition(":")[0] == color for face in view["public"][seat])


def _mask(indexes) -> int:
    mask = 0
    for i in indexes:
        mask |= 1 << i
    return mask


def bits(mask: int):
    """The name indexes set in `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@functools.cache
def _rule_set_facts(rules: RuleSet, side: int = 0) -> DeckFacts:
    return DeckFacts(rules, card_table(rules, side))


# A two-sided deck's faces are paired anew for every match, so its facts
# are per card table; the tables of the last few matches are kept.
_TABLE_FACTS: list[tuple[CardTable, DeckFacts]] = []
_KEPT_TABLES = 8


def deck_facts(rules: RuleSet, cards: CardTable | None = None) -> DeckFacts:
    """The facts of a rule set's deck, or of the faces in play `cards` (a
    view's `cards`) where they are not the rule set's one table."""
    for table, facts in _TABLE_FACTS:  # first: a match's, asked at every turn
        if table is cards:
            return facts
    if cards is None or cards is card_table(rules):
        return _rule_set_facts(rules)
    facts = _rule_set_facts(rules, cards.side).paired(cards)
    _TABLE_FACTS.insert(0, (cards, facts))
    del _TABLE_FACTS[_KEPT_TABLES:]
    return facts
