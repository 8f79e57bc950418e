import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.card_art import (  # noqa: E402
    BACK,
    CLASSIC_COLORS,
    SPECIAL_KINDS,
    CardArt,
    parse_card,
    wheel_color_at,
)

CLASSIC_DECK = [
    f"{color}:{face}"
    for color in CLASSIC_COLORS
    for face in [*map(str, range(10)), "skip", "reverse", "draw_two"]
] + ["wild:wild", "wild:wild_draw_four"]
SPECIALS = [f"wild:{kind}" for kind in SPECIAL_KINDS] + ["red:blank", "green:wild_swap_hands"]
UNKNOWN = ["wild:mirror_of_doom", "blue:steal", "purple:7", "nocolour:thing"]
ALL_CARDS = list(dict.fromkeys(CLASSIC_DECK + SPECIALS + UNKNOWN))


@pytest.fixture(scope="module")
def art():
    pygame.init()
    return CardArt((100, 150))


def distinct_colours(surface: pygame.Surface, step: int = 3) -> set[tuple[int, int, int]]:
    """Opaque colours on a sampling grid, coarsened so anti-aliasing doesn't count."""
    seen = set()
    for y in range(0, surface.get_height(), step):
        for x in range(0, surface.get_width(), step):
            r, g, b, a = surface.get_at((x, y))
            if a > 200:
                seen.add((r // 32, g // 32, b // 32))
    return seen


@pytest.mark.parametrize("card", ALL_CARDS)
@pytest.mark.parametrize("size", [(100, 150), (56, 84)])
def test_every_card_renders_at_its_size_and_is_not_blank(art, card, size):
    surface = art.face(card, size)
    assert surface.get_size() == size
    assert len(distinct_colours(surface)) >= 3
    # Rounded corners leave the very corner transparent.
    assert surface.get_at((0, 0)).a < 128


def test_cards_look_different(art):
    images = {card: pygame.image.tobytes(art.face(card), "RGBA") for card in ALL_CARDS}
    assert len(set(images.values())) == len(ALL_CARDS)


def test_wild_cards_show_all_four_colours(art):
    seen = distinct_colours(art.face("wild:wild"), step=2)
    for name in CLASSIC_COLORS:
        c = pygame.Color(
            {"red": "#e53935", "yellow": "#fdd835", "green": "#43a047", "blue": "#1e88e5"}[name]
        )
        assert (c.r // 32, c.g // 32, c.b // 32) in seen, name


def test_back_renders(art):
    back = art.back((56, 84))
    assert back.get_size() == (56, 84)
    assert len(distinct_colours(back, step=2)) >= 3


def test_surfaces_are_cached(art):
    assert art.face("red:7") is art.face("red:7")
    assert art.face("red:7") is art.face("red:7", (100, 150))
    assert art.face("red:7", (56, 84)) is not art.face("red:7")
    assert art.back() is art.back()
    assert art.rotated("blue:skip", (56, 84), 90) is art.rotated("blue:skip", (56, 84), 90.0)
    assert art.rotated(BACK, None, 180) is art.rotated(BACK, None, -180)
    assert art.glow() is art.glow()
    assert art.color_ring(90, "red") is art.color_ring(90, "red")


def test_rotation_turns_the_card(art):
    assert art.rotated("blue:skip", (56, 84), 90).get_size() == (84, 56)
    assert art.rotated(BACK, (56, 84), -90).get_size() == (84, 56)
    tilted = art.rotated("red:1", (100, 150), 12)
    assert tilted.get_width() > 100 and tilted.get_height() > 150


def test_effects_have_sensible_sizes(art):
    pad = art.glow_pad()
    assert art.glow().get_size() == (100 + 2 * pad, 150 + 2 * pad)
    glow = art.glow((56, 84), (255, 0, 0))
    assert glow.get_width() > 56
    ring = art.color_ring(90, "green")
    assert ring.get_width() > 180 and ring.get_width() == ring.get_height()
    assert art.wheel(60).get_size() == (120, 120)


def test_parse_card():
    assert parse_card("red:7") == ("red", "7")
    assert parse_card("wild:wild_draw_four") == ("wild", "wild_draw_four")
    assert parse_card("wild_swap_hands") == ("wild", "wild_swap_hands")


def test_wheel_hit_test():
    assert wheel_color_at((-10, -10), 50) == "red"
    assert wheel_color_at((10, -10), 50) == "blue"
    assert wheel_color_at((10, 10), 50) == "green"
    assert wheel_color_at((-10, 10), 50) == "yellow"
    assert wheel_color_at((60, 0), 50) is None
