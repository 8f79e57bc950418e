"""Two house rules never override each other in silence (rules/README.md,
"Layering and house rules"): a house rule that sets one setting differently
from another is refused, whichever is layered first, naming both files and
the line in each.

The overlays are generated from the shipped house rules themselves: for
every setting a house rule writes (each value that is not a mapping: a
number, a switch, a list of effects), a second layer sets just that one
setting to something else. Most of those settings lie inside a mapping the
base file does not write (`turn.jump_in`, `cards.number.face_effects`),
where the first layer sets the mapping whole.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from game.files.resources import RULES_DIR
from game.rules.errors import RuleFileError
from game.rules.loader import layer_base, load_rules
from game.rules.names import available_rule_sets, display_path
from game.rules.yamlsafe import load_yaml_file

HOUSES = [name for name in available_rule_sets() if name.startswith("house/")]
# Settings that layer by their own rule, not "one value, one file": every
# house rule adds its own entry to `house_rules`, and `players` ranges narrow.
OWN_RULES = {"house_rules", "players", "name", "description", "on", "requires", "conflicts_with"}


def _leaves(data: dict, here: tuple = ()) -> list[tuple[tuple, object]]:
    found = []
    for key, value in data.items():
        if not here and key in OWN_RULES:
            continue
        if isinstance(value, dict) and value:
            found += _leaves(value, here + (key,))
        else:
            found.append((here + (key,), value))
    return found


def _other(value: object) -> object:
    """A value other than `value`, of its kind."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, list):
        return value[:-1] if value else ["skip"]
    if isinstance(value, str):
        return value + " (another reading)"
    return 1


def _cases() -> list[tuple[str, tuple, object]]:
    cases = []
    for house in HOUSES:
        data = load_yaml_file(RULES_DIR / f"{house}.yaml").data
        assert isinstance(data, dict)
        cases += [(house, path, value) for path, value in _leaves(data)]
    return cases


CASES = _cases()


def _nested(path: tuple, value: object) -> dict:
    for key in reversed(path):
        value = {key: value}
    assert isinstance(value, dict)
    return value


def _clash_between(errors, files: dict[str, object], path: tuple) -> bool:
    """Whether some error is the clash of the two files over `path` (or the
    mapping holding it, set whole), at its line in one file and naming the
    other with its line."""
    for error in errors:
        message = str(error.message)
        if "these house rules conflict" not in message or error.file not in files:
            continue
        dotted, _, _ = message.partition(":")
        at = tuple(str(part) for part in path[: len(dotted.split("."))])
        if ".".join(at) != dotted:
            continue
        (other,) = set(files) - {error.file}
        here, there = files[error.file], files[other]
        loc = path[: len(at)]
        if error.line == here.mark(loc)[0] and f"{other}:{there.mark(loc)[0]} sets" in message:
            return True
    return False


@pytest.mark.parametrize(
    ("house", "path", "value"), CASES, ids=[f"{h}:{'.'.join(map(str, p))}" for h, p, _ in CASES]
)
def test_two_house_rules_setting_one_thing_differently_are_refused_in_either_order(
    tmp_path: Path, house: str, path: tuple, value: object
):
    house_file = RULES_DIR / f"{house}.yaml"
    other_file = tmp_path / "other.yaml"
    body = {"house_rules": {"other": "Another reading."}, **_nested(path, _other(value))}
    other_file.write_text(yaml.safe_dump(body, allow_unicode=True), encoding="utf-8")
    base = layer_base(house_file)
    assert base is not None
    files = {
        display_path(house_file): load_yaml_file(house_file),
        display_path(other_file): load_yaml_file(other_file),
    }
    for order in ([house, str(other_file)], [str(other_file), house]):
        with pytest.raises(RuleFileError) as refused:
            load_rules([base, *order])
        assert _clash_between(refused.value.errors, files, path), (order, refused.value)


def test_the_published_examples_of_a_silent_override_are_refused(tmp_path: Path):
    """Jump-in's `cancels_action` (the published rule) against a file that
    lets both cards act, and a face effect for the 0 beside Seven-O's own:
    inside mappings classic does not write, so each once loaded with
    whichever file came last."""
    both_act = tmp_path / "both-act.yaml"
    both_act.write_text(
        "house_rules: {both-act: Both cards act.}\nturn:\n  jump_in:\n    cancels_action: false\n"
    )
    zero_skips = tmp_path / "zero-skips.yaml"
    zero_skips.write_text(
        "house_rules: {zero-skips: A 0 skips.}\n"
        "cards:\n  number:\n    face_effects:\n      0: [skip]\n"
    )
    for house, other, line, other_line in (
        ("house/jump-in", both_act, 27, 4),
        ("house/seven-o", zero_skips, 25, 5),
    ):
        for order in ([house, str(other)], [str(other), house]):
            with pytest.raises(RuleFileError) as refused:
                load_rules(["classic", *order])
            text = str(refused.value)
            assert f"rules/{house}.yaml:{line}" in text
            assert f"{display_path(other)}:{other_line}" in text


@pytest.mark.parametrize(
    ("layer", "line", "where"),
    [
        ("cards:\n  dark_reverse:\n    copies: 3\n", 4, "cards.dark_reverse.copies"),
        (
            "cards:\n  bomb:\n    side: light\n    copies: 1\n    points: 20\n"
            "    category: action\n    effects: [skip]\n",
            4,
            "cards.bomb.side",
        ),
    ],
)
def test_a_layer_that_unbalances_the_sides_of_flip_is_named(tmp_path: Path, layer, line, where):
    """Every card has a face on each side (rules/README.md, "Two-sided
    decks"): a layer that prints more faces on one side is the file to fix,
    not the `sides:` of rules/flip.yaml, which it never changed."""
    more = tmp_path / "more.yaml"
    more.write_text("house_rules: {more: More cards.}\n" + layer, encoding="utf-8")
    with pytest.raises(RuleFileError) as refused:
        load_rules(["flip", str(more)])
    (error,) = refused.value.errors
    assert (error.file, error.line) == (display_path(more), line)
    assert error.message.startswith(f"{where}: every card has a face on each side")
