"""Hints on every decision a person meets, not only in the hand:
on the colour wheel, on a pick-a-player and on UNO Duo's draft, T
(or the Hint button, or the seat's controller's R3) outlines the option the
seat's advisor chose among those the overlay offers, with one line of why.
Hints off: nothing. Never for a seat whose owner is not the one looking."""

from __future__ import annotations

import pygame
import pytest

from game.play.match import SeatConfig
from game.ui import text
from tests.scenes.players import Couch, start_match
from tests.support.spies import recorded

ONE_HUMAN = [SeatConfig("Ana"), SeatConfig("Bo", "bot"), SeatConfig("Cy", "bot")]
TWO_HUMANS = [SeatConfig("Ana"), SeatConfig("Selin")]

# Where each decision is met: (rule files, seats, the overlay).
DECISIONS = {
    "wheel": (["classic"], ONE_HUMAN, "ColorWheelScene"),
    "player": (["classic", "house/seven-o"], ONE_HUMAN, "ChoosePlayerScene"),
    "draft": (["duo"], [SeatConfig("Ana"), SeatConfig("Bo", "bot")], "ChoiceScene"),
}


@pytest.fixture
def drawn(monkeypatch):
    """Every line of text drawn since the last `drawn.clear()`."""
    return recorded(monkeypatch, text, "render", "shadowed")


def reach(driver, overlay: str, couch: Couch | None = None, seat: int | None = None):
    """Play on until `overlay` is up for a person's decision, with two options or more."""
    couch = couch or Couch(driver)
    for _ in range(6000):
        top = driver.top
        advice = top.advice if driver.top_name == overlay else None
        if advice is not None and len(advice.actions) > 1 and seat in (None, advice.seat):
            driver.frames()
            return top
        couch.play_on()
    raise AssertionError(f"no {overlay} came")


def reach_dump(driver):
    """UNO Duo's colour dump ("play every other card of this colour?"), two humans."""
    start_match(driver.app, TWO_HUMANS, seed=5, rules=["duo"])
    couch = Couch(driver)
    for _ in range(6000):
        if driver.top_name == "ChoiceScene" and driver.top.kind == "dump":
            break
        couch.play_on()
    return driver.top


def wait_hint(driver, overlay, frames: int = 200) -> None:
    for _ in range(frames):
        if overlay.advice.shown is not None:
            driver.frames()  # and drawn
            return
        driver.frames()
    raise AssertionError("the hint never came")


def options_of(overlay) -> list:
    return list(overlay.colors) if hasattr(overlay, "colors") else list(overlay.options)


def inked(driver, rect: pygame.Rect) -> int:
    """How many pixels on `rect`'s edge are the hint's ink (breathing towards white)."""
    surface = driver.app.screen
    edge = [(x, y) for x in range(rect.left, rect.right) for y in (rect.top + 2, rect.bottom - 3)]
    edge += [(x, y) for y in range(rect.top, rect.bottom) for x in (rect.left + 2, rect.right - 3)]
    found = 0
    for point in edge:
        r, g, b = tuple(surface.get_at(point))[:3]
        found += r <= 110 and g >= 215 and b >= 245
    return found


@pytest.mark.parametrize("decision", sorted(DECISIONS))
def test_t_outlines_the_advisors_option_with_a_line_of_why(driver, drawn, decision):
    rules, seats, overlay_name = DECISIONS[decision]
    screen = start_match(driver.app, seats, seed=3, rules=rules)
    session = screen.session
    overlay = reach(driver, overlay_name)
    advice = overlay.advice
    seat = advice.seat
    assert overlay.private_to == seat and screen.table.viewer == seat
    # The hint's key is on the prompt line, and the button is up.
    drawn.clear()
    driver.frames()
    assert any(line.endswith(", T for a hint") for line in drawn)
    assert advice.button.visible
    options = options_of(overlay)
    marks = [overlay._mark(option)[0] for option in options]
    assert not any(inked(driver, rect) > 20 for rect in marks)  # nothing outlined yet
    drawn.clear()
    driver.key(pygame.K_t)
    wait_hint(driver, overlay)
    action = advice.shown.action
    assert action in session.legal(seat)
    option = advice.advised()
    assert option in options and advice.actions[option] == action
    # Outlined on screen, that option alone, and its line drawn on the panel.
    lit = [i for i, rect in enumerate(marks) if inked(driver, rect) > 20]
    assert lit == [options.index(option)]
    label = overlay._mark(option)[1]
    line = advice.words(label)
    assert line is not None and line.startswith("Hint: ") and "\n" not in line
    assert line in drawn
    # The focus went to it, as the table selects a hinted card: Enter takes the advice.
    focus = overlay.focus if decision == "wheel" else overlay.options[overlay.index]
    assert focus == option
    driver.key(pygame.K_RETURN)
    assert driver.top is not overlay


def test_the_color_to_name_for_a_wild_is_one_of_its_plays(driver):
    """The wheel of a wild played from the hand offers the plays of that card:
    the hint chooses among them, never another card."""
    start_match(driver.app, ONE_HUMAN, seed=3)
    wheel = reach(driver, "ColorWheelScene")
    plays = set(wheel.advice.actions.values())
    assert {type(a).__name__ for a in plays} == {"Play"}
    assert len({a.card for a in plays}) == 1
    driver.key(pygame.K_t)
    wait_hint(driver, wheel)
    assert wheel.advice.shown.action in plays
    assert wheel.advice.advised() in wheel.colors


def test_the_hint_button_asks_and_picks_nothing(driver):
    start_match(driver.app, DECISIONS["draft"][1], seed=3, rules=["duo"])
    choice = reach(driver, "ChoiceScene")
    driver.click(choice.advice.button.rect.center)
    assert driver.top is choice  # the click asked; it picked nothing
    wait_hint(driver, choice)
    assert choice.advice.advised() in choice.options


def test_hints_off_hide_the_button_and_ignore_the_key(driver, drawn):
    driver.app.settings.hints = False
    screen = start_match(driver.app, ONE_HUMAN, seed=3, rules=["classic", "house/seven-o"])
    chooser = reach(driver, "ChoosePlayerScene")
    driver.frames()
    advice = chooser.advice
    assert not advice.button.visible
    assert not any("for a hint" in line for line in drawn)
    driver.key(pygame.K_t, frames=5)
    driver.click(advice.button.rect.center, frames=5)
    assert advice.shown is None and advice.search.seat is None
    assert not any(line.startswith("Hint") for line in drawn)
    assert screen.table.viewer == advice.seat  # it was not for want of looking


def test_the_hint_is_never_for_a_seat_whose_owner_is_not_looking(driver, drawn):
    """Two people share the screen. With the decider's hand face down (the whole
    couch looking), T says so and nothing is searched or shown; a hint on show
    goes as soon as the hand does."""
    screen = start_match(driver.app, TWO_HUMANS, seed=3, rules=["duo"])
    choice = reach(driver, "ChoiceScene")
    advice = choice.advice
    seat = advice.seat
    driver.key(pygame.K_t)
    wait_hint(driver, choice)
    assert advice.advised() is not None
    screen.look_away()  # the couch looks up: the hand goes face down
    drawn.clear()
    driver.frames()
    assert screen.table.viewer is None
    assert advice.shown is None and advice.advised() is None
    assert not advice.button.visible
    assert not any(line.startswith("Hint") for line in drawn)
    driver.key(pygame.K_t)
    assert advice.search.seat is None and advice.search.steps is None
    assert driver.app.notice == "A hint is for your own turn, with your hand up"
    # The other person's hand up over this seat's choice: still not theirs to see.
    other = 1 - seat
    screen.show_hand(other)
    driver.key(pygame.K_t, frames=3)
    assert advice.search.seat is None and advice.advised() is None
    # Its owner looking again: their hint, for them.
    screen.show_hand(seat)
    driver.key(pygame.K_t)
    wait_hint(driver, choice)
    assert advice.search.seat == seat and advice.advised() in choice.options


def test_another_seats_controller_cannot_ask(driver):
    """A controller that claimed the other seat never reaches this seat's overlay."""
    from tests.scenes.fake_pads import PadRig

    rig = PadRig(driver)
    pads = {}
    for seat in (0, 1):
        pads[seat] = rig.plug(f"Pad {seat}", guid=f"guid-{seat}")
        rig.gamepads.claim(pads[seat].instance, seat)
    start_match(driver.app, TWO_HUMANS, seed=3, rules=["duo"])
    choice = reach(driver, "ChoiceScene")
    seat = choice.advice.seat
    rig.press(pads[1 - seat], pygame.CONTROLLER_BUTTON_RIGHTSTICK)
    assert choice.advice.search.seat is None
    # Someone else's controller: the prompts still speak to the person deciding.
    assert choice.advice.prompt("x") == "x, T for a hint"
    rig.press(pads[seat], pygame.CONTROLLER_BUTTON_RIGHTSTICK)
    wait_hint(driver, choice)
    assert choice.advice.search.seat == seat
    assert choice.advice.prompt("x") == "x, R3 for a hint"  # their own controller


def test_the_line_is_worded_in_the_language_of_the_moment(driver):
    from game import i18n

    start_match(driver.app, ONE_HUMAN, seed=3, rules=["classic", "house/seven-o"])
    chooser = reach(driver, "ChoosePlayerScene")
    driver.key(pygame.K_t)
    wait_hint(driver, chooser)
    option = chooser.advice.advised()
    english = chooser.advice.words(chooser._mark(option)[1])
    assert english.startswith("Hint: ")
    i18n.set_language("fi")
    try:
        finnish = chooser.advice.words(chooser._mark(option)[1])
        assert finnish.startswith("Vihje: ") and finnish != english
        driver.frames()  # and it draws
    finally:
        i18n.set_language("en")


def test_the_hands_hint_on_a_wild_carries_its_color_to_the_wheel(driver):
    """T on the table advises a wild naming a colour; Enter plays it and opens the
    wheel, where that same colour is the hint at once (not a second search that
    might name another)."""
    from game.engine import Play
    from game.scenes.play import PlayScene

    for seed in range(1, 30):
        driver.app.stack.clear()
        start_match(driver.app, ONE_HUMAN, seed=seed)
        couch = Couch(driver)
        for _ in range(3000):
            top = driver.top
            if isinstance(top, PlayScene) and top.controls.actor() is not None:
                break
            couch.play_on()
        scene = driver.top
        assert isinstance(scene, PlayScene)
        hint = scene.controls.hint
        driver.key(pygame.K_t)
        for _ in range(200):
            if hint.shown is not None:
                break
            driver.frames()
        action = hint.shown.action
        if not isinstance(action, Play) or action.color is None:
            continue
        hint_why = hint.shown.why
        driver.frames()
        driver.key(pygame.K_RETURN)
        wheel = driver.top
        assert driver.top_name == "ColorWheelScene"
        shown = wheel.advice.shown
        assert shown is not None and shown.why == hint_why
        names = scene.state.cards.names
        assert names[shown.action.card] == names[action.card]  # a copy plays alike
        assert wheel.advice.advised() == action.color == wheel.focus
        before = len(scene.session.log)
        driver.key(pygame.K_RETURN)
        played = [e for e in scene.session.log[before:] if e["t"] == "play"]
        assert played[0]["p"] == action.seat and played[0]["color"] == action.color
        return
    raise AssertionError("no seed gave a hint to play a wild")


def test_the_hint_button_covers_no_option_and_not_the_prompt(driver, monkeypatch):
    """UNO Duo's colour dump offers its two answers as buttons across the middle of
    the screen, where the table keeps its Hint button: the overlay's button moves
    off them (and off the key prompt), and a click on it still asks."""
    from game.table.choice_hint import ChoiceHint

    kept_clear_of: list[tuple[pygame.Rect, ...]] = []
    real_draw = ChoiceHint.draw

    def draw(self, surface, clock, mark, centre, clear_of=()):
        kept_clear_of.append(tuple(clear_of))
        real_draw(self, surface, clock, mark, centre, clear_of)

    monkeypatch.setattr(ChoiceHint, "draw", draw)
    choice = reach_dump(driver)
    assert driver.top_name == "ChoiceScene" and choice.kind == "dump" and not choice.as_cards
    driver.frames()
    button = choice.advice.button
    assert button.visible
    # What the overlay shows: its options, and its prompt line (the last it keeps clear of).
    assert not any(button.rect.colliderect(rect) for rect in choice.rects)
    assert not button.rect.colliderect(kept_clear_of[-1][-1])
    assert driver.app.screen.get_rect().contains(button.rect)
    driver.click(button.rect.center)
    assert driver.top is choice
    wait_hint(driver, choice)
    assert choice.advice.advised() in choice.options


def test_the_line_names_the_advice_once(driver):
    """The reason for playing the whole colour begins with the option's own words
    ("play them all: ..."): the line does not say them twice."""
    choice = reach_dump(driver)
    assert driver.top_name == "ChoiceScene" and choice.kind == "dump"
    driver.key(pygame.K_t)
    wait_hint(driver, choice)
    option = choice.advice.advised()
    assert option == "all"  # this deal's advice
    line = choice.advice.words(choice._mark(option)[1])
    assert line == "Hint: Play them all: fewer cards in hand"


@pytest.mark.parametrize("size", ["normal", "large"])
def test_pick_a_players_hint_button_and_line_keep_off_its_panel(driver, size):
    """The Hint button sat on the pick-a-player panel's lower edge (found by QA)."""
    rules, seats, overlay = DECISIONS["player"]
    text.set_size(size)
    try:
        start_match(driver.app, seats, seed=3, rules=rules)
        top = reach(driver, overlay)
        driver.key(pygame.K_t)
        wait_hint(driver, top)
        assert top.panel.h > 0
        assert not top.advice.button.rect.colliderect(top.panel)
    finally:
        text.set_size("normal")


def test_the_tables_own_buttons_are_not_drawn_under_a_choice(driver, monkeypatch):
    """UNO Duo's draft drew its 'Keep it' over the table's dimmed History button,
    which nobody can press while the choice is open."""
    from game.ui import widgets

    drawn: list[str] = []
    real = widgets.Button.draw

    def draw(self, *args, **kw):
        drawn.append(self.label)
        return real(self, *args, **kw)

    monkeypatch.setattr(widgets.Button, "draw", draw)
    rules, seats, overlay = DECISIONS["draft"]
    start_match(driver.app, seats, seed=3, rules=rules)
    top = reach(driver, overlay)
    assert "History" in drawn  # on the table, before the choice
    drawn.clear()
    driver.frames()
    assert drawn and "History" not in drawn
    assert top.advice.button.label in drawn  # the choice's own Hint button
