"""What a card is called, how it looks and where it sorts: read from the rule
file in one place, the card book (game/ui/card_book.py), for any rule set."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from game.engine.cards import card_table
from game.looks import ARTS, MAX_CORNER, color_rgbs, hex_rgb, initials
from game.rules.describe import describe
from game.rules.loader import load_rules
from game.rules.validation import RulesInvalid, validate_rules
from game.scenes.title import FAN
from game.ui.card_book import CardBook

ROOT = Path(__file__).resolve().parents[2]


def rules_of(cards: dict, colors=("red", "yellow", "green", "blue"), **more):
    data = {
        "colors": list(colors),
        "cards": cards,
        "players": {"max": 4},
        "scoring": {"target": None},
        **more,
    }
    return validate_rules(data)


NUMBERS = {"category": "number", "faces": list(range(10)), "copies": 2}


def test_labels_are_the_files_everywhere_the_engine_and_the_book_name_cards():
    rules = load_rules(["uno112"])
    book = CardBook(rules)
    table = card_table(rules)
    for card_id, name in enumerate(table.names):
        assert book.label(name) == table.labels[card_id]
    assert book.label("wild:wild_everyone_draws") == "Custom: Everyone Draws"
    assert book.label("blue:draw_two") == "Blue Draw Two"
    assert book.label("red:7") == "Red 7"
    words = describe(rules).splitlines()
    assert any(line.startswith("  Custom: Everyone Draws (1 card, 40 points)") for line in words)


def test_a_kind_without_a_label_is_named_by_its_key_in_words():
    rules = rules_of({"number": NUMBERS, "hot_potato": {"copies": 1}})
    book = CardBook(rules)
    assert book.label("red:hot_potato") == "Red Hot Potato"
    assert "  Hot Potato (4 cards, 0 points)" in describe(rules).splitlines()


def test_color_labels_and_looks_come_from_the_file():
    rules = rules_of(
        {"number": NUMBERS},
        colors=("red", "sky_blue", "purple", "ochre"),
        color_looks={"purple": {"rgb": "#123456", "label": "Violet"}},
    )
    book = CardBook(rules)
    assert book.label("purple:7") == "Violet 7"
    assert book.label("sky_blue:3") == "Sky blue 3"
    assert book.color_label("purple") == "Violet"
    assert book.color_rgb("purple") == (0x12, 0x34, 0x56)
    assert book.color_rgb("red") == hex_rgb("#e53935")  # a common name: the game's shade
    assert "colours Red, Sky blue, Violet, Ochre" in describe(rules)
    assert book.look("purple:7").body == (0x12, 0x34, 0x56)
    # The wild's symbols show the set's colours, in the file's order.
    assert book.palette == tuple(book.color_rgb(c) for c in rules.model.colors)


def test_colors_nobody_named_get_distinct_hues_the_same_every_time():
    names = ["red", "ochre", "mauve", "zinc", "umber", "jade"]
    first = color_rgbs(names)
    assert first == color_rgbs(names)
    assert len(set(first.values())) == len(names)
    import colorsys

    hues = [colorsys.rgb_to_hls(*(c / 255 for c in rgb))[0] for rgb in first.values()]
    gaps = [min(abs(a - b), 1 - abs(a - b)) for i, a in enumerate(hues) for b in hues[i + 1 :]]
    assert min(gaps) > 0.05, gaps


def test_a_hand_sorts_by_the_files_order_of_colors_kinds_and_faces():
    rules = rules_of(
        {
            "bomb": {"copies": 1},
            "number": {"category": "number", "faces": [9, 5, 0], "copies": 2},
            "wild": {"category": "wild", "wild": True, "copies": 4},
            "zap": {"copies": 1},
        },
        colors=("blue", "red"),
        dealing={"hand_size": 3},
    )
    book = CardBook(rules)
    expected = [
        "blue:bomb",
        "blue:9",
        "blue:5",
        "blue:0",
        "blue:zap",
        "red:bomb",
        "red:9",
        "red:5",
        "red:0",
        "red:zap",
        "wild:wild",
    ]
    for seed in range(5):
        hand = expected[:]
        random.Random(seed).shuffle(hand)
        assert sorted(hand, key=book.sort_key) == expected


def test_the_title_fan_is_what_classic_yaml_paints():
    """The title loads no rules; its cards must still be the file's cards."""
    book = CardBook(load_rules(["classic"]))
    for card, look in FAN.items():
        assert look == book.look(card), card


def test_a_book_without_rules_names_and_shows_cards_as_written():
    book = CardBook()
    assert book.label("purple:star") == "Purple Star"
    look = book.look("purple:star")
    assert (look.art, look.text, look.corner) == (None, "Star", "STA")
    assert book.look("red:7").art == "number"
    assert book.look("wild:hot_potato").wild


def test_initials_fit_a_corner():
    assert initials("Hot Potato") == "HP"
    assert initials("Custom: Everyone Draws") == "CED"
    assert initials("Bomb") == "BOM"
    assert all(len(initials(t)) <= MAX_CORNER for t in ("a b c d e", "Zigzagging", "x"))


@pytest.mark.parametrize(
    ("corner", "problem"),
    [
        ("\x1b[J", "control character U+001B in text shown to players"),
        ("  ", "a corner text shows something: 1 to 3 characters"),
        ("+100", "may have at most 3 characters"),
    ],
)
def test_a_corner_text_is_bounded_and_clean(corner, problem):
    with pytest.raises(RulesInvalid) as err:
        rules_of({"number": NUMBERS, "bomb": {"corner": corner}})
    assert (("cards", "bomb", "corner"), problem) in err.value.problems


def test_an_unknown_art_lists_the_known_ones():
    with pytest.raises(RulesInvalid) as err:
        rules_of({"number": NUMBERS, "bomb": {"art": "skp"}})
    [(loc, message)] = err.value.problems
    assert loc == ("cards", "bomb", "art")
    assert "did you mean 'skip'?" in message
    assert all(name in message for name in ARTS)


def test_the_rules_readme_pictures_every_art():
    readme = (ROOT / "rules" / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([a-z-]+)` \|", readme, flags=re.M)
    assert [r for r in rows if r in ARTS] == list(ARTS)
    picture = re.search(r"!\[[^\]]*\]\(\.\./(docs/screenshots/[^)]+)\)", readme)
    assert picture is not None and (ROOT / picture.group(1)).is_file()
