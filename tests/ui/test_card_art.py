"""Card faces painted from what the rule file says: every shipped
card, a modder's card with its own art and corner, a card without art (its
label on a plain face), and a rule set's own colours."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine.cards import card_table  # noqa: E402
from game.looks import ARTS, CardLook, classic_palette  # noqa: E402
from game.rules.loader import load_rules  # noqa: E402
from game.rules.validation import validate_rules  # noqa: E402
from game.ui.card_art import BACK, CardArt  # noqa: E402
from game.ui.card_book import CardBook  # noqa: E402
from game.ui.card_drawing import INK  # noqa: E402
from game.ui.card_symbols import Symbols  # noqa: E402
from game.ui.color_wheel import Wheel  # noqa: E402
from tests.support.rules import rules as rule_set  # noqa: E402

SHIPPED = [["classic"], ["uno112"], ["uno112-blank"], ["uno112", "house/swap-hands-card"]]


def shipped_cards() -> list[tuple[str, str]]:
    found = []
    for names in SHIPPED:
        for card in sorted(set(card_table(rule_set(*names)).names)):
            found.append(("+".join(names), card))
    return found


@pytest.fixture(scope="module")
def art():
    pygame.init()
    return CardArt((100, 150))


@pytest.fixture(scope="module")
def books():
    return {"+".join(names): CardBook(rule_set(*names)) for names in SHIPPED}


def distinct_colors(surface: pygame.Surface, step: int = 3) -> set[tuple[int, int, int]]:
    """Opaque colours on a sampling grid, coarsened so anti-aliasing doesn't count."""
    seen = set()
    for y in range(0, surface.get_height(), step):
        for x in range(0, surface.get_width(), step):
            r, g, b, a = surface.get_at((x, y))
            if a > 200:
                seen.add((r // 32, g // 32, b // 32))
    return seen


def coarse(rgb) -> tuple[int, int, int]:
    return (rgb[0] // 32, rgb[1] // 32, rgb[2] // 32)


def modded(extra: dict, colors=("red", "yellow", "green", "blue")) -> CardBook:
    """A rule set of one number kind and the given kinds, straight from a mapping."""
    cards = {"number": {"category": "number", "faces": list(range(10)), "copies": 2}}
    cards.update(extra)
    data = {"colors": list(colors), "cards": cards, "scoring": {"target": None}}
    return CardBook(validate_rules(data))


@pytest.mark.parametrize(("rules", "card"), shipped_cards())
@pytest.mark.parametrize("size", [(100, 150), (56, 84)])
def test_every_shipped_card_renders_at_its_size_and_is_not_blank(art, books, rules, card, size):
    surface = art.face(books[rules].look(card), size)
    assert surface.get_size() == size
    assert len(distinct_colors(surface)) >= 3
    # Rounded corners leave the very corner transparent.
    assert surface.get_at((0, 0)).a < 128


@pytest.mark.parametrize("names", SHIPPED, ids="+".join)
def test_the_cards_of_a_rule_set_look_different(art, books, names):
    book = books["+".join(names)]
    cards = sorted(set(card_table(rule_set(*names)).names))
    images = {pygame.image.tobytes(art.face(book.look(c)), "RGBA") for c in cards}
    assert len(images) == len(cards)


def test_shipped_kinds_say_their_art(books):
    """Every shipped card picks its look in its rule file, none by its kind's id."""
    for names in SHIPPED:
        for spec in rule_set(*names).kinds.values():
            assert spec.model.art in ARTS, (names, spec.name)


def test_every_art_has_a_painter_and_paints_something(art):
    for name in ARTS:
        look = CardLook(name, "7" if name == "number" else "Bomb", None, (30, 136, 229), ())
        face = art.face(look)
        assert len(distinct_colors(face)) >= 3, name
    assert set(Symbols()._painters) == set(ARTS)


def test_a_card_without_art_shows_its_label_on_a_plain_face(art, monkeypatch):
    book = modded({"bomb": {"label": "Big Bomb", "copies": 2}})
    look = book.look("red:bomb")
    assert look.art is None and look.text == "Big Bomb"
    asked: list[str] = []
    real = Symbols.words

    def words(self, box, text, color=INK):
        asked.append(text)
        return real(self, box, text, color)

    monkeypatch.setattr(Symbols, "words", words)
    face = CardArt((100, 150)).face(look)
    assert asked == ["Big Bomb"]  # the label, painted on the face
    # ...in ink, in the middle of the white oval: no star, no symbol.
    middle = face.subsurface(pygame.Rect(25, 55, 50, 40))
    assert coarse(INK) in distinct_colors(middle, step=1)
    assert coarse(pygame.Color("#ffc107")) not in distinct_colors(face, step=1)
    # Its corners read the label's initials.
    assert look.corner == "BB"


def test_a_modded_card_shows_its_art_and_corner(art, monkeypatch):
    book = modded(
        {"potato": {"label": "Hot Potato", "category": "wild", "wild": True, "copies": 2}}
        | {"zap": {"label": "Zap", "art": "star", "corner": "+1", "copies": 1}}
    )
    zap = book.look("green:zap")
    assert (zap.art, zap.corner, zap.text) == ("star", "+1", "Zap")
    drawn: list[str] = []
    real = Symbols.text

    def text(self, box, fg, shown, underline=False):
        drawn.append(shown)
        return real(self, box, fg, shown, underline)

    monkeypatch.setattr(Symbols, "text", text)
    fresh = CardArt((100, 150))
    fresh.face(zap)
    assert drawn == ["+1"]  # the corner; the middle is the star
    assert fresh.face(zap) is not fresh.face(book.look("blue:zap"))


def test_equal_looks_share_one_face_across_books(art, books):
    other = CardBook(load_rules(["classic"]))
    assert art.face(other.look("red:7")) is art.face(books["classic"].look("red:7"))
    assert art.face(books["uno112"].look("blue:skip")) is art.face(other.look("blue:skip"))


def test_a_rule_sets_colors_paint_the_cards_and_the_wild_oval(art):
    colors = ("red", "yellow", "green", "blue", "purple")
    book = modded({"wild": {"category": "wild", "wild": True, "copies": 4, "art": "wild"}}, colors)
    purple = coarse(book.color_rgb("purple"))
    assert purple in distinct_colors(art.face(book.look("purple:7")))
    oval = distinct_colors(art.face(book.look("wild:wild")), step=1)
    for color in colors:
        assert coarse(book.color_rgb(color)) in oval, color


def test_classic_wild_shows_the_four_colors(art, books):
    seen = distinct_colors(art.face(books["classic"].look("wild:wild")), step=2)
    for rgb in classic_palette():
        assert coarse(rgb) in seen


def test_back_renders(art):
    back = art.back((56, 84))
    assert back.get_size() == (56, 84)
    assert len(distinct_colors(back, step=2)) >= 3


def test_surfaces_are_cached(art, books):
    red7 = books["classic"].look("red:7")
    skip = books["classic"].look("blue:skip")
    assert art.face(red7) is art.face(red7)
    assert art.face(red7) is art.face(red7, (100, 150))
    assert art.face(red7, (56, 84)) is not art.face(red7)
    assert art.back() is art.back()
    assert art.rotated(skip, (56, 84), 90) is art.rotated(skip, (56, 84), 90.0)
    assert art.rotated(BACK, None, 180) is art.rotated(BACK, None, -180)
    assert art.glow() is art.glow()
    assert art.color_ring(90, (229, 57, 53)) is art.color_ring(90, (229, 57, 53))


def test_rotation_turns_the_card(art, books):
    book = books["classic"]
    assert art.rotated(book.look("blue:skip"), (56, 84), 90).get_size() == (84, 56)
    assert art.rotated(BACK, (56, 84), -90).get_size() == (84, 56)
    tilted = art.rotated(book.look("red:1"), (100, 150), 12)
    assert tilted.get_width() > 100 and tilted.get_height() > 150


def test_effects_have_sensible_sizes(art):
    pad = art.glow_pad()
    assert art.glow().get_size() == (100 + 2 * pad, 150 + 2 * pad)
    glow = art.glow((56, 84), (255, 0, 0))
    assert glow.get_width() > 56
    ring = art.color_ring(90, (67, 160, 71))
    assert ring.get_width() > 180 and ring.get_width() == ring.get_height()
    assert art.wheel(60, classic_palette()).get_size() == (120, 120)


def test_wheel_hit_test():
    wheel = Wheel(["red", "yellow", "green", "blue"])
    assert wheel.color_at((-10, -10), 50) == "red"
    assert wheel.color_at((10, -10), 50) == "blue"
    assert wheel.color_at((10, 10), 50) == "green"
    assert wheel.color_at((-10, 10), 50) == "yellow"
    assert wheel.color_at((60, 0), 50) is None


def test_a_face_with_a_rim_of_its_own_keeps_it_round_the_body(art):
    """A side of a two-sided deck may give its faces their own border (the Dark
    faces' is near black): the border shows it, the body keeps the card's colour."""
    teal = (0, 137, 123)
    plain = art.face(CardLook("number", "7", None, teal, classic_palette()))
    dark = art.face(CardLook("number", "7", None, teal, classic_palette(), rim=(28, 28, 34)))
    border = (4, 75)  # on the left edge, inside the hairline, beside the body
    assert coarse(plain.get_at(border)) == coarse((255, 255, 255))
    assert coarse(dark.get_at(border)) == coarse((28, 28, 34))
    middle = (50, 20)  # the body above the oval
    assert coarse(dark.get_at(middle)) == coarse(plain.get_at(middle))


def test_the_cards_of_uno_flip_have_their_own_symbols(art):
    """Skip Everyone, Flip and Wild Draw Colour each paint a symbol of their own,
    unlike any other art's, in the middle and in the corner."""
    blue, palette = (30, 136, 229), classic_palette()
    faces = {
        name: pygame.image.tobytes(art.face(CardLook(name, "X", None, blue, palette)), "RGBA")
        for name in ARTS
        if name != "number"
    }
    for name in ("skip-everyone", "flip", "wild-draw-color"):
        assert list(faces.values()).count(faces[name]) == 1, name
    symbols = Symbols()
    for name in ("skip-everyone", "flip", "wild-draw-color"):
        look = CardLook(name, "X", None, blue, palette)
        small = symbols.paint(look, (30, 30), pygame.Color("white"), False, small=True)
        big = symbols.paint(look, (30, 30), pygame.Color("white"), False)
        assert pygame.image.tobytes(small, "RGBA") != pygame.image.tobytes(big, "RGBA"), name
