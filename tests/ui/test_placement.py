"""Floating words never cover a name plate, a hand or a button, and never leave the
screen, at every seat count ("SKIP", "CHALLENGE!" and "ROUND!" covered
plates, and "ROUND!" was cut off at the right edge), at normal and large text,
and with colour-blind mode's shapes before a colour's name."""

from __future__ import annotations

import pygame
import pytest

from game.rules.loader import load_rules
from game.table.callout_render import BURST_RISE, EVENT_SLIDE
from game.table.model import TableModel
from game.table.narrate import RING, Burst, Narrator
from game.table.view import TableView
from game.ui import text
from game.ui.card_art import CardArt
from game.ui.card_book import CardBook
from game.ui.text import TEXT_SIZES

EVENTS = [
    {"t": "play", "p": 0, "card": "red:skip", "color": "red"},
    {"t": "skip", "p": 1},
    {"t": "direction", "direction": -1},
    {"t": "draw", "p": 1, "cards": ["red:1"] * 4, "why": "penalty"},
    {"t": "uno", "p": 1},
    {"t": "catch", "by": 0, "p": 1},
    {"t": "challenge", "by": 1, "p": 0, "guilty": True},
    {"t": "jump_in", "p": 1, "over": 0},
    {"t": "round_end", "winner": 1, "points": {"0": 0, "1": 0}, "scores": [0, 0]},
]


def every_burst() -> list[Burst]:
    model = TableModel(2, ["Ana", "Bo"], 108)
    narrator = Narrator(CardBook(load_rules(["classic"])), model)
    bursts = []
    for event in EVENTS:
        model.apply(event)
        line = narrator.tell(event)
        if line is not None and line.burst is not None:
            bursts.append(line.burst)
    assert {b.text for b in bursts} >= {"SKIP", "UNO!", "CAUGHT!", "CHALLENGE!", "ROUND!"}
    return bursts


@pytest.fixture(scope="module")
def art():
    pygame.init()
    return CardArt()


@pytest.fixture(params=list(TEXT_SIZES))
def text_size(request):
    text.set_size(request.param)
    yield request.param
    text.set_size("normal")


@pytest.mark.parametrize("players", range(2, 11))
def test_floating_words_stay_clear_at_every_seat_count(art, players, text_size):
    view = TableView(art, players, [f"P{i}" for i in range(players)], 108)
    geometry = view.geometry
    screen = geometry.screen
    keep_clear = geometry.keep_clear()
    # With seat 0 at the bottom, seat i sits at spot i: every spot is tried.
    for seat in range(players):
        for burst in every_burst():
            anchored = Burst(burst.text, burst.anchor, seat, burst.tone, burst.size)
            x, y = view.burst_pos(anchored)
            covers = view.callout_renderer.burst_envelope(anchored).move(x, y)
            assert screen.contains(covers), (players, seat, burst.text, covers)
            hit = covers.collidelist(keep_clear)
            assert hit < 0, (players, seat, burst.text, covers, keep_clear[hit])
    # The event line (the longest one, cut to fit) and a long refusal.
    words = view.callout_renderer
    longest = "Gus plays Custom: Everyone Draws and names Yellow, " * 3
    label = words.event_label(longest, "plain")
    art.show_patterns(True)
    marked = words.event_label(longest, "color:yellow")
    art.show_patterns(False)
    home = view.geometry.event_home
    assert marked.get_width() <= home.width and marked.get_height() <= home.height
    line = words.event_rect(label.get_size())
    covers = line.union(line.move(0, EVENT_SLIDE))
    assert screen.contains(covers) and covers.collidelist(keep_clear) < 0
    toast = words.toast_rect(words.toast_label(longest).get_size())
    assert screen.contains(toast) and toast.collidelist(keep_clear) < 0
    assert not toast.colliderect(covers), "a refusal would cover the event line"


@pytest.mark.parametrize("players", [2, 4, 7, 10])
def test_a_word_over_the_piles_leaves_the_event_line_readable(art, players):
    # "FLIP!" and "REVERSE" pop up over the table's middle while the event
    # line says what happened: the word was drawn across the line.
    view = TableView(art, players, [f"P{i}" for i in range(players)], 108)
    line = view.geometry.event_home
    for word in ("FLIP!", "REVERSE"):
        burst = Burst(word, RING, None, "gold", 64, dur=1.1)
        x, y = view.burst_pos(burst)
        covers = view.callout_renderer.burst_envelope(burst).move(x, y)
        assert not covers.colliderect(line), (players, word, covers, line)
        assert view.geometry.screen.contains(covers)


def test_the_envelope_covers_the_whole_flight(art):
    view = TableView(art, 4, ["A", "B", "C", "D"], 108)
    burst = every_burst()[0]
    envelope = view.callout_renderer.burst_envelope(burst)
    assert envelope.top < -BURST_RISE and envelope.bottom > 0


@pytest.mark.parametrize("players", range(2, 11))
def test_a_refusal_leaves_every_seats_prompt_and_the_event_line_readable(art, players, text_size):
    """With the fixed table a person is asked at their own seat, the top row's
    included, while a refusal or "Your turn again" shows. At large text the
    refusal's box reached 2 px into the prompt under the top row's middle
    plates (6, 8, 9 and 10 seats): every prompt at every seat stays off the
    refusal, short or long, and so does the event line."""
    from tests.ui.test_layout import PROMPT_SIZE, every_prompt

    view = TableView(art, players, [f"P{i}" for i in range(players)], 108)
    geometry, words = view.geometry, view.callout_renderer
    line = words.event_rect(
        words.event_label("Gus plays Custom: Everyone Draws", "plain").get_size()
    )
    line = line.union(line.move(0, EVENT_SLIDE))
    for message in ("Your turn again, Bo", "Gus plays Custom: Everyone Draws, " * 4):
        toast = words.toast_rect(words.toast_label(message).get_size())
        assert not toast.colliderect(line), (message, toast, line)
        for prompt_words in every_prompt():
            for seat in range(players):
                _, prompt = geometry.fitted_prompt(
                    seat, lambda w, t=prompt_words: text.fit(t, PROMPT_SIZE, w, bold=True)
                )
                assert not prompt.colliderect(toast), (seat, prompt_words, prompt, toast)
