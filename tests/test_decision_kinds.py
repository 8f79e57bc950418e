"""Every decision kind the engine declares is known to everything that answers
or shows one: each bot level, the playout policy, the hint, and the table's
way of asking. Adding a kind is its declaration (game/engine/decisions.py)
plus one entry in each table below; forgetting one fails here, not in play."""

from __future__ import annotations

import pytest

from game.bots import BOTS
from game.bots.basic import BasicBot
from game.bots.expert import ExpertBot
from game.bots.hint import CHOICE_REASONS
from game.bots.playout import POLICY
from game.engine import apply, legal_actions, new_game, view
from game.engine.actions import Choose
from game.engine.decisions import REGISTRY, Ask
from game.engine.kind_names import KIND_NAMES
from game.rules.names import available_rule_sets
from game.scenes.play import OVERLAYS
from game.table.couch_buttons import HAND_TURNS
from tests.support.rules import rules

TABLES = {level: cls.answers for level, cls in BOTS.items() if cls.answers} | {"playout": POLICY}
# The levels that answer every kind alike, with no table to keep up.
ALIKE = {"random", "expert"}
CHOOSING = {name for name, kind in REGISTRY.items() if set(kind.apply) == {Choose}}


def test_every_kind_named_is_declared_and_every_declared_kind_named():
    assert set(REGISTRY) == set(KIND_NAMES)


@pytest.mark.parametrize("level", sorted(TABLES))
def test_every_bot_level_answers_every_kind(level):
    assert set(TABLES[level]) == set(KIND_NAMES)


def test_every_bot_level_has_a_table_or_answers_every_kind_alike():
    """A new level either keeps a table (checked above) or is named here as
    answering every kind alike (checked by playing, below)."""
    assert ALIKE.isdisjoint(TABLES)
    assert set(BOTS) == (set(TABLES) - {"playout"}) | ALIKE


def test_the_hint_has_a_reason_for_every_choice():
    assert CHOOSING and set(CHOICE_REASONS) == CHOOSING


def test_the_table_knows_how_to_ask_every_kind():
    assert set(OVERLAYS) == set(Ask)
    asked_from_hand = {name for name, kind in REGISTRY.items() if kind.ask is Ask.HAND}
    assert set(HAND_TURNS) == asked_from_hand
    for name, kind in REGISTRY.items():
        if kind.ask in (Ask.WORDS, Ask.CARDS):
            assert kind.question, f"{name} is asked in words but has none"


def _one_of_each_kind() -> dict:
    """A game state at a decision of each kind, from seeded games of every
    shipped rule set and some house-rule mixes (played by basic bots)."""
    mixes = [[name] for name in available_rule_sets() if not name.startswith("house/")] + [
        ["classic", "house/stacking", "house/seven-o"],
        ["classic", "house/jump-in", "house/multi-card"],
    ]
    found: dict = {}
    for names in mixes:
        rule_set = rules(*names)
        counts = rule_set.model.allowed_counts()
        players = 3 if 3 in counts else counts[0]
        for seed in range(3):
            state, _ = new_game(rule_set, players, seed)
            bots = [BasicBot(seed + seat, rule_set) for seat in range(players)]
            for _ in range(300):
                if state.over or len(found) == len(REGISTRY):
                    break
                seat = state.to_act
                found.setdefault(state.pending.kind, (rule_set, state))
                actions = list(legal_actions(state, seat))
                chosen = bots[seat].choose(lambda s=state, t=seat: view(s, t), actions)
                state, _ = apply(state, chosen)
    return found


def test_every_bot_level_answers_a_decision_of_every_kind_with_a_legal_action():
    found = _one_of_each_kind()
    assert set(found) == set(REGISTRY), f"never reached: {set(REGISTRY) - set(found)}"
    for level, cls in BOTS.items():
        for kind, (rule_set, state) in found.items():
            bot = ExpertBot(7, rule_set, steps=200) if cls is ExpertBot else cls(7, rule_set)
            seat = state.pending.seat
            actions = list(legal_actions(state, seat))
            chosen = bot.choose(lambda s=state, seat=seat: view(s, seat), actions)
            assert chosen in actions, f"the {level} bot answered a {kind} decision with {chosen}"


def test_a_kind_is_declared_only_under_a_name_of_the_enumeration():
    from game.engine.decisions import DecisionKind, choose_answers, declare

    stray = DecisionKind("flip", "x", "nothing", choose_answers, {}, lambda *a: "", Ask.WORDS)
    with pytest.raises(ValueError, match="missing from KindName"):
        declare(stray)  # type: ignore[arg-type]
    assert "flip" not in REGISTRY
