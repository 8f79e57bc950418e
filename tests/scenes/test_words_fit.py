"""Translated words that must fit where they are drawn, in every language and
at either text size (docs/translations.md): the Players screen's number
headings stay apart, and the Catch button names the player at a size a couch
can read."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest

from game import i18n
from game.scenes.players import HEAD_SIZE, number_columns
from game.table.layout import load_layout
from game.ui import text
from game.ui.new_game import MAX_NAME

GAP = 6  # the least room between two headings, in pixels


@pytest.fixture
def speaking():
    pygame.font.init()
    yield
    i18n.set_language(i18n.ENGLISH)
    text.set_size("normal")


@pytest.mark.parametrize("size", list(text.TEXT_SIZES))
@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_players_headings_stay_apart(speaking, code, size):
    """Each heading is right-aligned at its column's end (game/scenes/players.py):
    it must start after the one to its left ends."""
    i18n.set_language(code)
    text.set_size(size)
    for (left, _room, left_end), (head, _, end) in pairwise(number_columns()):
        start = end - text.render(head, HEAD_SIZE, bold=True).get_width()
        assert start >= left_end + GAP, (code, size, left, head)


def catch_size(label: str, room: int) -> int:
    """The size text.fit draws a Catch button's label at (game/ui/widgets.py)."""
    size = 30
    while size > 12 and text.width(label, size, True) > room:
        size -= 2
    return size


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_catch_button_names_a_long_name_as_readably_as_in_english(speaking, code):
    text.set_size("large")
    button = load_layout(4).regions["catch_button"]
    room = button.w - 24 - 34  # its padding and the key's chip
    name = "W" * MAX_NAME
    english = catch_size(f"Catch {name}!", room)
    i18n.set_language(code)
    label = i18n._("Catch {name}!").format(name=name)
    assert catch_size(label, room) >= english - 4, (code, label)


@pytest.mark.parametrize("size", list(text.TEXT_SIZES))
@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_rule_labs_answer_fits_its_panel(speaking, code, size):
    """The chart's figure names fit beside their bars at a readable size, and
    the sentences under the chart fit above Back, uncut (game/scenes/rule_lab.py)."""
    from game.play.rule_lab import Figures
    from game.scenes import rule_lab

    i18n.set_language(code)
    text.set_size(size)
    # The longest numbers a figure takes: "100.0 %" where a share is 1.
    figures = Figures(("classic",), 10, 1000, 188.8, 8.88, 1.0, 0.0, 1.0, 1.0, {})
    for bar in rule_lab.bars(figures, figures, 60.0):
        label_size = rule_lab.LABEL_SIZE
        while label_size > 12 and text.width(bar.label, label_size, True) > rule_lab.LABEL_W - 10:
            label_size -= 2
        assert label_size >= rule_lab.LABEL_SIZE - 4, (code, bar.label)
        number = text.width(bar.mine_words, rule_lab.NUMBER_SIZE, True)
        assert number <= rule_lab.NUMBER_ROOM - 8, (code, bar.mine_words)
    scene = rule_lab.RuleLabScene.__new__(rule_lab.RuleLabScene)
    scene.paragraphs = rule_lab.sentences(figures, figures, 60.0)
    # What the chart leaves of the panel above Back, at this text size.
    chart = 60 + 30 + 6 * max(2 * 16 + 16, text.font(rule_lab.LABEL_SIZE).get_linesize() + 10)
    room = pygame.Rect(0, 0, rule_lab.BOX.w - 2 * rule_lab.PAD, rule_lab.BOX.h - 80 - 8 - chart)
    placed = scene.paragraphs_fitting(room)
    assert len(placed) == len(scene.paragraphs), (code, size)
