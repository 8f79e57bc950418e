"""`GameState.clone`: bots clone a state for every playout, so the copy must
be the same game, share nothing that changes, and draw the same random
numbers, whichever of the two draws first. A playout copy
(`clone(events=False)`) plays the very same game and writes no events."""

from __future__ import annotations

import ast
import copy
import dataclasses
from pathlib import Path

import pytest

from game.bots import make_bot
from game.engine import GameState, apply, legal_actions, new_game
from game.engine.pending import Decision, Penalty, PlayContext
from game.engine.rng import Rng
from game.rules.loader import load_rules
from tests.engine import sample_logs
from tests.support.matches import next_action
from tests.support.table import conserved

ENGINE = Path(__file__).resolve().parents[2] / "game" / "engine"
# Never changed during a game, so every copy may hold the same object.
SHARED = {"rules", "cards", "flags", "plays", "pending"}


def test_clone_sets_every_field():
    """`clone` sets each field of the copy by name: a field added to GameState
    and forgotten there would be missing from every copy."""
    source = (ENGINE / "state.py").read_text(encoding="utf-8")  # the compiled engine has no source
    clone = next(
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef) and node.name == "clone"
    )
    assigned = {
        target.attr
        for node in ast.walk(clone)
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and target.value.id == "twin"
    }
    assert assigned == {f.name for f in dataclasses.fields(GameState)}


def _same_game(state: GameState, twin: GameState) -> None:
    for f in dataclasses.fields(GameState):
        mine, theirs = getattr(state, f.name), getattr(twin, f.name)
        if f.name == "rng":
            continue  # compared by drawing, below
        if f.name == "legal_cache":
            assert theirs == {}
            continue
        if f.name == "writes_events":
            continue  # a playout copy differs here alone
        assert theirs == mine, f.name
        if isinstance(mine, list) and f.name not in SHARED:
            assert theirs is not mine, f"{f.name} is shared"
            assert all(a is not b for a, b in zip(mine, theirs, strict=True) if isinstance(a, list))
    for part in ("penalty", "ctx"):
        if getattr(state, part) is not None:
            assert getattr(twin, part) is not getattr(state, part), f"{part} is shared"
    if state.ctx is not None:
        assert twin.ctx is not None and twin.ctx.cards is not state.ctx.cards


@pytest.mark.parametrize("names", sample_logs.mixes(), ids="+".join)
def test_a_clone_is_the_same_game_and_plays_on_alike(names):
    rules = load_rules(names)
    players = rules.model.allowed_counts()[0]
    state, _ = new_game(rules, players, seed=5, single_round=True)
    bots = [make_bot("basic", 9 + seat, rules) for seat in range(players)]
    steps = 0
    while not state.over and steps < 300:
        twin = state.clone()
        _same_game(state, twin)
        action = next_action(state, bots)
        # Either copy may act first: the other is untouched and plays on alike.
        if steps % 2:
            _, on_twin = apply(twin, action, in_place=True)
            _, on_state = apply(state, action, in_place=True)
        else:
            _, on_state = apply(state, action, in_place=True)
            _, on_twin = apply(twin, action, in_place=True)
        assert on_twin == on_state
        assert conserved(state) and conserved(twin)
        _same_game(state, twin)
        steps += 1


def test_twin_generators_draw_alike_whichever_draws_first():
    first = Rng(42)
    first.below(7)
    second = first.clone()
    third = second.clone()
    drawn_second = [second.next_u64() for _ in range(3)]
    deck = list(range(20))
    first_deck = list(deck)
    first.shuffle(first_deck)
    third_deck = list(deck)
    third.shuffle(third_deck)
    assert first_deck == third_deck
    # Each took its own copy when it first drew: no draw shows up in another.
    fresh = Rng(42)
    fresh.below(7)
    assert drawn_second == [fresh.next_u64() for _ in range(3)]
    assert [first.below(1000) for _ in range(5)] == [third.below(1000) for _ in range(5)]


@pytest.mark.parametrize("names", sample_logs.mixes(), ids="+".join)
def test_a_playout_copy_plays_the_same_game_without_events(names):
    """Every decision kind a shipped rule set or house mix opens, and every
    event writer they reach, run on a copy that writes nothing: the same
    states follow the same actions, and no event comes out."""
    rules = load_rules(names)
    players = rules.model.allowed_counts()[-1]
    state, _ = new_game(rules, players, seed=11)
    quiet = state.clone(events=False)
    bots = [make_bot("basic", 3 + seat, rules) for seat in range(players)]
    written = 0
    steps = 0
    while not state.over and steps < 600:
        action = next_action(state, bots)
        written += len(apply(state, action, in_place=True)[1])
        assert apply(quiet, action, in_place=True)[1] == []
        _same_game(state, quiet)
        steps += 1
    assert written > steps  # the original wrote its log all along


def test_a_copy_keeps_or_sets_whether_events_are_written():
    state, _ = new_game(load_rules(["classic"]), 2, seed=1)
    quiet = state.clone(events=False)
    assert not quiet.clone().writes_events
    assert quiet.clone(events=True).writes_events
    assert state.clone().writes_events
    # The pure apply on a playout copy: a new state, still quiet, and no events.
    action = next(iter(legal_actions(quiet, quiet.to_act)))
    after, written = apply(quiet, action)
    assert written == [] and not after.writes_events


# Records with every field away from its default: a field that __init__ or
# copy forgot would come out with its default, or unset.
FULL_RECORDS = [
    Decision("color", 3, ("red", "blue")),
    Penalty(4, 2, 1, False, True, True, True, False, "green", 5, 2, 1),
    PlayContext(2, 17, True, True, True, False, 4, 1, [17, 18], 40, -1, (18, 19), 1),
]
REQUIRED = {Decision: 2, Penalty: 3, PlayContext: 2}  # fields without a default


@pytest.mark.parametrize("record", FULL_RECORDS, ids=lambda r: type(r).__name__)
def test_a_record_sets_and_copies_every_field(record):
    """The records' written-out __init__ and copy (pending.py) miss no field."""
    cls = type(record)
    names = [f.name for f in dataclasses.fields(cls)]
    values = [getattr(record, name) for name in names]
    assert [getattr(cls(*values), name) for name in names] == values
    least = cls(*values[: REQUIRED[cls]])
    for name in names:
        getattr(least, name)  # an unset field raises AttributeError
    assert copy.deepcopy(record) == record == copy.copy(record)
    if cls is not Decision:  # decisions are shared, never changed
        twin = record.copy()
        assert twin == record and twin is not record
        if isinstance(record, PlayContext):
            assert twin.cards is not record.cards
