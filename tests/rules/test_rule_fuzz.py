"""A fuzz of rule files built from the schema with hostile values.

Every generated file is answered by `check` (a list of errors, never an
exception), within the limits that bound its work, and every file it accepts
plays a round to its end, at the smallest and the largest table, within the
number of actions its turn limit allows. The quick run draws a few examples;
`--thorough` draws them all.
"""

from __future__ import annotations

import string

import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from game.bots import make_bot
from game.engine import new_game
from game.engine.cards import card_table
from game.play.selftest import ACTIONS_PER_TURN, check_files
from game.play.sim import play_out_round
from game.rules.loader import load_rules
from game.rules.schema import MAX_COLORS, MAX_DECK, MAX_FACE, MAX_KINDS
from tests.depth import examples

HOSTILE_TEXT = st.text(
    alphabet=st.sampled_from(list(string.ascii_letters + string.digits + ":_- \x1b\x00é\n5")),
    max_size=12,
)
SANE_NAMES = st.sampled_from(["red", "blue", "green", "gold", "teal", "num", "act", "big_one"])
HOSTILE_NAMES = st.sampled_from(["wild", "x", "5", "r:d", ""]) | HOSTILE_TEXT
EFFECTS = st.sampled_from(
    [
        "skip",
        "reverse",
        "play_again",
        "choose_color",
        "choose_player",
        "rotate_hands",
        {"penalty": {"count": 2}},
        {"penalty": {"count": 4, "challengeable": True}},
        {"draw": {"who": "all_others", "count": 3}},
        {"swap_hands": {"with": "next"}},
        {"shuffle_hands": {"mode": "redeal", "hand_size": 7}},
        {"skip": {"count": 3, "when": {"players": 2}}},
        "dump_color",
    ]
)
CONDITIONS = st.sampled_from(
    [
        None,
        {"holds_color_in_force": False},
        {"holds_other_playable": False},
        {"hand_size": 1000},
        {"players": 2},
    ]
)


class Values:
    """Draws each setting sane, or, in a hostile file, hostile one time in four:
    half the files are sane throughout, so many are accepted and played."""

    def __init__(self, draw) -> None:
        self.draw = draw
        self.hostile_file = draw(st.booleans())

    def __call__(self, sane, hostile):
        hostile_now = self.hostile_file and self.draw(st.integers(0, 3)) == 3
        return self.draw(hostile if hostile_now else sane)

    def count(self):
        return self(st.integers(0, 12), st.integers(-3, 30) | st.sampled_from([101, 10**6, 10**12]))


def card_kind(value: Values) -> dict:
    draw = value.draw
    category = draw(st.sampled_from(["number", "action", "wild"]))
    kind: dict = {"category": category, "copies": value.count()}
    if category == "number":
        kind["faces"] = value(
            st.lists(st.integers(0, 12), min_size=1, max_size=10, unique=True),
            st.lists(st.integers(-3, 120), max_size=14),
        )
        if draw(st.booleans()):
            kind["copies_of"] = {
                face: value.count()
                for face in draw(st.lists(st.sampled_from(kind["faces"] or [0]), max_size=3))
            }
    if category == "wild" or draw(st.integers(0, 4)) == 4:
        kind["wild"] = True
    kind["points"] = value(st.integers(0, 50) | st.just("face"), st.sampled_from([-5, 10**9]))
    effects = draw(st.integers(0, 3))
    kind["effects"] = [value(EFFECTS, st.just("unknown_effect")) for _ in range(effects)]
    condition = draw(CONDITIONS)
    if condition is not None:
        kind["play_only_if"] = condition
        kind["when_not_allowed"] = draw(st.sampled_from(["bluff", "refuse"]))
    if draw(st.integers(0, 5)) == 5:
        kind["first_card"] = "return"
    return kind


@st.composite
def rule_files(draw) -> dict:
    value = Values(draw)
    data: dict = {"name": value(SANE_NAMES, HOSTILE_TEXT)}
    low = value(st.integers(2, 6), st.integers(0, 14))
    data["players"] = {
        "min": low,
        "max": value(st.integers(low, max(low, min(low + 2, 10))), st.integers(low, 22)),
    }
    if draw(st.integers(0, 3)) == 3:
        data["colors"] = value(
            st.lists(SANE_NAMES, min_size=1, max_size=5, unique=True),
            st.lists(HOSTILE_NAMES, max_size=12),
        )
    kinds = draw(st.integers(1, 6))
    data["cards"] = {value(SANE_NAMES, HOSTILE_NAMES): card_kind(value) for _ in range(kinds)}
    data["dealing"] = {
        "hand_size": value(st.integers(1, 7), st.integers(0, 60)),
        "cut_for_dealer": draw(st.booleans()),
        "mode": draw(st.sampled_from(["deal", "deal", "draft"])),
    }
    data["turn"] = {
        "draw": {"mode": draw(st.sampled_from(["one", "until_playable", "unlimited"]))},
        "jump_in": {"enabled": draw(st.booleans())},
        "multi_play": {"mode": draw(st.sampled_from(["off", "same_symbol", "color_combo"]))},
    }
    data["round_end"] = {
        "turn_limit": value(st.sampled_from([100, 300, 5000]), st.sampled_from([50, 10**6]))
    }
    data["scoring"] = {
        "scheme": value(st.sampled_from(["winner_takes_points", "rounds_won"]), st.just("nope")),
        "target": value(st.none() | st.integers(1, 500), st.sampled_from([-5, 0, 10**4, 10**9])),
        "at_target": value(st.just("wins"), st.sampled_from(["eliminated", "lowest_total_wins"])),
    }
    data["uno"] = {"penalty": value(st.integers(0, 4), st.integers(-1, 60))}
    return data


@settings(
    max_examples=examples(300),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=rule_files())
def test_fuzz_check_answers_and_what_it_accepts_plays(tmp_path, data):
    path = tmp_path / "fuzz.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    errors = check_files([str(path)])
    assert all(e.line >= 1 and e.column >= 1 and e.message for e in errors)
    if errors:
        event("refused")
        return
    event("accepted")
    rules = load_rules([str(path)])
    table = card_table(rules)
    # The memory the engine holds for a rule set is bounded (docs/modding.md).
    assert table.size <= MAX_DECK
    assert len(rules.model.colors) <= MAX_COLORS and len(rules.kinds) <= MAX_KINDS
    symbols = len(set(table.symbol))
    assert symbols <= MAX_FACE + 1 + MAX_KINDS
    cap = ACTIONS_PER_TURN * rules.model.round_end.turn_limit + 1_000
    counts = rules.model.allowed_counts()
    for players in sorted({counts[0], counts[-1]}):
        state, events = new_game(rules, players, seed=99, single_round=True)
        bots = [make_bot("random", seat) for seat in range(players)]
        assert play_out_round(state, bots, events, max_actions=cap) <= cap
        assert state.over
