"""Pause (Esc): resume, the rules in force in plain words, settings, the
seats' phone codes again (a match with hands on phones), quit to the menu."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.i18n import _, language
from game.scenes.base import (
    Adjusts,
    Closes,
    KeyPrompts,
    Leaves,
    Opens,
    Paints,
    Pauses,
    Preferences,
    Quits,
    Scene,
    Sounds,
    Stacks,
)
from game.scenes.confirm import ConfirmScene
from game.scenes.phones import PhonesScene
from game.scenes.play import PlayScene
from game.scenes.settings import SettingsScene
from game.table.match_screen import MatchScreen
from game.ui import text, widgets
from game.ui.input import (
    BACK,
    CLICK,
    CONFIRM,
    DOWN,
    LEFT,
    MOVE,
    PAGE,
    PASS,
    RIGHT,
    UP,
    WHEEL,
    Command,
)
from game.ui.prompts import MENU_BACK, paged
from game.ui.rules_words import PAGE_LINES, describe, draw_lines, scrolled

RULES_BOX = pygame.Rect(450, 60, 790, 600)  # the panel of the rules in force
RULES_TEXT = RULES_BOX.inflate(0, -60).move(0, 30)


class PauseApp(
    Closes,
    Opens,
    Stacks,
    Leaves,
    Pauses,
    Quits,
    Paints,
    KeyPrompts,
    Sounds,
    Preferences,
    Adjusts,
    Protocol,
):
    """What the pause asks of the app, with what the screens it opens ask
    (the settings, the phones' codes, the question before leaving), and the
    words for what leaving does to the match."""

    def leaving_words(self) -> str: ...


class PauseScene(Scene):
    @property
    def opaque(self) -> bool:  # type: ignore[override]
        """Over the table, the table shows dimmed; over an overlay (a curtain, a
        question, the history) nothing does: its words lay under the pause's."""
        stack = self.app.stack
        below = stack[stack.index(self) - 1] if self in stack and stack.index(self) > 0 else None
        return not isinstance(below, PlayScene)

    def __init__(self, app: PauseApp, screen: MatchScreen) -> None:
        self.app = app
        self.screen = screen
        self.session = screen.session
        self.t = 0.0
        self.scroll = 0
        actions = [self.resume_game, self.settings, self.quit]
        if screen.phones is not None:  # a phone that lost its page can find its seat again
            actions.insert(2, self.phone_codes)
        self.buttons = [
            widgets.Button((90, 230 + i * 84, 300, 64), "", action)
            for i, action in enumerate(actions)
        ]
        self.buttons[0].chip = MENU_BACK
        self.focus = widgets.FocusList(self.buttons)
        self.lines: list[str] = []
        self.relabel()

    def relabel(self) -> None:
        # The match under the pause names its cards in the new language too.
        self.screen.book.speak(language())
        self.lines = describe(self.session.rules, self.session.state)
        labels = [_("Resume"), _("Settings"), _("Quit to menu")]
        if self.screen.phones is not None:
            labels.insert(2, _("Phone codes"))
        for button, label in zip(self.buttons, labels, strict=True):
            button.label = label

    def enter(self) -> None:
        # The pause shows the rules to the whole couch: hands go face down, and
        # the game goes on behind a curtain for whoever is to decide.
        self.screen.look_away()

    def resume_game(self) -> None:
        self.app.pop()

    def settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def phone_codes(self) -> None:
        self.app.push(PhonesScene(self.app, self.screen, again=True))

    def quit(self) -> None:
        self.app.push(
            ConfirmScene(
                self.app,
                _("Leave this match?"),
                self.app.to_title,
                detail=self.app.leaving_words(),
                yes=_("Leave"),
                no=_("Stay"),
            )
        )

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if cmd is None:
            return True
        cmd = paged(cmd)
        name = cmd.name
        if name == BACK or (name == PASS and cmd.from_pad):
            self.resume_game()
        elif name == UP:
            self.focus.move(-1)
        elif name == DOWN:
            self.focus.move(1)
        elif name in (CONFIRM, PASS):
            self.focus.press()
        elif name == CLICK:
            self.focus.click(cmd.pos)
        elif name == MOVE:
            self.focus.hover(cmd.pos)
        elif name in (WHEEL, LEFT, RIGHT, PAGE):
            if name == PAGE:
                step = (cmd.digit or 0) * PAGE_LINES
            else:  # three lines a notch or a press
                step = 3 * ((cmd.digit or 0) if name == WHEEL else (1 if name == LEFT else -1))
            self.scroll = scrolled(self.lines, RULES_TEXT, self.scroll, step)
        return True

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        if self.opaque:
            surface.blit(widgets.backdrop(surface.get_size()), (0, 0))
        else:
            widgets.dim(surface, 170)
        title = text.shadowed(_("Paused"), 64, (255, 213, 79), bold=True)
        surface.blit(title, (90, 120))
        for b in self.buttons:
            b.draw(surface, self.t)
        if self.app.prompts.on_pad:
            # The keyboard's ways (Esc, the arrows, the wheel) go without saying on a
            # computer; a controller's LB and RB paging the rules do not.
            words = _("D-pad up/down choose, A select, B resume, LB/RB page through the rules")
            hint = text.render(words, 18, widgets.MUTED, wrap=self.buttons[0].rect.w)
            surface.blit(hint, (self.buttons[0].rect.x, self.buttons[-1].rect.bottom + 28))
        surface.blit(widgets.panel(RULES_BOX.size), RULES_BOX)
        head = text.render(_("The rules in force"), 30, (255, 213, 79), bold=True)
        surface.blit(head, (RULES_BOX.x + 24, RULES_BOX.y + 20))
        draw_lines(surface, self.lines, RULES_TEXT, self.scroll)
        scores = self.screen.table.model.scores
        names = self.session.state.names
        line = "   ".join(f"{n}: {s}" for n, s in zip(names, scores, strict=False))
        img = text.fit(_("Scores") + "  " + line, 20, 1200, widgets.MUTED)
        surface.blit(img, img.get_rect(center=(640, 690)))
