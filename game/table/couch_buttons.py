"""The table's buttons during play, and what they say.

Where each button sits, its label and key for the decision at hand ("Take 4",
"Challenge", "Done"), the UNO and Catch buttons naming whose call or catch it
is ("UNO! (Bo)", "Catch Bo!"), and the line under the name plate that says
what the player to act is asked, each from the decision's declaration (how
it is asked, what it is for, its own words: game/engine/decisions.py), so a
new kind needs nothing here. The labels are only words for the moves
they are given: which moves are open to the person at the screen, and what a
press does, is `CouchInput` (game/table/couch_input.py), which owns these
buttons and tells them each frame what to show.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from game.engine import CallUno, Catch, Challenge, Draw, Pass, Play
from game.engine.decisions import REGISTRY, DecisionKind
from game.engine.kind_names import KindName
from game.engine.purposes import Purpose
from game.engine.state import GameState
from game.i18n import _, say
from game.table.view import TableView
from game.ui import text, widgets
from game.ui.card_book import CardBook
from game.ui.input import CATCH, CHALLENGE, DRAW, HISTORY, PASS, UNO


class Presses(Protocol):
    """What the buttons do when pressed: the person at the screen's commands."""

    def press_uno(self) -> None: ...
    def press_catch(self) -> None: ...
    def press_draw(self) -> None: ...
    def press_pass(self) -> None: ...
    def press_challenge(self) -> None: ...
    def open_history(self) -> None: ...


class CouchButtons:
    def __init__(self, table: TableView, presses: Presses) -> None:
        self.table = table
        self.presses = presses
        layout = table.layout
        geometry = table.geometry
        self.uno_button = widgets.Button(
            layout.regions["uno_button"],
            _("UNO!"),
            presses.press_uno,
            chip=UNO,
            color=widgets.BUTTON_HOT,
            size=38,
        )
        self.catch_button = widgets.Button(
            layout.regions["catch_button"],
            _("Catch!"),
            presses.press_catch,
            chip=CATCH,
            color=pygame.Color("#fb8c00"),
        )
        self.main_button = widgets.Button(
            layout.regions["draw_button"], _("Draw"), presses.press_draw, chip=DRAW
        )
        # The second choice of a turn (Challenge, or Pass beside Draw) sits under the
        # discard pile: it is about the card on top.
        self.alt_button = widgets.Button(
            geometry.alt_button, _("Pass"), presses.press_pass, chip=PASS, size=26
        )
        self.history_button = widgets.Button(
            geometry.history_button, _("History"), presses.open_history, chip=HISTORY, size=22
        )
        self.turn_buttons = [self.uno_button, self.catch_button, self.main_button, self.alt_button]
        self.hide_turn()

    def relabel(self) -> None:
        """The language changed: the labels not made again every frame."""
        self.history_button.label = _("History")

    def hide_turn(self) -> None:
        for b in self.turn_buttons:
            b.visible = False

    def show_turn(self, kind: KindName, kinds: set[type], owed: int, can_play: bool) -> bool:
        """Label and show the buttons for a decision of `kind` whose moves are of
        `kinds`; `owed` is the penalty to take. True when the main button draws a
        card (not a penalty's): with no card to play, the draw pile is the hint.
        The buttons are the kind's declaration's: cards owed are taken (and
        challenged), any other decision asked from the hand draws or passes."""
        declared = REGISTRY[kind]
        if declared.purpose is Purpose.OWED:
            draws = self._penalty_buttons(kinds, owed)
        else:
            draws = self._turn_buttons(declared, kinds)
        self.main_button.pulse = not can_play
        return draws

    def _turn_buttons(self, declared: DecisionKind, kinds: set[type]) -> bool:
        """A turn's: Draw, and Pass beside it, or Pass alone (in the kind's
        own word for it: "Done" ends a play of several cards)."""
        presses = self.presses
        main, alt = self.main_button, self.alt_button
        passing = self._answer_word(declared, Pass, _("Pass"))
        if Draw in kinds:
            main.label, main.action, main.chip = _("Draw"), presses.press_draw, DRAW
            main.visible = True
            if Pass in kinds:
                alt.label, alt.action, alt.chip = passing, presses.press_pass, PASS
                alt.visible = True
            return True
        if Pass in kinds:
            main.label, main.action, main.chip = passing, presses.press_pass, PASS
            main.visible = True
        return False

    def _answer_word(self, declared: DecisionKind, answer: type, usual: str) -> str:
        own = declared.answer_words.get(answer)
        return usual if own is None else say(own, self.table.book.engine_words())

    def _penalty_buttons(self, kinds: set[type], owed: int) -> bool:
        """Cards owed: Take them, and Challenge when it may."""
        presses = self.presses
        main, alt = self.main_button, self.alt_button
        take = _("Take {n}").format(n=owed)
        main.label, main.action, main.chip = take, presses.press_draw, DRAW
        main.visible = True
        if Challenge in kinds:
            alt.label, alt.action, alt.chip = _("Challenge"), presses.press_challenge, CHALLENGE
            alt.visible = True
        return False

    def show_calls(
        self,
        calls: Sequence[CallUno],
        catches: Sequence[Catch],
        looking: int | None,
        names: Sequence[str],
    ) -> None:
        """UNO and Catch appear when open to the person at the screen (`looking`
        holds their hand up, if anyone does), naming whose they are."""
        if calls:
            caller = calls[0].seat
            own = caller == looking
            self.uno_button.label = (
                _("UNO!") if own else _("UNO! ({name})").format(name=names[caller])
            )
            self.uno_button.size = 38 if own else 28
            self.uno_button.visible = self.uno_button.pulse = True
        if catches:
            self.catch_button.label = _("Catch {name}!").format(name=names[catches[0].target])
            self.catch_button.visible = self.catch_button.pulse = True

    def draw_prompt(
        self, surface: pygame.Surface, seat: int, name: str, kind: KindName, kinds: set[type]
    ) -> None:
        """What `seat` (called `name`), to act on a decision of `kind` with moves
        of `kinds`, is asked, under their name plate."""
        msg = asked(REGISTRY[kind], kinds, name, self.table.book)
        label, rect = self.table.geometry.fitted_prompt(
            seat, lambda width: text.fit(msg, 20, width, (255, 236, 179), bold=True)
        )
        surface.blit(label, rect)


def asked(declared: DecisionKind, kinds: set[type], name: str, book: CardBook) -> str:
    """What a seat called `name`, to act on a decision declared `declared`
    with moves of `kinds`, is asked: the kind's own question, else by what it
    is for (cards owed: what may be done about them; else the seat's turn)."""
    if declared.question:
        return say(declared.question, book.engine_words())
    if declared.purpose is Purpose.OWED:
        return _owed_prompt(kinds)
    return _("{name}, your turn").format(name=name)


def _owed_prompt(kinds: set[type]) -> str:
    stack, challenge = Play in kinds, Challenge in kinds
    if stack and challenge:
        return _("Stack a card, Challenge or take the cards")
    if stack:
        return _("Stack a card or take the cards")
    if challenge:
        return _("Challenge or take the cards")
    return _("Take the cards")


def draw_passes(kind: KindName, state: GameState) -> bool:
    """Whether pressing Draw passes: with nothing left to draw, for a kind
    that may be answered by drawing (an ordinary turn), passing is the draw."""
    return Draw in REGISTRY[kind].apply and not state.can_draw()
