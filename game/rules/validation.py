"""Validating a rule set: a merged rules mapping checked against the schema
(schema.py), its settings checked against each other, and each card's
effects compiled (card_blocks.py) into the `RuleSet` the engine plays by
(game/engine/ruleset.py).

The loader reads YAML, resolves `extends:` and hands the merged mapping to
`validate_rules`. Every problem is collected and returned at once as
`(key path, message)` pairs (`RulesInvalid`), which the loader turns into
`file:line:column` messages. Names a rule file uses (effects, conditions,
the scoring scheme, a card's art) are checked on the raw mapping too, so a
typo there is reported along with every other problem. What the rule set
shows players (its texts, each card's art and corner, the colour looks) is
checked in look_validation.py, whether a two-sided deck pairs up and a match
can end by the engine (game/engine/sides.py, match_length.py), and each is
reported here with the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from game.engine.match_length import match_length_problems
from game.engine.ruleset import WILD, Alternatives, KindSpec, Loc, Problem, RuleSet, deck_count
from game.engine.sides import face_codes, side_problems
from game.rules.card_blocks import compile_card_blocks, scheme_problems
from game.rules.look_validation import art_problems, control_character_problems, look_problems
from game.rules.schema import (
    IDENTIFIER,
    MAX_DECK,
    MAX_IDENTIFIER,
    CardKindSchema,
    RuleSetSchema,
)
from game.rules.schema_errors import pydantic_problems


class RulesInvalid(Exception):
    """Every problem found in a rule set, as (key path, message) pairs."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(f"{'.'.join(map(str, loc))}: {msg}" for loc, msg in problems))
        self.problems = problems


def validate_rules(data: Any, sources: tuple[str, ...] = ()) -> RuleSet:
    """Validate a merged rules mapping; raise RulesInvalid with every problem."""
    if not isinstance(data, dict):
        raise RulesInvalid([((), "a rule set is a mapping of settings")])
    problems: list[Problem] = []
    data = _with_side_colors(data, problems)
    try:
        model = RuleSetSchema.model_validate(data)
    except ValidationError as err:
        model = None
        problems.extend(pydantic_problems(err, data))
    # Effects, conditions and the scoring scheme are checked on the raw
    # mapping too, so a typo there is reported along with every other problem.
    compiled = compile_card_blocks(data.get("cards"), problems)
    scheme_problems(data.get("scoring"), problems)
    problems.extend(art_problems(data.get("cards")))
    if model is None:
        raise RulesInvalid(problems)

    problems.extend(_player_problems(model))
    problems.extend(_naming_problems(model, data))
    kinds: dict[str, KindSpec] = {}
    for name, kind in model.cards.items():
        problems.extend(_kind_problems(model, name, kind))
        effects, first, only_if, by_face = compiled[name]
        kinds[name] = KindSpec(name, kind, effects, by_face, first, only_if, kind.play_only_if)
    problems.extend(_deck_problems(model))
    if problems:
        raise RulesInvalid(problems)
    return RuleSet(model=model, kinds=kinds, sources=sources)


def _player_problems(model: RuleSetSchema) -> list[Problem]:
    """The player counts: a range, and the counts allowed within it."""
    problems: list[Problem] = []
    if model.players.min > model.players.max:
        problems.append((("players",), "min is larger than max"))
    for count in model.players.only or []:
        if not model.players.min <= count <= model.players.max:
            problems.append((("players", "only"), f"{count} is outside min..max"))
    if model.players.only is not None and not model.allowed_counts():
        problems.append((("players", "only"), "no player count is allowed"))
    return problems


# What decides how many faces a side prints, per card kind.
_FACE_COUNT_KEYS = ("side", "copies", "faces", "copies_of")


def _where_faces_are_printed(
    model: RuleSetSchema, problems: Sequence[tuple[Loc, str]]
) -> list[Problem]:
    """Two sides printing a different number of faces is the doing of
    whichever file last changed a side's colours or a kind's count: the
    problem at `sides` is reported there (`Alternatives`), not at the
    `sides:` of the deck below, which may never have changed."""
    names = model.side_names()
    if len(names) != 2 or len(face_codes(model, names[0])) == len(face_codes(model, names[1])):
        return list(problems)
    places: list[Loc] = [("sides",)]
    places += [("sides", side, "colors") for side in names]
    places += [
        ("cards", name, key)
        for name, kind in model.cards.items()
        for key in _FACE_COUNT_KEYS
        if key in kind.model_fields_set
    ]
    return [
        (Alternatives(places), message) if loc == ("sides",) else (loc, message)
        for loc, message in problems
    ]


def _naming_problems(model: RuleSetSchema, data: dict[str, Any]) -> list[Problem]:
    """The names a rule file gives: colours and card kinds, the text it shows,
    the cards those names make and the looks they are given."""
    problems: list[Problem] = []
    if not model.colors or len(set(model.colors)) != len(model.colors):
        if model.sides:
            problems.append((("sides",), "a colour is named once in the whole deck, on one side"))
        else:
            problems.append((("colors",), "colours must be a non-empty list without repeats"))
    named = _side_name_problems(model)
    # Sides that cannot be named cannot be paired either: said once.
    problems.extend(named or _where_faces_are_printed(model, side_problems(model)))
    if WILD in model.colors:
        problems.append((("colors",), f"'{WILD}' names cards without a colour; pick another name"))
    problems.extend(control_character_problems(model, data))
    # Where each colour is written: a two-sided deck's under its side.
    color_locs: list[Loc] = [("colors", index) for index in range(len(model.colors))]
    if model.sides:
        color_locs = [
            ("sides", side, "colors", index)
            for side, spec in model.sides.items()
            for index in range(len(spec.colors))
        ]
    for loc, color in zip(color_locs, model.colors, strict=False):
        if not is_identifier(color):
            problems.append((loc, identifier_problem(color, "colour")))
    if not model.cards:
        problems.append((("cards",), "a rule set needs at least one card kind"))
    for name in model.cards:
        if not is_identifier(name):
            problems.append((("cards", name), identifier_problem(name, "card kind")))
    problems.extend(_shared_card_codes(model))
    problems.extend(look_problems(model, data))
    return problems


def _side_name_problems(model: RuleSetSchema) -> list[Problem]:
    """A side's name is written in logs and saves (a flip names the side it
    turns to) and in `side:` of each kind: an identifier like a colour's,
    and no two that differ only in case."""
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for side in model.sides:
        if not is_identifier(side):
            problems.append(
                (("sides", side), identifier_problem(side, "side", "since logs and saves write it"))
            )
            continue
        first = seen.setdefault(side.casefold(), side)
        if first != side:
            problems.append(
                (("sides", side), f"{side!r} and {first!r} differ only in case; rename one")
            )
    return problems


def _kind_problems(model: RuleSetSchema, name: str, kind: CardKindSchema) -> list[Problem]:
    """One card kind: its faces, points, copies, what it stacks on."""
    loc = ("cards", name)
    problems: list[Problem] = []
    if kind.category == "number" and not kind.faces:
        problems.append((loc + ("faces",), "a number kind lists its faces"))
    if kind.category != "number" and kind.faces:
        problems.append((loc + ("faces",), "only number kinds have faces"))
    faces = kind.faces or []
    repeated = sorted({face for face in faces if faces.count(face) > 1})
    if repeated:
        listed = ", ".join(map(str, repeated))
        problems.append((loc + ("faces",), f"faces are listed once each ({listed} twice)"))
    if kind.points == "face" and kind.category != "number":
        problems.append((loc + ("points",), "'face' points only suit number cards"))
    for face in kind.copies_of:
        if face not in faces:
            problems.append((loc + ("copies_of", face), f"{face} is not one of the faces"))
    for other in kind.stacks_on:
        if other not in model.cards:
            problems.append((loc + ("stacks_on",), f"unknown card kind '{other}'"))
    for face in kind.face_effects:
        if face not in faces:
            problems.append((loc + ("face_effects", face), f"{face} is not one of the faces"))
    return problems


def _deck_problems(model: RuleSetSchema) -> list[Problem]:
    """The deck as a whole: enough cards to deal and turn one up, not too many,
    points to reach a target with, cards that may start a round."""
    problems: list[Problem] = []
    total = sum(deck_count(model, k) for k in _first_side(model))
    dealt = model.players.max * model.dealing.hand_size
    if model.dealing.mode == "draft":
        # Each card kept in a draft costs two off the pile (the one looked at
        # and the next); the discarded half goes back before the turn-up.
        needed, how = 2 * dealt, "drafting"
    else:
        needed, how = dealt + 1, "dealing"
    if model.cards and total < needed:
        problems.append(
            (
                Alternatives((("dealing", "hand_size"), ("players", "max"), ("cards",))),
                f"the deck has {total} cards but {how} {model.dealing.hand_size} to "
                f"{model.players.max} players and turning one up needs {needed}",
            )
        )
    if total > MAX_DECK:
        problems.append(
            (("cards",), f"the deck has {total} cards; a rule set may have at most {MAX_DECK}")
        )
    problems.extend(match_length_problems(model))
    may_start = sum(deck_count(model, k) for k in _first_side(model) if k.first_card != "return")
    if model.cards and not may_start:
        problems.append((("cards",), "every kind is put back as a first card: no round can start"))
    elif model.cards and total >= needed and may_start <= dealt:
        # The deal may take every card that can be turned up first, and the
        # turn-up would put the rest back for ever.
        problems.append(
            (
                ("cards",),
                f"only {may_start} of the deck's cards may be turned up first (the others"
                f" are put back), and dealing {model.dealing.hand_size} to"
                f" {model.players.max} players may take them all: no round could start",
            )
        )
    return problems


def _with_side_colors(data: dict[str, Any], problems: list[Problem]) -> dict[str, Any]:
    """A two-sided deck names its colours side by side; the rule set's own
    `colors` and `color_looks` are then every side's, so whatever looks a
    colour up by name (its label, its look) finds both sides' colours."""
    sides = data.get("sides")
    if not isinstance(sides, dict) or not sides:
        return data
    for key in ("colors", "color_looks"):
        if key in data:
            problems.append(
                ((key,), f"a two-sided deck writes {key} under each of its sides, not here")
            )
    colors: list[Any] = []
    looks: dict[Any, Any] = {}
    for side in sides.values():
        if isinstance(side, dict):
            if isinstance(side.get("colors"), list):
                colors += side["colors"]
            if isinstance(side.get("color_looks"), dict):
                looks.update(side["color_looks"])
    return {**data, "colors": colors, "color_looks": looks}


def _first_side(model: RuleSetSchema) -> list[CardKindSchema]:
    """The kinds that count the deck's cards: a two-sided deck's first side
    (every card has one face there), or every kind."""
    names = model.side_names()
    return [k for k in model.cards.values() if not names or k.side == names[0]]


def is_identifier(name: str) -> bool:
    """Whether `name` may name a colour or a card kind (see IDENTIFIER)."""
    return len(name) <= MAX_IDENTIFIER and IDENTIFIER.fullmatch(name) is not None


def identifier_problem(
    name: str, what: str, why: str = "since cards are written colour:face"
) -> str:
    shown = name if len(name) <= 40 else name[:40] + "…"
    return (
        f"{shown!r} cannot name a {what}: a name starts with a letter and holds only letters,"
        f" digits, '_' and '-' (at most {MAX_IDENTIFIER}), {why}"
    )


def _shared_card_codes(model: RuleSetSchema) -> list[tuple[Loc, str]]:
    """Two number kinds with a face in common would print two cards alike."""
    owner: dict[tuple[str | None, str], str] = {}  # (side, code) -> kind
    problems: list[tuple[Loc, str]] = []
    for name, kind in model.cards.items():
        if kind.category != "number":
            continue
        for face in sorted(set(kind.faces or [])):
            for color in [WILD] if kind.wild else model.colors_of(kind):
                code = f"{color}:{face}"
                # Faces on different sides are never held side by side.
                other = owner.setdefault((kind.side, code), name)
                if other != name:
                    problems.append(
                        (
                            ("cards", name, "faces"),
                            f"{face} is also a face of '{other}': both cards would be {code}",
                        )
                    )
                    break
    return problems
