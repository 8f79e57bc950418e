"""Text from files on screen: a NUL or an escape never
crashes the renderer, and a long text costs a bounded number of measurements, once."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import text  # noqa: E402


@pytest.fixture(autouse=True)
def _fresh_cache():
    pygame.font.init()
    text.clear()
    yield
    text.clear()


@pytest.mark.parametrize("draw", [text.render, text.shadowed])
def test_control_characters_are_drawn_as_a_placeholder(draw):
    surf = draw("Ana\x00\x1b[31m\x07", 20)
    assert surf.get_width() > 0
    assert text.shown("Ana\x00\x1b[31m") == f"Ana{text.PLACEHOLDER}{text.PLACEHOLDER}[31m"


def test_wrapped_text_keeps_its_line_breaks_and_survives_a_nul():
    surf = text.render("one\ntwo\x00", 20, wrap=300)
    assert surf.get_height() > text.render("one", 20).get_height()


def test_fit_survives_a_nul():
    assert text.fit("Bo\x00b", 22, 200).get_width() <= 200


class CountingFont:
    """A font whose measurements are counted."""

    def __init__(self, real: pygame.font.Font, counter: list[int]) -> None:
        self.real = real
        self.counter = counter

    def size(self, line: str):
        self.counter[0] += 1
        return self.real.size(line)

    def __getattr__(self, name):
        return getattr(self.real, name)


@pytest.mark.parametrize("length", [3_000, 200_000, 1024 * 1024])
def test_a_long_text_is_cut_in_few_measurements_and_only_once(monkeypatch, length):
    measured = [0]
    real_font = text.font
    monkeypatch.setattr(
        text, "font", lambda size, bold=False: CountingFont(real_font(size, bold), measured)
    )
    long = "W" * length
    first = text.fit(long, 26, 300)
    assert first.get_width() <= 300
    # Shrinking the size (26 to 12 px), then a binary search for the cut.
    assert measured[0] <= 30
    measured[0] = 0
    for _ in range(100):  # a hundred frames
        assert text.fit(long, 26, 300) is first
    assert measured[0] == 0


def test_a_cut_text_ends_with_an_ellipsis_and_keeps_its_start():
    cut = text.fit("Bartholomew the Magnificent of the Long Name", 26, 120)
    assert cut.get_width() <= 120


def test_shown_cuts_long_text():
    assert len(text.shown("x" * 100_000)) == text.MAX_CHARS
    assert text.shown("x" * 100_000).endswith(text.ELLIPSIS)


def test_large_text_is_larger_everywhere_and_normal_is_as_asked():
    normal = text.render("Ana plays Red 7", 22).get_size()
    generation = text.generation()
    text.set_size("large")
    try:
        assert text.generation() == generation + 1
        large = text.render("Ana plays Red 7", 22).get_size()
        assert large[0] > normal[0] * 1.15 and large[1] > normal[1] * 1.1
        # Fitting still fits, at the larger size.
        assert text.fit("Ana plays Red 7" * 5, 22, 200).get_width() <= 200
        text.set_size("no such size")  # falls back to normal
        assert text.render("Ana plays Red 7", 22).get_size() == normal
    finally:
        text.set_size("normal")
