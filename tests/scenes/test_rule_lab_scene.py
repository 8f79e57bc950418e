"""The New game screen's rule lab, as a player meets it: "What does this do?"
opens it, a bar shows the bots' progress, Esc or Back stops them and leaves
the form as it was, and the answer is a chart of both columns (these rules
and classic) with the same figures in words, in the window's title too."""

from __future__ import annotations

import multiprocessing
import threading
import time

import pygame
import pytest

import game.scenes.rule_lab as lab_scene
from game.play import rule_lab
from game.ui import text
from tests.scenes.players import open_setup
from tests.support.lab_workers import HeldStart, joins_on
from tests.support.spies import recorded

MIX_INK = tuple(lab_scene.MIX_INK)[:3]
CLASSIC_INK = tuple(lab_scene.CLASSIC_INK)[:3]


@pytest.fixture(autouse=True)
def few_rounds(monkeypatch):
    """A short lab, and no answer kept from another test."""
    monkeypatch.setattr(lab_scene, "ROUNDS", 50)
    monkeypatch.setattr(lab_scene, "ANSWERS", {})


def form(setup) -> tuple:
    """Everything the New game form holds."""
    game = setup.game
    seats = tuple((s.name, s.kind, s.level) for s in game.seats)
    return (game.base, tuple(game.house_on), seats, game.target, setup.focus)


def open_lab(driver, house: str | None = "house/stacking"):
    setup = open_setup(driver)
    if house is not None:
        setup.focus = next(i for i, r in enumerate(setup.rows) if r.extra.get("house") == house)
        driver.key(pygame.K_SPACE)
        assert house in setup.house_on
    setup.focus = next(i for i, r in enumerate(setup.rows) if r.kind == "lab")
    before = form(setup)
    driver.key(pygame.K_RETURN)
    assert driver.top_name == "RuleLabScene"
    return setup, before, driver.top


def answered(driver, lab) -> None:
    def each():
        time.sleep(0.01)  # the workers play in real time

    assert driver.until(lambda: lab.answered, limit=6000, each=each), lab.error


def colors(surface: pygame.Surface, box: pygame.Rect) -> set[tuple[int, int, int]]:
    sub = surface.subsurface(box)
    return {tuple(sub.get_at((x, y)))[:3] for x in range(0, box.w, 3) for y in range(0, box.h, 3)}


def test_what_does_this_do_shows_progress_then_both_columns_and_a_chart(driver):
    setup, before, lab = open_lab(driver)
    assert lab.rules == ("classic", "house/stacking") and lab.players == len(setup.seats)
    assert not lab.answered and lab.run is not None
    done, asked = lab.run.progress
    assert done < asked == 2 * 50  # the mix and classic
    driver.frames(2)
    assert MIX_INK not in colors(driver.app.screen, lab_scene.BOX) or lab.run.progress[0]
    answered(driver, lab)
    assert {mix for mix, _ in lab_scene.ANSWERS} == {lab.mix, lab.classic}
    assert len(lab.bars) == 6
    assert all(bar.mine > 0 and bar.classic > 0 for bar in lab.bars[:3])
    driver.frames(2)
    shown = colors(driver.app.screen, lab_scene.BOX)
    assert MIX_INK in shown and CLASSIC_INK in shown  # a bar of each column
    words = lab.sentences
    assert "classic:" in words and "turns" in words
    title = pygame.display.get_caption()[0]
    assert title.startswith("Couch UNO: What does this do?") and words in title
    driver.key(pygame.K_ESCAPE)
    assert driver.top is setup and form(setup) == before
    assert pygame.display.get_caption()[0] == "Couch UNO"


def test_back_while_the_bots_play_stops_them_and_leaves_the_form_as_it_was(driver, monkeypatch):
    monkeypatch.setattr(lab_scene, "ROUNDS", 20_000)
    # A finished run's workers exit on their own time: only this run's are watched.
    earlier = {p.pid for p in multiprocessing.active_children()}
    setup, before, lab = open_lab(driver)
    assert lab.run is not None and lab.run.started.wait(60)
    workers = {p.pid for p in multiprocessing.active_children()} - earlier
    assert workers
    driver.frames(3)
    back = lab.back_button.rect.center
    driver.click(back)
    assert driver.top is setup and form(setup) == before
    assert lab.run.cancelled and not lab.answered
    lab.run.settle()  # the workers are stopped on a thread of the run's
    assert not workers & {p.pid for p in multiprocessing.active_children()}
    assert not lab_scene.ANSWERS


def test_the_frame_that_asks_returns_before_the_workers_exist(driver, monkeypatch):
    """Spawning the workers held the frame that asked (tens of milliseconds):
    they start on a thread of the run's while the overlay shows it is alive."""
    held = HeldStart(monkeypatch)
    try:
        setup, before, lab = open_lab(driver)  # the frame of Enter has returned
        driver.frames(3)
        assert lab.run is not None and not lab.run.started.is_set()
        assert lab.run.progress[0] == 0 and not lab.answered and lab.error is None
        assert held.on and threading.main_thread() not in held.on
    finally:
        held.release()
    answered(driver, lab)


def test_back_waits_for_no_worker_in_its_frame(driver, monkeypatch):
    monkeypatch.setattr(lab_scene, "ROUNDS", 20_000)
    joined_on = joins_on(monkeypatch)
    setup, before, lab = open_lab(driver)
    assert lab.run is not None and lab.run.started.wait(60)
    driver.key(pygame.K_ESCAPE)
    assert driver.top is setup and lab.run.cancelled
    assert threading.main_thread() not in joined_on
    lab.run.settle()
    assert joined_on and threading.main_thread() not in joined_on


class _Failed:
    failure = ValueError("a card with no colour")

    def get(self):
        raise self.failure


class _FailingPool:
    """Workers whose every chunk fails, as a modder's rule set may in play."""

    def apply_async(self, function, args, callback=None, error_callback=None):
        failed = _Failed()
        if error_callback is not None:
            error_callback(failed.failure)
        return failed

    def close(self) -> None:
        pass

    def terminate(self) -> None:
        pass

    def join(self) -> None:
        pass


def test_rules_the_bots_cannot_play_are_said_on_the_overlay(driver, monkeypatch):
    """A chunk that failed ended the run and the overlay asked it for figures
    it did not have (an AssertionError out of the frame)."""
    monkeypatch.setattr(rule_lab, "start_pool", lambda processes: _FailingPool())
    setup, before, lab = open_lab(driver)
    assert lab.run is not None and lab.run.started.wait(10)
    drawn = recorded(monkeypatch, text, "render")
    driver.frames(3)
    assert lab.error is not None and "a card with no colour" in lab.error
    assert lab.error in drawn and not lab.answered
    driver.key(pygame.K_ESCAPE)
    assert driver.top is setup and form(setup) == before


def test_esc_before_the_answer_closes_it_and_stray_keys_do_nothing(driver, monkeypatch):
    monkeypatch.setattr(lab_scene, "ROUNDS", 20_000)
    setup, before, lab = open_lab(driver, house=None)
    for key in (
        pygame.K_RETURN,
        pygame.K_SPACE,
        pygame.K_LEFT,
        pygame.K_TAB,
        pygame.K_h,
        pygame.K_x,
    ):
        driver.key(key, unicode=pygame.key.name(key)[:1])
        assert driver.top is lab and not lab.run.cancelled
    driver.key(pygame.K_ESCAPE)
    assert driver.top is setup and form(setup) == before and lab.run.cancelled


def test_a_mix_asked_again_is_answered_at_once(driver):
    setup, _, lab = open_lab(driver)
    answered(driver, lab)
    driver.key(pygame.K_RETURN)  # Enter on the answer closes it
    assert driver.top is setup
    driver.key(pygame.K_RETURN)  # the lab's row still has the focus
    again = driver.top
    assert type(again).__name__ == "RuleLabScene" and again is not lab
    assert again.run is None and again.answered and again.sentences == lab.sentences


@pytest.mark.parametrize("size", ["normal", "large"])
def test_the_answer_fits_its_panel(driver, size):
    setup, _, lab = open_lab(driver)
    answered(driver, lab)
    text.set_size(size)
    try:
        room = pygame.Rect(0, 420, lab_scene.BOX.w - 2 * lab_scene.PAD, 170)
        placed = lab.paragraphs_fitting(room)
        assert len(placed) == len(lab.paragraphs)  # none cut off
        assert all(at[1] + img.get_height() <= room.bottom for img, at in placed)
    finally:
        text.set_size("normal")
