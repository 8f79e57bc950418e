"""Title and main menu: Continue, New game, Learn to play, Watch last match,
Players, Rules, Settings, Quit.

"Continue" is there when a match is saved (game/player_files/), with a panel of its
players, rules and scores beside the menu. A save that cannot be continued
(cut short, corrupt, not a save, another version, other rules) is kept
aside under a name of its own and the panel says why, in words; the rest of
the menu works as ever. Reading the save for the panel loads no rules
engine: the menu opens as fast as before.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame

from game.i18n import _, language
from game.looks import (
    CLASSIC_PATTERNS,
    DEFAULT_RGB,
    CardLook,
    classic_marks,
    classic_palette,
    hex_rgb,
)
from game.play.seats import level_words
from game.player_files.saves import SavedMatch, SaveProblem
from game.scenes.base import Adjusts, Quits, Resets, Scene
from game.scenes.confirm import ConfirmScene
from game.ui import accessibility, text, widgets
from game.ui.input import BACK, CLICK, CONFIRM, DOWN, MOVE, PASS, UP, Command
from game.ui.settings import pref_dir

if TYPE_CHECKING:
    # The type checker's only: the menu's first frame loads none of a match's
    # modules (tests/test_startup_imports.py).
    from game.scenes.services import MatchApp

    class TitleApp(MatchApp, Resets, Adjusts, Quits, Protocol):
        """What the menu asks of the app: all that the screens it opens ask
        (a new match, the saved one picked up, the settings, a replay, a
        question), and to quit after asking."""

        def ask_to_quit(self) -> None: ...


def _classic(color: str | None, art: str, text: str, corner: str | None = None) -> CardLook:
    """A classic card as rules/classic.yaml paints it (the title loads no rules:
    tests/ui/test_card_looks.py checks these against the file)."""
    body = hex_rgb(DEFAULT_RGB[color]) if color else None
    mark = CLASSIC_PATTERNS[color] if color else None
    return CardLook(art, text, corner, body, classic_palette(), mark, classic_marks())


FAN = {
    "red:7": _classic("red", "number", "7"),
    "yellow:skip": _classic("yellow", "skip", "Skip"),
    "wild:wild": _classic(None, "wild", "Wild"),
    "green:reverse": _classic("green", "reverse", "Reverse"),
    "blue:draw_two": _classic("blue", "draw", "Draw Two", "+2"),
}
PANEL = pygame.Rect(560, 352, 620, 330)  # the saved match, or what went wrong with it
GOLD = (255, 213, 79)


def saved_summary(saved: SavedMatch, as_saved: bool = False) -> str:
    """The saved match's rules, round and goal on one line. `as_saved`: the
    rules as the header words them, without loading their files."""
    header = saved.header
    if as_saved:
        named = header.rules_label
    else:
        from game.ui import rule_catalog  # the rule files, read only when a match is saved

        # Worded now, not as saved: the language may have changed since.
        named = rule_catalog.named(header.rules, language()) or header.rules_label
    parts = [
        named,
        _("round {n}").format(n=saved.round_no) if saved.round_no else _("the deal"),
    ]
    if header.single_round:
        parts.append(_("one round"))
    elif saved.target is not None:
        parts.append(_("to {target}").format(target=saved.target))
    return "  ·  ".join(parts)


class TitleScene(Scene):
    def __init__(self, app: TitleApp) -> None:
        self.app = app
        self.t = 0.0
        self.frames = 0  # updated so far: the fan is dealt one card a frame, from the second
        self._loading: threading.Thread | None = None  # the saved match's rule set
        self.saved: SavedMatch | None = app.saves.saved()
        self._build()

    def _build(self) -> None:
        labels: list[tuple[str, Callable[[], None]]] = [
            (_("New game"), self.new_game),
            (_("Learn to play"), self.learn),
            (_("Players"), self.players),
            (_("Rules"), self.rules),
            (_("Settings"), self.settings),
            (_("Quit"), self.app.ask_to_quit),
        ]
        if self.last_match() is not None:
            labels.insert(2, (_("Watch last match"), self.watch))
        if self.saved is not None:
            labels.insert(0, (_("Continue"), self.continue_match))
        # Beside a panel the menu moves left; alone it stands in the middle.
        side = self.saved is not None or self.app.saves.problem is not None
        x = 150 if side else 640 - 170
        top, bottom = 352, 684
        step = min(78, (bottom - top) // len(labels))
        height = min(62, step - 8)
        size = 32 if height >= 50 else 28
        self.buttons = [
            widgets.Button((x, top + i * step, 340, height), label, action, size=size)
            for i, (label, action) in enumerate(labels)
        ]
        self.buttons[0].color = pygame.Color(widgets.BUTTON_HOT)
        self.focus = widgets.FocusList(self.buttons)

    @staticmethod
    def last_match() -> Path | None:
        try:
            path = pref_dir() / "last_match.jsonl"
        except Exception:  # noqa: BLE001 - no preference folder: nothing to watch
            return None
        return path if path.is_file() else None

    def resume(self) -> None:
        # Back from another screen: a match may have been saved or finished since,
        # or the language changed (the labels are made again).
        focused = self.focus.current.action if self.focus.current is not None else None
        self.saved = self.app.saves.saved()
        self._build()
        for button in self.buttons:
            if button.action == focused:
                self.focus.focus(button)

    def relabel(self) -> None:
        self.resume()

    def continue_match(self) -> None:
        from game.scenes.resume import resume_match

        try:
            resume_match(self.app)
        except SaveProblem:
            self.app.play("error")
            self.resume()

    # Each screen the menu opens is imported when it is first opened: the menu
    # shows before the rules engine is loaded (tests/test_startup_imports.py).

    def watch(self) -> None:
        path = self.last_match()
        if path is not None:
            from game.scenes.replay import ReplayScene

            self.app.push(ReplayScene(self.app, str(path)))

    def open_setup(self) -> None:
        from game.scenes.setup import SetupScene

        self.app.push(SetupScene(self.app))

    def open_learn(self) -> None:
        from game.scenes.learn import LearnScene

        self.app.push(LearnScene(self.app))

    def new_game(self) -> None:
        self._new_match(self.open_setup)

    def learn(self) -> None:
        """A first match against a beginner bot, learning as you play (game/scenes/learn.py)."""
        self._new_match(self.open_learn)

    def _new_match(self, open_scene: Callable[[], None]) -> None:
        saved = self.saved
        if saved is None:
            open_scene()
            return
        self.app.push(
            ConfirmScene(
                self.app,
                _("Start a new match?"),
                open_scene,
                detail=_(
                    "The saved match ({names}) is replaced once the new one "
                    "is dealt. Until then, Continue still picks it up."
                ).format(names=", ".join(saved.names)),
                yes=_("New match"),
                no=_("Back"),
            )
        )

    def players(self) -> None:
        from game.scenes.players import PlayersScene

        self.app.push(PlayersScene(self.app))

    def rules(self) -> None:
        from game.scenes.rules_text import RulesScene

        self.app.push(RulesScene(self.app))

    def settings(self) -> None:
        from game.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if cmd is None:
            return False
        if cmd.name == UP:
            self.focus.move(-1)
        elif cmd.name == DOWN:
            self.focus.move(1)
        elif cmd.name == CONFIRM or (cmd.name == PASS and not cmd.from_pad):
            self.focus.press()
        elif cmd.name == CLICK:
            self.focus.click(cmd.pos)
        elif cmd.name == MOVE:
            self.focus.hover(cmd.pos)
        elif cmd.name == BACK or (cmd.name == PASS and cmd.from_pad):
            self.app.ask_to_quit()
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        self.t += dt
        self.frames += 1
        if self.frames == 2 and self.saved is not None:
            self._load_saved_rules(self.saved.header.rules)

    def _load_saved_rules(self, names: tuple[str, ...]) -> None:
        """Load the saved match's rule set beside the menu, to name it in the
        language of the moment: loading it before the first frame (YAML, the
        rules' schema, their checks) took three times the rest of the start-up."""

        def load() -> None:
            from game.ui import rule_catalog

            rule_catalog.try_load(names)

        self._loading = threading.Thread(target=load, name="saved-rules", daemon=True)
        self._loading.start()

    @property
    def saved_rules_loaded(self) -> bool:
        """Whether the saved match's rule set is loaded, so naming it costs nothing."""
        return self._loading is not None and not self._loading.is_alive()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(widgets.backdrop(surface.get_size(), (12, 80, 56), (4, 20, 16)), (0, 0))
        # A fan of cards behind the title, breathing slowly. The menu's first frame
        # comes without it (painting five faces was a fifth of the start-up's
        # work), and the cards follow one a frame.
        dealt = list(FAN.values())[: max(0, self.frames - 1)]
        if dealt:
            self._draw_fan(surface, dealt)
        title = text.shadowed("COUCH UNO", 104, GOLD, bold=True, offset=5)
        surface.blit(title, title.get_rect(center=(640, 256)))
        sub = text.shadowed(_("one screen, up to ten players, bots welcome"), 26, widgets.MUTED)
        surface.blit(sub, sub.get_rect(center=(640, 310)))
        for b in self.buttons:
            b.draw(surface, self.t)
        if self.saved is not None:
            self._draw_saved(surface, self.saved)
        elif self.app.saves.problem is not None:
            self._draw_problem(surface, self.app.saves.problem)
        words = self.app.prompts.words(
            _("Up/Down choose, Enter select, F11 fullscreen, M mute"),
            _("D-pad choose, A select, B quit"),
        )
        hint = text.render(words, 20, widgets.MUTED)
        surface.blit(hint, hint.get_rect(center=(640, 704)))

    def _draw_fan(self, surface: pygame.Surface, cards: list[CardLook]) -> None:
        art = self.app.art
        n = len(FAN)
        for i, card in enumerate(cards):
            k = i - (n - 1) / 2
            img = art.rotated(card, (104, 156), -k * 12)
            bob = 0.0 if accessibility.still() else 5 * math.sin(self.t * 1.6 + i * 0.7)
            x = 640 + k * 62
            y = 112 + abs(k) * 12 + bob
            surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def _draw_saved(self, surface: pygame.Surface, saved: SavedMatch) -> None:
        """The saved match: its rules, round, and each seat with its score."""
        header = saved.header
        n = len(header.seats)
        row = max(20, min(30, (PANEL.h - 112) // n))
        box = pygame.Rect(PANEL.x, PANEL.y, PANEL.w, min(PANEL.h, 112 + row * n))
        surface.blit(widgets.panel(box.size), box)
        head = text.render(_("Saved match"), 30, GOLD, bold=True)
        surface.blit(head, (box.x + 24, box.y + 16))
        summary = saved_summary(saved, as_saved=not self.saved_rules_loaded)
        img = text.fit(summary, 22, box.w - 48, (236, 238, 244))
        surface.blit(img, (box.x + 24, box.y + 56))
        y = box.y + 92
        size = 22 if row >= 26 else 19
        for (name, kind, level), score in zip(header.seats, saved.scores, strict=True):
            who = (
                name
                if kind == "human"
                else _("{name}  (bot, {level})").format(name=name, level=level_words(level))
            )
            color = (255, 255, 255) if kind == "human" else widgets.MUTED
            left = text.fit(who, size, box.w - 180, color, bold=kind == "human")
            right = text.render(str(score), size, color, bold=True)
            surface.blit(left, (box.x + 32, y + (row - left.get_height()) // 2))
            surface.blit(right, right.get_rect(midright=(box.right - 32, y + row // 2)))
            y += row

    def _draw_problem(self, surface: pygame.Surface, problem: str) -> None:
        body = text.render(problem, 22, (236, 238, 244), wrap=PANEL.w - 48)
        height = min(PANEL.h, body.get_height() + 96)
        box = pygame.Rect(PANEL.x, PANEL.y, PANEL.w, height)
        surface.blit(widgets.panel(box.size, edge=widgets.ERROR), box)
        head = text.render(_("The saved match cannot be continued"), 28, widgets.ERROR, bold=True)
        surface.blit(head, (box.x + 24, box.y + 16))
        surface.blit(body, (box.x + 24, box.y + 58), pygame.Rect(0, 0, box.w, box.h - 74))
        hint = text.render(_("New game starts afresh."), 20, widgets.MUTED)
        surface.blit(hint, (box.x + 24, box.bottom - 30))
