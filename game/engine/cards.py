"""Per-card facts of one rule set's deck, indexed by card id.

A rule set's cards are numbered once (`card_table(rules)`), and every game of
that rule set shares the table: names for the log, labels for players,
colours, points, effects and the matching rule as lookup tables. A
two-sided deck (game/engine/sides.py) has a table per side, over the same
card ids, made for each match from the faces it pairs.

Labels are English (`labels`, `color_labels`): logs, messages and tests read
them. A screen showing another language asks `labels_in(code)` and
`color_labels_in(code)`, built once per language from the rule file's words
(game/engine/words.py); nothing the rules do depends on them.
"""

from __future__ import annotations

import itertools
import operator
import weakref
from collections.abc import Sequence
from typing import Generic, TypeVar

from game.engine.actions import Play
from game.engine.card_names import FACES_APART
from game.engine.ruleset import WILD, EffectSpec, KindSpec, RuleSet, RuleSetModel
from game.engine.words import ENGLISH

T = TypeVar("T")

# A matching row is made by one byte per class of card (`CardTable.fits_row`);
# a deck of more (colour, symbol) classes makes its rows card by card.
MAX_MATCH_CLASSES = 256

# What a card's label is made of: its colour index (-1: none), its kind's name
# (None: a number card, named by its face) and its face.
LabelParts = tuple[int, str | None, str]


class CardTable:
    """Per-card facts for one rule set's deck, indexed by card id."""

    # Slots, not a dict: with more than 30 attributes an object's dict loses
    # the interpreter's fast attribute reads (3.11), and play reads these at
    # every step; a two-sided match makes its own tables too.
    __slots__ = (
        "side_name", "side", "rules", "order", "alone", "colors", "color_label",
        "color_labels", "_model", "_kinds", "names", "color", "kind", "effects",
        "_labels_in", "_symbol", "_points_by_face", "_points", "_category", "_labels",
        "_label_parts", "face_names", "size", "_fresh_deck", "_cut_by_face", "cut_values",
        "needs_color", "_restricted", "refusable", "any_refusable", "symbol_id", "_classes",
        "match_classes", "_fit_maps", "_fits", "_plays", "_every_play", "_by_name",
    )  # fmt: skip

    def __init__(
        self,
        rules: RuleSet,
        side: int = 0,
        order: Sequence[int] | None = None,
        backs: Sequence[str] | None = None,
        *,
        moved_from: CardTable | None = None,
    ) -> None:
        """The faces of side `side` (a one-sided deck has side 0 only). A
        two-sided deck's cards pair faces: card `i` shows face `order[i]` of
        this side (None: face `i`), and `backs[i]` names its other face.
        `moved_from`: the table of these faces to take every fact from, moved
        rather than worked out again (`paired`)."""
        if moved_from is not None:
            self._take(moved_from)
            self._pair(order, backs)
            return
        model = rules.model
        sides = model.side_names()
        self.side_name: str | None = sides[side] if sides else None
        self.side = side
        self.rules = rules
        self.order: tuple[int, ...] | None = None if order is None else tuple(order)
        self.alone: CardTable | None = None  # `faces_alone`'s answer, once asked
        self.colors: tuple[str, ...] = tuple(
            model.sides[sides[side]].colors if sides else model.colors
        )
        # The colour's name (as events write it) by colour index; -1 (no
        # colour) reads the trailing None.
        self.color_label: tuple[str | None, ...] = (*self.colors, None)
        self.color_labels: tuple[str, ...] = color_labels(model, colors=self.colors)
        self._model = model
        self._kinds = rules.kinds
        self.names: list[str] = []
        self.color: list[int] = []  # index into colors, -1 for a wild
        self.kind: list[KindSpec] = []
        self.effects: list[tuple[EffectSpec, ...]] = []  # what playing it does (a face may differ)
        symbols: list[str] = []  # what "matches by number or symbol" compares
        card_points: list[int] = []
        categories: list[str] = []
        labels: list[str] = []  # what players read: "Red 7", "Blue Draw Two", "Wild"
        # How each label is made, to make it in another language.
        label_parts: list[LabelParts] = []
        self._labels_in: dict[str, list[str]] = {}
        for name, spec in rules.kinds.items():
            kind = spec.model
            if self.side_name is not None and kind.side != self.side_name:
                continue
            colors = [-1] if kind.wild else range(len(self.colors))
            for color in colors:
                # (face, copies, points, effects) of each face of the kind
                faces: list[tuple[str, int, int, tuple[EffectSpec, ...]]]
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
                    parts = (color, None if kind.category == "number" else name, face)
                    label = self._card_label(parts, self.color_labels, ENGLISH)
                    for _ in range(copies):
                        labels.append(label)
                        label_parts.append(parts)
                        self.effects.append(effects)
                        color_name = WILD if color < 0 else self.colors[color]
                        self.names.append(f"{color_name}:{face}")
                        self.color.append(color)
                        self.kind.append(spec)
                        symbols.append(face)
                        card_points.append(points)
                        categories.append(kind.category)
        self._symbol: _Later[str] = _Later(symbols)
        # Read once a round (the score) through the card's face (`points_of`);
        # the per-card list, for the bots, is moved when first read.
        self._points_by_face = card_points
        self._points: _Later[int] = _Later(card_points)
        self._category: _Later[str] = _Later(categories)
        self._labels: _Later[str] = _Later(labels)
        self._label_parts: _Later[LabelParts] = _Later(label_parts)
        self.face_names: list[str] = list(self.names)
        self.size = len(self.names)
        self._fresh_deck: list[int] | None = None  # `fresh_deck`'s answer, once asked
        self._index_faces()
        if order is not None or backs is not None:
            self._pair(order, backs)

    def _index_faces(self) -> None:
        """The facts that follow from each card's face alone."""
        # The cut for the dealer counts action cards as 0. Read for a card or
        # two a match, through the card's face (`cut_of`): never moved.
        self._cut_by_face = [
            int(self.symbol[c]) if self.category[c] == "number" else 0 for c in range(self.size)
        ]
        self.cut_values = frozenset(self._cut_by_face)
        # The colour travels with the play itself only when naming it is the
        # card's first effect; a colour named after a swap or a shuffle is a
        # separate decision, taken once the player sees the new hand.
        self.needs_color = [
            bool(effects) and effects[0].params.names_own_color and not effects[0].when
            for effects in self.effects
        ]
        # Cards whose restriction makes them illegal (not just challengeable).
        restricted = [bool(spec.play_only_if) for spec in self.kind]
        # Play asks the card's kind; the per-card list, for the bots, is moved when first read.
        self._restricted: _Later[bool] = _Later(restricted)
        self.refusable = [
            bool(spec.play_only_if) and spec.model.when_not_allowed == "refuse"
            for spec in self.kind
        ]
        self.any_refusable = any(self.refusable)
        # Matching compares small ints rather than face strings.
        symbol_ids: dict[str, int] = {}
        self.symbol_id = [symbol_ids.setdefault(face, len(symbol_ids)) for face in self.symbol]
        # The matching rule, as a table: `fits_row(colour, symbol)[card]` says
        # whether the card goes on a top card of that symbol while that colour
        # is in force (colour -1, the last row: none named, so only the symbol
        # and wilds). One lookup per card in a hand instead of three comparisons.
        # A row is made when first asked: most of a paired match's are never
        # read. Whether a card fits depends only on its colour and symbol (its
        # class, `_classes[card]`), so a row is the classes translated by a
        # 256-byte map of fitting classes (`_fit_maps`, the same for every
        # pairing of these faces): one C call, not a loop over the cards.
        colors = (*range(len(self.colors)), -1)
        class_of: dict[tuple[int, int], int] = {}
        classes = [
            class_of.setdefault((own, symbol), len(class_of))
            for own, symbol in zip(self.color, self.symbol_id, strict=True)
        ]
        self._classes: bytes | None = None
        # A table paired for one match asks each row once or twice: its cards'
        # classes, read through the shared class maps (`fit_map`), cost less
        # than making its rows. None: this table's rows are kept and shared.
        self.match_classes: bytes | None = None
        self._fit_maps: list[list[bytes]] = []
        if len(class_of) <= MAX_MATCH_CLASSES:
            self._classes = bytes(classes)
            unused = bytes(256 - len(class_of))
            self._fit_maps = [
                [
                    bytes(own < 0 or own == color or sid == symbol for own, sid in class_of)
                    + unused
                    for symbol in range(len(symbol_ids))
                ]
                for color in colors
            ]
        self._fits: list[list[bytes | None]] = [[None] * len(symbol_ids) for _ in colors]
        self._plays: dict[int, list[tuple[Play, ...]]] = {}
        self._every_play: dict[int, tuple[list[tuple[Play, ...]], list[tuple[Play, ...]]]] = {}
        self._index_names()

    def _index_names(self) -> None:
        """The facts that follow from each card's whole name (both faces),
        worked out when first read: a two-sided deck's tables are made for
        every match, and play asks none of them."""
        self._by_name: dict[str, int] | None = None

    @property
    def by_name(self) -> dict[str, int]:
        """The first card of each name (a log's reader asks; play never does)."""
        found = self._by_name
        if found is None:
            found = self._by_name = {}
            for card_id, card_name in enumerate(self.names):
                found.setdefault(card_name, card_id)
        return found

    # Facts play seldom reads: a paired table moves them when first read.

    @property
    def symbol(self) -> list[str]:
        """Per card, what "matches by number or symbol" compares."""
        return self._symbol.facts()

    @property
    def category(self) -> list[str]:
        return self._category.facts()

    @property
    def points(self) -> list[int]:
        """Per card, what it scores left in a hand."""
        return self._points.facts()

    @property
    def restricted(self) -> list[bool]:
        """Per card, whether its kind allows it only when a condition holds
        (`play_only_if`)."""
        return self._restricted.facts()

    @property
    def labels(self) -> list[str]:
        """Per card, what players read: "Red 7", "Blue Draw Two", "Wild"."""
        return self._labels.facts()

    def _take(self, other: CardTable) -> None:
        """Every fact of `other`, shared, one by one: the compiled engine's
        class has no __dict__ to copy (tests/engine/test_card_tables.py checks
        that none is left out)."""
        self.side_name = other.side_name
        self.side = other.side
        self.rules = other.rules
        self.order = other.order
        self.alone = other.alone
        self.colors = other.colors
        self.color_label = other.color_label
        self.color_labels = other.color_labels
        self._model = other._model
        self._kinds = other._kinds
        self.names = other.names
        self.color = other.color
        self.kind = other.kind
        self.effects = other.effects
        self._symbol = other._symbol
        self._points = other._points
        self._points_by_face = other._points_by_face
        self._category = other._category
        self._labels = other._labels
        self._label_parts = other._label_parts
        self._labels_in = other._labels_in
        self.face_names = other.face_names
        self.size = other.size
        self._fresh_deck = other._fresh_deck
        self._cut_by_face = other._cut_by_face
        self.cut_values = other.cut_values
        self.needs_color = other.needs_color
        self._restricted = other._restricted
        self.refusable = other.refusable
        self.any_refusable = other.any_refusable
        self.symbol_id = other.symbol_id
        self._classes = other._classes
        self.match_classes = other.match_classes
        self._fit_maps = other._fit_maps
        self._fits = other._fits
        self._plays = other._plays
        self._every_play = other._every_play
        self._by_name = other._by_name

    def _pair(
        self,
        order: Sequence[int] | None,
        backs: Sequence[str] | None,
    ) -> None:
        """Card `i` shows face `order[i]` (None: face `i`) and `backs[i]` on its
        other side. Every per-card fact is moved, not worked out again: a
        match of a two-sided deck pairs its faces anew, and rebuilding the
        matching table each time cost far more than the match's deal."""
        self.alone = None
        if order is not None:
            self.order = tuple(order)
            self._fresh_deck = None
            # The facts a card's face decides move with the face.
            moved = _Mover(order)
            self._labels = _Later(self._labels, moved)
            self._label_parts = _Later(self._label_parts, moved)
            self.effects = moved(self.effects)
            self.face_names = moved(self.face_names)
            self.color = moved(self.color)
            self.kind = moved(self.kind)
            self._symbol = _Later(self._symbol, moved)
            self._points = _Later(self._points, moved)
            self._category = _Later(self._category, moved)
            self.needs_color = moved(self.needs_color)
            # A fact every card shares reads the same in any order.
            self._restricted = _Later(self._restricted, moved)
            if self.any_refusable:
                self.refusable = moved(self.refusable)
            self.symbol_id = moved(self.symbol_id)
            if self._classes is not None:
                self._classes = self.match_classes = bytes(moved(self._classes))
            self._fits = [[None] * len(rows) for rows in self._fits]
            self._plays = {}
            self._labels_in = {}
        if backs is not None:
            # A two-sided card's name is its face in play and its other face
            # ("red:7/teal:5"), so that two cards alike on one side but not on
            # the other are never taken for copies.
            self.names = list(map(FACES_APART.join, zip(self.face_names, backs, strict=True)))
        else:
            self.names = list(self.face_names)
        self._index_names()

    def paired(
        self,
        order: Sequence[int] | None,
        backs: Sequence[str] | None,
    ) -> CardTable:
        """This side's faces as the cards of one match carry them (see `_pair`);
        the table itself is left as it is."""
        return CardTable(self.rules, self.side, order, backs, moved_from=self)

    def points_of(self, cards: Sequence[int]) -> int:
        """What `cards` score left in a hand."""
        points, order = self._points_by_face, self.order
        if order is None:
            return sum(points[c] for c in cards)
        return sum(points[order[c]] for c in cards)

    def cut_of(self, card: int) -> int:
        """What `card` counts in the cut for the dealer (an action card 0)."""
        order = self.order
        return self._cut_by_face[card if order is None else order[card]]

    def fresh_deck(self) -> list[int]:
        """The cards as a fresh deck lies before it is shuffled: the card
        showing this side's face k at place k (the rule file's order), so
        that a shuffle puts the same faces in the same places however the
        cards are numbered (game/engine/sides.py `side_tables`)."""
        found = self._fresh_deck
        if found is None:
            found = list(range(self.size))
            if self.order is not None:
                for card, face in enumerate(self.order):
                    found[face] = card
            self._fresh_deck = found
        return list(found)

    def fits_row(self, color: int, symbol: int) -> bytes:
        """Per card id, whether it goes on a top card of symbol id `symbol`
        while colour `color` is in force (-1: none named)."""
        row = self._fits[color][symbol]
        if row is None:
            if self._classes is not None:
                row = self._classes.translate(self._fit_maps[color][symbol])
            else:
                row = bytes(
                    own < 0 or own == color or sid == symbol
                    for own, sid in zip(self.color, self.symbol_id, strict=True)
                )
            self._fits[color][symbol] = row
        return row

    def fit_map(self, color: int, symbol: int) -> bytes:
        """Per class of card (`match_classes`), whether it goes on a top card
        of symbol id `symbol` while colour `color` is in force (-1: none named)."""
        return self._fit_maps[color][symbol]

    def plays_for(self, seat: int) -> list[tuple[Play, ...]]:
        """Per card id, the Play actions of `seat` for it (one per colour for a
        wild). Actions are immutable values, so games of this rule set share them."""
        found = self._plays.get(seat)
        if found is None:
            plain, named = self._all_plays(seat)
            found = list(plain)
            # The few cards whose play names a colour (a paired table asks per match and seat).
            for card in itertools.compress(range(self.size), self.needs_color):
                found[card] = named[card]
            self._plays[seat] = found
        return found

    def _all_plays(self, seat: int) -> tuple[list[tuple[Play, ...]], list[tuple[Play, ...]]]:
        """Per card id, `seat`'s play of it with no colour, and one per colour:
        made once for the faces' table, and shared by every table paired from it."""
        found = self._every_play.get(seat)
        if found is None:
            plain: list[tuple[Play, ...]] = [(Play(seat, card),) for card in range(self.size)]
            named = [
                tuple(Play(seat, card, color) for color in self.colors) for card in range(self.size)
            ]
            self._every_play[seat] = (plain, named)
            return plain, named
        return found

    def faces_alone(self) -> CardTable:
        """This table naming each card by its face on this side alone (`faces_alone`)."""
        return faces_alone(self)

    def color_name(self, index: int) -> str | None:
        return self.color_label[index]

    def labels_in(self, lang: str) -> list[str]:
        """Each card's label (by card id) in `lang` ("Kırmızı 7"): the rule
        file's words for it, the English where the file gives none."""
        if lang == ENGLISH:
            return self.labels
        found = self._labels_in.get(lang)
        if found is None:
            colors = self.color_labels_in(lang)
            made: dict[LabelParts, str] = {}
            found = []
            for parts in self._label_parts.facts():
                label = made.get(parts)
                if label is None:
                    label = made[parts] = self._card_label(parts, colors, lang)
                found.append(label)
            self._labels_in[lang] = found
        return found

    def color_labels_in(self, lang: str) -> tuple[str, ...]:
        """Each colour's label in `lang`, by colour index."""
        return color_labels(self._model, lang, self.colors)

    def _card_label(self, parts: LabelParts, colors: tuple[str, ...], lang: str) -> str:
        """A card as players read it: its colour's label, then its kind's label,
        or for a number card its face ("Blue Draw Two", "Red 7", "Wild")."""
        color, kind, face = parts
        label = face if kind is None else kind_label(self._kinds[kind], lang)
        return label if color < 0 else f"{colors[color]} {label}"


class _Later(Generic[T]):
    """A per-card fact, or the fact of another table and the move that puts
    it in this one's card order, made when first read (`facts`)."""

    def __init__(self, facts: list[T] | _Later[T], moved: _Mover | None = None) -> None:
        self._facts: list[T] | None = None
        self._from: _Later[T] | None = None
        self._moved = moved
        if isinstance(facts, _Later):
            self._from = facts
        else:
            self._facts = facts

    def facts(self) -> list[T]:
        found = self._facts
        if found is None:
            assert self._from is not None and self._moved is not None, "a move to make"
            found = self._facts = self._moved(self._from.facts())
            self._from = self._moved = None
        return found


class _Mover:
    """Per-card facts in another card order: card `i` takes what `order[i]` had
    (a list of facts, or a row of the matching table)."""

    def __init__(self, order: Sequence[int]) -> None:
        self._order = order
        # itemgetter of one index gives the item, not a tuple of one
        self._take = operator.itemgetter(*order) if len(order) > 1 else None

    def __call__(self, facts: Sequence[T]) -> list[T]:
        if self._take is None:
            return [facts[i] for i in self._order]
        return list(self._take(facts))


def reordered(facts: Sequence[T], order: Sequence[int]) -> list[T]:
    """`facts` in another order: item `i` is `facts[order[i]]`."""
    return _Mover(order)(facts)


def kind_label(spec: KindSpec, lang: str = ENGLISH) -> str:
    """A card kind as players read it in `lang`: its `label:`, else its
    name in words."""
    label = spec.model.label
    return label.in_language(lang) if label else spec.name.replace("_", " ").title()


def color_label(color: str) -> str:
    """A colour named by no label, as players read it: "red" -> "Red"."""
    return color.replace("_", " ").capitalize()


def color_labels(
    model: RuleSetModel, lang: str = ENGLISH, colors: Sequence[str] | None = None
) -> tuple[str, ...]:
    """Each colour of a rule set (or each of `colors`) as players read it in
    `lang`: the `label:` its file gives it under `color_looks:`, else its
    name in words."""
    labels = []
    for color in model.colors if colors is None else colors:
        look = model.color_looks.get(color)
        label = look.label if look is not None else None
        labels.append(label.in_language(lang) if label else color_label(color))
    return tuple(labels)


_TABLES: weakref.WeakKeyDictionary[RuleSet, dict[int, CardTable]] = weakref.WeakKeyDictionary()


# The faces-alone tables made lately, by rule set, side and order (`faces_alone`).
# A table keeps its own (`CardTable.alone`), and the copies of a state share
# their tables; this finds the one of a new table of the same faces again (a
# match played anew from its seed). Bounded, not weak: the compiled engine's
# tables take no weak references.
_ALONE: dict[tuple[RuleSet, int, tuple[int, ...] | None], CardTable] = {}
_KEPT_ALONE = 16


def faces_alone(table: CardTable) -> CardTable:
    """`table` naming each card by its face on this side alone (`red:7`, not
    `red:7/teal:5`): what a seat may be given of a two-sided deck paired at
    random, since it is the same table whatever the other side's faces are.
    One object per rule set, side and order of faces, so the tables of two
    pairings of the same faces in play give the same one; a table keeps its
    own, so a match's stays the same object for its bots' memories."""
    if table.alone is not None:  # asked for every view of a match: first
        return table.alone
    if table.names == table.face_names:
        return table
    found = card_table(table.rules, table.side)
    if table.order is not None:
        key = (table.rules, table.side, table.order)
        kept = _ALONE.get(key)
        if kept is None:
            # `table`'s facts are its faces' already in this order: only the names change.
            kept = _ALONE[key] = table.paired(None, None)
            if len(_ALONE) > _KEPT_ALONE:
                del _ALONE[next(iter(_ALONE))]
        found = kept
    table.alone = found
    return found


def card_table(rules: RuleSet, side: int = 0) -> CardTable:
    """The faces of side `side` of the deck in their own order, built once per
    rule set: a one-sided deck's table, shared by its games, or the table a
    two-sided deck's matches pair their cards from (`CardTable.paired`)."""
    tables = _TABLES.get(rules)
    if tables is None:
        tables = _TABLES[rules] = {}
    table = tables.get(side)
    if table is None:
        table = tables[side] = CardTable(rules, side)
    return table
