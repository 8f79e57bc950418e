import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import math  # noqa: E402
import re  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.table.geometry import PROMPT_WIDTH, TableGeometry  # noqa: E402
from game.table.layout import (  # noqa: E402
    DEFAULT_ASSETS_DIR,
    REGION_NAMES,
    LayoutError,
    load_layout,
    parse_tiled_color,
)
from game.ui import text  # noqa: E402
from game.ui.text import TEXT_SIZES  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = ROOT / "tools" / "make_layouts.py"
PLAYER_COUNTS = range(2, 11)
OVERLAYS = {"color_wheel", "score_panel"}


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_layout_loads_with_one_seat_per_player(players):
    layout = load_layout(players)
    assert layout.players == players
    assert layout.size == (1280, 720)
    assert [seat.index for seat in layout.seats] == list(range(players))
    assert set(layout.piles) == {"draw_pile", "discard_pile", "direction_ring"}
    assert set(layout.regions) == set(REGION_NAMES)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_everything_is_on_screen(players):
    layout = load_layout(players)
    screen = pygame.Rect(0, 0, *layout.size)
    rects = [*layout.piles.values(), *layout.regions.values()]
    for seat in layout.seats:
        rects += [seat.rect, seat.label_rect]
    for rect in rects:
        assert screen.contains(rect), rect


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_seats_overlap_nothing(players):
    layout = load_layout(players)
    fixed = {
        **layout.piles,
        **{name: rect for name, rect in layout.regions.items() if name not in OVERLAYS},
    }
    areas = []
    for seat in layout.seats:
        areas += [(f"seat{seat.index}", seat.rect), (f"seat{seat.index} badge", seat.label_rect)]
    for i, (name, rect) in enumerate(areas):
        for other_name, other in areas[i + 1 :]:
            if name.split()[0] != other_name.split()[0]:
                assert not rect.colliderect(other), (name, other_name)
        for other_name, other in fixed.items():
            assert not rect.colliderect(other), (name, other_name)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_seat0_is_the_bottom_centre_and_seats_go_clockwise(players):
    layout = load_layout(players)
    bottom = layout.seats[0]
    assert bottom.rect.centerx == layout.size[0] // 2
    assert bottom.rect.bottom == max(seat.rect.bottom for seat in layout.seats)
    assert bottom.angle == 0 and bottom.face_up
    assert all(not seat.face_up for seat in layout.seats[1:])
    assert bottom.rect.width > max(seat.rect.width for seat in layout.seats[1:])
    # y grows downwards, so atan2 grows clockwise on screen; start at the bottom (90°).
    cx, cy = layout.piles["direction_ring"].center
    bearings = []
    for seat in layout.seats:
        x, y = seat.rect.center
        bearings.append((math.degrees(math.atan2(y - cy, x - cx)) - 90) % 360)
    assert bearings == sorted(bearings)
    assert len(set(bearings)) == players


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_seat_angles_face_their_screen_edge(players):
    expected = {"bottom": 0, "top": 180, "left": -90, "right": 90}
    for seat in load_layout(players).seats:
        assert seat.angle == expected[seat.side]


@pytest.mark.parametrize("players", [2, 10])
def test_fan_centres_keep_cards_inside_the_seat(players):
    for seat in load_layout(players).seats:
        for count in (1, 7, 25):
            art = pygame.Rect(0, 0, *seat.card_size)
            if seat.vertical:
                art.size = (art.height, art.width)
            for cx, cy in seat.fan_centers(count):
                art.center = (round(cx), round(cy))
                assert seat.rect.inflate(2, 2).contains(art), (seat.index, count)


def test_layouts_are_cached():
    assert load_layout(4) is load_layout(4)


def test_felt_color_reads_tiled_argb():
    assert parse_tiled_color("#ff0b5d3b") == pygame.Color(11, 93, 59, 255)
    assert parse_tiled_color("#800b5d3b").a == 0x80
    assert load_layout(2).felt_color == pygame.Color(11, 93, 59, 255)


def test_committed_maps_match_the_generator(tmp_path):
    check = subprocess.run(
        [sys.executable, str(GENERATOR), "--check"], capture_output=True, text=True
    )
    assert check.returncode == 0, check.stderr
    subprocess.run([sys.executable, str(GENERATOR), "--out", str(tmp_path)], check=True)
    for players in PLAYER_COUNTS:
        name = f"table_{players}p.tmx"
        assert (tmp_path / name).read_bytes() == (DEFAULT_ASSETS_DIR / name).read_bytes()


def _broken_copy(tmp_path, players, pattern):
    """Copy a map into tmp_path with the first XML matched by `pattern` removed."""
    text = (DEFAULT_ASSETS_DIR / f"table_{players}p.tmx").read_text(encoding="utf-8")
    broken, count = re.subn(pattern, "", text, count=1, flags=re.S)
    assert count == 1, pattern
    (tmp_path / f"table_{players}p.tmx").write_text(broken, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    "pattern, missing",
    [
        (r'\s*<object id="\d+" name="catch_button"[^>]*/>', "catch_button"),
        (r'\s*<object id="\d+" name="discard_pile"[^>]*/>', "discard_pile"),
        (r'\s*<object id="\d+" name="seat2".*?</object>', "seat2"),
        (r'\s*<property name="angle"[^>]*/>', "angle"),
        (r'\s*<objectgroup id="3" name="ui".*?</objectgroup>', "'ui'"),
    ],
)
def test_missing_object_is_reported_by_name(tmp_path, pattern, missing):
    folder = _broken_copy(tmp_path, 4, pattern)
    with pytest.raises(LayoutError) as err:
        load_layout(4, folder)
    assert missing in str(err.value)
    assert "table_4p.tmx" in str(err.value)


def test_missing_file_is_a_layout_error(tmp_path):
    with pytest.raises(LayoutError, match="table_11p.tmx"):
        load_layout(11, tmp_path)


# What a seat says under its name plate when its player is asked something
# (game/table/couch_buttons.py draws it), the longest of them.
PROMPT = "Stack a card, Challenge or take the cards"
PROMPT_SIZE, NAME_SIZE, COUNT_SIZE = 20, 22, 22
WHEEL_TITLE, WHEEL_TITLE_SIZE = "Name a colour", 44


@pytest.fixture(params=list(TEXT_SIZES))
def text_size(request):
    pygame.font.init()
    text.set_size(request.param)
    yield request.param
    text.set_size("normal")


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_seat_words_overlap_nothing_at_either_text_size(players, text_size):
    """The layout overlap test, with the words the table writes at each seat, at
    normal and at large text: a name fits its plate, the prompt under a plate
    stays on screen and off every other seat, hand and button, and the count
    under the draw pile off every seat."""
    layout = load_layout(players)
    geometry = TableGeometry(layout)
    screen = pygame.Rect(0, 0, *layout.size)
    buttons = [layout.regions[n] for n in ("uno_button", "catch_button", "draw_button")]
    buttons += [geometry.history_button]
    for seat in layout.seats:
        plate = seat.label_rect
        assert text.font(NAME_SIZE).get_height() <= plate.height, (seat.index, text_size)
        words = text.fit(PROMPT, PROMPT_SIZE, PROMPT_WIDTH, bold=True)
        prompt = geometry.prompt_rect(seat.index, words.get_size())
        assert screen.contains(prompt), (seat.index, prompt)
        assert words.get_height() >= text.font(PROMPT_SIZE).get_height() * 0.7  # readable
        assert prompt.colliderect(plate.inflate(160, 160)), (seat.index, prompt)  # by its plate
        others = [geometry.hand_area(i) for i in range(players) if i != seat.index]
        others += [s.label_rect for s in layout.seats if s is not seat]
        hit = prompt.collidelist(others + buttons + list(layout.piles.values())[:2])
        assert hit < 0, (seat.index, prompt, hit)
    count = text.shadowed("108", COUNT_SIZE, bold=True)
    pile = layout.piles["draw_pile"]
    under = count.get_rect(midtop=(pile.centerx, pile.bottom + 6))
    for seat in layout.seats:
        assert not under.colliderect(seat.rect) and not under.colliderect(seat.label_rect)
    # "Name a colour" over the colour wheel (game/scenes/choose.py): off every name
    # plate, the top seat's included, and the wheel under it.
    title = text.shadowed(WHEEL_TITLE, WHEEL_TITLE_SIZE, bold=True)
    wheel = geometry.color_wheel(title.get_size())
    plates = [s.label_rect for s in layout.seats]
    assert wheel.title.collidelist(plates) < 0, (wheel.title, text_size)
    assert screen.contains(wheel.title)
    cy, r = wheel.center[1], wheel.radius
    assert wheel.title.bottom < cy - r and r >= 100, (wheel, text_size)


def every_prompt() -> list[str]:
    """Every line the table writes under a name plate (game/table/couch_buttons.py)."""
    from game.engine import Accept, Challenge, Pass, Play
    from game.engine.decisions import REGISTRY, Ask
    from game.rules.loader import load_rules
    from game.table.couch_buttons import asked
    from game.ui.card_book import CardBook

    book = CardBook(load_rules(["classic"]))
    kinds_tried = [set(), {Play}, {Challenge}, {Play, Challenge}, {Pass}, {Accept}, {Play, Pass}]
    hand = [kind for kind in REGISTRY.values() if kind.ask is Ask.HAND]
    return sorted({asked(kind, kinds, "Ana", book) for kind in hand for kinds in kinds_tried})


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_every_prompt_reads_as_its_own_seats(players, text_size):
    """Seen at large text: "Play the drawn card, or pass" for the bottom seat sat
    just under the neighbour's name plate and read as theirs. Every prompt is
    nearer its own plate than any other, and well off every other, at every
    number of seats (from seven on, two seats a side, the layouts leave each
    plate a line of its own: tools/make_layouts.py); and off the event line,
    which shows while it does."""
    from game.table.geometry import PROMPT_OFF_OTHERS, rect_gap

    geometry = TableGeometry(load_layout(players))
    far = []
    for words in every_prompt():
        for seat in geometry.layout.seats:
            img, prompt = geometry.fitted_prompt(
                seat.index, lambda width, w=words: text.fit(w, PROMPT_SIZE, width, bold=True)
            )
            assert img.get_height() >= text.font(PROMPT_SIZE).get_height() * 0.7  # readable
            own = rect_gap(prompt, seat.label_rect)
            nearest = min(
                rect_gap(prompt, s.label_rect) for s in geometry.layout.seats if s is not seat
            )
            if nearest < max(PROMPT_OFF_OTHERS, own + 16):
                far.append((words, seat.index, round(own), round(nearest)))
            assert not prompt.colliderect(geometry.event_home), (words, seat.index, prompt)
    assert not far, far
