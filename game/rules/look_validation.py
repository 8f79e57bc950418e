"""Checking what a rule set shows players: its texts (house rules' names
included) hold no control character, each card's `art:` is a symbol the
game paints, a corner text shows something, and the `color_looks:` speak of
the rule set's colours in "#RRGGBB", each with a pattern of its own (the
names and bounds are game/looks.py's).

`validate_rules` (validation.py) calls these beside its other checks and
reports their problems with the rest, by key path.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from game.engine.ruleset import Loc
from game.engine.words import ENGLISH, Words
from game.looks import ARTS, HEX_COLOR, NUMBER_ART, PATTERNS
from game.rules.schema import RuleSetSchema, is_bare_line

# Text a player reads holds no control character (a description may hold line
# breaks and tabs): an escape sequence or a NUL must not reach a screen.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_CONTROL_IN_LINE = re.compile("[\x00-\x1f\x7f-\x9f]")


def control_character_problems(model: RuleSetSchema, data: dict[str, Any]) -> list[tuple[Loc, str]]:
    """A problem for each text shown to players (in each language it is
    written in) that holds a control character. A house rule's line is
    reported where the file (the merged mapping `data`) writes it: under
    `description:`, or as the entry itself in the short form."""
    texts: list[tuple[Loc, str, re.Pattern[str]]] = [
        *_each_language(("name",), model.name, _CONTROL_IN_LINE),
        *_each_language(("description",), model.description, _CONTROL),
    ]
    raw_rules = data.get("house_rules")
    for short, rule in model.house_rules.items():
        loc: Loc = ("house_rules", short)
        raw = raw_rules.get(short) if isinstance(raw_rules, dict) else None
        texts += [(loc, short, _CONTROL_IN_LINE)]
        texts += _each_language(loc + ("name",), rule.name, _CONTROL_IN_LINE)
        line_loc = loc if is_bare_line(raw) else loc + ("description",)
        texts += _each_language(line_loc, rule.description, _CONTROL_IN_LINE)
        texts += _each_language(loc + ("teach",), rule.teach, _CONTROL_IN_LINE)
    for name, kind in model.cards.items():
        texts += _each_language(("cards", name, "label"), kind.label, _CONTROL_IN_LINE)
        texts += _each_language(("cards", name, "teach"), kind.teach, _CONTROL_IN_LINE)
        texts += [(("cards", name, "corner"), kind.corner or "", _CONTROL_IN_LINE)]
    for side, spec in model.sides.items():
        texts += _each_language(("sides", side, "label"), spec.label, _CONTROL_IN_LINE)
    for color, look in model.color_looks.items():
        texts += _each_language(("color_looks", color, "label"), look.label, _CONTROL_IN_LINE)
    problems: list[tuple[Loc, str]] = []
    for loc, text, pattern in texts:
        found = pattern.search(text)
        if found:
            code = f"U+{ord(found.group()):04X}"
            problems.append((loc, f"control character {code} in text shown to players"))
    return problems


def _each_language(
    loc: Loc, text: Words | None, pattern: re.Pattern[str]
) -> list[tuple[Loc, str, re.Pattern[str]]]:
    """(where, text, pattern) for each language `text` is written in: a
    mapping's languages are checked where each is written."""
    if text is None:
        return []
    if text.languages == (ENGLISH,):
        return [(loc, text, pattern)]
    return [(loc + (code,), text.in_language(code), pattern) for code in text.languages]


def art_problems(cards: Any) -> list[tuple[Loc, str]]:
    """`art:` names a symbol the game paints (checked on the raw mapping, so a
    misspelt name is reported along with every other problem)."""
    problems: list[tuple[Loc, str]] = []
    if not isinstance(cards, dict):
        return problems
    for name, raw in cards.items():
        art = raw.get("art") if isinstance(raw, dict) else None
        if not isinstance(art, str):
            continue  # absent, or not text: the schema says so
        loc = ("cards", name, "art")
        if art not in ARTS:
            close = difflib.get_close_matches(art, list(ARTS), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            known = ", ".join(ARTS)
            problems.append((loc, f"unknown art '{art}'{hint}; the game paints: {known}"))
        elif art == NUMBER_ART and raw.get("category", "action") != "number":
            problems.append((loc, f"'{NUMBER_ART}' shows a number card's face; this kind has none"))
    return problems


def look_problems(model: RuleSetSchema, data: dict[str, Any]) -> list[tuple[Loc, str]]:
    """A corner text shows something; `color_looks:` speaks of the rule set's
    colours, in "#RRGGBB", each with a pattern of its own."""
    problems: list[tuple[Loc, str]] = []
    for name, kind in model.cards.items():
        if kind.corner is not None and not kind.corner.strip():
            problems.append(
                (("cards", name, "corner"), "a corner text shows something: 1 to 3 characters")
            )
    raw_looks = data.get("color_looks")
    for color, look in model.color_looks.items():
        loc = ("color_looks", color)
        if color not in model.colors:
            known = ", ".join(model.colors)
            problems.append((loc, f"'{color}' is not one of this rule set's colours ({known})"))
        raw = raw_looks.get(color) if isinstance(raw_looks, dict) else None
        if look.rgb is None and isinstance(raw, dict) and "rgb" in raw:
            problems.append(
                (loc + ("rgb",), 'write the colour in quotes, "#RRGGBB": a bare # starts a comment')
            )
        elif look.rgb is not None and not HEX_COLOR.fullmatch(look.rgb):
            problems.append(
                (loc + ("rgb",), f"'{look.rgb}' is no colour: write \"#RRGGBB\" (six hex digits)")
            )
        if look.pattern is not None and look.pattern not in PATTERNS:
            known = ", ".join(PATTERNS)
            problems.append((loc + ("pattern",), f"'{look.pattern}' is no pattern: one of {known}"))
    shapes: dict[str, str] = {}
    for color, look in model.color_looks.items():
        if look.pattern in PATTERNS:
            if look.pattern in shapes:
                problems.append(
                    (
                        ("color_looks", color, "pattern"),
                        f"'{look.pattern}' is already {shapes[look.pattern]}'s pattern:"
                        " two colours would look alike",
                    )
                )
            shapes.setdefault(look.pattern, color)
    return problems
