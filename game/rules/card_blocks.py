"""Compiling a card's blocks: each effect a card kind lists, resolved against
the engine's registry and its parameters validated by the effect's own model
(beside it, in game/engine/), each condition against the conditions', and the
scoring scheme named against the schemes. Checked on the raw mapping, so a
typo here is reported along with every other problem (validation.py).

Importing this module imports every block module, so the registries the
names are checked against are complete.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from game.engine import choice_effects, hand_effects, scoring  # noqa: F401 (they register blocks)
from game.engine import conditions as condition_registry
from game.engine import effects as effect_registry
from game.engine.ruleset import EffectSpec, Loc, Problem, Requirement
from game.rules.errors import unknown_name
from game.rules.schema_errors import pydantic_problems


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
            problems.extend(pydantic_problems(err, params, here + (name,), block.params))
            continue
        specs.append(EffectSpec(name, block.fn, model, when))
    return tuple(specs)


CompiledKind = tuple[
    tuple[EffectSpec, ...],  # effects
    tuple[EffectSpec, ...] | None,  # first-card effects (None: put back)
    tuple[Requirement, ...],  # play restriction
    dict[int, tuple[EffectSpec, ...]],  # effects of some faces
]


def compile_card_blocks(cards: Any, problems: list[Problem]) -> dict[str, CompiledKind]:
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


def scheme_problems(scoring_data: Any, problems: list[Problem]) -> None:
    if not isinstance(scoring_data, dict):
        return
    name = scoring_data.get("scheme")
    if isinstance(name, str) and name not in scoring.SCHEMES:
        problems.append(
            (("scoring", "scheme"), unknown_name("scoring scheme", name, scoring.SCHEMES))
        )
