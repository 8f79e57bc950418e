"""What does this do? The rule lab's answer for the New game screen's mix.

Bots play the chosen rules and classic at the same seats in worker
processes (game/rule_lab.py) while this overlay shows how far they are; each
frame only asks what is done, so the screen stays responsive. Esc or Back
cancels (the workers are stopped) and closes it. The answer is a chart drawn
here, a pair of bars per figure (this mix in gold, classic in grey, each
with its number), and the same figures in sentences beneath it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _, number, percent
from game.rule_lab import CLASSIC, Figures, against_classic, seconds_per_turn
from game.scenes.base import Scene, Services
from game.ui import text, widgets
from game.ui.input import BACK, CLICK, CONFIRM, PASS, Command
from game.ui.prompts import MENU_BACK

ROUNDS = 1000  # a round each of the mix and classic: a few seconds on two cores
BOX = pygame.Rect(90, 40, 1100, 640)
MIX_INK = pygame.Color(widgets.GOLD)
CLASSIC_INK = pygame.Color(150, 160, 180)


class RuleLabScene(Scene):
    opaque = False

    def __init__(
        self,
        app: Services,
        rules: tuple[str, ...],
        players: int,
        humans: int,
        title: str,
        rounds: int = ROUNDS,
    ) -> None:
        super().__init__(app)
        self.rules = tuple(rules)
        self.players = players
        self.title = title
        self.pace = seconds_per_turn(humans, players - humans, app.settings.bot_delay)
        self.run = against_classic(self.rules, players, rounds)
        self.figures: dict[tuple[tuple[str, ...], int], Figures] | None = None
        self.back_button = widgets.Button(
            (BOX.x + 30, BOX.bottom - 80, 200, 60), _("Back"), self.close, chip=MENU_BACK
        )
        self.t = 0.0

    def close(self) -> None:
        self.run.cancel()
        self.app.pop()

    def leave(self) -> None:
        self.run.cancel()

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if cmd is None:
            return True
        name = cmd.name
        leaving = name == BACK or (name == PASS and cmd.from_pad)
        read = name in (CONFIRM, PASS) and self.figures is not None
        clicked = name == CLICK and self.back_button.hit(cmd.pos)
        if leaving or read or clicked:
            self.close()
        return True

    def update(self, dt: float) -> None:
        self.t += dt
        if self.figures is None and self.run.error is None and self.run.poll():
            self.figures = self.run.figures()

    # --- what is shown ---------------------------------------------------------

    def pair(self) -> tuple[Figures, Figures]:
        assert self.figures is not None
        mix = self.figures[(self.rules, self.players)]
        return mix, self.figures[(CLASSIC, self.players)]

    def rows(self) -> list[tuple[str, float, float, Callable[[float], str]]]:
        """Each figure: its label, this mix's value, classic's, how it is written."""
        mix, classic = self.pair()
        pace = self.pace

        def share(x: float) -> str:
            return percent(x, 0)

        return [
            (_("Turns a round"), mix.turns_per_round, classic.turns_per_round, number),
            (
                _("Minutes a round"),
                mix.minutes_per_round(pace),
                classic.minutes_per_round(pace),
                lambda x: number(x, 1),
            ),
            (
                _("Cards drawn a turn"),
                mix.cards_drawn_per_turn,
                classic.cards_drawn_per_turn,
                lambda x: number(x, 2),
            ),
            (_("First player wins"), mix.first_player_wins, classic.first_player_wins, share),
            (_("Ends on an action card"), mix.ends_on_action, classic.ends_on_action, share),
            (_("Leader after 5 turns wins"), mix.leader_wins, classic.leader_wins, share),
        ]

    def sentences(self) -> str:
        mix, classic = self.pair()
        pace = self.pace
        lines = [
            _(
                "A round takes {turns} turns, about {minutes} minutes at this table "
                "(classic: {classic_turns} turns, {classic_minutes} minutes)."
            ).format(
                turns=number(mix.turns_per_round),
                minutes=number(mix.minutes_per_round(pace), 1),
                classic_turns=number(classic.turns_per_round),
                classic_minutes=number(classic.minutes_per_round(pace), 1),
            ),
            _(
                "A turn draws {cards} cards on average (classic: {classic}). The first "
                "player wins {first} of rounds (classic: {classic_first}; a fair share is {fair})."
            ).format(
                cards=number(mix.cards_drawn_per_turn, 2),
                classic=number(classic.cards_drawn_per_turn, 2),
                first=percent(mix.first_player_wins, 0),
                classic_first=percent(classic.first_player_wins, 0),
                fair=percent(1 / self.players, 0),
            ),
            _(
                "{action} of rounds end on an action or wild card (classic: {classic}). "
                "Whoever has fewest cards after five turns wins {leader} of rounds "
                "(classic: {classic_leader})."
            ).format(
                action=percent(mix.ends_on_action, 0),
                classic=percent(classic.ends_on_action, 0),
                leader=percent(mix.leader_wins, 0),
                classic_leader=percent(classic.leader_wins, 0),
            ),
        ]
        return " ".join(lines)

    # --- drawing -----------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        widgets.dim(surface, 190)
        surface.blit(widgets.panel(BOX.size), BOX)
        head = text.fit(
            _("What does this do? {rules}").format(rules=self.title),
            34,
            BOX.w - 60,
            (255, 213, 79),
            bold=True,
        )
        surface.blit(head, (BOX.x + 30, BOX.y + 22))
        if self.run.error is not None:
            line = _("The bots could not play these rules: {error}").format(error=self.run.error)
            img = text.render(line, 22, widgets.ERROR, wrap=BOX.w - 60)
            surface.blit(img, (BOX.x + 30, BOX.y + 90))
        elif self.figures is None:
            self._draw_progress(surface)
        else:
            self._draw_chart(surface)
        self.back_button.draw(surface, self.t)

    def _draw_progress(self, surface: pygame.Surface) -> None:
        done, asked = self.run.progress
        line = _("Bots are playing {rounds} rounds of these rules and of classic...").format(
            rounds=number(asked)
        )
        img = text.render(line, 24, (236, 238, 244), wrap=BOX.w - 60)
        surface.blit(img, (BOX.x + 30, BOX.y + 110))
        bar = pygame.Rect(BOX.x + 30, BOX.y + 170, BOX.w - 60, 28)
        pygame.draw.rect(surface, (30, 38, 60), bar, border_radius=8)
        filled = bar.copy()
        filled.w = round(bar.w * done / max(1, asked))
        if filled.w:
            pygame.draw.rect(surface, MIX_INK, filled, border_radius=8)
        count = text.render(
            _("{done} of {asked} rounds").format(done=number(done), asked=number(asked)),
            20,
            widgets.MUTED,
        )
        surface.blit(count, (bar.x, bar.bottom + 10))

    def _draw_chart(self, surface: pygame.Surface) -> None:
        x = BOX.x + 30
        y = BOX.y + 76
        key = [(MIX_INK, _("These rules")), (CLASSIC_INK, _("Classic"))]
        kx = x
        for ink, label in key:
            pygame.draw.rect(surface, ink, (kx, y + 4, 16, 16), border_radius=3)
            img = text.render(label, 18, (236, 238, 244))
            surface.blit(img, (kx + 22, y))
            kx += 44 + img.get_width()
        y += 32
        label_w = 300
        bar_w = BOX.w - 60 - label_w - 90
        for label, mine, classic, written in self.rows():
            img = text.fit(label, 20, label_w - 10, (236, 238, 244), bold=True)
            surface.blit(img, (x, y + 8))
            top = max(mine, classic) or 1.0
            for value, ink, dy in ((mine, MIX_INK, 0), (classic, CLASSIC_INK, 19)):
                w = max(2, round(bar_w * value / top))
                pygame.draw.rect(surface, ink, (x + label_w, y + dy, w, 16), border_radius=4)
                num = text.render(written(value), 16, ink, bold=True)
                surface.blit(num, (x + label_w + w + 8, y + dy - 1))
            y += 46
        words = text.render(self.sentences(), 18, (225, 228, 236), wrap=BOX.w - 60)
        surface.blit(words, (x, y + 4), pygame.Rect(0, 0, BOX.w - 60, BOX.bottom - 92 - y))
