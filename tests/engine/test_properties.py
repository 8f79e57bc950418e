"""Properties of whole games, over random seeds, tables and classic-rule options.

For every generated game (2-10 seats, random/basic bot mixes, a mix of the
classic rule options) and after EVERY action:

* cards are conserved: hands + draw pile + discard pile hold each card id of
  the deck exactly once;
* while the match is not over, the seat to act has at least one legal action;
and every match ends within a generous bound of actions, and its log
re-executes (`game.log.Reexecution`: a new engine plays the match again
from the log alone) to the same hands, discard pile, draw pile, colour,
direction, scores, round and dealer — at the end and at points on the way. Besides: the same
seed and the same actions give byte-identical logs, and the pure
`apply(state, action)` leaves `state` untouched.

A failure prints the seed, the seats, the bots and the options: rebuild the
game with `play_game(rules_with(options), players, seed, levels)`.
"""

from __future__ import annotations

import copy
import dataclasses

from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.engine import (
    action_from_dict,
    action_to_dict,
    apply,
    new_game,
)
from game.log import encode_event, reexecute
from tests.depth import examples
from tests.support.matches import Checker, make_bots, next_action, play_game
from tests.support.rules import rules_with

# --- rules with options ----------------------------------------------------------


@st.composite
def classic_options(draw) -> dict:
    """A mix of the options classic.yaml documents (docs/rules.md section 1)."""
    mode = draw(st.sampled_from(["one", "until_playable", "unlimited"]))
    draw_rules: dict = {"mode": mode}
    if mode == "one":
        draw_rules["count"] = draw(st.sampled_from([1, 1, 2, 3]))
    else:
        draw_rules["cap"] = draw(st.sampled_from([None, 1, 2, 3, 5]))
        if mode == "unlimited":
            draw_rules["count"] = draw(st.sampled_from([1, 2]))
    play_drawn = draw(st.sampled_from(["drawn_only", "any", "none"]))
    scheme = draw(st.sampled_from(["winner_takes_points", "losers_score_own_hand", "rounds_won"]))
    if scheme == "rounds_won":
        target = draw(st.sampled_from([2, 3]))
    else:
        target = draw(st.sampled_from([60, 150, 300, 500]))
    wd4 = {
        "when_not_allowed": draw(st.sampled_from(["bluff", "refuse"])),
        "play_only_if": draw(
            st.sampled_from([{"holds_color_in_force": False}, {"holds_match": False}])
        ),
    }
    options = {
        "turn": {
            "draw_when_playable": draw(st.booleans()),
            "draw": draw_rules,
            "play_drawn": play_drawn,
        },
        "cards": {"wild_draw_four": wd4},
        "challenge": {
            "enabled": draw(st.booleans()),
            "extra_if_innocent": draw(st.sampled_from([0, 2])),
            "innocent_loses_turn": draw(st.booleans()),
        },
        "uno": {
            "penalty": draw(st.sampled_from([2, 2, 4])),
            "catch_window": draw(
                st.sampled_from(["until_next_player_acts", "until_own_next_turn"])
            ),
        },
        "round_end": {
            "final_penalty_drawn": draw(st.booleans()),
            "finish_on_action_card": draw(st.sampled_from(["allowed", "forbidden"])),
        },
        "scoring": {
            "scheme": scheme,
            "target": target,
            "at_target": draw(st.sampled_from(["wins", "eliminated", "lowest_total_wins"])),
        },
        "dealing": {"dealer_moves": draw(st.sampled_from(["left", "right", "stays"]))},
    }
    if draw(st.booleans()):
        # Source 001: Reverse has no Skip effect with two players.
        options["cards"]["reverse"] = {"effects": ["reverse"]}
    return options


@st.composite
def tables(draw):
    players = draw(st.integers(2, 10))
    levels = draw(
        st.lists(st.sampled_from(["random", "basic"]), min_size=players, max_size=players)
    )
    seed = draw(st.integers(0, 2**63 - 1))
    return seed, players, levels


# --- the properties --------------------------------------------------------------------


CLASSIC_DEFAULTS: dict = {}


@settings(max_examples=examples(300, quick=12))
@given(options=classic_options(), table=tables())
@example(options=CLASSIC_DEFAULTS, table=(7, 4, ["basic"] * 4))
@example(options=CLASSIC_DEFAULTS, table=(3, 10, ["random"] * 10))
@example(
    options={"turn": {"draw_when_playable": True, "draw": {"mode": "unlimited", "cap": None}}},
    table=(5, 2, ["random", "basic"]),
)
@example(
    options={"scoring": {"scheme": "losers_score_own_hand", "at_target": "eliminated"}},
    table=(11, 5, ["basic", "random", "basic", "random", "basic"]),
)
def test_every_action_keeps_the_table_consistent(options, table):
    seed, players, levels = table
    rules = rules_with(options)
    checker = Checker(rules)
    context = f"seed={seed} players={players} levels={levels} options={options}"
    try:
        state, _, _ = play_game(rules, players, seed, levels, on_step=checker)
    except AssertionError as err:
        raise AssertionError(f"{context}\n{err}") from None
    try:
        checker.check_log(state)
    except AssertionError as err:
        raise AssertionError(f"{context}\n{err}") from None
    assert state.over, context
    assert checker.round_ends == state.round_no, context


@settings(max_examples=examples(30))
@given(options=classic_options(), table=tables())
def test_same_seed_and_actions_give_the_same_log_bytes(options, table):
    seed, players, levels = table
    rules = rules_with(options)
    _, events, actions = play_game(rules, players, seed, levels, single_round=True)
    first = "".join(encode_event(e) + "\n" for e in events)

    # Replaying the recorded actions, through their dict form, on a new game.
    state, again = new_game(rules, players, seed, single_round=True)
    for data in (action_to_dict(a) for a in actions):
        state, new = apply(state, action_from_dict(data), in_place=True)
        again.extend(new)
    assert "".join(encode_event(e) + "\n" for e in again) == first

    # And the bots, given the same seeds, play the very same game.
    _, events_twice, actions_twice = play_game(rules, players, seed, levels, single_round=True)
    assert actions_twice == actions
    assert "".join(encode_event(e) + "\n" for e in events_twice) == first


# --- the pure apply ----------------------------------------------------------------------

_CACHES = ("legal_cache",)  # filled by legal_actions; not game state


def _shared_fields(state) -> set[str]:
    """The fields a copy shares with its original: the rules and what is
    derived from them (the card table, rule flags), the same for every game."""
    twin = state.clone()
    return {
        f.name
        for f in dataclasses.fields(state)
        if getattr(twin, f.name) is getattr(state, f.name)
        and not isinstance(getattr(state, f.name), (int, str, bool, type(None), tuple))
    }


def _frozen(state, shared: set[str]) -> dict:
    """Every field of the state, deep-copied without `GameState.clone`; the
    shared parts by identity."""
    memo = {id(getattr(state, name)): getattr(state, name) for name in shared}
    found = {}
    for f in dataclasses.fields(state):
        value = getattr(state, f.name)
        if f.name in _CACHES:
            continue
        if f.name in shared:
            found[f.name] = id(value)  # contents: see _shared_contents
        elif f.name == "rng":
            probe = value.clone()
            found[f.name] = [probe.next_u64() for _ in range(4)]
        else:
            found[f.name] = copy.deepcopy(value, memo)
    return found


def _shared_contents(state, shared: set[str]) -> dict:
    """Shared by design means never written: a shared list or dict must not
    change, or every copy (and every other game) would see it."""
    return {
        name: copy.deepcopy(getattr(state, name))
        for name in shared
        if isinstance(getattr(state, name), (list, dict, set))
    }


@settings(max_examples=examples(40))
@given(options=classic_options(), table=tables())
def test_pure_apply_leaves_the_state_untouched(options, table):
    seed, players, levels = table
    rules = rules_with(options)
    state, _ = new_game(rules, players, seed, single_round=True)
    bots = make_bots(rules, levels, seed)
    tables = _shared_contents(state, _shared_fields(state))
    steps = 0
    while not state.over and steps < 400:
        action = next_action(state, bots)
        shared = _shared_fields(state)
        assert {"rules", "cards"} <= shared
        before = _frozen(state, shared)
        twin = state.clone()
        after, events = apply(state, action)
        assert after is not state
        changed = {k for k, v in _frozen(state, shared).items() if v != before[k]}
        assert not changed, f"apply({action}) changed the original state's {sorted(changed)}"
        # The copy and the in-place apply agree.
        _, in_place_events = apply(twin, action, in_place=True)
        assert in_place_events == events
        state = after
        steps += 1
    assert _shared_contents(state, set(tables)) == tables, "a shared table was written"


# --- regressions ------------------------------------------------------------------------


def test_an_exhausted_draw_pile_does_not_loop_forever():
    """Classic + unlimited draw without a cap + nothing playable after drawing:
    basic bots used to draw the whole pile, then pass Draw Twos round forever,
    each one answered by drawing the single card reshuffled from under it
    (play, reshuffle 1, draw 1, skip). No seat ever passed without drawing, so
    the blocked-round rule never fired. The round turn limit
    (`round_end.turn_limit`) now ends such a round as blocked."""
    rules = rules_with({"turn": {"draw": {"mode": "unlimited"}, "play_drawn": "none"}})
    # Many seeds: about one round in four used to loop (seed 8 with 3 seats did).
    for seed in range(30):
        state, events = new_game(rules, 3, seed, single_round=True)
        bots = make_bots(rules, ["basic"] * 3, seed)
        for _ in range(20_000):
            if state.over:
                break
            state, new = apply(state, next_action(state, bots), in_place=True)
            events.extend(new)
        assert state.over, f"seed {seed}: the round has not ended after 20,000 actions"
        assert reexecute(events, rules).scores == state.scores
