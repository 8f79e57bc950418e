"""Colour-blind mode's shapes: the classic four always have theirs,
any other colour gets a distinct one, the same on every run, a rule file may
name one, and every surface that shows a colour shows its shape when the mode
is on (and only then)."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.looks import CLASSIC_PATTERNS, EXTRA_PATTERNS, PATTERNS, color_patterns
from game.rules.loader import load_rules
from game.rules.validation import validate_rules
from game.ui import patterns
from game.ui.card_art import CardArt
from game.ui.card_book import CardBook
from game.ui.tones import tone_mark, with_mark

NUMBERS = {"category": "number", "faces": list(range(10)), "copies": 2, "art": "number"}


def rules_of(cards: dict, colors: tuple[str, ...], **more):
    data = {"colors": list(colors), "cards": cards, "players": {"max": 4}, **more}
    return validate_rules({**data, "scoring": {"target": None}})


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pygame.init()


def test_the_classic_four_have_fixed_shapes_whatever_the_order():
    assert color_patterns(["red", "yellow", "green", "blue"]) == {
        "red": "triangle",
        "yellow": "circle",
        "green": "square",
        "blue": "diamond",
    }
    assert color_patterns(["blue", "purple", "red"]) == {
        "blue": "diamond",
        "purple": EXTRA_PATTERNS[0],
        "red": "triangle",
    }


@pytest.mark.parametrize("count", range(1, 9))
def test_any_set_of_colors_gets_distinct_shapes_the_same_every_time(count):
    names = ["red", "ochre", "green", "sky", "mint", "plum", "rust", "sand"][:count]
    shapes = color_patterns(names)
    assert list(shapes) == names
    assert len(set(shapes.values())) == count
    assert set(shapes.values()) <= set(PATTERNS)
    assert color_patterns(list(names)) == shapes  # deterministic


def test_a_rule_file_may_name_a_shape():
    shapes = color_patterns(["red", "purple"], {"purple": "triangle"})
    assert shapes["purple"] == "triangle" and shapes["red"] != "triangle"
    rules = rules_of(
        {"number": NUMBERS},
        colors=("red", "yellow", "green", "blue", "purple"),
        color_looks={"purple": {"pattern": "star"}, "red": {"pattern": "hexagon"}},
    )
    book = CardBook(rules)
    assert book.color_pattern("purple") == "star"
    assert book.color_pattern("red") == "hexagon"
    assert book.color_pattern("yellow") == CLASSIC_PATTERNS["yellow"]
    assert book.look("purple:7").mark == "star"
    assert book.look("red:7").mark == "hexagon"
    # A wild shows every colour's shape, in the order of its colours (wheel order).
    assert book.look("wild:wild").mark is None
    assert len(book.look("wild:wild").marks) == 5


def test_every_shape_looks_different():
    white, near = (255, 255, 255, 255), (70, 70, 70, 255)
    masks = {
        name: pygame.mask.from_threshold(patterns.mark(name, 40), white, near) for name in PATTERNS
    }
    for (a, ma), (b, mb) in itertools.combinations(masks.items(), 2):
        differ = ma.overlap_area(mb, (0, 0))
        union = ma.count() + mb.count() - differ
        assert union - differ > 0.08 * union, (a, b)


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_faces_the_ring_and_the_wheel_show_shapes_only_in_the_mode():
    book = CardBook(load_rules(["classic"]))
    plain, marked = CardArt((100, 150)), CardArt((100, 150), patterns=True)
    for card in ("red:7", "yellow:skip", "wild:wild"):
        assert pixels(plain.face(book.look(card))) != pixels(marked.face(book.look(card)))
    # A colourless card other than the Wild has nothing to mark.
    assert pixels(plain.face(book.look("wild:draw_four"))) == pixels(
        marked.face(book.look("wild:draw_four"))
    )
    rgb, shape = book.color_rgb("green"), book.color_pattern("green")
    assert pixels(plain.color_ring(96, rgb, shape)) != pixels(marked.color_ring(96, rgb, shape))
    assert pixels(plain.color_ring(96, rgb, shape)) == pixels(plain.color_ring(96, rgb))
    colors = [book.color_rgb(c) for c in book.colors]
    shapes = [book.color_pattern(c) for c in book.colors]
    assert pixels(plain.wheel(100, colors, shapes)) != pixels(marked.wheel(100, colors, shapes))


def test_turning_the_mode_on_repaints_cached_faces():
    book = CardBook(load_rules(["classic"]))
    art = CardArt((100, 150))
    before = pixels(art.face(book.look("blue:3")))
    generation = art.generation
    art.show_patterns(True)
    assert art.generation == generation + 1
    assert pixels(art.face(book.look("blue:3"))) != before
    art.show_patterns(False)
    assert pixels(art.face(book.look("blue:3"))) == before


def test_a_line_naming_a_color_shows_its_shape_before_it():
    book = CardBook(load_rules(["classic"]))
    plain, marked = CardArt(), CardArt(patterns=True)
    assert tone_mark("color:red", book, plain) is None
    assert tone_mark("color:red", book, marked) == "triangle"
    assert tone_mark("gold", book, marked) is None
    label = pygame.Surface((120, 30), pygame.SRCALPHA)
    shown = with_mark(label, "triangle")
    assert shown.get_height() == 30 and shown.get_width() > 120 + 20
    assert with_mark(label, None) is label
