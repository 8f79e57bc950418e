"""The table in play.

The scene keeps no rules: it asks the engine what a seat may do, applies the
chosen action in place and queues the events for the table view, which
animates them one by one. Input for a turn is taken as soon as the table has
finished showing what happened before; what the person at the screen may do
is game/table/couch_input.py, and the buttons for it game/table/couch_buttons.py.

Couch play: a hand is face up only to its owner (game/table/match_screen.py
decides when a curtain is needed). Bots think for a moment (Settings: pacing)
and move out of turn after a reaction time of their level
(game/table/reactions.py). H opens the round's history. Learning as you
play, the table holds on each moment the tutor gives (game/scenes/lesson.py).
A seat's private moment (a colour to name, a player to pick, a choice, a
hand shown to it) is marked as that seat's, so only its own controller, if
it claimed one, answers it (game/ui/seat_routing.py).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.bots.timing import turn_choices
from game.engine import CallUno, Choose
from game.engine.decisions import REGISTRY, Ask, asks
from game.engine.seen import hand_shown
from game.engine.state import Decision, GameState
from game.i18n import _, language, say
from game.scenes.base import Scene
from game.scenes.choose import DECISION_OVERLAYS, ChoiceScene, ChoosePlayerScene, ColorWheelScene
from game.scenes.curtain import CurtainScene
from game.scenes.history import HistoryScene
from game.scenes.lesson import LessonScene
from game.scenes.pad_seats import rumble_for
from game.scenes.reveal import RevealScene
from game.scenes.round_score import RoundScoreScene
from game.scenes.services import Deals, MatchApp
from game.table.choice_hint import ChoiceHint
from game.table.couch_input import CouchInput
from game.table.match_screen import MatchScreen
from game.table.reactions import BotReactions
from game.ui.input import BACK, Command


class PlayScene(Scene):
    in_match = True

    @property
    def match_screen(self) -> MatchScreen:
        return self.screen

    def __init__(self, app: MatchApp, screen: MatchScreen, *, deal: Deals) -> None:
        self.app = app
        self.screen = screen
        self.deal = deal  # the next round's
        self.session = session = screen.session
        self.table = screen.table
        self.table.scale = app.settings.anim_scale
        self.clock = 0.0
        self.bot_timer = 0.0
        self.reactions = BotReactions(session, lambda: app.settings.pacing, session.seed ^ 0x5EED)
        self.controls = CouchInput(app, screen, self._human_acted, overlays=self)
        self.score_shown = False
        pads = app.gamepads
        if pads is not None:
            # A claim means a person at this table: a seat that is a bot here has none.
            pads.keep_only(session.humans)
            pads.seat_names = list(session.state.names)

    @property
    def state(self) -> GameState:
        return self.session.state

    def _human_acted(self) -> None:
        self.bot_timer = 0.0

    def _bot_act(self, seat: int) -> None:
        session = self.session
        bot = session.bots[seat]
        level = session.seats[seat].level
        action = bot.choose(session.look(seat), turn_choices(session.legal(seat), level))
        session.apply(action)
        if type(action) is CallUno and self.state.to_act == seat:
            # UNO said with the play: the card goes down in the same moment.
            action = bot.choose(session.look(seat), turn_choices(session.legal(seat), level))
            session.apply(action)

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if cmd is None:
            return False
        if cmd.name == BACK:
            self.app.pause_match()
            return True
        return self.controls.handle(cmd)

    # --- the loop -------------------------------------------------------------------

    def resume(self) -> None:
        self.table.scale = self.app.settings.anim_scale

    def relabel(self) -> None:
        # The book first: the lines told again name their cards in it.
        self.table.book.speak(language())
        self.table.reword()
        self.controls.relabel()

    def _pump(self) -> None:
        """Feed queued events to the table while it is free to show them."""
        queue = self.session.queue
        table = self.table
        while not table.busy:
            if self._teach():
                return  # the table holds on the moment (game/scenes/lesson.py)
            if not queue:
                return
            event = queue[0]
            kind = event.get("t")
            if kind == "round":
                return  # a new round: the deal scene shows it
            queue.popleft()
            if kind == "round_end":
                self.screen.last_round_end = event
            table.feed(event)
            rumble_for(self.app, event)
            self.screen.caught_up()
            shown = hand_shown(event)
            if shown is not None:
                self._reveal(*shown)
                return

    def _teach(self) -> bool:
        """Learn as you play: show the tutor's next moment the screen may show
        now (game/table/lessons.py), if this table is on top; True if one is up."""
        if not self.session.learning or self.app.top is not self:
            return False
        lesson = self.screen.lessons.for_screen()
        if lesson is None:
            return False
        self.app.push(LessonScene(self.app, self.screen, lesson))
        return True

    def _reveal(self, shown_by: int, to: int, cards: list) -> None:
        """A hand shown to one seat (a challenged hand, `hand_shown`) goes only
        to that seat, behind the curtain if needed; a seat on a phone sees it
        there (game/phones/private.py) and the TV shows it nothing, not even a curtain."""
        if self.session.is_bot(to) or to not in self.session.humans or self.screen.on_phone(to):
            return
        owner = self.state.names[shown_by]

        def reveal() -> None:
            shown = self.app.push(
                RevealScene(
                    self.app,
                    title=_("{name}'s hand").format(name=owner),
                    cards=cards,
                    privacy=self.screen.privacy,
                    owner=shown_by,
                    to=to,
                    book=self.table.book,
                )
            )
            shown.private_to = to

        if self.screen.may_show(to):
            reveal()
        else:
            self._curtain(to, then=reveal)

    def _curtain(self, seat: int, then: Callable[[], None] | None = None) -> None:
        self.screen.look_away()
        self.app.push(CurtainScene(self.app, self.screen, seat, then, table=self))

    def _ensure_viewer(self, seat: int) -> bool:
        """Show `seat`'s hand for their decision, behind a curtain if the person
        looking may have changed."""
        returning = self.screen.shared and self.table.viewer is None
        if self.screen.may_show(seat):
            if returning:
                self.controls.turn_again(seat)  # no curtain: their own hand, face down a moment
            return True
        self._curtain(seat)
        return False

    @property
    def looking(self) -> int | None:
        return self.table.viewer

    def behind_curtain(self, dt: float) -> None:
        """A curtain is up over the table (game/scenes/curtain.py): it hides the
        hands, not the table. What happens out of turn is shown as it happens and
        the bots call and catch as they would in the open."""
        self.clock += dt
        self.table.update(dt)
        self._pump()
        self._phones(dt)
        pending = self.state.pending
        if self.controls.idle and pending is not None and asks(pending) is not Ask.ROUND_OVER:
            self.reactions.update(self.clock)

    def _phones(self, dt: float) -> None:
        """Hands on phones: the phones are offered the table and their moves taken,
        whoever the screen shows (a curtain for another seat included)."""
        if self.screen.phones is not None:
            self.screen.phones.update(dt, self.controls)

    def update(self, dt: float) -> None:
        self.clock += dt
        table = self.table
        table.update(dt)
        self._pump()
        if self.session.queue and self.session.queue[0].get("t") == "round" and not table.busy:
            self.app.replace(self.deal(self.app, self.screen))
            return
        self.controls.sync()
        self._phones(dt)
        if not self.controls.idle or self.app.top is not self:
            return
        state = self.state
        pending = state.pending
        if state.over or (pending is not None and asks(pending) is Ask.ROUND_OVER):
            if not self.score_shown:
                self.score_shown = True
                self.app.push(RoundScoreScene(self.app, self.screen, deal=self.deal))
            return
        if pending is None:
            return
        if self.reactions.update(self.clock):
            return
        seat = pending.seat
        if self.session.is_bot(seat):
            if self.reactions.holding:
                return  # someone may still call or catch: the next bot waits for it
            self.bot_timer += dt
            if self.bot_timer >= self.app.settings.bot_delay:
                self.bot_timer = 0.0
                self._bot_act(seat)
            return
        if self.screen.on_phone(seat):
            return  # the seat's phone asks it
        if not self._ensure_viewer(seat) or self.controls.holding:
            return
        overlay = OVERLAYS[asks(pending)]
        if overlay is not None:
            overlay(self, seat, pending).private_to = seat

    def _open_color_wheel(self, seat: int, pending: Decision) -> Scene:
        return self.app.push(
            ColorWheelScene(
                self.app,
                table=self.table,
                colors=[str(color) for color in pending.options],
                on_pick=lambda c: self._choose(seat, c),
                advice=self.controls.advice_for(seat),
            )
        )

    def open_color_wheel(
        self, seat: int, colors: list[str], on_pick: Callable[[str], None], advice: ChoiceHint
    ) -> None:
        """A wild played from the hand: its colour, or Esc for another card."""
        wheel = self.app.push(
            ColorWheelScene(self.app, self.table, colors, on_pick, cancellable=True, advice=advice)
        )
        wheel.private_to = seat

    def open_history(self) -> None:
        self.app.push(HistoryScene(self.app, self.screen))

    def _open_players(self, seat: int, pending: Decision) -> Scene:
        """Pick a player, asked in the kind's own words when it declares some."""
        question = REGISTRY[pending.kind].question
        return self.app.push(
            ChoosePlayerScene(
                self.app,
                table=self.table,
                options=[int(other) for other in pending.options],
                on_pick=lambda p: self._choose(seat, p),
                title=say(question, self.table.book.engine_words()) if question else None,
                advice=self.controls.advice_for(seat),
            )
        )

    def _open_choice(self, seat: int, pending: Decision) -> Scene:
        """A decision with no place on the table (a draft, a colour dump): an overlay,
        with the words its kind declares; options that are cards shown as the cards."""
        actions = [a for a in self.session.legal(seat) if type(a) is Choose]
        options = [a.value for a in actions] or list(pending.options)
        names = self.state.cards.names
        look = self.session.look(seat)()
        card = look.get("draft_card")  # the card a draft looks at, shown above its question
        card_names: dict[object, str] | None = None
        ids = [o for o in options if isinstance(o, int)]
        if options and len(ids) == len(options) and asks(pending) is Ask.CARDS:
            card_names = {o: names[o] for o in ids if 0 <= o < len(names)}
            if len(card_names) != len(options):
                card_names = None
        return self.app.push(
            ChoiceScene(
                self.app,
                kind=pending.kind,
                options=options,
                on_pick=lambda v: self._choose(seat, v),
                privacy=self.screen.privacy,
                owner=seat,
                card=card,
                card_names=card_names,
                book=self.table.book,
                advice=self.controls.advice_for(seat),
            )
        )

    def _choose(self, seat: int, value: str | int) -> None:
        self.controls.act(Choose(seat, value))

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface, self.controls.lit)
        covered = isinstance(self.app.top, DECISION_OVERLAYS)
        self.controls.draw(surface, self.clock, covered=covered)


# How the table asks each kind of question the engine declares (`Ask`): the
# overlay that opens for it, or None where the table itself asks (the hand and
# its buttons; the round's score, shown above).
OVERLAYS: dict[Ask, Callable[[PlayScene, int, Decision], Scene] | None] = {
    Ask.HAND: None,
    Ask.COLOR: PlayScene._open_color_wheel,
    Ask.PLAYER: PlayScene._open_players,
    Ask.WORDS: PlayScene._open_choice,
    Ask.CARDS: PlayScene._open_choice,
    Ask.ROUND_OVER: None,
}
