"""Rules: how to play, the controls, every rule set found under rules/, and
the house rules a table may add to them (each read over the rule set it is
written for), with the words their lessons add (`teach:`)."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.i18n import _, language
from game.rules.describe import house_rule_lines
from game.rules.names import available_rule_sets
from game.scenes.base import Closes, KeyPrompts, Scene
from game.ui import text, widgets
from game.ui.input import BACK, CLICK, CONFIRM, DOWN, PAGE, PASS, UP, WHEEL, Command
from game.ui.prompts import paged
from game.ui.rule_catalog import own_base, try_load
from game.ui.rules_words import CONTROLS, PAGE_LINES, describe, draw_lines, scrolled

BOX = pygame.Rect(60, 100, 1160, 570)
TEXT_BOX = BOX.inflate(0, -24)


class RulesApp(Closes, KeyPrompts, Protocol):
    """What the rules screen asks of the app: its keys, and to close."""


class RulesScene(Scene):
    def __init__(self, app: RulesApp) -> None:
        self.app = app
        self.lines: list[str] = [_(line) for line in CONTROLS]
        names = [n for n in available_rule_sets() if not n.startswith("house/")]
        for name in names:
            rules, errors = try_load((name,))
            if rules is None:
                self.lines.append(f"# {name}")
                self.lines += errors[:3]
            else:
                self.lines += describe(rules)
        self.lines += house_rules_words()
        self.scroll = 0

    def handle(self, event: pygame.event.Event, cmd: Command | None) -> bool:
        if cmd is None:
            return True
        cmd = paged(cmd)
        if cmd.name in (BACK, CONFIRM, PASS, CLICK):
            self.app.pop()
        elif cmd.name in (UP, DOWN, WHEEL, PAGE):
            step = (cmd.digit or 0) if cmd.name in (WHEEL, PAGE) else (1 if cmd.name == UP else -1)
            if cmd.name == PAGE:
                step *= PAGE_LINES
            self.scroll = scrolled(self.lines, TEXT_BOX, self.scroll, step, heading_size=26)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(widgets.backdrop(surface.get_size()), (0, 0))
        title = text.shadowed(_("How to play"), 56, (255, 213, 79), bold=True)
        surface.blit(title, (60, 30))
        surface.blit(widgets.panel(BOX.size), BOX)
        draw_lines(surface, self.lines, TEXT_BOX, self.scroll, heading_size=26)
        words = self.app.prompts.words(
            _("Up/Down scroll, PgUp/PgDn a page, Esc back"),
            _("D-pad scroll, LB/RB a page, B back"),
        )
        hint = text.render(words, 20, widgets.MUTED)
        surface.blit(hint, hint.get_rect(center=(640, 700)))


def house_rules_words() -> list[str]:
    """Every house rule under rules/house/, as the pause's rules say it when it
    is on: read over the rule set it is written for (a broken file's errors
    instead, as a rule set's)."""
    lines = ["# " + _("House rules (New game adds them to a rule set)")]
    for name in available_rule_sets():
        if not name.startswith("house/"):
            continue
        rules, errors = try_load((own_base(name), name))
        if rules is None:
            lines += [name, *errors[:3]]
            continue
        for line in house_rule_lines(rules.model, language()):
            lines.append(("    " if line.startswith("    ") else "") + line.strip())
    return lines
