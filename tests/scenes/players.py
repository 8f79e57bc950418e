"""A scripted couch: decides what a human would press and presses it as real input."""

from __future__ import annotations

from collections import Counter

import pygame

from game.app import App
from game.play.match import MatchSession, SeatConfig
from game.scenes.deal import DealScene
from game.scenes.play import PlayScene
from game.scenes.title import TitleScene
from game.table.match_screen import MatchScreen
from game.ui.settings import Settings


def start_match(
    app, seats: list[SeatConfig], seed: int, rules: list[str] | None = None, **kw
) -> MatchScreen:
    session = MatchSession(rules or ["classic"], seats, seed=seed, **kw)
    screen = MatchScreen(session, app.art, app.settings, sound=app.play)
    app.push(DealScene(app, screen=screen))
    return screen


def reopen(driver) -> App:
    """The game was closed and started again: a new app on the same settings
    folder (its saved match, its statistics), showing the title."""
    old = driver.app
    old.close()
    while old.stack:
        old.stack.pop().leave()
    app = App(old.window, Settings(pacing="instant"))
    driver.app = app
    app.push(TitleScene(app))
    driver.frames(2)
    return app


def press_continue(driver) -> MatchScreen:
    """Press the title's Continue, without a frame yet: the resumed match's screen."""
    title = driver.top
    assert type(title).__name__ == "TitleScene"
    assert title.buttons[0].label == "Continue"
    title.focus.index = 0
    title.focus.press()
    return driver.app.stack[0].screen


def card_point(table, index: int, seat: int | None = None) -> tuple[int, int]:
    """A point where card `index` of `seat`'s hand (the bottom one) shows, not
    covered by the cards drawn over it."""
    seat = table.bottom if seat is None else seat
    rect = table.card_rect(seat, index)
    above = [table.card_rect(seat, i) for i in range(index + 1, len(table.sprites(seat)))]
    for dy in range(rect.h // 2, rect.h, 6):
        for dx in range(2, rect.w - 1, 3):
            point = (rect.x + dx, rect.y + dy)
            if not any(r.collidepoint(point) for r in above):
                return point
    return rect.center


class Couch:
    """Plays every human seat through keys and clicks; `mouse` alternates input paths."""

    def __init__(self, driver, call_uno: bool = True) -> None:
        self.d = driver
        self.call_uno = call_uno
        self.turns = 0

    def step(self) -> None:
        d = self.d
        name = d.top_name
        top = d.top
        if name == "CurtainScene":
            d.key(pygame.K_SPACE)
        elif name == "ColorWheelScene":
            if self.turns % 2:
                d.key(pygame.K_RETURN)
            else:
                cx, cy = top.center
                d.click((cx + top.radius // 2, cy + top.radius // 2))
        elif name in ("ChoosePlayerScene", "RevealScene", "ChoiceScene", "LessonScene"):
            d.key(pygame.K_RETURN)
        elif name == "PlayScene" and top.controls.actor() is not None:
            self.turn(top)
        else:
            d.frames()

    def play_on(self) -> None:
        """One step that also carries the table past round scores and the match end."""
        d = self.d
        if d.top_name == "RoundScoreScene":
            d.key(pygame.K_SPACE)
            d.key(pygame.K_SPACE)
        elif d.top_name == "MatchEndScene":
            d.key(pygame.K_RETURN)
        else:
            self.step()

    def turn(self, scene) -> None:
        d = self.d
        self.turns += 1
        mouse = self.turns % 2 == 0
        table = scene.table
        if self.call_uno and scene.controls.board.uno_button.visible:
            if mouse:
                d.click(scene.controls.board.uno_button.rect.center)
            else:
                d.key(pygame.K_u)
            return
        alt = scene.controls.board.alt_button
        if alt.visible and alt.label == "Challenge" and self.turns % 2:
            if mouse:
                d.click(alt.rect.center)
            else:
                d.key(pygame.K_x)
            return
        seat = scene.controls.hand_seat
        hand = table.sprites(seat)
        lifted = [i for i, s in enumerate(hand) if s.name in scene.controls.lit.lift]
        if lifted:
            target = lifted[-1]
            if mouse:
                d.click(card_point(table, target, seat))
            else:
                for _ in range(len(hand) + 1):
                    if scene.controls.selected == target:
                        break
                    d.key(pygame.K_RIGHT)
                d.key(pygame.K_RETURN)
            return
        button = scene.controls.board.main_button
        if button.visible:
            if mouse:
                d.click(button.rect.center)
            elif button.label == "Pass":
                d.key(pygame.K_SPACE)
            else:
                d.key(pygame.K_d)
            return
        d.frames()


class PadCouch:
    """Plays every seat that claimed a controller on that controller alone (and any
    other human seat with the keys, as `Couch` does)."""

    def __init__(self, driver, rig, pads: dict, call_uno: bool = True) -> None:
        self.d = driver
        self.rig = rig
        self.pads = pads  # seat -> its FakePad
        self.keys = Couch(driver, call_uno=call_uno)
        self.call_uno = call_uno
        self.turns = 0
        self.pressed: list[tuple[int, int]] = []  # (seat, button) for every press made

    def press(self, seat: int, button: int) -> None:
        self.pressed.append((seat, button))
        self.rig.press(self.pads[seat], button)

    def step(self) -> None:
        d = self.d
        top = d.top
        name = d.top_name
        if name == "CurtainScene" and top.seat in self.pads:
            self.press(top.seat, pygame.CONTROLLER_BUTTON_A)
        elif top is not None and top.private_to in self.pads and name != "PlayScene":
            self.press(top.private_to, pygame.CONTROLLER_BUTTON_A)  # a colour, a player...
        elif name == "PlayScene" and top.controls.actor() in self.pads:
            self.turn(top, top.controls.actor())
        else:
            self.keys.step()

    def play_on(self) -> None:
        if self.d.top_name in ("RoundScoreScene", "MatchEndScene"):
            self.keys.play_on()
        else:
            self.step()

    def turn(self, scene, seat: int) -> None:
        A, B, X, Y = (
            pygame.CONTROLLER_BUTTON_A,
            pygame.CONTROLLER_BUTTON_B,
            pygame.CONTROLLER_BUTTON_X,
            pygame.CONTROLLER_BUTTON_Y,
        )
        self.turns += 1
        controls = scene.controls
        if (
            self.call_uno
            and controls.board.uno_button.visible
            and controls.board.uno_button.label == "UNO!"
        ):
            self.press(seat, Y)
            return
        alt = controls.board.alt_button
        if alt.visible and alt.label == "Challenge" and self.turns % 2:
            self.press(seat, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
            return
        hand = scene.table.sprites(seat)
        lifted = [i for i, s in enumerate(hand) if s.name in controls.lit.lift]
        if lifted:
            for _ in range(len(hand) + 1):
                if controls.selected == lifted[-1]:
                    break
                self.press(seat, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
            self.press(seat, A)
            return
        button = controls.board.main_button
        if button.visible:
            self.press(seat, B if button.label in ("Pass", "Done") else X)
            return
        self.d.frames()


def open_setup(driver):
    driver.app.push(TitleScene(driver.app))
    driver.frames(2)
    driver.key(pygame.K_RETURN, frames=2)
    assert driver.top_name == "SetupScene"
    return driver.top


def table_matches_engine(scene: PlayScene) -> None:
    """Once the table has shown every event, it shows exactly the engine's table."""
    state = scene.session.state
    table = scene.table
    names = state.cards.names
    model = table.model
    for seat in range(state.players):
        assert Counter(table.hand_names(seat)) == Counter(names[c] for c in state.hands[seat])
        assert Counter(model.hands[seat]) == Counter(names[c] for c in state.hands[seat])
    assert table.top_card == names[state.top]
    assert model.draw_count == len(state.draw_pile)
    assert model.color == state.cards.color_name(state.color)
    assert model.direction == state.direction
