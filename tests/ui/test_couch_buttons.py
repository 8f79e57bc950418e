"""The table's buttons and the line under the name plate come from the
decision's declaration (game/engine/decisions.py: how it is asked, what it is
for, its own words), never from a table of kinds: a card's new kind gets
sensible buttons and words with no entry in game/table/couch_buttons.py."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Challenge, Draw, Pass, Play
from game.engine import decisions as decision_kinds
from game.engine.decisions import REGISTRY, Ask, DecisionKind, declare
from game.engine.purposes import Purpose
from game.engine.said import said
from game.rules.loader import load_rules
from game.table.couch_buttons import CouchButtons, asked
from game.table.view import TableView
from game.ui.card_art import CardArt
from game.ui.card_book import CardBook
from tests.support.target_kind import QUESTION


class Presses:
    def press_uno(self) -> None: ...
    def press_catch(self) -> None: ...
    def press_draw(self) -> None: ...
    def press_pass(self) -> None: ...
    def press_challenge(self) -> None: ...
    def open_history(self) -> None: ...


@pytest.fixture
def board() -> CouchButtons:
    pygame.init()
    book = CardBook(load_rules(["classic"]))
    return CouchButtons(TableView(CardArt(), 3, ["Ana", "Bo", "Cy"], 108, book=book), Presses())


@pytest.fixture
def again(monkeypatch):
    """A new kind asked from the hand, declared for the test only: after a
    card, its player may draw once more or pass."""
    play = REGISTRY["play"]
    monkeypatch.setattr(decision_kinds, "KIND_NAMES", (*decision_kinds.KIND_NAMES, "again"))
    kind = DecisionKind(
        "again",  # type: ignore[arg-type]
        must="draw once more, or pass",
        options="nothing",
        answers=play.answers,
        apply={Draw: play.apply[Draw], Pass: play.apply[Pass]},
        refusal=play.refusal,
        ask=Ask.HAND,
        purpose=Purpose.TURN,
        question=said("Draw once more, or stop"),
        answer_words={Pass: said("Stop")},
    )
    declare(kind)
    yield kind
    for table in (decision_kinds.REGISTRY, decision_kinds.ANSWERS, decision_kinds.APPLY):
        table.pop("again", None)  # type: ignore[call-overload]


def _shown(board: CouchButtons) -> list[str]:
    return [b.label for b in (board.main_button, board.alt_button) if b.visible]


def test_a_new_kind_asked_from_the_hand_gets_its_buttons_and_words_from_its_declaration(
    board, again
):
    assert board.show_turn("again", {Draw, Pass}, 0, can_play=False)  # the main button draws
    assert _shown(board) == ["Draw", "Stop"]
    assert asked(again, {Draw, Pass}, "Ana", board.table.book) == "Draw once more, or stop"


def test_the_engines_own_kinds_read_so_too(board):
    board.show_turn("more", {Play, Pass}, 0, can_play=True)
    assert _shown(board) == ["Done"]
    board.hide_turn()
    board.show_turn("penalty", {Challenge}, 4, can_play=False)
    assert _shown(board) == ["Take 4", "Challenge"]
    book = board.table.book
    assert asked(REGISTRY["play"], {Draw}, "Ana", book) == "Ana, your turn"
    assert asked(REGISTRY["penalty"], {Play}, "Ana", book) == "Stack a card or take the cards"


def test_the_target_card_s_kind_is_asked_in_its_own_words(board, target_kind):
    assert asked(target_kind, set(), "Ana", board.table.book) == QUESTION
