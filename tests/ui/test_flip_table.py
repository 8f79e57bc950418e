"""UNO Flip on the table: the faces the whole table may see, the flip itself,
and the Dark side's own colours. The published rules: a Flip card's hand is
held with the face in play towards its owner, so everyone else sees the other
face of every card in it, and of the draw pile's top card; a Flip turns every
card over."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.engine import new_game
from game.engine.card_names import turned
from game.looks import SIDE_RIM, color_patterns
from game.rules.loader import load_rules
from game.table.model import TableModel
from game.table.privacy import PILE, Privacy
from game.table.view import TableView
from game.ui import accessibility, patterns
from game.ui.card_art import CardArt
from game.ui.card_book import CardBook
from game.ui.settings import Settings
from tests.support.spies import recorded

LIGHT = ("red", "yellow", "green", "blue")
DARK = ("pink", "teal", "orange", "purple")


@pytest.fixture(scope="module")
def flip_rules():
    return load_rules(["flip"])


@pytest.fixture(scope="module")
def art():
    """One card painter for the module: its faces, once painted, are kept."""
    pygame.init()
    return CardArt()


@pytest.fixture
def table(flip_rules, art):
    """Ana (seat 0) looks at a Flip table of three, dealt by the engine."""
    _state, events = new_game(flip_rules, 3, 9, ["Ana", "Bo", "Cy"])
    view = TableView(art, 3, ["Ana", "Bo", "Cy"], 112, book=CardBook(flip_rules))
    view.set_viewer(0)
    start = next(i for i, e in enumerate(events) if e["t"] == "round")
    for event in events[start:]:
        view.feed(dict(event))
    settle(view, until_idle=True)
    return view


def settle(
    view: TableView, frames: int = 150, until_idle: bool = False
) -> list[tuple[str, object, object, bool]]:
    """Run the animation `frames` frames (or until nothing moves); every card
    drawn on the way."""
    drawn: list[tuple[str, object, object, bool]] = []
    view.privacy.witness = lambda *seen: drawn.append(seen)
    surface = pygame.Surface((1280, 720))
    for _ in range(frames):
        view.update(1 / 60)
        view.draw(surface)
        if until_idle and not view.busy:
            break
    view.privacy.witness = None
    return drawn


def test_the_hidden_faces_are_never_drawn_the_other_faces_are(table, monkeypatch):
    """Bo's and Cy's hands show the faces Ana may see (their other faces), never
    the faces in play, and never a plain back."""
    asked = recorded(monkeypatch, table.book, "look")
    table.set_viewer(0)  # painted afresh, not from the layers the deal left
    drawn = settle(table, 3)
    theirs = {name for seat in (1, 2) for name in table.hand_names(seat)}
    assert theirs
    mine = set(table.hand_names(0)) | set(table.model.discard)
    hidden = theirs - mine
    assert not hidden & set(asked), "a face in play of another hand was painted"
    assert {turned(name) for name in theirs} <= set(asked), "an other face was not painted"
    others = [d for d in drawn if d[2] in (1, 2)]
    assert others and not any(face for *_, face in others)
    assert {card for card, *_ in others} == {turned(name) for name in theirs}


def test_the_draw_pile_shows_its_top_cards_other_face(table, monkeypatch):
    table.model.pile_back = "orange:skip_everyone"
    asked = recorded(monkeypatch, table.book, "look")
    drawn = settle(table, 2)
    assert "orange:skip_everyone" in asked
    assert ("orange:skip_everyone", PILE, PILE, False) in drawn
    table.model.pile_back = None
    asked.clear()
    settle(table, 2)
    assert "orange:skip_everyone" not in asked


def flip_event(view: TableView, side: str = "dark") -> dict:
    top = turned(view.model.discard[-1])
    return {"t": "flip", "side": side, "top": top, "color": view.book.facts(top).color}


def test_a_flip_turns_every_card_over_and_ends(table):
    before = [table.hand_names(seat) for seat in range(3)]
    held = table.feed(flip_event(table))
    assert held > 0
    assert table.model.side == "dark"
    assert table.animator.turning() == 0.0
    for seat in range(3):
        # Every card is the same card the other way up (the owner's re-sorted).
        assert sorted(table.hand_names(seat)) == sorted(turned(c) for c in before[seat])
    seen: list[float] = []
    surface = pygame.Surface((1280, 720))
    for _ in range(200):
        table.update(1 / 60)
        table.draw(surface)
        done = table.animator.turning()
        if done is None:
            break
        seen.append(done)
    assert table.animator.turning() is None, "the flip never ended"
    assert seen and seen[0] < 0.5 < seen[-1], "the cards never showed both sides in turn"
    assert table.model.top == flip_event_top(table)


def flip_event_top(view: TableView) -> str:
    return view.animator.discard[-1].name


def test_in_a_flip_cards_show_the_side_they_had_then_the_new_one(table, monkeypatch):
    mine = table.hand_names(0)
    table.feed(flip_event(table))
    asked = recorded(monkeypatch, table.book, "look")
    surface = pygame.Surface((1280, 720))
    table.update(0.1)  # early in the turn
    table.draw(surface)
    assert set(mine) <= set(asked), "Ana's cards did not start from the faces she held"
    asked.clear()
    while (table.animator.turning() or 0) < 0.6:
        table.update(1 / 60)
    table.draw(surface)
    assert {turned(c) for c in mine} <= set(asked)


def test_with_reduced_motion_a_flip_changes_the_table_in_place(table):
    settings = Settings(reduced_motion=True)
    accessibility.apply(settings)
    try:
        held = table.feed(flip_event(table))
        assert table.animator.turning() is None
        assert held > 0, "the pacing still holds the table on the flip"
    finally:
        accessibility.apply(Settings())


def test_the_model_turns_the_discard_pile_as_a_stack_when_its_top_says_so():
    model = TableModel(2, ["Ana", "Bo"], 112)
    model.apply({"t": "round", "n": 1, "dealer": 1})
    model.discard = ["red:1/teal:2", "blue:flip/pink:3"]
    model.apply({"t": "flip", "side": "dark", "top": "pink:3/blue:flip", "color": "pink"})
    assert model.discard == ["teal:2/red:1", "pink:3/blue:flip"]
    model.apply({"t": "flip", "side": "light", "top": "red:1/teal:2", "color": "red"})
    assert model.discard == ["blue:flip/pink:3", "red:1/teal:2"]  # turned as a stack
    assert model.side == "light" and model.color == "red"
    model.apply({"t": "round", "n": 2, "dealer": 0})
    assert model.side is None and model.pile_back is None


def test_privacy_draws_the_other_face_of_a_hidden_two_sided_card():
    assert Privacy.drawn("red:7/teal:5", True) == "red:7/teal:5"
    assert Privacy.drawn("red:7/teal:5", False) == "teal:5/red:7"
    assert Privacy.drawn("red:7", False) is None


def test_the_dark_side_has_its_own_colors_shapes_and_rim(flip_rules):
    book = CardBook(flip_rules)
    assert book.colors == (*LIGHT, *DARK)
    shapes = [book.color_pattern(c) for c in book.colors]
    assert len(set(shapes)) == 8, shapes
    rgbs = [book.color_rgb(c) for c in book.colors]
    assert len(set(rgbs)) == 8
    # Deeper than the Light four: each Dark colour darker than the lightest Light one.
    light = max(sum(book.color_rgb(c)) for c in LIGHT)
    assert all(sum(book.color_rgb(c)) < light for c in DARK)
    dark_wild = book.look("wild:dark_wild/wild:wild")
    assert dark_wild.rim == SIDE_RIM
    assert set(dark_wild.palette) == {book.color_rgb(c) for c in DARK}
    light_wild = book.look("wild:wild/wild:dark_wild")
    assert light_wild.rim is None
    assert set(light_wild.palette) == {book.color_rgb(c) for c in LIGHT}
    assert book.side_label("dark") == "Dark"
    assert CardBook(flip_rules, "fi").side_label("dark") == "Tumma puoli"


def test_the_eight_colors_shapes_look_different():
    pygame.init()
    shapes = color_patterns([*LIGHT, *DARK], {"pink": "heart", "purple": "moon"})
    white, near = (255, 255, 255, 255), (70, 70, 70, 255)
    masks = {
        c: pygame.mask.from_threshold(patterns.mark(s, 40), white, near) for c, s in shapes.items()
    }
    for (a, ma), (b, mb) in itertools.combinations(masks.items(), 2):
        overlap = ma.overlap_area(mb, (0, 0))
        union = ma.count() + mb.count() - overlap
        assert union - overlap > 0.08 * union, (a, b)


def test_the_rules_in_the_pause_say_which_side_is_in_play(flip_rules):
    from game.ui.rules_words import describe

    state, events = new_game(flip_rules, 4, 4, ["a", "b", "c", "d"])
    assert any(e["t"] == "flip" for e in events), "the first card turned up was a Flip"
    assert "The Dark side is in play." in describe(flip_rules, state)
    state, _events = new_game(flip_rules, 4, 9, ["a", "b", "c", "d"])
    assert "The Light side is in play." in describe(flip_rules, state)
    classic = load_rules(["classic"])
    state, _events = new_game(classic, 4, 9, ["a", "b", "c", "d"])
    assert not any("side is in play" in line for line in describe(classic, state))


def test_the_rules_screen_heads_each_side_of_the_deck(flip_rules):
    from game.ui.rules_words import describe

    lines = describe(flip_rules)
    assert "# Light side, colours Red, Yellow, Green, Blue" in lines
    assert "# Dark side, colours Pink, Teal, Orange, Purple" in lines
