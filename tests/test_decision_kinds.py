"""Every decision kind the engine declares is known to everything that answers
or shows one, through its declaration: each bot level and the playouts answer
it by its purpose, the hint words a choice by its purpose, the table asks it
by its `Ask`, and a game reaches it (its example, tests/support/kind_examples.py).
Adding a kind is its declaration (game/engine/decisions.py) and its example;
a new purpose or a new way of asking is what needs an entry in a table below,
and forgetting one fails here, not in play."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.bots import BOTS
from game.bots.expert import ExpertBot
from game.bots.hint import CHOICE_REASONS
from game.bots.playout import POLICY
from game.engine import legal_actions, view
from game.engine.actions import Choose
from game.engine.decisions import REGISTRY, Ask
from game.engine.events import EVENT_TYPES
from game.engine.kind_names import KIND_NAMES
from game.engine.purposes import PICKS_A_SEAT, Purpose
from game.scenes.play import OVERLAYS
from tests.support.kind_examples import EXAMPLES, reach

TABLES = {level: cls.answers for level, cls in BOTS.items() if cls.answers} | {"playout": POLICY}
# The levels that answer every kind alike, with no table to keep up.
ALIKE = {"random", "expert"}
CHOOSING = {name for name, kind in REGISTRY.items() if set(kind.apply) == {Choose}}


def test_every_kind_named_is_declared_and_every_declared_kind_named():
    assert set(REGISTRY) == set(KIND_NAMES)


@pytest.mark.parametrize("level", sorted(TABLES))
def test_every_bot_level_answers_every_purpose(level):
    assert set(TABLES[level]) == set(Purpose)


def test_every_bot_level_has_a_table_or_answers_every_kind_alike():
    """A new level either keeps a table (checked above) or is named here as
    answering every kind alike (checked by playing, below)."""
    assert ALIKE.isdisjoint(TABLES)
    assert set(BOTS) == (set(TABLES) - {"playout"}) | ALIKE


def test_the_hint_has_a_reason_for_every_purpose_of_a_choice():
    purposes = {REGISTRY[name].purpose for name in CHOOSING} | PICKS_A_SEAT
    assert CHOOSING and set(CHOICE_REASONS) == purposes


def test_a_kind_asked_as_a_player_picks_a_seat_for_a_purpose():
    for name, kind in REGISTRY.items():
        assert (kind.ask is Ask.PLAYER) == (kind.purpose in PICKS_A_SEAT), name


def test_the_table_knows_how_to_ask_every_kind():
    assert set(OVERLAYS) == set(Ask)
    for name, kind in REGISTRY.items():
        if kind.ask in (Ask.WORDS, Ask.CARDS):
            assert kind.question, f"{name} is asked in words but has none"


def test_every_declared_kind_has_an_example_game():
    assert set(EXAMPLES) == set(REGISTRY)


@pytest.mark.parametrize("kind", sorted(REGISTRY))
def test_every_bot_level_answers_a_kind_its_example_reaches_with_a_legal_action(kind):
    rule_set, state = reach(kind)
    seat = state.pending.seat
    actions = list(legal_actions(state, seat))
    for level, cls in BOTS.items():
        bot = ExpertBot(7, rule_set, steps=200) if cls is ExpertBot else cls(7, rule_set)
        chosen = bot.choose(lambda s=state, seat=seat: view(s, seat), actions)
        assert chosen in actions, f"the {level} bot answered a {kind} decision with {chosen}"


def test_a_kind_is_declared_only_under_a_name_of_the_enumeration():
    from game.engine.decisions import DecisionKind, choose_answers, declare

    stray = DecisionKind(
        "flip", "x", "nothing", choose_answers, {}, lambda *a: "", Ask.WORDS, purpose=Purpose.KEEP
    )
    with pytest.raises(ValueError, match="missing from KindName"):
        declare(stray)  # type: ignore[arg-type]
    assert "flip" not in REGISTRY


def _kind_name_branches(path: Path) -> list[tuple[int, str]]:
    """Comparisons of a decision's kind (`pending.kind`, `decision["kind"]`,
    ...) with kind names. Other things have kinds too (a setup row's, an
    event's): only a value named for a decision counts."""

    def names_a_decision(node: ast.expr) -> bool:
        name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
        return "pending" in name or "decision" in name

    def is_kind(node: ast.expr) -> bool:
        if isinstance(node, ast.Attribute):
            return node.attr == "kind" and names_a_decision(node.value)
        return (
            isinstance(node, ast.Subscript)
            and isinstance(node.slice, ast.Constant)
            and node.slice.value == "kind"
            and names_a_decision(node.value)
        )

    def names(node: ast.expr) -> set[str]:
        elements = node.elts if isinstance(node, ast.Set | ast.Tuple | ast.List) else [node]
        return {e.value for e in elements if isinstance(e, ast.Constant)} & set(KIND_NAMES)

    def keyed_by_kind(node: ast.AST) -> bool:
        """A table of entries by kind name: annotated as keyed by `KindName`,
        or a literal whose keys are kind names, two of them no event's."""
        if isinstance(node, ast.AnnAssign) and isinstance(node.value, ast.Dict):
            return "[KindName," in ast.unparse(node.annotation)
        if isinstance(node, ast.Dict) and node.keys:
            keys = [k.value if isinstance(k, ast.Constant) else None for k in node.keys]
            return set(keys) <= set(KIND_NAMES) and len(set(keys) - set(EVENT_TYPES)) >= 2
        return False

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(is_kind(o) for o in operands) and any(names(o) for o in operands):
                found.append((node.lineno, ast.unparse(node)))
        elif keyed_by_kind(node):
            found.append((node.lineno, ast.unparse(node).split("\n", 1)[0][:60]))
    return found


def test_no_kind_name_is_branched_on_outside_the_engine():
    """Screens, the table, bots and phones ask a decision's declaration (how
    it is asked, what it is for, whether it deals or comes between plays, its
    words), never its kind's name, neither in a comparison nor as the key of
    a table: a new kind then needs no change there."""
    game = Path(__file__).resolve().parent.parent / "game"
    found = {
        str(path.relative_to(game)): hits
        for path in sorted(game.rglob("*.py"))
        if "engine" not in path.relative_to(game).parts and (hits := _kind_name_branches(path))
    }
    assert found == {}


def test_the_check_sees_a_table_keyed_by_kind_name(tmp_path):
    made_up = tmp_path / "buttons.py"
    made_up.write_text(
        "TURNS: dict[KindName, int] = {'play': 1}\n"
        "WORDS = {'drawn': 'Draw', 'more': 'Done'}\n"
        "EVENTS = {'play': 1, 'draw': 2}\n"  # an event's table: not a kind's
        "if pending.kind == 'more': pass\n",
        encoding="utf-8",
    )
    assert [line for line, _ in _kind_name_branches(made_up)] == [1, 2, 4]
