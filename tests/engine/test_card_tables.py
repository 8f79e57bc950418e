"""The card tables' lookups say what the rules say (game/engine/cards.py):
however a table is made -- a rule set's own, or one side of a two-sided deck
as one match pairs and numbers its cards -- each lookup gives the answer the
rule it stands for gives, card by card."""

from __future__ import annotations

import pytest

from game.engine import cards as card_tables
from game.engine.cards import CardTable, card_table
from game.engine.rng import Rng
from game.engine.sides import side_tables
from game.native import engine_kind
from tests.support.rules import rules

DECKS = ("classic", "uno112", "duo", "flip")


def _fits_by_rule(table: CardTable, color: int, symbol: int) -> list[bool]:
    """The matching rule (docs/rules.md): a wild, the colour in force, or the top card's symbol."""
    return [
        own < 0 or own == color or table.symbol_id[card] == symbol
        for card, own in enumerate(table.color)
    ]


def _every_row(table: CardTable):
    symbols = max(table.symbol_id) + 1
    for color in (*range(len(table.colors)), -1):
        for symbol in range(symbols):
            yield color, symbol


def _match_tables(name: str, seed: int) -> tuple[CardTable, ...]:
    return side_tables(rules(name), Rng(seed), Rng(seed + 1000))


@pytest.mark.parametrize("name", DECKS)
def test_every_matching_row_says_the_matching_rule(name):
    for seed in (1, 2):
        for table in _match_tables(name, seed):
            for color, symbol in _every_row(table):
                row = table.fits_row(color, symbol)
                assert [bool(b) for b in row] == _fits_by_rule(table, color, symbol)


def test_a_deck_of_more_classes_than_a_byte_counts_still_matches(monkeypatch):
    """A deck whose (colour, symbol) classes do not fit in a byte makes its
    rows card by card; they say the same."""
    monkeypatch.setattr(card_tables, "MAX_MATCH_CLASSES", 1)
    for name in ("classic", "flip"):
        deck = rules(name)
        tables = [CardTable(deck, side) for side in range(len(deck.model.sides) or 1)]
        backwards = list(reversed(range(tables[0].size)))
        for table in (*tables, tables[-1].paired(backwards, None)):
            for color, symbol in _every_row(table):
                row = table.fits_row(color, symbol)
                assert [bool(b) for b in row] == _fits_by_rule(table, color, symbol)


@pytest.mark.skipif(engine_kind() == "compiled", reason="the compiled class lists no slots")
def test_a_paired_table_takes_every_fact_of_its_faces():
    """`CardTable.paired` copies its faces' facts one by one (`_take`): a
    fact it left out would be an empty slot of the paired table."""
    for name in DECKS:
        table = card_table(rules(name))
        table.by_name  # noqa: B018 -- asked, so that every fact made when first asked is there
        reversed_order = list(reversed(range(table.size)))
        for paired in (table.paired(None, None), table.paired(reversed_order, table.face_names)):
            empty = [slot for slot in CardTable.__slots__ if not hasattr(paired, slot)]
            assert not empty and all(hasattr(table, slot) for slot in CardTable.__slots__)


@pytest.mark.parametrize("name", ["classic", "flip"])
def test_a_paired_table_shows_each_cards_face_facts_in_its_order(name):
    """The facts a paired table moves when first read (labels, categories,
    symbols, labels in another language) are its faces' in its card order,
    and so are those of a table paired from it."""
    faces = card_table(rules(name))
    order = list(range(faces.size))
    Rng(4).shuffle(order)
    paired = faces.paired(order, None)
    again = paired.paired(None, None)
    for table in (paired, again):
        assert table.labels == [faces.labels[face] for face in order]
        assert table.category == [faces.category[face] for face in order]
        assert table.symbol == [faces.symbol[face] for face in order]
        assert table.labels_in("tr") == [faces.labels_in("tr")[face] for face in order]
    assert faces.labels_in("en") is faces.labels
