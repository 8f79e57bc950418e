"""Validating a rule set: a merged rules mapping checked against the schema
(game/engine/ruleset.py), its settings checked against each other, and each
card's effects compiled into the `RuleSet` the engine plays by.

The loader in `game.rules` reads YAML, resolves `extends:` and hands the
merged mapping to `validate_rules`. Every problem is collected and returned
at once as `(key path, message)` pairs (`RulesInvalid`), which the loader
turns into `file:line:column` messages. Names a rule file uses (effects,
conditions, the scoring scheme, a card's art) are checked on the raw mapping
too, so a typo there is reported along with every other problem. What the
rule set shows players (its texts, each card's art and corner, the colour
looks) is checked in look_validation.py, and reported here with the rest.

Importing this module imports every block module, so the registries the
names are checked against are complete.
"""

from __future__ import annotations

import difflib
import typing
from collections.abc import Iterable
from typing import Annotated, Any

from pydantic import BaseModel, ValidationError
from pydantic_core.core_schema import ErrorType

from game.engine import choice_effects, hand_effects, scoring  # noqa: F401 (they register blocks)
from game.engine import conditions as condition_registry
from game.engine import effects as effect_registry
from game.engine.look_validation import art_problems, control_character_problems, look_problems
from game.engine.match_length import match_length_problems
from game.engine.ruleset import (
    IDENTIFIER,
    MAX_DECK,
    MAX_IDENTIFIER,
    WILD,
    Alternatives,
    CardKind,
    EffectSpec,
    KindSpec,
    Loc,
    Problem,
    Requirement,
    RuleSet,
    RuleSetModel,
    deck_count,
)
from game.engine.sides import side_problems


class RulesInvalid(Exception):
    """Every problem found in a rule set, as (key path, message) pairs."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(f"{'.'.join(map(str, loc))}: {msg}" for loc, msg in problems))
        self.problems = problems


def _pydantic_problems(
    err: ValidationError, data: Any, prefix: Loc = (), model: type[BaseModel] | None = None
) -> list[tuple[Loc, str]]:
    """Pydantic's errors as (key path, message), one per key path.

    For a setting that may be of several types pydantic reports each type
    separately, with the type's name added to the path; those are folded
    into one message ("Input should be a valid integer or 'face'")."""
    merged: dict[Loc, list[str]] = {}
    for error in err.errors():
        loc = _data_path(tuple(error["loc"]), data)
        if error["type"] == "extra_forbidden":
            known = _settings_at(model or RuleSetModel, loc[:-1])
            message = unknown_name("setting", loc[-1], known)
        else:
            message = _in_our_words(error)
        merged.setdefault(loc, [])
        if message not in merged[loc]:
            merged[loc].append(message)
    problems = []
    for loc, messages in merged.items():
        text = messages[0]
        for more in messages[1:]:
            text += " or " + more.removeprefix(_ALTERNATIVE)
        problems.append((prefix + loc, text))
    return problems


_NOT_BOOLS = {"yes", "no", "on", "off", "y", "n"}
_ALTERNATIVE = "write "  # how a wrong type's message begins, so alternatives read "write A or B"

# A wrong type, in the words a modder writes a value in.
_WANTED_TYPE = {
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "string_type": "text",
    "dict_type": "a mapping (name: value)",
    "model_type": "a mapping (name: value)",
    "model_attributes_type": "a mapping (name: value)",
    "list_type": "a list",
    "tuple_type": "a list",
    "set_type": "a list",
}


def _in_our_words(error: Any) -> str:
    """One of pydantic's errors as the project says it: from its type and
    context, never its own sentence, so a new pydantic release cannot change
    what a modder reads (docs/modding.md shows these messages)."""
    kind, ctx, value = error["type"], error.get("ctx") or {}, error.get("input")
    if kind == "missing":
        return "this setting is required"
    if kind in ("bool_type", "bool_parsing") and str(value).lower() in _NOT_BOOLS:
        return "write true or false (yes, no, on and off are text in rule files)"
    if kind in _WANTED_TYPE:
        return _ALTERNATIVE + _WANTED_TYPE[kind]
    if kind in ("literal_error", "enum"):
        return _ALTERNATIVE + "one of " + str(ctx.get("expected", "the listed values"))
    bounds = {
        "greater_than_equal": ("at least", "ge"),
        "greater_than": ("more than", "gt"),
        "less_than_equal": ("at most", "le"),
        "less_than": ("less than", "lt"),
    }
    if kind in bounds:
        words, key = bounds[kind]
        return f"must be {words} {ctx.get(key)}"
    if kind in ("too_long", "too_short"):
        words = "at most" if kind == "too_long" else "at least"
        limit = ctx.get("max_length" if kind == "too_long" else "min_length")
        entries = "entries" if isinstance(value, dict) else "items"
        found = f", not {len(value)}" if isinstance(value, (list, dict, tuple)) else ""
        return f"may have {words} {limit} {entries}{found}"
    if kind in ("string_too_long", "string_too_short"):
        words = "at most" if kind == "string_too_long" else "at least"
        limit = ctx.get("max_length" if kind == "string_too_long" else "min_length")
        return f"may have {words} {limit} character{'' if limit == 1 else 's'}"
    if kind not in _PYDANTIC_KINDS:
        return str(error["msg"])  # raised by our own validators, in our words
    return "this value is not allowed here"


_PYDANTIC_KINDS = frozenset(typing.get_args(ErrorType))


def _settings_at(model: type[BaseModel], loc: Loc) -> list[str]:
    """The setting names a model allows at `loc`, following nested models and dicts."""
    current: Any = model
    for part in loc:
        current = _unannotated(current)
        if isinstance(current, type) and issubclass(current, BaseModel):
            field = current.model_fields.get(part) if isinstance(part, str) else None
            if field is None:
                return []
            current = field.annotation
        elif typing.get_origin(current) is dict:
            current = typing.get_args(current)[1]
        else:
            return []
    current = _unannotated(current)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    return []


def _unannotated(annotation: Any) -> Any:
    """`Annotated[T, ...]` is T (a house rule's entry is one, for its short form)."""
    if typing.get_origin(annotation) is Annotated:
        return typing.get_args(annotation)[0]
    return annotation


def unknown_name(what: str, name: Any, known: Iterable[Any]) -> str:
    """ "unknown effect 'skipp' (did you mean 'skip'?)", or the list of known names."""
    names = sorted(map(str, known))
    close = difflib.get_close_matches(str(name), names, n=1)
    if close:
        return f"unknown {what} '{name}' (did you mean '{close[0]}'?)"
    return f"unknown {what} '{name}' (known: {', '.join(names)})"


def _data_path(loc: Loc, data: Any) -> Loc:
    """Cut `loc` where it leaves the data: what follows a scalar is a type name."""
    node = data
    for depth, part in enumerate(loc):
        if isinstance(node, dict):
            if part not in node:
                return loc[: depth + 1]  # a missing or unknown key: keep it
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            return loc[:depth]
    return loc


def compile_condition(raw: Any, loc: Loc, problems: list[Problem]) -> tuple[Requirement, ...]:
    """`{name: expected, ...}`: true when every named condition has that value."""
    if raw is None:
        return ()
    if not isinstance(raw, dict) or not raw:
        problems.append((loc, "a condition is a mapping of condition names to values"))
        return ()
    compiled = []
    for name, expected in raw.items():
        block = condition_registry.REGISTRY.get(name)
        if block is None:
            problems.append(
                (loc + (name,), unknown_name("condition", name, condition_registry.REGISTRY))
            )
            continue
        if not isinstance(expected, block.value_type) or (
            block.value_type is int and isinstance(expected, bool)
        ):
            kind = "true or false" if block.value_type is bool else "a whole number"
            problems.append((loc + (name,), f"condition '{name}' takes {kind}"))
            continue
        compiled.append((block.fn, expected))
    return tuple(compiled)


def compile_effects(raw: list[Any], loc: Loc, problems: list[Problem]) -> tuple[EffectSpec, ...]:
    """Each entry is `name` or `{name: {params}}`; params may hold a `when:`."""
    specs = []
    for i, entry in enumerate(raw):
        here = loc + (i,)
        params: Any
        if isinstance(entry, str):
            name, params = entry, {}
        elif isinstance(entry, dict) and len(entry) == 1:
            ((name, params),) = entry.items()
            params = {} if params is None else params
        else:
            problems.append((here, "an effect is a name, or a mapping of one name to its settings"))
            continue
        block = effect_registry.REGISTRY.get(name)
        if block is None:
            problems.append((here, unknown_name("effect", name, effect_registry.REGISTRY)))
            continue
        if not isinstance(params, dict):
            problems.append((here + (name,), f"the settings of '{name}' must be a mapping"))
            continue
        params = dict(params)
        when = compile_condition(params.pop("when", None), here + (name, "when"), problems)
        try:
            model = block.params.model_validate(params)
        except ValidationError as err:
            problems.extend(_pydantic_problems(err, params, here + (name,), block.params))
            continue
        specs.append(EffectSpec(name, block.fn, model, when))
    return tuple(specs)


def validate_rules(data: Any, sources: tuple[str, ...] = ()) -> RuleSet:
    """Validate a merged rules mapping; raise RulesInvalid with every problem."""
    if not isinstance(data, dict):
        raise RulesInvalid([((), "a rule set is a mapping of settings")])
    problems: list[Problem] = []
    data = _with_side_colors(data, problems)
    try:
        model = RuleSetModel.model_validate(data)
    except ValidationError as err:
        model = None
        problems.extend(_pydantic_problems(err, data))
    # Effects, conditions and the scoring scheme are checked on the raw
    # mapping too, so a typo there is reported along with every other problem.
    compiled = _compile_card_blocks(data.get("cards"), problems)
    _check_scheme(data.get("scoring"), problems)
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


def _player_problems(model: RuleSetModel) -> list[Problem]:
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


def _naming_problems(model: RuleSetModel, data: dict[str, Any]) -> list[Problem]:
    """The names a rule file gives: colours and card kinds, the text it shows,
    the cards those names make and the looks they are given."""
    problems: list[Problem] = []
    if not model.colors or len(set(model.colors)) != len(model.colors):
        if model.sides:
            problems.append((("sides",), "a colour is named once in the whole deck, on one side"))
        else:
            problems.append((("colors",), "colours must be a non-empty list without repeats"))
    problems.extend(side_problems(model))
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


def _kind_problems(model: RuleSetModel, name: str, kind: CardKind) -> list[Problem]:
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


def _deck_problems(model: RuleSetModel) -> list[Problem]:
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


def _first_side(model: RuleSetModel) -> list[CardKind]:
    """The kinds that count the deck's cards: a two-sided deck's first side
    (every card has one face there), or every kind."""
    names = model.side_names()
    return [k for k in model.cards.values() if not names or k.side == names[0]]


def is_identifier(name: str) -> bool:
    """Whether `name` may name a colour or a card kind (see IDENTIFIER)."""
    return len(name) <= MAX_IDENTIFIER and IDENTIFIER.fullmatch(name) is not None


def identifier_problem(name: str, what: str) -> str:
    shown = name if len(name) <= 40 else name[:40] + "…"
    return (
        f"{shown!r} cannot name a {what}: a name starts with a letter and holds only letters,"
        f" digits, '_' and '-' (at most {MAX_IDENTIFIER}), since cards are written colour:face"
    )


def _shared_card_codes(model: RuleSetModel) -> list[tuple[Loc, str]]:
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


CompiledKind = tuple[
    tuple[EffectSpec, ...],  # effects
    tuple[EffectSpec, ...] | None,  # first-card effects (None: put back)
    tuple[Requirement, ...],  # play restriction
    dict[int, tuple[EffectSpec, ...]],  # effects of some faces
]


def _compile_card_blocks(cards: Any, problems: list[Problem]) -> dict[str, CompiledKind]:
    """Each kind's (effects, first-card effects, play restriction), from raw data."""
    compiled: dict[str, CompiledKind] = {}
    if not isinstance(cards, dict):
        return compiled
    for name, raw in cards.items():
        if not isinstance(raw, dict):
            continue
        loc = ("cards", name)
        effects = raw.get("effects", [])
        first = raw.get("first_card", [])
        compiled[name] = (
            compile_effects(effects, loc + ("effects",), problems)
            if isinstance(effects, list)
            else (),
            None
            if first == "return"
            else compile_effects(first, loc + ("first_card",), problems)
            if isinstance(first, list)
            else (),
            compile_condition(raw.get("play_only_if"), loc + ("play_only_if",), problems)
            if isinstance(raw.get("play_only_if", {}), dict)
            else (),
            {
                face: compile_effects(listed, loc + ("face_effects", face), problems)
                for face, listed in (raw.get("face_effects") or {}).items()
                if isinstance(listed, list)
            }
            if isinstance(raw.get("face_effects", {}), dict)
            else {},
        )
    return compiled


def _check_scheme(scoring_data: Any, problems: list[Problem]) -> None:
    if not isinstance(scoring_data, dict):
        return
    name = scoring_data.get("scheme")
    if isinstance(name, str) and name not in scoring.SCHEMES:
        problems.append(
            (("scoring", "scheme"), unknown_name("scoring scheme", name, scoring.SCHEMES))
        )
