"""Who may see a card, decided in game/table/privacy.py, and cards passed between
hands flying face down (Shuffle Hands once showed who held what)."""

from __future__ import annotations

import pygame
import pytest

from game.rules.loader import load_rules
from game.table.privacy import DISCARD, PILE, TABLE, Privacy
from game.table.view import TableView
from game.ui.card_art import CardArt
from game.ui.card_book import CardBook

HANDS = [["red:1", "wild:wild"], ["blue:3", "blue:4"], ["green:5", "green:6"]]


@pytest.fixture
def table():
    pygame.init()
    privacy = Privacy()
    view = TableView(
        CardArt(),
        3,
        ["Ana", "Bo", "Cy"],
        108,
        book=CardBook(load_rules(["uno112"])),
        privacy=privacy,
    )
    view.set_viewer(0)
    view.feed({"t": "round", "n": 1, "dealer": 2})
    for seat, cards in enumerate(HANDS):
        view.feed({"t": "deal", "p": seat, "cards": cards})
    view.feed({"t": "start", "card": "red:9", "color": "red", "first": 0, "direction": 1})
    settle(view)
    return view


def settle(view: TableView, frames: int = 120) -> list[tuple[str, object, object, bool]]:
    """Run the animation to its end; every card drawn on the way."""
    drawn: list[tuple[str, object, object, bool]] = []
    view.privacy.witness = lambda *seen: drawn.append(seen)
    surface = pygame.Surface((1280, 720))
    for _ in range(frames):
        view.update(1 / 60)
        view.draw(surface)
    view.privacy.witness = None
    return drawn


def test_may_see():
    privacy = Privacy()
    privacy.viewer = 1
    assert privacy.may_see(1) and not privacy.may_see(0)
    assert privacy.may_see(DISCARD) and privacy.may_see(TABLE) and not privacy.may_see(PILE)
    privacy.revealed = (0, 1)  # a challenge shows seat 0's hand to seat 1
    assert privacy.may_see(0) and not privacy.may_see(2)
    privacy.viewer = 2
    assert not privacy.may_see(0)
    privacy.hands_open = True
    assert privacy.may_see(0) and privacy.may_see(2)


def test_shuffled_hands_arrive_face_down(table):
    table.feed({"t": "hands", "hands": [HANDS[2], HANDS[0], HANDS[1]]})
    drawn = settle(table)
    incoming = [d for d in drawn if d[2] == 0 and d[1] != 0]
    assert incoming, "the viewer's new cards were never seen flying in"
    assert not any(face for *_, face in incoming), "a card from another hand flew in face up"
    # Once they have landed they are the viewer's own, face up; the others' stay down.
    at_rest = settle(table, 2)
    assert {c for c, o, p, face in at_rest if face and p == 0} == set(HANDS[2])
    assert not any(face for c, o, p, face in at_rest if p in (1, 2))


def test_swapped_hands_fly_face_down_both_ways(table):
    table.feed({"t": "swap", "p": 0, "with": 1})
    drawn = settle(table)
    moving = [d for d in drawn if d[1] != d[2]]
    assert moving and not any(face for *_, face in moving)


def test_a_drawn_card_turns_up_only_in_its_owners_hand(table):
    table.feed({"t": "draw", "p": 0, "cards": ["yellow:7"], "why": "turn"})
    drawn = settle(table)
    flying = [d for d in drawn if d[0] == "yellow:7" and d[1] == PILE]
    assert flying and not any(face for *_, face in flying)
    table.feed({"t": "draw", "p": 1, "cards": ["yellow:8"], "why": "turn"})
    assert not any(face for c, *_, face in settle(table) if c == "yellow:8")


def test_a_played_card_flies_face_up_all_the_way(table):
    """Seen: a Wild played on a shared screen flew showing its back (its owner's
    hand had gone face down as the turn ended). A card played is public: it
    shows its face from the hand to the discard pile, whoever played it."""
    table.set_viewer(None)  # the turn is over: the couch is looking
    table.feed({"t": "play", "p": 0, "card": "wild:wild"})
    table.feed({"t": "color", "p": 0, "color": "blue"})
    flying = [d for d in settle(table) if d[0] == "wild:wild" and d[1] == 0 and d[2] == DISCARD]
    assert flying and all(face for *_, face in flying)
    table.feed({"t": "play", "p": 1, "card": "blue:3"})  # from a hand nobody may see
    flying = [d for d in settle(table) if d[0] == "blue:3" and d[1] == 1]
    assert flying and all(face for *_, face in flying)
