"""The foundation's properties over every rule set and random house-rule mixes.

docs/rules.md §2-4: after every action cards are conserved,
the seat to act has a legal action; every match ends, and its log
re-executes on a fresh engine to the same table. Mixes that the loader refuses must
name two files; everything it accepts must play.
"""

from __future__ import annotations

from hypothesis import event, given, settings
from hypothesis import strategies as st

from game.rules.errors import RuleFileError
from game.rules.loader import load_rules
from game.rules.names import available_rule_sets
from tests.depth import examples
from tests.support.matches import Checker, play_game

BASES = [n for n in available_rule_sets() if not n.startswith("house/")]
HOUSE = [n for n in available_rule_sets() if n.startswith("house/")]


@st.composite
def mixes(draw):
    base = draw(st.sampled_from(BASES))
    house = draw(st.lists(st.sampled_from(HOUSE), max_size=3, unique=True))
    return [base, *house]


@settings(max_examples=examples(150, quick=20))
@given(
    names=mixes(),
    seed=st.integers(0, 2**31),
    seat_pick=st.integers(0, 100),
    levels=st.lists(st.sampled_from(["random", "basic"]), min_size=10, max_size=10),
    single_round=st.booleans(),
)
def test_every_rule_mix_keeps_the_table_consistent(names, seed, seat_pick, levels, single_round):
    try:
        rules = load_rules(names)
    except RuleFileError as err:
        # Refused: the message names the rules that clash.
        text = "\n".join(str(e) for e in err.errors)
        named = [n for n in names if f"{n.split('/')[-1]}.yaml" in text]
        assert named, text
        event("refused mix")
        return
    event(f"played: {names[0]} + {len(names) - 1} house rules")
    counts = rules.model.allowed_counts()
    players = counts[seat_pick % len(counts)]
    checker = Checker(rules)
    state, _, _ = play_game(
        rules, players, seed, levels[:players], on_step=checker, single_round=single_round
    )
    assert state.over and checker.round_ends >= 1
    checker.check_log(state)


@settings(max_examples=examples(len(BASES) * 4), deadline=None)
@given(base=st.sampled_from(BASES), seed=st.integers(0, 2**31))
def test_every_base_plays_full_matches(base, seed):
    rules = load_rules([base])
    players = rules.model.allowed_counts()[seed % len(rules.model.allowed_counts())]
    checker = Checker(rules)
    state, _, _ = play_game(rules, players, seed, ["basic"] * players, on_step=checker)
    assert state.over and state.winner is not None
    checker.check_log(state)
