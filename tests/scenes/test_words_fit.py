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


def _shipped_lessons():
    """Every lesson of every shipped base rule set, and of each house rule on
    the base it goes with (game/lessons/)."""
    from game.lessons import lesson, lessons_of
    from game.rules.names import available_rule_sets
    from game.ui.rule_catalog import own_base, try_load

    names = available_rule_sets()
    combos = [(n,) for n in names if not n.startswith("house/")]
    combos += [(own_base(n), n) for n in names if n.startswith("house/")]
    for combo in combos:
        rules = try_load(combo)[0]
        if rules is None:
            continue
        for spec in lessons_of(rules):
            yield combo, rules, spec, lesson


@pytest.mark.parametrize("size", list(text.TEXT_SIZES))
@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_a_lessons_callout_stands_clear_of_both_hands(speaking, code, size):
    """Learning as you play (game/scenes/lesson.py): every shipped rule's
    callout, with three cards and a seat's longest name, is at most MOST_H
    tall, so the table's middle holds it."""
    from game.scenes.lesson import MOST_H, PANELS_W, callout

    i18n.set_language(code)
    text.set_size(size)
    keys = i18n._("Enter, Space or a click: play on")
    for combo, rules, spec, lesson in _shipped_lessons():
        taught = lesson(rules, spec, ("red:1", "red:2", "red:3"), 0)
        parts, (width, height) = callout(taught, "W" * MAX_NAME, keys)
        assert height <= MOST_H and width <= max(PANELS_W), (code, size, combo, spec.key)
        assert all(part.get_width() <= width for part in parts)


@pytest.mark.parametrize("size", list(text.TEXT_SIZES))
@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_learning_labels_fit_their_rows(speaking, code, size):
    """New game's Learn as you play row leaves its value box alone; the
    title's Learn to play fits its button."""
    from game.scenes.setup_form import CHOOSER_W, LIST

    i18n.set_language(code)
    text.set_size(size)
    room = LIST.w - CHOOSER_W - 10 - 14 - 6
    assert text.width(i18n._("Learn as you play"), 24, True) <= room, code
    assert text.width(i18n._("Learn to play"), 32, False) <= 340 - 24, code
