"""What does this do? The rule lab's answer for the New game screen's mix.

Bots play the chosen rules and classic at the same seats in worker
processes (game/play/rule_lab.py) while this overlay shows how far they are; each
frame only asks what is done, so the screen stays responsive. Esc or Back
cancels (the workers are stopped) and closes it, leaving the form as it was.
The answer is a chart drawn here, a pair of bars per figure (this mix in
gold, classic in grey, each with its number), and the same figures in
sentences beneath it.

A pygame window has nothing a screen reader can read but its title, so the
sentences are put in the window's title while the answer shows
(game/ui/window.py `say_in_title`). The answers of the session are kept
(`ANSWERS`): asking again about a mix, or about another mix at the same
seats (classic is measured once), shows what is known at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

from game.i18n import _, number, percent
from game.play.rule_lab import CLASSIC, Figures, LabRun, seconds_per_turn
from game.scenes.base import Closes, Preferences, Scene
from game.ui import accessibility, text, widgets
from game.ui.input import BACK, CLICK, CONFIRM, PASS, Command
from game.ui.prompts import MENU_BACK
from game.ui.window import say_in_title

ROUNDS = 1000  # a mix's rounds (and classic's): a few seconds on two cores
BOX = pygame.Rect(90, 40, 1100, 640)
PAD = 30
MIX_INK = pygame.Color(widgets.GOLD)
CLASSIC_INK = pygame.Color(150, 160, 180)
INK = (236, 238, 244)
LABEL_W = 340  # the figures' names, left of their bars
NUMBER_ROOM = 90  # right of the longest bar, for its number
LABEL_SIZE = 22
NUMBER_SIZE = 18
WORDS_SIZES = (22, 20, 18, 16)  # the sentences: the largest that fits

Mix = tuple[tuple[str, ...], int]
# Figures measured this session, by mix and rounds: the same deals give the
# same figures, so nothing measured needs measuring again.
ANSWERS: dict[tuple[Mix, int], Figures] = {}


@dataclass(frozen=True)
class Bar:
    """One figure of the chart: its name, both values and how each is written."""

    label: str
    mine: float
    classic: float
    mine_words: str
    classic_words: str


class RuleLabApp(Closes, Preferences, Protocol):
    """What the rule lab asks of the app: the bots' pace in the settings, and to close."""


class RuleLabScene(Scene):
    opaque = False

    def __init__(
        self,
        app: RuleLabApp,
        rules: tuple[str, ...],
        players: int,
        humans: int,
        title: str,
        rounds: int | None = None,
    ) -> None:
        self.app = app
        self.rules = tuple(rules)
        self.players = players
        self.rounds = rounds = ROUNDS if rounds is None else rounds
        self.title = title
        self.pace = seconds_per_turn(humans, players - humans, app.settings.bot_delay)
        self.mix: Mix = (self.rules, players)
        self.classic: Mix = (CLASSIC, players)
        missing = [m for m in (self.mix, self.classic) if (m, rounds) not in ANSWERS]
        self.run: LabRun | None = LabRun(missing, rounds) if missing else None
        self.bars: list[Bar] = []
        self.paragraphs: list[str] = []
        self.back_button = widgets.Button(
            (BOX.x + PAD, BOX.bottom - 80, 200, 60), _("Back"), self.close, chip=MENU_BACK
        )
        self.t = 0.0
        if self.run is None:
            self._answer()

    @property
    def answered(self) -> bool:
        return bool(self.paragraphs)

    @property
    def sentences(self) -> str:
        """The answer in words, as one text (the window's title has one line)."""
        return " ".join(self.paragraphs)

    def close(self) -> None:
        self.app.pop()

    def leave(self) -> None:
        if self.run is not None:
            self.run.cancel()
        say_in_title()

    def relabel(self) -> None:
        if self.answered:
            self._answer()

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if cmd is None:
            return True
        name = cmd.name
        leaving = name == BACK or (name == PASS and cmd.from_pad)
        read = name in (CONFIRM, PASS) and self.answered
        clicked = name == CLICK and self.back_button.hit(cmd.pos)
        if leaving or read or clicked:
            self.close()
        return True

    def update(self, dt: float) -> None:
        self.t += dt
        run = self.run
        if run is None or self.answered or run.error is not None:
            return
        if run.poll() and run.done:
            for mix, figures in run.figures().items():
                ANSWERS[(mix, self.rounds)] = figures
            self._answer()

    @property
    def error(self) -> str | None:
        if self.run is None or self.run.error is None:
            return None
        return _("The bots could not play these rules: {error}").format(error=self.run.error)

    # --- what is shown ---------------------------------------------------------

    def _answer(self) -> None:
        """The chart's bars and the sentences, worded once (the language's
        numbers), and the sentences put where a screen reader finds them."""
        mix = ANSWERS[(self.mix, self.rounds)]
        classic = ANSWERS[(self.classic, self.rounds)]
        self.bars = bars(mix, classic, self.pace)
        self.paragraphs = sentences(mix, classic, self.pace)
        question = _("What does this do? {rules}").format(rules=self.title)
        say_in_title(f"{question}. {self.sentences}")

    # --- drawing -----------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        widgets.dim(surface, 228)  # the form beneath would show through the words
        surface.blit(widgets.panel(BOX.size), BOX)
        head = text.fit(
            _("What does this do? {rules}").format(rules=self.title),
            34,
            BOX.w - 2 * PAD,
            (255, 213, 79),
            bold=True,
        )
        surface.blit(head, (BOX.x + PAD, BOX.y + 22))
        top = BOX.y + 30 + head.get_height()
        error = self.error
        if error is not None:
            img = text.render(error, 22, widgets.ERROR, wrap=BOX.w - 2 * PAD)
            surface.blit(img, (BOX.x + PAD, top + 20))
        elif not self.answered:
            self._draw_progress(surface, top)
        else:
            self._draw_chart(surface, top)
        self.back_button.draw(surface, self.t)

    def _draw_progress(self, surface: pygame.Surface, top: int) -> None:
        assert self.run is not None
        done, asked = self.run.progress
        line = _(
            "Bots are playing {rounds} rounds of these rules and of classic, "
            "{seats} seats at the table..."
        ).format(rounds=number(self.rounds), seats=number(self.players))
        img = text.render(line, 24, INK, wrap=BOX.w - 2 * PAD)
        surface.blit(img, (BOX.x + PAD, top + 30))
        bar = pygame.Rect(BOX.x + PAD, top + 50 + img.get_height(), BOX.w - 2 * PAD, 28)
        pygame.draw.rect(surface, (30, 38, 60), bar, border_radius=8)
        filled = bar.copy()
        filled.w = round(bar.w * done / max(1, asked))
        if filled.w:
            pygame.draw.rect(surface, MIX_INK, filled, border_radius=8)
        elif not accessibility.still():  # the workers are starting: show it is alive
            block = pygame.Rect(0, bar.y, bar.w // 8, bar.h)
            block.x = bar.x + round((bar.w - block.w) * (0.5 + 0.5 * math.sin(self.t * 2.5)))
            pygame.draw.rect(surface, (90, 100, 130), block, border_radius=8)
        count = text.render(
            _("{done} of {asked} rounds").format(done=number(done), asked=number(asked)),
            20,
            widgets.MUTED,
        )
        surface.blit(count, (bar.x, bar.bottom + 10))
        hint = text.render(_("Esc or Back stops them."), 20, widgets.MUTED, wrap=BOX.w - 2 * PAD)
        surface.blit(hint, (bar.x, bar.bottom + 20 + count.get_height()))

    def _draw_chart(self, surface: pygame.Surface, top: int) -> None:
        x = BOX.x + PAD
        y = top + 6
        key_h = 0
        kx = x
        for ink, label in ((MIX_INK, _("These rules")), (CLASSIC_INK, _("Classic"))):
            img = text.render(label, 18, INK)
            swatch = pygame.Rect(kx, y + (img.get_height() - 16) // 2, 16, 16)
            pygame.draw.rect(surface, ink, swatch, border_radius=3)
            surface.blit(img, (kx + 22, y))
            kx += 44 + img.get_width()
            key_h = max(key_h, img.get_height())
        y += key_h + 10
        # Rows as tall as their words at the text size chosen: two numbers
        # beside two bars, and the figure's name beside them.
        bar_h = max(16, text.font(NUMBER_SIZE).get_linesize() - 4)
        row_h = max(2 * bar_h + 16, text.font(LABEL_SIZE).get_linesize() + 10)
        bar_w = BOX.w - 2 * PAD - LABEL_W - NUMBER_ROOM
        for row in self.bars:
            img = text.fit(row.label, LABEL_SIZE, LABEL_W - 10, INK, bold=True)
            surface.blit(img, (x, y + (2 * bar_h + 3 - img.get_height()) // 2))
            longest = max(row.mine, row.classic) or 1.0
            pairs = (
                (row.mine, row.mine_words, MIX_INK),
                (row.classic, row.classic_words, CLASSIC_INK),
            )
            for i, (value, words, ink) in enumerate(pairs):
                w = max(2, round(bar_w * value / longest))
                by = y + i * (bar_h + 3)
                pygame.draw.rect(surface, ink, (x + LABEL_W, by, w, bar_h), border_radius=4)
                num = text.render(words, NUMBER_SIZE, ink, bold=True)
                surface.blit(num, (x + LABEL_W + w + 8, by + (bar_h - num.get_height()) // 2))
            y += row_h
        room = pygame.Rect(x, y + 4, BOX.w - 2 * PAD, self.back_button.rect.top - 8 - (y + 4))
        for img, at in self.paragraphs_fitting(room):
            surface.blit(img, at)

    def paragraphs_fitting(self, room: pygame.Rect) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The sentences, a paragraph each, at the largest of a few sizes that
        fits `room` (at large text, or in a longer language, the chart leaves
        less of the panel); the smallest, cut at the room's foot, if none does."""
        for size in WORDS_SIZES:
            placed, y = [], room.y
            for paragraph in self.paragraphs:
                img = text.render(paragraph, size, (225, 228, 236), wrap=room.w)
                placed.append((img, (room.x, y)))
                y += img.get_height() + 6
            if y - 6 <= room.bottom:
                return placed
        return [(img, at) for img, at in placed if at[1] + img.get_height() <= room.bottom]


def bars(mix: Figures, classic: Figures, pace: float) -> list[Bar]:
    """Each figure of the chart, this mix's beside classic's."""

    def share(x: float) -> str:
        return percent(x, 0)

    def one(x: float) -> str:
        return number(x, 1)

    def two(x: float) -> str:
        return number(x, 2)

    figures: list[tuple[str, float, float, Callable[[float], str]]] = [
        (_("Turns a round"), mix.turns_per_round, classic.turns_per_round, number),
        (
            _("Minutes a round"),
            mix.minutes_per_round(pace),
            classic.minutes_per_round(pace),
            one,
        ),
        (_("Cards drawn a turn"), mix.cards_drawn_per_turn, classic.cards_drawn_per_turn, two),
        (_("First player wins"), mix.first_player_wins, classic.first_player_wins, share),
        (_("Ends on an action card"), mix.ends_on_action, classic.ends_on_action, share),
        (_("Leader after 5 turns wins"), mix.leader_wins, classic.leader_wins, share),
    ]
    return [Bar(label, a, b, written(a), written(b)) for label, a, b, written in figures]


def sentences(mix: Figures, classic: Figures, pace: float) -> list[str]:
    """The chart in words: every figure, this mix's and classic's."""
    return [
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
            fair=percent(1 / mix.players, 0),
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
