"""The foundation's properties over two-sided decks: UNO Flip with every
house rule that loads over it, mixed at random, and a modder's own
two-sided deck (tests/rules/two_sided/day-night.yaml). After every action
cards are conserved (each physical card, both faces, in one place) and the
seat to act has a legal action; every match ends, both sides are reached,
and its log re-executes on a fresh engine to the same table."""

from __future__ import annotations

from functools import cache

from hypothesis import event, given, settings
from hypothesis import strategies as st

from game.rules.loader import load_rules
from game.rules.names import available_rule_sets
from tests.depth import examples
from tests.support.matches import Checker, play_game
from tests.support.rules import DAY_NIGHT, loads_together, refusals
from tests.support.rules import rules as rule_set


@cache
def house_rules_over_flip() -> list[str]:
    """The shipped house rules that load over UNO Flip on their own."""
    return [
        name
        for name in available_rule_sets()
        if name.startswith("house/") and loads_together("flip", name)
    ]


def test_the_house_rules_of_the_published_game_load_over_flip():
    # docs/rules.md section 5: the house rules of section 4 work as in classic.
    loaded = set(house_rules_over_flip())
    for name in (
        "stacking",
        "stacking-cross",
        "seven-o",
        "reverse-no-skip-2p",
        "multi-card",
        "no-action-finish",
        "jump-in",
        "teams",
    ):
        assert f"house/{name}" in loaded
    assert {"house/loser-scores", "house/rounds-won", "house/flip-in-place"} <= loaded
    assert "house/flip-first-card-plain" in loaded


class SidesSeen:
    """A Checker that also notes the sides the match played on."""

    def __init__(self, rules) -> None:
        self.checker = Checker(rules)
        self.sides: set[int] = set()

    def __call__(self, state, action, events) -> None:
        self.checker(state, action, events)
        self.sides.add(state.side)


@settings(max_examples=examples(60), deadline=None)
@given(
    house=st.lists(st.sampled_from(house_rules_over_flip()), max_size=3, unique=True),
    seed=st.integers(0, 2**31),
    seat_pick=st.integers(0, 100),
    levels=st.lists(st.sampled_from(["random", "basic"]), min_size=10, max_size=10),
    single_round=st.booleans(),
)
def test_flip_with_any_house_rules_keeps_the_table_consistent(
    house, seed, seat_pick, levels, single_round
):
    names = ["flip", *house]
    if not loads_together(*names):
        # Refused before play: the message names the files that clash.
        text = "\n".join(refusals(names))
        assert any(f"{n.split('/')[-1]}.yaml" in text for n in names), text
        event("refused mix")
        return
    rules = rule_set(*names)
    counts = rules.model.allowed_counts()
    players = counts[seat_pick % len(counts)]
    seen = SidesSeen(rules)
    state, _, _ = play_game(
        rules, players, seed, levels[:players], on_step=seen, single_round=single_round
    )
    assert state.over and seen.checker.round_ends >= 1
    event(f"sides reached: {len(seen.sides)}")
    seen.checker.check_log(state)


@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 2**31))
def test_a_modders_two_sided_deck_plays_whole_matches_on_both_sides(seed):
    rules = load_rules([str(DAY_NIGHT)])
    players = 2 + seed % 2
    seen = SidesSeen(rules)
    state, _, _ = play_game(rules, players, seed, ["basic"] * players, on_step=seen)
    assert state.over and state.winner is not None
    assert seen.sides == {0, 1}
    seen.checker.check_log(state)


@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 2**31))
def test_flip_matches_reach_the_dark_side_and_end(seed):
    rules = load_rules(["flip"])
    players = 2 + seed % 9
    seen = SidesSeen(rules)
    state, _, _ = play_game(rules, players, seed, ["basic"] * players, on_step=seen)
    assert state.over and seen.sides == {0, 1}
    seen.checker.check_log(state)
