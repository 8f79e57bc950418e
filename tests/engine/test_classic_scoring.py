"""End of a round, scoring, the match, a blocked round.

Rules: docs/rules.md §1 'End of a round and scoring' (000, 001, 002,
004); rules/classic.yaml `round_end:` and `scoring:`.
"""

from __future__ import annotations

import pytest

from game.engine import NextRound, Pass, new_game
from tests.support.acting import act, offered, play
from tests.support.events import brief, kinds, of
from tests.support.rules import rules_with
from tests.support.table import hand, rigged


def test_round_points_go_to_the_winner():
    """docs/rules.md §1 'End of a round and scoring': the round ends when a player
    has no cards; the winner scores the cards left in the other hands —
    numbers face value; Skip, Reverse, Draw Two 20; Wild, Wild Draw Four 50."""
    hands = {
        0: ["red:1"],
        1: ["red:7", "blue:skip", "wild:wild", "green:0"],  # 7 + 20 + 50 + 0 = 77
        2: ["wild:wild_draw_four", "yellow:draw_two", "yellow:reverse", "blue:9"],  # 99
    }
    state = rigged(hands=hands, top="red:5")
    state, events = play(state, 0, "red:1")
    assert brief(events) == [("play", 0, "red:1", "red"), ("round_end", 0)]
    assert of(events, "round_end") == [
        {
            "t": "round_end",
            "winner": 0,
            "points": {"0": 176, "1": 0, "2": 0},
            "scores": [176, 0, 0],
        }
    ]
    assert state.scores == [176, 0, 0]
    assert not state.over and state.pending.kind == "next_round"
    assert offered(state, 0) == (NextRound(0),)


def test_round_points_add_to_the_match_total():
    """docs/rules.md §1 'End of a round and scoring': points accumulate over rounds."""
    state = rigged(
        hands={0: ["red:1"], 1: ["blue:9"], 2: ["green:3"]}, top="red:5", scores=[10, 200, 30]
    )
    state, events = play(state, 0, "red:1")
    assert of(events, "round_end")[0]["points"] == {"0": 12, "1": 0, "2": 0}
    assert of(events, "round_end")[0]["scores"] == [22, 200, 30]


def test_match_to_500_ends_with_game_end():
    """docs/rules.md §1 'End of a round and scoring': first to 500 wins (000, 001,
    004) — a `game_end` event and no further decision."""
    state = rigged(
        hands={0: ["red:1"], 1: ["wild:wild"], 2: ["blue:9"]}, top="red:5", scores=[450, 490, 0]
    )
    state, events = play(state, 0, "red:1")
    assert kinds(events) == ["play", "round_end", "game_end"]
    assert of(events, "game_end") == [{"t": "game_end", "winner": 0, "scores": [509, 490, 0]}]
    assert state.over and state.winner == 0 and state.pending is None
    assert all(offered(state, s) == () for s in range(3))


def test_match_target_is_in_the_game_event():
    """docs/rules.md §1 'End of a round and scoring' (000, 001, 004): the target 500
    is logged in the `game` event (replay-format.md)."""
    _, events = new_game(rules_with(), 4, seed=3)
    assert of(events, "game")[0]["target"] == 500


def test_last_draw_two_still_drawn_and_counted():
    """docs/rules.md §1 'End of a round and scoring' (004): if the last card was a
    Draw Two, the next player still draws those cards before points are
    counted (classic.yaml round_end.final_penalty_drawn: true)."""
    hands = {0: ["red:draw_two"], 1: ["red:1"], 2: ["yellow:9"]}
    state = rigged(hands=hands, top="red:5", draw=["green:3", "blue:4"])
    state, events = play(state, 0, "red:draw_two")
    assert brief(events) == [
        ("play", 0, "red:draw_two", "red"),
        ("draw", 1, ("green:3", "blue:4"), "penalty"),
        ("round_end", 0),
    ]
    assert of(events, "round_end")[0]["points"] == {"0": 1 + 3 + 4 + 9, "1": 0, "2": 0}


def test_last_wild_draw_four_still_drawn_and_counted():
    """docs/rules.md §1 'End of a round and scoring' (004): a last Wild Draw Four is
    still drawn, and counted; there is nothing left to challenge for."""
    hands = {0: ["wild:wild_draw_four"], 1: ["blue:1"], 2: ["yellow:9"]}
    draw = ["green:1", "green:2", "green:3", "green:4"]
    state = rigged(hands=hands, top="red:5", draw=draw)
    state, events = play(state, 0, "wild:wild_draw_four", "green")
    assert brief(events) == [
        ("play", 0, "wild:wild_draw_four", "green"),
        ("draw", 1, tuple(draw), "penalty"),
        ("round_end", 0),
    ]
    assert of(events, "round_end")[0]["points"]["0"] == 1 + 10 + 9


def test_option_final_penalty_not_drawn():
    """docs/rules.md §1 'End of a round and scoring' with classic.yaml
    round_end.final_penalty_drawn: false: the last Draw Two is not drawn."""
    rules = rules_with({"round_end": {"final_penalty_drawn": False}})
    hands = {0: ["red:draw_two"], 1: ["red:1"], 2: ["yellow:9"]}
    state = rigged(rules, hands=hands, top="red:5", draw=["green:3", "blue:4"])
    state, events = play(state, 0, "red:draw_two")
    assert kinds(events) == ["play", "round_end"]
    assert of(events, "round_end")[0]["points"]["0"] == 10
    assert hand(state, 1) == ["red:1"]


def test_last_card_skip_or_reverse_ends_round():
    """docs/rules.md §1 'End of a round and scoring': the round ends when a player
    has no cards — a last Skip has no effect left to apply."""
    hands = {0: ["red:skip"], 1: ["red:1"], 2: ["yellow:9"]}
    state = rigged(hands=hands, top="red:5")
    _, events = play(state, 0, "red:skip")
    assert kinds(events) == ["play", "round_end"]


# --- scoring schemes ----------------------------------------------------------------------

LOSERS = {"scoring": {"scheme": "losers_score_own_hand", "at_target": "eliminated"}}


def test_losers_score_own_hand():
    """docs/rules.md §1 'End of a round and scoring', source 001 (scoring.scheme:
    losers_score_own_hand): the winner scores 0, others score their own hand."""
    state = rigged(
        rules_with(LOSERS),
        hands={0: ["red:1"], 1: ["blue:9", "wild:wild"], 2: ["yellow:draw_two"]},
        top="red:5",
    )
    _, events = play(state, 0, "red:1")
    assert of(events, "round_end")[0]["points"] == {"0": 0, "1": 59, "2": 20}
    assert of(events, "round_end")[0]["scores"] == [0, 59, 20]


def test_losers_score_at_target_eliminated_and_skipped_later():
    """docs/rules.md §1 'End of a round and scoring', source 001: whoever reaches
    500 loses — eliminated, the rest play on; an eliminated seat gets no cards
    and no turns in later rounds."""
    rules = rules_with(LOSERS)
    state = rigged(
        rules,
        hands={0: ["red:1"], 1: ["blue:9", "blue:skip"], 2: ["yellow:2"]},
        top="red:5",
        scores=[0, 480, 100],
    )
    state, events = play(state, 0, "red:1")
    assert of(events, "round_end")[0]["scores"] == [0, 509, 102]
    assert "game_end" not in kinds(events)
    assert state.eliminated == [False, True, False]
    assert state.pending.kind == "next_round"
    state, events = act(state, NextRound(0))
    assert sorted(e["p"] for e in of(events, "deal")) == [0, 2]
    assert hand(state, 1) == []
    assert 1 not in [e["p"] for e in events if "p" in e]
    # a later round, rigged: seat 0 plays, seat 1 is passed over
    state = rigged(
        rules,
        hands={0: ["red:1", "red:2"], 1: [], 2: ["yellow:2", "yellow:3"]},
        top="red:5",
        scores=[0, 509, 102],
        eliminated=[False, True, False],
    )
    state, events = play(state, 0, "red:1")
    assert brief(events)[-1] == ("turn", 2)
    assert not any(type(a).__name__ == "Catch" for a in offered(state, 1))


def test_losers_score_eliminated_last_seat_left_wins():
    """docs/rules.md §1 'End of a round and scoring', source 001: the last seat
    left in wins the match."""
    state = rigged(
        rules_with(LOSERS),
        hands={0: ["red:1"], 1: [], 2: ["yellow:9", "wild:wild"]},
        top="red:5",
        scores=[300, 509, 460],
        eliminated=[False, True, False],
    )
    state, events = play(state, 0, "red:1")
    assert kinds(events)[-1] == "game_end"
    assert of(events, "round_end")[0]["points"] == {"0": 0, "1": 0, "2": 59}
    assert of(events, "game_end") == [{"t": "game_end", "winner": 0, "scores": [300, 509, 519]}]
    assert state.over and state.winner == 0


def test_losers_score_lowest_total_wins():
    """docs/rules.md §1 'End of a round and scoring', source 001: whoever reaches
    500 ends the match and the lowest total wins (at_target:
    lowest_total_wins)."""
    rules = rules_with(
        {"scoring": {"scheme": "losers_score_own_hand", "at_target": "lowest_total_wins"}}
    )
    state = rigged(
        rules,
        hands={0: ["red:1"], 1: ["blue:9", "wild:wild"], 2: ["yellow:2"]},
        top="red:5",
        scores=[150, 450, 100],
    )
    state, events = play(state, 0, "red:1")
    assert of(events, "round_end")[0]["scores"] == [150, 509, 102]
    assert of(events, "game_end") == [{"t": "game_end", "winner": 2, "scores": [150, 509, 102]}]


def test_rounds_won_scheme():
    """docs/rules.md §1 'End of a round and scoring', source 000: alternatively,
    most rounds won (scoring.scheme: rounds_won; target = rounds to win)."""
    rules = rules_with({"scoring": {"scheme": "rounds_won", "target": 3}})
    state = rigged(
        rules, hands={0: ["red:1"], 1: ["wild:wild"], 2: ["blue:9"]}, top="red:5", scores=[1, 2, 0]
    )
    state, events = play(state, 0, "red:1")
    assert of(events, "round_end")[0]["points"] == {"0": 1, "1": 0, "2": 0}
    assert "game_end" not in kinds(events)
    state = rigged(
        rules, hands={0: ["red:1"], 1: ["wild:wild"], 2: ["blue:9"]}, top="red:5", scores=[2, 2, 0]
    )
    state, events = play(state, 0, "red:1")
    assert of(events, "game_end") == [{"t": "game_end", "winner": 0, "scores": [3, 2, 0]}]


APP = {"players": {"max": 4}, "scoring": {"target_by_players": {2: 100, 3: 200, 4: 200}}}


@pytest.mark.parametrize(("players", "target"), [(2, 100), (3, 200), (4, 200)])
def test_app_preset_targets(players, target):
    """docs/rules.md §1 'End of a round and scoring', source 002: 100 with 2
    players, 200 with 3–4 (scoring.target_by_players, players.max: 4)."""
    state, events = new_game(rules_with(APP), players, seed=5)
    assert of(events, "game")[0]["target"] == target
    assert state.target == target


def test_app_preset_refuses_five_players():
    """docs/rules.md header, source 002: the app is for 2–4 players."""
    with pytest.raises(ValueError, match="2 to 4"):
        new_game(rules_with(APP), 5, seed=5)


def test_app_preset_two_players_match_ends_at_100():
    """docs/rules.md §1 'End of a round and scoring', source 002: with 2 players the
    match ends at 100."""
    rules = rules_with(APP)
    state = rigged(rules, hands={0: ["red:1"], 1: ["wild:wild"]}, top="red:5", scores=[60, 90])
    state.target = rules.target_for(2)
    state, events = play(state, 0, "red:1")
    assert of(events, "game_end") == [{"t": "game_end", "winner": 0, "scores": [110, 90]}]


# --- a blocked round ------------------------------------------------------------------------


def test_blocked_round_lowest_hand_wins():
    """docs/rules.md §1 'A turn' / 'End of a round' (engine's reading, flow.py): with
    nothing left to draw (the discard pile is only its top card) and nobody
    able to play, each seat passes; when all have passed in a row the round
    ends and the lowest hand wins. The 108 cards cannot make this table, so
    the unnamed cards are set aside (rest="out")."""
    hands = {0: ["blue:1", "green:9"], 1: ["yellow:2"], 2: ["blue:3", "blue:4"]}
    state = rigged(hands=hands, top="red:5", draw=[], rest="out")
    assert offered(state, 0) == (Pass(0),)
    state, events = act(state, Pass(0), conserve=False)
    assert brief(events) == [("pass", 0), ("turn", 1)]
    state, events = act(state, Pass(1), conserve=False)
    assert brief(events) == [("pass", 1), ("turn", 2)]
    state, events = act(state, Pass(2), conserve=False)
    assert brief(events) == [("pass", 2), ("round_end", 1)]
    end = of(events, "round_end")[0]
    assert end["winner"] == 1
    assert end["points"] == {"0": 0, "1": 10 + 7, "2": 0}
    assert state.pending.kind == "next_round" and state.pending.seat == 1
