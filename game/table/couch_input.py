"""The person at the screen during play: what they may do now, and the keys,
clicks and button presses that do it.

What is open to the person at the screen: with a hand up, its owner's moves;
with none (between turns, behind a curtain), any human's on the couch, the
last to look first. A refusal is the engine's own sentence, shown as it
comes. Nothing here decides a rule: every move offered is one of
`legal_actions`. The buttons that offer these moves, where they sit and what
they say ("Catch Bo!", "UNO! (Bo)", "Take 4"), are `CouchButtons`
(game/table/couch_buttons.py); this module tells them what is open and
carries out their presses.

The keyboard, the mouse and a controller with no seat act for whoever is to
act. A controller that claimed a seat acts for that seat only
(`SeatController`, game/table/seat_controller.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

import pygame

from game.engine import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    Draw,
    IllegalAction,
    Pass,
    Play,
    why_illegal,
)
from game.engine.decisions import Ask, asks
from game.engine.state import GameState
from game.i18n import _, capitalized, say
from game.table.choice_hint import ChoiceHint
from game.table.couch_buttons import CouchButtons, draw_passes
from game.table.highlights import Highlights
from game.table.hint import HintApp, TableHint
from game.table.match_screen import MatchScreen
from game.table.seat_controller import SeatController
from game.table.sprite import Sprite
from game.ui.input import (
    CATCH,
    CHALLENGE,
    CLICK,
    CONFIRM,
    DRAW,
    HINT,
    HISTORY,
    LEFT,
    MOVE,
    PASS,
    RIGHT,
    UNO,
    Command,
)
from game.ui.seat_routing import own_seat

# A turn that comes straight back to the person at the screen (their Skip against
# the only other seat, a bot's Reverse) has no curtain, yet a key pressed to lift
# one played the focused card: for this moment it is said, and nothing is played.
AGAIN_SECONDS = 0.9


class Overlays(Protocol):
    """The scenes the table's controls open over the table, made by the scene
    that shows it (game/scenes/play.py): the table imports no scene."""

    def open_color_wheel(
        self, seat: int, colors: list[str], on_pick: Callable[[str], None], advice: ChoiceHint
    ) -> None:
        """A wild's colour to name, private to `seat`; Esc picks another card."""

    def open_history(self) -> None:
        """The round's history."""


class CouchInput:
    def __init__(
        self,
        app: HintApp,
        screen: MatchScreen,
        on_act: Callable[[], None],
        overlays: Overlays,
    ) -> None:
        self.app = app
        self.overlays = overlays
        self.screen = screen
        self.session = screen.session
        self.table = screen.table
        self.on_act = on_act  # a human has just moved
        self.selected = 0
        self.lit = Highlights()  # what the table shows as playable and selected
        self._legal_key: tuple[int, int] | None = None
        self._legal: tuple = ()
        self._seen_key: tuple[int, int] | None = None
        self._again_for: int | None = None  # a returned turn, said once the table is idle
        self._again_until = -1.0  # the table's clock until which it waits
        self.board = CouchButtons(self.table, self)
        self.hint = TableHint(app, screen, self)  # the expert's advice (T)
        self.seat_controller = SeatController(self)  # a seat's own controller's presses
        self.buttons = [*self.board.turn_buttons, self.board.history_button, self.hint.button]

    def relabel(self) -> None:
        """The language changed: the labels not made again every frame."""
        self.board.relabel()
        self.hint.button.label = _("Hint")

    # --- who is acting ------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def idle(self) -> bool:
        """The table has shown everything that happened: input counts now."""
        return not self.session.queue and not self.table.busy

    @property
    def hand_seat(self) -> int | None:
        """The hand on show to the person at the screen (the one played from)."""
        return self.table.viewer

    def turn_again(self, seat: int) -> None:
        """`seat`'s turn came straight back, with no curtain: once the table has
        shown what happened, say so, and for a moment let no key, click or
        button press play for them."""
        self._again_for = seat

    def _say_turn_again(self) -> None:
        seat = self._again_for
        if seat is None or not self.idle:
            return
        self._again_for = None
        name = self.state.names[seat]
        self.table.toast(_("Your turn again, {name}").format(name=name), AGAIN_SECONDS + 0.8)
        self._again_until = self.table.animator.clock + AGAIN_SECONDS

    @property
    def holding(self) -> bool:
        """A returned turn is being said: its owner may not act yet."""
        return self._again_for is not None or self.table.animator.clock < self._again_until

    def actor(self) -> int | None:
        """The human whose turn it is and who is looking at their hand, if any
        (none while a turn that came straight back is being said)."""
        if self.holding:
            return None
        state = self.state
        seat = state.to_act
        pending = state.pending
        if seat is None or pending is None or self.session.is_bot(seat) or not self.idle:
            return None
        if asks(pending) is not Ask.HAND:
            return None
        if seat != self.hand_seat:
            return None
        return seat

    def jumper(self) -> int | None:
        """With jump-in rules: the human looking at their hand, if they may play out of turn."""
        state = self.state
        seat = self.hand_seat
        if not state.flags.jump_in or seat is None or not self.idle:
            return None
        if seat == state.to_act or self.session.is_bot(seat):
            return None
        return seat if any(type(a) is Play for a in self.legal(seat)) else None

    def legal(self, seat: int) -> tuple:
        return self.session.legal(seat)

    def _turn_actions(self, seat: int) -> tuple:
        key = (len(self.session.log), seat)
        if key != self._legal_key:
            self._legal_key = key
            self._legal = self.legal(seat)
        return self._legal

    # --- applying actions -----------------------------------------------------------

    def act(self, action, refused: Callable[[object], None] | None = None) -> bool:
        """Apply a human's action; a refusal shakes and says why (or is handed to
        `refused`: a phone's move is refused on the phone)."""
        told = len(self.session.log)
        try:
            self.session.apply(action)
        except IllegalAction as err:
            (refused or self.refuse)(err.args[0] if err.args else "")
            return False
        self.on_act()
        seat = action.seat
        if self.screen.shared and not self.screen.on_phone(seat):
            # Their Skip or Draw Two against the only other seat: the others lost
            # their turns and it is theirs again (not a draft's next pick).
            new = self.session.log[told:]
            skipped = any(e.get("t") == "skip" for e in new)
            if skipped and any(e.get("t") == "turn" and e.get("p") == seat for e in new):
                self.turn_again(seat)
        if self.state.to_act != action.seat:
            self.screen.turn_done(action.seat)
        return True

    def refuse(self, reason: object, index: int | None = None) -> None:
        """Say why a move is refused (the engine's words, or the screen's own) and shake."""
        seat = self.hand_seat
        if index is not None and seat is not None:
            self.table.shake_card(seat, index)
        why = say(reason, self.table.book.engine_words())
        self.table.toast(capitalized(why) if why else _("Not now"))
        self.app.play("error")

    # --- the human's commands -------------------------------------------------------

    def _hand(self) -> list[Sprite]:
        seat = self.hand_seat
        return self.table.sprites(seat) if seat is not None else []

    def _plays_for(self, seat: int, card: str) -> list:
        names = self.state.cards.names
        return [a for a in self._turn_actions(seat) if type(a) is Play and names[a.card] == card]

    def play_index(self, index: int) -> None:
        seat = self.actor()
        if seat is None:
            seat = self.jumper()
        hand = self._hand()
        if seat is None or not 0 <= index < len(hand):
            return
        self.selected = index
        card = hand[index].name
        plays = self._plays_for(seat, card)
        if not plays:
            card_id = self.session.card_id(seat, card)
            if card_id is None:
                self.refuse(_("that card is not in your hand"), index)
            else:
                self.refuse(why_illegal(self.state, Play(seat, card_id)), index)
            return
        if plays[0].color is not None:

            def play(chosen: Play, index: int = index) -> None:
                self.table.expect_play(index)
                self.act(chosen)

            self.name_color(seat, plays, play)
            return
        self.table.expect_play(index)
        self.act(plays[0])

    def name_color(self, seat: int, plays: list[Play], then: Callable[[Play], None]) -> None:
        """A wild's plays, one per colour it may name: the colour wheel, private to
        `seat` and with its hint, and `then` the play of the colour picked."""
        by_color = {a.color: a for a in plays if a.color is not None}
        options: dict[object, object] = {color: play for color, play in by_color.items()}
        self.overlays.open_color_wheel(
            seat,
            list(by_color),
            lambda color: then(by_color[color]),
            self.advice_for(seat, options),
        )

    def advice_for(self, seat: int, actions: Mapping[object, object] | None = None) -> ChoiceHint:
        """The hint of a choice `seat` makes over this table (an overlay's): its
        options are `actions` (option -> the engine's action behind it), by
        default the seat's legal `Choose` actions."""
        return ChoiceHint(
            self.hint.search,
            seat,
            lambda: self.idle,
            self.table.geometry.hint_button,
            actions,
        )

    def _first_of(self, seat: int, kind):
        return next((a for a in self._turn_actions(seat) if type(a) is kind), None)

    def press_draw(self) -> None:
        seat = self.actor()
        if seat is None:
            return
        for kind in (Accept, Draw):
            action = self._first_of(seat, kind)
            if action is not None:
                self.act(action)
                return
        action = self._first_of(seat, Pass)
        pending = self.state.pending
        if action is not None and pending is not None and draw_passes(pending.kind, self.state):
            self.act(action)  # nothing left to draw: passing is the draw
            return
        self.refuse(why_illegal(self.state, Draw(seat)))

    def press_pass(self) -> None:
        seat = self.actor()
        if seat is None:
            return
        for kind in (Pass, Accept):
            action = self._first_of(seat, kind)
            if action is not None:
                self.act(action)
                return
        self.refuse(why_illegal(self.state, Pass(seat)))

    def press_challenge(self) -> None:
        seat = self.actor()
        if seat is None:
            return
        action = self._first_of(seat, Challenge)
        if action is None:
            self.refuse(why_illegal(self.state, Challenge(seat)))
        else:
            self.act(action)

    def _humans_with(self, kind: type) -> list:
        """Actions of this kind open to the person at the screen: with a hand up, its
        owner's; with none (between turns, behind a curtain), any human's, the last
        to look first."""
        if not self.idle:
            return []
        looking = self.hand_seat
        if looking is not None and not self.session.is_bot(looking):
            order = [looking]
        else:
            order = [s for s in (self.screen.last_viewer, self.state.to_act) if s is not None]
            order += [s for s in self.session.humans if s not in order]
        found = []
        for seat in dict.fromkeys(order):
            if self.session.is_bot(seat):
                continue
            found += [a for a in self.legal(seat) if type(a) is kind]
        return found

    def press_uno(self) -> None:
        calls = self._humans_with(CallUno)
        if calls:
            self.act(calls[0])
        elif self.idle:
            seat = self.hand_seat
            self.refuse(why_illegal(self.state, CallUno(seat if seat is not None else 0)))

    def press_catch(self) -> None:
        catches = self._humans_with(Catch)
        if catches:
            self.act(catches[0])
            return
        if not self.turn_away_late_catch() and self.idle:
            self.refuse(_("there is nobody to catch"))

    def turn_away_late_catch(self, presser: int | None = None) -> bool:
        """The first valid catch won the race: a later one (since the last card
        played) is turned away kindly, naming who won, and said to `presser`
        when a seat's own controller pressed. False when nobody was caught."""
        for event in reversed(self.session.log):
            if event.get("t") == "play":
                return False
            if event.get("t") == "catch":
                names = self.state.names
                by, seat = names[int(event["by"])], names[int(event["p"])]
                if presser is None:
                    words = _("Too late: {by} already caught {seat}").format(by=by, seat=seat)
                else:
                    words = _("Too late, {name}: {by} already caught {seat}").format(
                        name=names[presser], by=by, seat=seat
                    )
                self.table.toast(words)
                self.app.play("tick")
                return True
        return False

    def move_selection(self, step: int) -> None:
        hand = self._hand()
        if not hand or (self.actor() is None and self.jumper() is None):
            return
        self.selected = (self.selected + step) % len(hand)
        self.app.play("tick")

    def open_history(self) -> None:
        self.overlays.open_history()

    # --- input ---------------------------------------------------------------------

    def handle(self, cmd: Command) -> bool:
        """Carry out a command; False when it is none of these."""
        seat = own_seat(cmd, self.session.humans)
        if seat is not None:
            return self.seat_controller.handle(seat, cmd)
        return self.handle_any(cmd)

    def handle_any(self, cmd: Command) -> bool:
        """A command of the person at the screen, for whoever is to act."""
        name = cmd.name
        if name == LEFT:
            self.move_selection(-1)
        elif name == RIGHT:
            self.move_selection(1)
        elif name == CONFIRM:
            press = self.hint.advised_press()
            if press is not None:
                press()  # the hint's move, as Enter plays a hinted card
            else:
                self.play_index(self.selected)
        elif name == DRAW:
            self.press_draw()
        elif name == PASS:
            self.press_pass()
        elif name == UNO:
            self.press_uno()
        elif name == CATCH:
            self.press_catch()
        elif name == CHALLENGE:
            self.press_challenge()
        elif name == HISTORY:
            self.open_history()
        elif name == HINT:
            self.hint.ask()
        elif name == CLICK:
            self._click(cmd.pos)
        elif name == MOVE:
            self._hover(cmd.pos)
        else:
            return False
        return True

    def _click(self, pos: tuple[int, int]) -> None:
        for b in self.buttons:
            if b.hit(pos):
                b.press()
                return
        seat = self.hand_seat
        if seat is not None and (self.actor() is not None or self.jumper() is not None):
            index = self.table.hand_hit(seat, pos)
            if index is not None:
                self.play_index(index)
                return
        if self.actor() is not None and self.table.draw_pile_hit(pos):
            self.press_draw()

    def _hover(self, pos: tuple[int, int]) -> None:
        for b in self.buttons:
            b.hover = b.hit(pos)
        seat = self.hand_seat
        if seat is not None and (self.actor() is not None or self.jumper() is not None):
            index = self.table.hand_hit(seat, pos)
            if index is not None:
                self.selected = index

    # --- what the table and its buttons show ------------------------------------------

    def sync(self) -> None:
        """Lift playable cards, and show the buttons for what is possible now."""
        table = self.table
        self._say_turn_again()
        self.hint.update()  # before the hand's highlights: a hint selects its card
        seat = self.actor()
        self.board.hide_turn()
        lit = Highlights()
        if seat is None:
            jumper = self.jumper()
            if jumper is not None:
                names = self.state.cards.names
                lift = {names[a.card] for a in self._turn_actions(jumper) if type(a) is Play}
                lit = Highlights(jumper, frozenset(lift), self.selected)
        else:
            lit = self._turn_controls(seat)
        self.lit = lit
        table.show_focus(lit)
        if self.idle:
            calls, catches = self._humans_with(CallUno), self._humans_with(Catch)
            self.board.show_calls(calls, catches, self.hand_seat, self.state.names)

    def _turn_controls(self, seat: int) -> Highlights:
        """`seat`'s hand lifted and a playable card selected when the moves are new,
        and the buttons shown for its moves."""
        actions = self._turn_actions(seat)
        names = self.state.cards.names
        lift = {names[a.card] for a in actions if type(a) is Play}
        hand = self._hand()
        if hand:
            self.selected = max(0, min(self.selected, len(hand) - 1))
            if hand[self.selected].name not in lift and self._legal_key != self._seen_key:
                first = next((i for i, s in enumerate(hand) if s.name in lift), None)
                if first is not None:
                    self.selected = first
        self._seen_key = self._legal_key
        lit = Highlights(seat, frozenset(lift), self.selected if hand else None)
        pending = self.state.pending
        assert pending is not None
        owed = self.state.penalty.count if self.state.penalty else 0
        kinds = {type(a) for a in actions}
        if self.board.show_turn(pending.kind, kinds, owed, can_play=bool(lift)):
            lit.draw_hint = not lift
        return lit

    def draw(self, surface: pygame.Surface, clock: float, covered: bool = False) -> None:
        """The buttons, and what the player to act is asked, under their name plate.
        `covered`: a choice is open over the table, with its own buttons; the
        table's, which it cannot press meanwhile, are not drawn under them."""
        if not covered:
            for b in self.buttons:
                b.draw(surface, clock)
            self.hint.draw(surface, clock)
        seat = self.actor()
        pending = self.state.pending
        if seat is None or pending is None:
            return
        kinds = {type(a) for a in self._turn_actions(seat)}
        self.board.draw_prompt(surface, seat, self.state.names[seat], pending.kind, kinds)
