"""Pydantic's errors about a rule file, in the project's words: one message
per key path, from each error's type and context, never pydantic's own
sentence, so a new pydantic release cannot change what a modder reads
(docs/modding.md shows these messages).
"""

from __future__ import annotations

import typing
from typing import Annotated, Any

from pydantic import BaseModel, ValidationError
from pydantic_core.core_schema import ErrorType

from game.engine.ruleset import Loc
from game.rules.errors import unknown_name
from game.rules.schema import RuleSetSchema


def pydantic_problems(
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
            known = _settings_at(model or RuleSetSchema, loc[:-1])
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
