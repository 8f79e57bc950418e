"""A card with a decision kind of its own, added the way docs/architecture.md
("Adding a decision kind") tells a contributor to: Target Draw Two, whose
player picks who draws two (tests/rules/target-draw-two.yaml). The kind is
declared here for the length of a test, as its declaration in the engine
would be: its name among the kind names, one `declare_pick` with its purpose
and question, and its example game. Nothing else: the bots, the hint, the
phones and the TV must answer and show it from the declaration alone.

    def test_x(target_kind): ...        # the fixture, from tests/conftest.py
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.engine import decisions
from game.engine.choice_effects import declare_pick
from game.engine.decisions import DecisionKind
from game.engine.purposes import Purpose
from game.engine.said import said
from tests.support.kind_examples import EXAMPLES, Example

TARGET_FILE = Path(__file__).resolve().parent.parent / "rules" / "target-draw-two.yaml"
TARGET_RULES = ("classic", str(TARGET_FILE))
QUESTION = "Who draws two?"


def declared_target(monkeypatch: pytest.MonkeyPatch) -> Iterator[DecisionKind]:
    """Declare the `target` kind until the test ends."""
    monkeypatch.setattr(decisions, "KIND_NAMES", (*decisions.KIND_NAMES, "target"))
    kind = declare_pick(
        "target",  # type: ignore[arg-type]
        "pick who draws two",
        Purpose.HURT,
        question=said(QUESTION),
    )
    monkeypatch.setitem(EXAMPLES, "target", Example(TARGET_RULES, seed=2))
    try:
        yield kind
    finally:
        for table in (decisions.REGISTRY, decisions.ANSWERS, decisions.APPLY):
            table.pop("target", None)  # type: ignore[call-overload]
