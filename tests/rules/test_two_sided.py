"""Two-sided decks in a rule file (rules/README.md, "Two-sided decks"):
what is refused, at its file, line and column, and what a listed pairing
does; the deck a modder writes (tests/rules/two_sided/day-night.yaml)."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine import new_game
from game.play.selftest import check_files
from game.rules.loader import load_rules
from tests.support.rules import DAY_NIGHT

NUMBERS = "category: number, faces: [1, 2, 3, 4, 5, 6, 7, 8, 9], copies: 4, points: face"
SIDES = "sides:\n  day: {colors: [red, yellow]}\n  night: {colors: [teal, purple]}\n"


def errors(tmp_path, text: str) -> list[tuple[int, int, str]]:
    path = tmp_path / "deck.yaml"
    path.write_text("name: Deck\n" + text, encoding="utf-8")
    return [(e.line, e.column, e.message) for e in check_files([str(path)])]


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        (  # a kind on no side
            SIDES + f"cards:\n  n: {{side: day, {NUMBERS}}}\n  m: {{{NUMBERS}}}\n",
            (7, 3),
            "cards.m.side: say which side prints it: one of day, night",
        ),
        (  # sides of different sizes
            SIDES + f"cards:\n  n: {{side: day, {NUMBERS}}}\n"
            "  m: {side: night, category: number, faces: [1, 2], copies: 4, points: face}\n",
            (2, 1),
            "sides: every card has a face on each side, but side day has 72 faces",
        ),
        (  # colours written at the top as well
            "colors: [red]\n" + SIDES + f"cards:\n  n: {{side: day, {NUMBERS}}}\n"
            f"  m: {{side: night, {NUMBERS}}}\n",
            (2, 1),
            "colors: a two-sided deck writes colors under each of its sides",
        ),
        (  # listed pairs that leave faces out
            SIDES + "pairs: [[red:1, teal:1]]\n"
            f"cards:\n  n: {{side: day, {NUMBERS}}}\n  m: {{side: night, {NUMBERS}}}\n",
            (5, 1),
            "pairs: the pairs must hold each face of side day once: red:1, red:2",
        ),
        (  # a side on a one-sided deck
            f"cards:\n  n: {{side: day, {NUMBERS}}}\n",
            (3, 7),
            "cards.n.side: only a deck with `sides:` prints kinds on a side",
        ),
        (  # three sides
            SIDES + "  dusk: {colors: [orange]}\n"
            f"cards:\n  n: {{side: day, {NUMBERS}}}\n  m: {{side: night, {NUMBERS}}}\n",
            (2, 1),
            "sides: may have at most 2 entries, not 3",
        ),
        (  # a colour on both sides
            "sides:\n  day: {colors: [red, yellow]}\n  night: {colors: [teal, red]}\n"
            f"cards:\n  n: {{side: day, {NUMBERS}}}\n  m: {{side: night, {NUMBERS}}}\n",
            (2, 1),
            "sides: a colour is named once in the whole deck, on one side",
        ),
        (  # a colour that cannot be written in a card's code
            'sides:\n  day: {colors: [red, "bad:colour"]}\n  night: {colors: [teal, blue]}\n'
            f"cards:\n  n: {{side: day, {NUMBERS}}}\n  m: {{side: night, {NUMBERS}}}\n",
            (3, 23),
            "sides.day.colors.1: 'bad:colour' cannot name a colour",
        ),
    ],
    ids=[
        "no side",
        "sizes",
        "top colours",
        "pairs",
        "one-sided",
        "three sides",
        "shared colour",
        "bad colour",
    ],
)
def test_a_broken_two_sided_deck_is_refused_where_it_is_written(tmp_path, text, where, words):
    found = errors(tmp_path, text)
    assert any((line, column) == where and words in message for line, column, message in found), (
        found
    )


def test_listed_pairs_print_every_card_as_written():
    rules = load_rules([str(DAY_NIGHT)])
    state, _ = new_game(rules, 2, seed=9)
    other, _ = new_game(rules, 2, seed=10)
    # The pairs are the file's, whatever the seed.
    assert state.cards.names == other.cards.names
    assert Counter(state.cards.names)["red:flip/wild:wild_draw_color"] == 1
    assert Counter(state.cards.names)["wild:wild/purple:1"] == 1
    assert [n.partition("/")[2] for n in state.cards.names] == state.tables[1].face_names
