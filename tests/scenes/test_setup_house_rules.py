"""The New game screen's house rules, as a family reads them: each by the name
its file gives, in the language chosen; one that does not go with the chosen
rules greyed with a line saying which, its reasons there for whoever turns it
on; one whose own file is wrong with its error (rules/README.md "Layering and
house rules")."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from game import i18n
from game.play.seats import SeatConfig
from game.rules.names import available_rule_sets
from game.scenes import setup as setup_scene
from game.scenes.setup_rows import GREYED, GREYED_LINE, base_info
from game.ui import rule_catalog, text
from game.ui.new_game import NewGame
from tests.scenes.players import open_setup


@pytest.fixture(autouse=True)
def fresh_catalog():
    rule_catalog.forget_loaded()
    yield
    rule_catalog.forget_loaded()


def read_all(driver, setup) -> None:
    """Frames until every house rule's row has read what it shows (one load a frame)."""
    for _ in range(200):
        if all(rule_catalog.to_load(setup.base, h) is None for h in setup.house_sets):
            return
        driver.frames()
    raise AssertionError("the house rules were not all read")


def choose_base(driver, setup, base: str) -> None:
    setup.focus = 0
    for _ in range(len(setup.base_sets)):
        if setup.base == base:
            break
        driver.key(pygame.K_RIGHT)
    assert setup.base == base
    read_all(driver, setup)


@contextmanager
def drawn_text(monkeypatch) -> Iterator[list[tuple[str, tuple[int, ...]]]]:
    """Every text drawn (and its colour) while the block runs."""
    drawn: list[tuple[str, tuple[int, ...]]] = []
    real_render, real_fit = text.render, text.fit

    def render(line, size, color=text.WHITE, *args, **kw):
        drawn.append((str(line), tuple(pygame.Color(color))[:3]))
        return real_render(line, size, color, *args, **kw)

    def fit(line, size, width, color=text.WHITE, **kw):
        drawn.append((str(line), tuple(pygame.Color(color))[:3]))
        return real_fit(line, size, width, color, **kw)

    with monkeypatch.context() as patch:
        patch.setattr(text, "render", render)
        patch.setattr(text, "fit", fit)
        yield drawn


def shown_rows(driver, setup, monkeypatch) -> list[tuple[str, tuple[int, ...]]]:
    """What the house rows on screen draw (each row's name and line)."""
    with drawn_text(monkeypatch) as drawn:
        driver.frames()
    return drawn


def test_a_house_rule_is_shown_by_its_name_in_the_language_chosen(driver, monkeypatch):
    i18n.set_language("tr")
    setup = open_setup(driver)
    read_all(driver, setup)
    jump_in = setup.painter.house_info("house/jump-in")
    assert (jump_in.name, jump_in.fits) == ("Araya girme", True)
    assert jump_in.line == "Aynı kartı sıran gelmeden oyna; oyun senden devam eder."
    texts = [line for line, _color in shown_rows(driver, setup, monkeypatch)]
    assert "Uygulama kuralları: 2–4 oyuncu" in texts  # the first row, on screen
    assert not {"app-2-4", "cumulative", "draw-until-playable"} & set(texts)
    i18n.set_language("en")
    assert setup.painter.house_info("house/jump-in").name == "Jump-in"


def test_a_house_rule_that_does_not_fit_says_so_in_the_familys_words(driver, monkeypatch):
    """Seen by QA: with UNO Duo chosen, Stacking's row showed
    `cards.wild_draw_four.stacks_on: /path/rules/house/stacking.yaml lets cards
    stack o…` in red, in English whatever the language."""
    setup = open_setup(driver)
    choose_base(driver, setup, "duo")
    stacking = setup.painter.house_info("house/stacking")
    assert (stacking.name, stacking.line, stacking.fits) == ("Stacking", "Not with UNO Duo", False)
    assert stacking.errors == ()
    assert setup.painter.house_info("house/jump-in").fits  # it goes with Duo
    texts = shown_rows(driver, setup, monkeypatch)
    greyed = [line for line, color in texts if color in (tuple(GREYED)[:3], tuple(GREYED_LINE)[:3])]
    assert "App rules: 2–4 players" in greyed and "Not with UNO Duo" in greyed
    assert "Jump-in" not in greyed
    assert not [line for line, _color in texts if ".yaml" in line or "stacks_on" in line]
    i18n.set_language("tr")
    assert setup.painter.house_info("house/stacking").line == "UNO Duo ile olmaz"
    assert setup.painter.house_info("house/stacking").name == "Üst üste koyma"


def test_the_reasons_stay_for_whoever_turns_it_on(driver):
    setup = open_setup(driver)
    choose_base(driver, setup, "duo")
    setup._focus(next(i for i, r in enumerate(setup.rows) if r.extra.get("house") == "house/teams"))
    assert setup.footer_line() == "“Teams of two” does not go with UNO Duo; turn it on to see why."
    driver.key(pygame.K_RETURN, frames=2)
    assert "house/teams" in setup.house_on
    assert setup.footer_line() == "“Teams of two” does not go with UNO Duo: turn it off to start."
    assert not setup.start_button.enabled
    assert any("teams.yaml" in line for line in setup.painter.error_lines)
    setup.start()  # refused, as before: the errors stay in the box
    driver.frames(2)
    assert driver.top_name == "SetupScene"
    assert any("teams.yaml" in line for line in setup.painter.error_lines)


def test_a_house_rule_whose_own_file_is_wrong_keeps_its_error(driver, tmp_path, monkeypatch):
    """A modder's typo is not 'other rules': the row shows the file's id and
    what is wrong, in red, whatever the base."""
    monkeypatch.chdir(tmp_path)  # `house/typo` is then ./house/typo.yaml
    (tmp_path / "house").mkdir()
    (tmp_path / "house" / "typo.yaml").write_text(
        "house_rules: {typo: A typo.}\nuno: {catch_windw: until_own_next_turn}\n"
    )
    monkeypatch.setattr(
        setup_scene, "available_rule_sets", lambda: ["classic", "duo", "house/typo"]
    )
    setup = open_setup(driver)
    read_all(driver, setup)
    for base in ("classic", "duo"):
        choose_base(driver, setup, base)
        info = setup.painter.house_info("house/typo")
        assert info.name == "typo" and info.fits
        assert info.errors and "unknown setting 'catch_windw'" in info.errors[0]


def test_with_rules_that_do_not_load_the_house_rules_are_not_blamed(driver, tmp_path, monkeypatch):
    """Seen by QA: a modder's broken copy of classic.yaml showed its error under
    Rules, and every house rule's row greyed with 'Not with family', as if each
    clashed with it. The house rules read as they are; the error stays the base's."""
    monkeypatch.chdir(tmp_path)  # `ours` is then ./ours.yaml
    (tmp_path / "ours.yaml").write_text("extends: classic\nname: Ours\nplayers: {min: 2\n")
    monkeypatch.setattr(
        setup_scene, "available_rule_sets", lambda: ["classic", "ours", "house/jump-in"]
    )
    setup = open_setup(driver)
    choose_base(driver, setup, "ours")
    jump_in = setup.painter.house_info("house/jump-in")
    assert (jump_in.name, jump_in.fits, jump_in.errors) == ("Jump-in", True, ())
    assert jump_in.line == "Play an identical card out of turn; play continues from you."
    setup._focus(next(i for i, r in enumerate(setup.rows) if r.extra.get("house")))
    assert "does not go with" not in setup.footer_line()
    assert "ours.yaml:4:1:" in base_info("ours")[2][0]  # under Rules, in red


DRAFT = "house/draft-whole-hand"


def test_two_people_on_one_screen_draft_a_whole_hand_at_a_time_unless_they_say_otherwise():
    """UNO Duo's draft card by card takes fourteen hand-overs between two people on
    one screen: for them the setup turns on drafting a whole hand at a time, and
    a player's own choice, on or off, is kept."""
    names = available_rule_sets()
    two_people = {
        "rules": "duo",
        "seats": [SeatConfig("Ana").to_dict(), SeatConfig("Bo").to_dict()],
    }
    game = NewGame(names, two_people)
    assert DRAFT in game.house_on and DRAFT in game.combination
    assert game.rules is not None and game.rules.model.dealing.draft_order == "whole_hand"
    game.cycle_base(1)
    while game.base == "duo":
        game.cycle_base(1)
    assert DRAFT not in game.combination  # not with another rule set: nothing greyed is on
    one_person = dict(
        two_people, seats=[SeatConfig("Ana").to_dict(), SeatConfig("Bo", "bot").to_dict()]
    )
    assert DRAFT not in NewGame(names, one_person).combination
    game = NewGame(names, two_people)
    game.toggle_house(DRAFT)  # they want Duo's own draft
    assert DRAFT not in game.combination
    again = NewGame(names, game.saved())
    assert DRAFT not in again.combination
    again.toggle_house(DRAFT)
    assert DRAFT in NewGame(names, again.saved()).combination
