"""House rules: every file under rules/house/ layered on classic (and its options).

Rules: docs/rules.md §4 (sources 000, 001, 004; Seven-O and Jump-In
are the published house rules docs/rules.md §4 lists), docs/rules.md §1 for the readings that
reverse-no-skip-2p, wd4-no-playable, late-catch and app-2-4 switch on
(sources 001, 000, 001, 002). Each house file documents its options; an
option is tested with a copy of the house file that sets it
(tests/support/rules.py `house_option`), the way a table would.
"""

from __future__ import annotations

import pytest

from game.bots import make_bot
from game.engine import (
    CallUno,
    Catch,
    Choose,
    Draw,
    NextRound,
    Pass,
    Play,
    legal_actions,
    new_game,
    view,
)
from tests.support.acting import (
    accept,
    act,
    challenge,
    choose,
    decision_kinds,
    draw,
    offered_kinds,
    offered_plays,
    pass_,
    play,
    play_offered,
)
from tests.support.events import brief
from tests.support.rules import house_option, overlay_file, rules
from tests.support.table import color, hand, pending, rigged, top


def house(name: str):
    return rules("classic", f"house/{name}")


def names(state, cards):
    return {state.cards.names[c] for c in cards}


# --- stacking (000, 004) --------------------------------------------------------------------


def test_stacking_draw_two_on_draw_two_first_who_cannot_answer_draws_the_sum():
    """docs/rules.md §4 'Stacking' (000, 004; house/stacking.yaml): a Draw Two may
    answer a Draw Two; the first player who cannot answer draws the sum and
    loses the turn."""
    hands = {
        0: ["red:draw_two", "red:1"],
        1: ["blue:draw_two", "blue:1"],
        2: ["green:1", "green:2"],
        3: ["yellow:1"],
    }
    four = ["yellow:6", "yellow:7", "yellow:8", "yellow:9"]
    state = rigged(house("stacking"), hands=hands, top="red:5", draw=four)
    state, events = play(state, 0, "red:draw_two")
    assert brief(events) == [("play", 0, "red:draw_two", "red"), ("turn", 1)]
    assert pending(state) == ("penalty", 1)
    assert offered_plays(state, 1) == {"blue:draw_two"}
    state, events = play(state, 1, "blue:draw_two")
    assert brief(events) == [
        ("play", 1, "blue:draw_two", "blue"),
        ("draw", 2, tuple(four), "penalty"),
        ("skip", 2),
        ("turn", 3),
    ]


def test_stacking_wild_draw_four_on_wild_draw_four_no_challenge_once_stacked():
    """docs/rules.md §4 'Stacking': a Wild Draw Four may answer a Wild Draw Four;
    'No challenge while stacking' -- the first Wild Draw Four may still be
    challenged, a stacked one not; the last player named the colour."""
    hands = {
        0: ["wild:wild_draw_four", "blue:1"],
        1: ["wild:wild_draw_four", "green:1"],
        2: ["wild:wild_draw_four", "yellow:1"],
        3: ["yellow:2"],
    }
    state = rigged(house("stacking"), hands=hands, top="red:5")
    state, _ = play_offered(state, 0, "wild:wild_draw_four", "blue")
    assert pending(state) == ("penalty", 1)
    assert decision_kinds(state, 1) == {"Accept", "Challenge", "Play"}
    state, _ = play_offered(state, 1, "wild:wild_draw_four", "green")
    assert pending(state) == ("penalty", 2)
    assert decision_kinds(state, 2) == {"Accept", "Play"}
    state, events = accept(state, 2)
    assert brief(events)[0][:2] == ("draw", 2)
    assert len(events[0]["cards"]) == 8
    assert brief(events)[1:] == [("skip", 2), ("turn", 3)]
    assert color(state) == "green"


def test_stacking_draw_two_does_not_answer_wild_draw_four():
    """docs/rules.md §4 'Stacking' (house/stacking.yaml, the printed house rule):
    Draw Two on Draw Two, Wild Draw Four on Wild Draw Four -- not across."""
    hands = {0: ["wild:wild_draw_four", "blue:1"], 1: ["red:draw_two", "green:1"], 2: ["green:2"]}
    state = rigged(house("stacking"), hands=hands, top="yellow:5")
    state, _ = play_offered(state, 0, "wild:wild_draw_four", "red")
    assert offered_plays(state, 1) == set()
    hands = {0: ["red:draw_two", "blue:1"], 1: ["wild:wild_draw_four", "green:1"], 2: ["green:2"]}
    state = rigged(house("stacking"), hands=hands, top="red:5")
    state, events = play(state, 0, "red:draw_two")
    assert brief(events)[1][:2] == ("draw", 1)


def test_classic_has_no_stacking():
    """docs/rules.md §4: stacking is a house rule -- on classic a Draw Two is drawn."""
    hands = {0: ["red:draw_two", "blue:1"], 1: ["blue:draw_two", "green:1"], 2: ["green:2"]}
    state = rigged(rules("classic"), hands=hands, top="red:5")
    state, events = play(state, 0, "red:draw_two")
    assert brief(events)[1:3] == [("draw", 1, tuple(events[1]["cards"]), "penalty"), ("skip", 1)]


def test_stacking_cross_source_000_example():
    """docs/rules.md §4 'Stacking' (000's example; house/stacking-cross.yaml): A plays
    a Draw Two, B a Wild Draw Four, C a Wild Draw Four; D cannot answer and
    draws 2 + 4 + 4 = 10; C named the colour last. No challenge while stacking."""
    hands = {
        0: ["red:draw_two", "red:1"],
        1: ["wild:wild_draw_four", "blue:1"],
        2: ["wild:wild_draw_four", "green:1"],
        3: ["yellow:1", "yellow:2"],
    }
    ten = [f"blue:{n}" for n in range(2, 10)] + ["green:2", "green:3"]
    state = rigged(house("stacking-cross"), hands=hands, top="red:5", draw=ten)
    state, _ = play(state, 0, "red:draw_two")
    assert pending(state) == ("penalty", 1)
    assert decision_kinds(state, 1) == {"Accept", "Play"}
    state, _ = play_offered(state, 1, "wild:wild_draw_four", "blue")
    assert pending(state) == ("penalty", 2)
    assert decision_kinds(state, 2) == {"Accept", "Play"}  # no challenge while stacking
    state, events = play_offered(state, 2, "wild:wild_draw_four", "green")
    assert brief(events) == [
        ("play", 2, "wild:wild_draw_four", "green"),
        ("draw", 3, tuple(ten), "penalty"),
        ("skip", 3),
        ("turn", 0),
    ]
    assert color(state) == "green"
    assert len(state.hands[3]) == 12


def test_stacking_cross_draw_two_answers_wild_draw_four():
    """docs/rules.md §4 'Stacking' (000: any draw card on any draw card)."""
    hands = {0: ["wild:wild_draw_four", "blue:1"], 1: ["red:draw_two", "green:1"], 2: ["green:2"]}
    state = rigged(house("stacking-cross"), hands=hands, top="yellow:5")
    state, _ = play_offered(state, 0, "wild:wild_draw_four", "blue")
    assert offered_plays(state, 1) == {"red:draw_two"}
    assert decision_kinds(state, 1) == {"Accept", "Challenge", "Play"}
    state, events = play(state, 1, "red:draw_two")
    assert brief(events)[1][:2] == ("draw", 2)
    assert len(events[1]["cards"]) == 6


# --- multi-card play (000, 001) -------------------------------------------------------------


def test_multi_card_same_symbol():
    """docs/rules.md §4 'Multi-card play' (001; house/multi-card.yaml `same_symbol`):
    after a card, more of the same number in any colour; wilds never ride
    along; Pass ends the move; the last card sets the colour."""
    hands = {
        0: ["red:7", "blue:7", "green:7", "red:8", "wild:wild"],
        1: ["yellow:1"],
        2: ["yellow:2"],
    }
    state = rigged(house("multi-card"), hands=hands, top="red:5")
    state, events = play(state, 0, "red:7")
    assert brief(events) == [("play", 0, "red:7", "red")]
    assert pending(state) == ("more", 0)
    assert offered_plays(state, 0) == {"blue:7", "green:7"}
    assert "Pass" in offered_kinds(state, 0)
    state, events = play(state, 0, "green:7")
    assert brief(events) == [("play", 0, "green:7", "green")]
    state, events = play(state, 0, "blue:7")
    assert brief(events) == [("play", 0, "blue:7", "blue"), ("turn", 1)]
    assert color(state) == "blue"
    assert hand(state, 0) == ["red:8", "wild:wild"]


def test_multi_card_pass_ends_the_move():
    """docs/rules.md §4 'Multi-card play': the player may stop after any card."""
    hands = {0: ["red:7", "blue:7", "green:7"], 1: ["yellow:1"], 2: ["yellow:2"]}
    state = rigged(house("multi-card"), hands=hands, top="red:5")
    state, _ = play(state, 0, "red:7")
    state, events = act(state, Pass(0))
    assert brief(events) == [("turn", 1)]
    assert hand(state, 0) == ["blue:7", "green:7"]


def test_multi_card_only_the_last_card_acts():
    """house/multi-card.yaml: 'Only the last card's action counts' (two Draw
    Twos together: the next player draws 2)."""
    hands = {0: ["red:draw_two", "blue:draw_two", "red:1"], 1: ["yellow:1"], 2: ["yellow:2"]}
    state = rigged(house("multi-card"), hands=hands, top="red:5", draw=["green:1", "green:2"])
    state, _ = play(state, 0, "red:draw_two")
    state, events = play(state, 0, "blue:draw_two")
    assert brief(events) == [
        ("play", 0, "blue:draw_two", "blue"),
        ("draw", 1, ("green:1", "green:2"), "penalty"),
        ("skip", 1),
        ("turn", 2),
    ]


def test_multi_card_option_same_color_two_cards():
    """docs/rules.md §4 'Multi-card play' (000: two cards of the same colour;
    house/multi-card.yaml with `mode: same_color`, `max_cards: 2`)."""
    option = house_option(
        "multi-card", {"turn": {"multi_play": {"mode": "same_color", "max_cards": 2}}}
    )
    hands = {0: ["red:3", "red:9", "red:skip", "blue:3"], 1: ["yellow:1"], 2: ["yellow:2"]}
    state = rigged(option, hands=hands, top="red:5")
    state, _ = play(state, 0, "red:3")
    assert offered_plays(state, 0) == {"red:9", "red:skip"}
    state, events = play(state, 0, "red:9")
    assert brief(events) == [("play", 0, "red:9", "red"), ("turn", 1)]
    assert hand(state, 0) == ["red:skip", "blue:3"]


def _combo_rules():
    """classic with an overlay setting multi-card's `color_combo` option."""
    path = overlay_file(
        "color-combo",
        {
            "house_rules": {"color-combo": "On red 3: more red cards and 3s of other colours."},
            "turn": {"multi_play": {"mode": "color_combo"}},
        },
    )
    return rules("classic", path)


def test_multi_card_option_color_combo_same_color_or_number():
    """docs/rules.md §4 'Multi-card play' (000's colour combo, `mode: color_combo`
    in an overlay): on a red 3, red cards and 3s of other colours go
    together -- judged against the red 3 the move started on, so after a
    blue 3 a red 8 may follow and a blue 8 may not."""
    hands = {0: ["blue:3", "red:8", "blue:8", "green:3", "wild:wild"], 1: ["yellow:1"]}
    state = rigged(_combo_rules(), hands=hands, top="red:3", players=3)
    state, _ = play(state, 0, "blue:3")
    assert pending(state) == ("more", 0)
    assert offered_plays(state, 0) == {"red:8", "green:3"}
    state, _ = play(state, 0, "red:8")
    state, events = play(state, 0, "green:3")
    assert brief(events) == [("play", 0, "green:3", "green"), ("turn", 1)]
    assert hand(state, 0) == ["blue:8", "wild:wild"]


def test_multi_card_color_combo_source_000_example():
    """docs/rules.md §4 'Multi-card play' (000): 'on red 3: another red card
    together with the 3s of other colours' -- red 8, blue 3 and green 3 in
    one move on a red 3, in some order."""
    hands = {0: ["red:8", "blue:3", "green:3", "yellow:9"], 1: ["yellow:1"], 2: ["yellow:2"]}
    start = rigged(_combo_rules(), hands=hands, top="red:3")
    wanted = {"red:8", "blue:3", "green:3"}

    def reach(state, played):
        if played == wanted:
            return True
        if played and pending(state) != ("more", 0):
            return False
        return any(
            reach(act(state, Play(0, card))[0], played | {state.cards.names[card]})
            for card in {a.card for a in legal_actions(state, 0) if type(a) is Play}
            if state.cards.names[card] in wanted
        )

    assert reach(start, frozenset())


def test_cumulative_two_draw_twos_make_four():
    """docs/rules.md §4 'Cumulative effects' (001; house/cumulative.yaml): two Draw
    Twos played together make the next player draw 4."""
    hands = {0: ["red:draw_two", "blue:draw_two", "red:1"], 1: ["yellow:1"], 2: ["yellow:2"]}
    four = ["green:1", "green:2", "green:3", "green:4"]
    state = rigged(house("cumulative"), hands=hands, top="red:5", draw=four)
    state, _ = play(state, 0, "red:draw_two")
    state, events = play(state, 0, "blue:draw_two")
    assert brief(events) == [
        ("play", 0, "blue:draw_two", "blue"),
        ("draw", 1, tuple(four), "penalty"),
        ("skip", 1),
        ("turn", 2),
    ]


def test_cumulative_two_skips_skip_two():
    """docs/rules.md §4 'Cumulative effects': 'likewise for other multiplied
    actions' -- two Skips skip two players."""
    hands = {
        0: ["red:skip", "green:skip", "red:1"],
        1: ["yellow:1"],
        2: ["yellow:2"],
        3: ["blue:3"],
    }
    state = rigged(house("cumulative"), hands=hands, top="red:5")
    state, _ = play(state, 0, "red:skip")
    state, events = play(state, 0, "green:skip")
    assert brief(events) == [
        ("play", 0, "green:skip", "green"),
        ("skip", 1),
        ("skip", 2),
        ("turn", 3),
    ]


# --- unlimited draw (000, 001) --------------------------------------------------------------


def test_draw_until_playable():
    """docs/rules.md §4 'Unlimited draw' (001; house/draw-until-playable.yaml): draw
    until a playable card comes; it may then be played."""
    hands = {0: ["blue:1", "blue:2"], 1: ["yellow:1"], 2: ["yellow:2"]}
    pile = ["green:1", "yellow:7", "red:9", "red:8"]
    state = rigged(house("draw-until-playable"), hands=hands, top="red:5", draw=pile)
    assert offered_kinds(state, 0) == {"Draw"}
    state, events = draw(state, 0)
    drawn = [c for e in events if e["t"] == "draw" for c in e["cards"]]
    assert drawn == ["green:1", "yellow:7", "red:9"]
    assert {e["why"] for e in events if e["t"] == "draw"} == {"turn"}
    assert offered_plays(state, 0) == {"red:9"}
    state, events = play(state, 0, "red:9")
    assert brief(events) == [("play", 0, "red:9", "red"), ("turn", 1)]


def test_draw_until_playable_runs_out_of_cards():
    """docs/rules.md §4 'Unlimited draw' with docs/rules.md §1 'A turn': when the draw
    pile runs out (and the discard pile under the top card is too small to
    reshuffle) before a playable card comes, the drawing stops with what was
    drawn and the turn passes."""
    hands = {0: ["blue:1", "blue:2"], 1: ["yellow:1"], 2: ["yellow:2"]}
    state = rigged(
        house("draw-until-playable"), hands=hands, top="red:5", draw=["green:1"], rest="out"
    )
    state, events = act(state, Draw(0), conserve=False)
    assert brief(events) == [("draw", 0, ("green:1",), "turn"), ("pass", 0), ("turn", 1)]
    assert hand(state, 0) == ["blue:1", "blue:2", "green:1"] and state.draw_pile == []


def test_draw_until_playable_option_cap():
    """docs/rules.md §4 'Unlimited draw': 'the draw can be capped' (`cap: 2`):
    after 2 unplayable cards the drawing stops and the turn passes."""
    option = house_option("draw-until-playable", {"turn": {"draw": {"cap": 2}}})
    hands = {0: ["blue:1", "blue:2"], 1: ["yellow:1"], 2: ["yellow:2"]}
    pile = ["green:1", "yellow:7", "red:9"]
    state = rigged(option, hands=hands, top="red:5", draw=pile)
    state, events = draw(state, 0)
    drawn = [c for e in events if e["t"] == "draw" for c in e["cards"]]
    assert drawn == ["green:1", "yellow:7"]
    assert brief(events)[-2:] == [("pass", 0), ("turn", 1)]


def test_draw_option_forced_count():
    """docs/rules.md §4 'Unlimited draw': 'or forced to a set count' (the file's
    `mode: one` with `count: 3`): every draw takes 3 cards; a playable one
    among them may be played."""
    option = house_option("draw-until-playable", {"turn": {"draw": {"mode": "one", "count": 3}}})
    hands = {0: ["blue:1", "blue:2"], 1: ["yellow:1"], 2: ["yellow:2"]}
    pile = ["green:1", "red:9", "yellow:7", "red:8"]
    state = rigged(option, hands=hands, top="red:5", draw=pile)
    state, events = draw(state, 0)
    assert brief(events) == [("draw", 0, ("green:1", "red:9", "yellow:7"), "turn")]
    assert offered_plays(state, 0) == {"red:9"}


def test_draw_option_unlimited_player_decides_after_each_card():
    """docs/rules.md §4 'Unlimited draw' (000: as many cards as they like; the
    file's `mode: unlimited`): after each card the player may draw again,
    play a drawn playable card, or stop."""
    option = house_option("draw-until-playable", {"turn": {"draw": {"mode": "unlimited"}}})
    hands = {0: ["blue:1", "blue:2"], 1: ["yellow:1"], 2: ["yellow:2"]}
    pile = ["green:1", "red:9", "red:8"]
    state = rigged(option, hands=hands, top="red:5", draw=pile)
    state, events = draw(state, 0)
    assert brief(events) == [("draw", 0, ("green:1",), "turn")]
    assert offered_kinds(state, 0) == {"Draw", "Pass"}
    state, events = draw(state, 0)
    assert brief(events) == [("draw", 0, ("red:9",), "turn")]
    assert offered_kinds(state, 0) == {"Draw", "Pass", "Play"}
    state, events = pass_(state, 0)
    assert brief(events) == [("pass", 0), ("turn", 1)]
    assert hand(state, 0) == ["blue:1", "blue:2", "green:1", "red:9"]


# --- no finishing on an action card (000, 001) ----------------------------------------------


@pytest.mark.parametrize("last", ["red:skip", "red:reverse", "red:draw_two", "wild:wild"])
def test_no_action_finish_last_action_or_wild_not_offered(last):
    """docs/rules.md §4 'No finishing on an action card' (000, 001;
    house/no-action-finish.yaml): a last action card or wild is not offered;
    the player draws instead."""
    hands = {0: [last], 1: ["yellow:1"], 2: ["yellow:2"]}
    state = rigged(house("no-action-finish"), hands=hands, top="red:5", draw=["blue:9"])
    assert offered_plays(state, 0) == set()
    assert Draw(0) in legal_actions(state, 0)
    state, events = draw(state, 0)
    assert brief(events) == [("draw", 0, ("blue:9",), "turn"), ("pass", 0), ("turn", 1)]


def test_no_action_finish_number_card_may_finish():
    """house/no-action-finish.yaml: 'play on until they can go out on a number card'."""
    hands = {0: ["red:skip", "red:3"], 1: ["yellow:1"], 2: ["yellow:2"]}
    state = rigged(house("no-action-finish"), hands=hands, top="red:5")
    assert offered_plays(state, 0) == {"red:skip", "red:3"}
    state.hands[0] = [state.cards.by_name["red:3"]]
    state.legal_cache = {}
    assert offered_plays(state, 0) == {"red:3"}


# --- team play (001) ------------------------------------------------------------------------


def test_teams_partners_opposite_both_score():
    """docs/rules.md §4 'Team play' (001; house/teams.yaml): partners sit opposite
    (seats 0 and 2, 1 and 3); the winner's partner scores the same, and the
    partner's own cards do not count."""
    hands = {0: ["red:1"], 1: ["blue:9"], 2: ["wild:wild"], 3: ["green:skip"]}
    state = rigged(house("teams"), hands=hands, top="red:5")
    state, events = play(state, 0, "red:1")
    end = events[-1]
    assert end["t"] == "round_end" and end["winner"] == 0
    assert end["points"] == {"0": 29, "1": 0, "2": 29, "3": 0}
    assert end["scores"] == [29, 0, 29, 0]


def test_teams_six_players_partner_is_three_seats_away():
    """house/teams.yaml: 'partners sit opposite, never side by side' -- with 6
    seats, 1 and 4 are partners."""
    hands = {
        0: ["blue:1"],
        1: ["red:1"],
        2: ["blue:2"],
        3: ["blue:3"],
        4: ["blue:4"],
        5: ["blue:5"],
    }
    state = rigged(house("teams"), hands=hands, top="red:5", to_act=1)
    state, events = play(state, 1, "red:1")
    points = events[-1]["points"]
    assert points["1"] == points["4"] == 1 + 2 + 3 + 5
    assert {s for s, p in points.items() if p} == {"1", "4"}


def test_teams_team_wins_together():
    """docs/rules.md §4 'Team play': the team wins or loses together (`game_end`
    names the winning seat and its `team`)."""
    hands = {0: ["blue:1"], 1: ["red:1"], 2: ["wild:wild"], 3: ["blue:3"]}
    state = rigged(house("teams"), hands=hands, top="red:5", to_act=1, scores=[100, 480, 100, 480])
    state, events = play(state, 1, "red:1")
    assert events[-1]["t"] == "game_end"
    assert events[-1]["winner"] in (1, 3)
    assert sorted(events[-1]["team"]) == [1, 3]
    assert events[-1]["scores"] == [100, 531, 100, 531]


@pytest.mark.parametrize("count", [2, 3, 5, 7])
def test_teams_odd_count_refused(count):
    """docs/rules.md §4 'Team play': an even number of players in teams of two."""
    with pytest.raises(ValueError):
        new_game(house("teams"), count, seed=0)


@pytest.mark.parametrize("count", [4, 6, 8, 10])
def test_teams_even_counts_play(count):
    """docs/rules.md §4 'Team play': 4, 6, 8, 10 seats."""
    state, _ = new_game(house("teams"), count, seed=0)
    assert state.players == count


# --- scoring alternatives (000, 001) --------------------------------------------------------


def test_loser_scores_each_scores_own_hand():
    """docs/rules.md §1 'End of a round and scoring' (001; house/loser-scores.yaml):
    the winner scores 0, everyone else scores their own hand."""
    hands = {0: ["red:1"], 1: ["blue:9", "blue:skip"], 2: ["wild:wild"]}
    state = rigged(house("loser-scores"), hands=hands, top="red:5")
    state, events = play(state, 0, "red:1")
    assert events[-1]["points"] == {"0": 0, "1": 29, "2": 50}
    assert pending(state) == ("next_round", 0)


def test_loser_scores_eliminated_at_target_rest_play_on():
    """docs/rules.md §1 (001): whoever reaches 500 is out and the rest play on (the
    file's default `at_target: eliminated`); the next round deals only to
    the seats still in."""
    hands = {0: ["red:1"], 1: ["blue:9", "blue:skip"], 2: ["blue:2"]}
    state = rigged(house("loser-scores"), hands=hands, top="red:5", scores=[10, 480, 40])
    state, events = play(state, 0, "red:1")
    assert brief(events)[-2:] == [("round_end", 0), ("eliminated", 1)]
    assert state.eliminated == [False, True, False]
    assert not state.over
    state, events = act(state, NextRound(0))
    dealt = {e["p"] for e in events if e["t"] == "deal"}
    assert dealt == {0, 2}
    assert state.hands[1] == []


def test_loser_scores_last_seat_standing_wins():
    """docs/rules.md §1 (001, eliminated): when only one seat is left it wins."""
    hands = {0: ["red:1"], 1: [], 2: ["blue:2", "blue:3"]}
    state = rigged(
        house("loser-scores"),
        hands=hands,
        top="red:5",
        scores=[10, 600, 495],
        eliminated=[False, True, False],
    )
    state, events = play(state, 0, "red:1")
    assert brief(events)[-3:] == [("round_end", 0), ("eliminated", 2), ("game_end", 0)]


def test_loser_scores_option_lowest_total_wins():
    """docs/rules.md §1 (001): '...or the lowest total wins' (`at_target:
    lowest_total_wins`): the match stops at 500 and the lowest total wins."""
    option = house_option("loser-scores", {"scoring": {"at_target": "lowest_total_wins"}})
    hands = {0: ["red:1"], 1: ["blue:9", "blue:skip"], 2: ["blue:2"]}
    state = rigged(option, hands=hands, top="red:5", scores=[300, 480, 40])
    state, events = play(state, 0, "red:1")
    assert brief(events)[-1] == ("game_end", 2)
    assert events[-1]["scores"] == [300, 509, 42]


def test_rounds_won_counts_rounds_first_to_five():
    """docs/rules.md §1 'End of a round and scoring' (000: most rounds won;
    house/rounds-won.yaml, first to 5): the winner scores 1, card points do
    not count."""
    hands = {0: ["red:1"], 1: ["blue:9", "wild:wild"], 2: ["blue:2"]}
    state = rigged(house("rounds-won"), hands=hands, top="red:5", scores=[3, 4, 0])
    state, events = play(state, 0, "red:1")
    assert events[-1]["points"] == {"0": 1, "1": 0, "2": 0}
    assert pending(state) == ("next_round", 0)
    state = rigged(house("rounds-won"), hands=hands, top="red:5", scores=[4, 4, 0])
    state, events = play(state, 0, "red:1")
    assert brief(events)[-1] == ("game_end", 0)
    assert events[-1]["scores"] == [5, 4, 0]


def test_rounds_won_target_in_the_log():
    """house/rounds-won.yaml: the match target is 5 (rounds), whatever the seat count."""
    for count in (2, 3, 4):
        _, events = new_game(house("rounds-won"), count, seed=0)
        assert events[0]["target"] == 5


# --- two-player Reverse (001), stricter Wild Draw Four (000), late catch (001) --------------


def test_reverse_no_skip_with_two_players():
    """docs/rules.md §1 'Action cards' (001: with 2 players Reverse has no effect;
    house/reverse-no-skip-2p.yaml): the opponent plays next."""
    hands = {0: ["red:reverse", "red:1"], 1: ["blue:1", "blue:2"]}
    state = rigged(house("reverse-no-skip-2p"), hands=hands, top="red:5")
    state, events = play(state, 0, "red:reverse")
    assert brief(events) == [("play", 0, "red:reverse", "red"), ("direction", -1), ("turn", 1)]


def test_reverse_no_skip_still_reverses_with_three():
    """house/reverse-no-skip-2p.yaml: with 3+ players Reverse is a Reverse."""
    hands = {0: ["red:reverse", "red:1"], 1: ["blue:1"], 2: ["blue:2"]}
    state = rigged(house("reverse-no-skip-2p"), hands=hands, top="red:5")
    state, events = play(state, 0, "red:reverse")
    assert brief(events) == [("play", 0, "red:reverse", "red"), ("direction", -1), ("turn", 2)]


def _wd4_challenged(rule_set) -> bool:
    """Seat 0 holds a blue 5 (matching the red 5 by number only) and plays a
    Wild Draw Four; seat 1 challenges. Returns the challenge's `guilty`."""
    hands = {0: ["wild:wild_draw_four", "blue:5", "green:1"], 1: ["yellow:1"], 2: ["yellow:2"]}
    state = rigged(rule_set, hands=hands, top="red:5")
    state, _ = play_offered(state, 0, "wild:wild_draw_four", "green")
    state, events = challenge(state, 1)
    (event,) = [e for e in events if e["t"] == "challenge"]
    return event["guilty"]


def test_wd4_no_playable_stricter_reading():
    """docs/rules.md §1 'A turn' (000: Wild Draw Four only with no card matching
    colour, number or symbol; house/wd4-no-playable.yaml): a number match
    makes it illegal, and a challenge catches it. Officially it was legal."""
    assert _wd4_challenged(house("wd4-no-playable")) is True
    assert _wd4_challenged(rules("classic")) is False


def test_wd4_no_playable_still_legal_without_any_match():
    """house/wd4-no-playable.yaml: without any matching card it is legal."""
    hands = {0: ["wild:wild_draw_four", "blue:6", "green:1"], 1: ["yellow:1"], 2: ["yellow:2"]}
    state = rigged(house("wd4-no-playable"), hands=hands, top="red:5")
    state, _ = play_offered(state, 0, "wild:wild_draw_four", "green")
    state, events = challenge(state, 1)
    assert [e["guilty"] for e in events if e["t"] == "challenge"] == [False]


CATCH3 = {
    0: ["red:1", "red:2"],
    1: ["red:3", "blue:1", "blue:3"],
    2: ["red:4", "blue:2", "blue:4"],
}


def test_late_catch_after_the_next_player_acted():
    """docs/rules.md §1 'Calling UNO' (001; house/late-catch.yaml): a missed UNO may
    be caught after the next player has started, until the forgetful
    player's own next turn."""
    hands = {
        0: ["red:1", "red:2"],
        1: ["red:3", "blue:1", "blue:3"],
        2: ["red:4", "blue:2", "blue:4"],
    }
    state = rigged(house("late-catch"), hands=hands, top="red:5", draw=["green:1", "green:2"])
    state, _ = play(state, 0, "red:1")
    state, _ = play(state, 1, "red:3")
    assert Catch(2, 0) in legal_actions(state, 2)
    state, events = act(state, Catch(2, 0))
    assert brief(events) == [("catch", 2, 0), ("draw", 0, ("green:1", "green:2"), "uno")]


def test_late_catch_window_closes_at_own_next_turn():
    """house/late-catch.yaml: safe once the forgetful player's next turn comes."""
    hands = {
        0: ["red:1", "red:2"],
        1: ["red:3", "blue:1", "blue:3"],
        2: ["red:4", "blue:2", "blue:4"],
    }
    state = rigged(house("late-catch"), hands=hands, top="red:5")
    state, _ = play(state, 0, "red:1")
    state, _ = play(state, 1, "red:3")
    state, _ = play(state, 2, "red:4")
    assert state.to_act == 0
    assert not any(type(a) is Catch for s in (1, 2) for a in legal_actions(state, s))


def test_classic_catch_window_closes_when_the_next_player_acts():
    """docs/rules.md §1 'Calling UNO' (official window, for contrast)."""
    hands = {
        0: ["red:1", "red:2"],
        1: ["red:3", "blue:1", "blue:3"],
        2: ["red:4", "blue:2", "blue:4"],
    }
    state = rigged(rules("classic"), hands=hands, top="red:5")
    state, _ = play(state, 0, "red:1")
    state, _ = play(state, 1, "red:3")
    assert Catch(2, 0) not in legal_actions(state, 2)


# --- Seven-O ---------------------------------------------------------------------------------


SEVEN = {
    0: ["red:7", "red:1", "blue:1"],
    1: ["blue:2", "blue:3"],
    2: ["green:2", "green:3", "green:4", "green:5"],
}


def test_seven_o_seven_swaps_with_a_chosen_player():
    """docs/rules.md §4 'Seven-O' (house/seven-o.yaml): a 7 swaps hands with a
    player the player chooses (`player` decision, `chose`, `swap`)."""
    state = rigged(house("seven-o"), hands=SEVEN, top="red:5")
    state, events = play(state, 0, "red:7")
    assert brief(events) == [("play", 0, "red:7", "red")]
    assert pending(state) == ("player", 0)
    assert {a.value for a in legal_actions(state, 0)} == {1, 2}
    state, events = choose(state, 0, 2)
    assert brief(events) == [("chose", 0, 2), ("swap", 0, 2), ("turn", 1)]
    assert hand(state, 0) == SEVEN[2]
    assert hand(state, 2) == ["red:1", "blue:1"]


def test_basic_bot_picks_a_player_with_its_own_uno_window_open():
    """docs/rules.md §4 'Seven-O' with §1 'UNO': a bot that plays a 7 down to one
    card without calling has both the `player` question and an UNO call
    offered; it calls UNO first, then picks (it used to stop on the call)."""
    hands = {0: ["red:7", "red:1"], 1: ["blue:2", "blue:3"], 2: ["green:2", "green:3"]}
    state = rigged(house("seven-o"), hands=hands, top="red:5")
    state, _ = play(state, 0, "red:7")
    bot = make_bot("basic", 1, state.rules)
    offered = legal_actions(state, 0)
    assert {type(a) for a in offered} == {Choose, CallUno}
    assert bot.choose(lambda: view(state, 0), offered) == CallUno(0)
    state, _ = act(state, CallUno(0))
    picked = bot.choose(lambda: view(state, 0), legal_actions(state, 0))
    assert type(picked) is Choose and picked.value in (1, 2)


def test_seven_o_zero_passes_hands_in_the_direction_of_play():
    """docs/rules.md §4 'Seven-O': a 0 passes every hand on along the direction of
    play (a `hands` event with every new hand)."""
    hands = {0: ["red:0", "red:1"], 1: ["blue:2"], 2: ["green:2", "green:3"], 3: ["yellow:4"]}
    state = rigged(house("seven-o"), hands=hands, top="red:5")
    state, events = play(state, 0, "red:0")
    assert brief(events) == [("play", 0, "red:0", "red"), ("hands",), ("turn", 1)]
    assert events[1]["hands"] == [["yellow:4"], ["red:1"], ["blue:2"], ["green:2", "green:3"]]
    assert [hand(state, s) for s in range(4)] == events[1]["hands"]


def test_seven_o_zero_counterclockwise():
    """docs/rules.md §4 'Seven-O': after a Reverse the hands pass the other way."""
    hands = {0: ["red:0", "red:1"], 1: ["blue:2"], 2: ["green:2", "green:3"], 3: ["yellow:4"]}
    state = rigged(house("seven-o"), hands=hands, top="red:5", direction=-1)
    state, events = play(state, 0, "red:0")
    assert events[1]["hands"] == [["blue:2"], ["green:2", "green:3"], ["yellow:4"], ["red:1"]]
    assert brief(events)[-1] == ("turn", 3)


def test_seven_o_seven_as_last_card_just_wins():
    """docs/rules.md §4 'Seven-O' with §1 'End of a round': a last 7 ends the round."""
    hands = {0: ["red:7"], 1: ["blue:2"], 2: ["green:2"]}
    state = rigged(house("seven-o"), hands=hands, top="red:5")
    state, events = play(state, 0, "red:7")
    assert brief(events) == [("play", 0, "red:7", "red"), ("round_end", 0)]


# --- Jump-In -----------------------------------------------------------------------------------


def test_jump_in_identical_card_out_of_turn_play_continues_from_jumper():
    """docs/rules.md §4 'Jump-In' (house/jump-in.yaml): a player holding a card
    identical to the top card (colour and face) may play it out of turn;
    play goes on from them (a `jump_in` event, then the `play`)."""
    hands = {
        0: ["red:7", "red:1"],
        1: ["blue:2", "blue:3"],
        2: ["green:2", "green:3"],
        3: ["red:7", "blue:7", "yellow:1"],
    }
    state = rigged(house("jump-in"), hands=hands, top="red:5")
    state, _ = play(state, 0, "red:7")
    assert state.to_act == 1
    assert offered_plays(state, 3) == {"red:7"}
    assert offered_plays(state, 2) == set()
    state, events = play(state, 3, "red:7")
    assert brief(events) == [("jump_in", 3), ("play", 3, "red:7", "red"), ("turn", 0)]
    assert events[0]["over"] == 1


def test_jump_in_not_on_classic():
    """docs/rules.md §4: Jump-In is a house rule -- classic offers nothing out of turn."""
    hands = {0: ["red:7", "red:1"], 1: ["blue:2", "blue:3"], 2: ["red:7", "yellow:1"]}
    state = rigged(rules("classic"), hands=hands, top="red:5")
    state, _ = play(state, 0, "red:7")
    assert offered_plays(state, 2) == set()


def test_jump_in_keeps_the_cards_own_restriction():
    """docs/rules.md §4 'Jump-In' with a card's own `play_only_if`: a jump-in
    is a play, so a card that may not be played now (here a Skip restricted
    to hands without the colour in force) is not offered out of turn either,
    as it would not be on its owner's turn."""
    restricted = {
        "cards": {
            "skip": {"play_only_if": {"holds_color_in_force": False}, "when_not_allowed": "refuse"}
        }
    }
    option = house_option("jump-in", restricted)
    for other, offered in (("red:1", set()), ("yellow:1", {"red:skip"})):
        hands = {
            0: ["red:skip", "green:1"],
            1: ["blue:2", "blue:3"],
            2: ["green:2", "yellow:2"],
            3: ["red:skip", other],
        }
        state = rigged(option, hands=hands, top="red:5")
        state, _ = play(state, 0, "red:skip")
        assert state.to_act == 2
        assert offered_plays(state, 3) == offered, other


JUMP_D2 = {
    0: ["red:draw_two", "red:1"],
    1: ["blue:2", "blue:3"],
    2: ["red:draw_two", "green:3"],
    3: ["yellow:1", "yellow:2"],
}


def _draw_two_jump(rule_set):
    """Seat 0 plays a red Draw Two; before seat 1 takes the cards, seat 2
    jumps in with the identical red Draw Two. Returns the state once the
    cards owed are aimed at seat 3."""
    state = rigged(rule_set, hands=JUMP_D2, top="red:5")
    state, events = play(state, 0, "red:draw_two")
    assert not [e for e in events if e["t"] == "draw"]
    assert pending(state) == ("penalty", 1)
    assert offered_plays(state, 2) == {"red:draw_two"}
    state, events = play(state, 2, "red:draw_two")
    assert brief(events)[:2] == [("jump_in", 2), ("play", 2, "red:draw_two", "red")]
    assert state.penalty is not None and state.penalty.target == 3
    return state


def test_jump_in_on_a_draw_two_cancels_the_first_draw_two():
    """docs/rules.md §4 'Jump-In': a jumped-in Draw Two
    cancels the one it covers -- only one of them acts (the published rule,
    house/jump-in.yaml's default `cancels_action: true`). The first victim
    draws nothing; the seat after the jumper draws 2, not 4."""
    state = _draw_two_jump(house("jump-in"))
    assert state.penalty.count == 2
    if pending(state) == ("penalty", 3):
        state, events = accept(state, 3)
    assert len(state.hands[3]) == 2 + 2
    assert len(state.hands[1]) == 2


def test_jump_in_option_adds_up_the_draws():
    """docs/rules.md §4 'Jump-In', the other reading ('adding them up'):
    `cancels_action: false` makes both Draw Twos act; the draw, now aimed on
    from the jumper, is 4, and the seat jumped over draws nothing."""
    option = house_option("jump-in", {"turn": {"jump_in": {"cancels_action": False}}})
    state = _draw_two_jump(option)
    assert state.penalty.count == 4
    if pending(state) == ("penalty", 3):
        state, events = accept(state, 3)
    assert len(state.hands[3]) == 2 + 4
    assert len(state.hands[1]) == 2


def test_jump_in_on_a_reverse_cancels_the_first_reverse():
    """docs/rules.md §4 'Jump-In': a jumped-in Reverse cancels the one it covers, so
    the direction is reversed once (by the jumper's card), not twice; play goes
    on from the jumper in that direction."""
    hands = {0: ["red:reverse", "red:1"], 1: ["blue:2"], 2: ["red:reverse", "red:9"], 3: ["blue:4"]}
    state = rigged(house("jump-in"), hands=hands, top="red:5")
    state, _ = play(state, 0, "red:reverse")
    assert state.direction == -1 and state.to_act == 3
    state, events = play(state, 2, "red:reverse")  # seat 2 jumps in over seat 3
    assert [e["direction"] for e in events if e["t"] == "direction"] == [1, -1]
    assert state.direction == -1
    assert state.to_act == 1  # on from the jumper, counterclockwise


def test_jump_in_seat_jumped_over_may_still_just_take_the_draw():
    """house/jump-in.yaml: when nobody jumps in, the Draw Two's target takes
    the 2 cards and loses the turn, as on classic."""
    state = rigged(house("jump-in"), hands=JUMP_D2, top="red:5", draw=["blue:8", "blue:9"])
    state, _ = play(state, 0, "red:draw_two")
    if pending(state) == ("penalty", 1):
        state, _ = accept(state, 1)
    assert len(state.hands[1]) == 4
    assert state.to_act == 2


def test_jump_in_with_stacking_and_cancel():
    """house/jump-in.yaml `cancels_action: true` with house/stacking: the seat
    owing the cards holds a Draw Two too; the jump-in still cancels it."""
    option = house_option(
        "jump-in",
        {"turn": {"jump_in": {"cancels_action": True}}},
        base=("classic", "house/stacking"),
    )
    hands = dict(JUMP_D2)
    hands[1] = ["blue:draw_two", "blue:3"]
    state = rigged(option, hands=hands, top="red:5")
    state, _ = play(state, 0, "red:draw_two")
    assert pending(state) == ("penalty", 1)
    state, events = play(state, 2, "red:draw_two")
    assert state.penalty.count == 2 and state.penalty.target == 3


# --- source 002's app rules -------------------------------------------------------------------


@pytest.mark.parametrize(("count", "target"), [(2, 100), (3, 200), (4, 200)])
def test_app_2_4_targets(count, target):
    """docs/rules.md §1 'End of a round and scoring' (002; house/app-2-4.yaml): 2-4
    players; 100 points with two players, 200 with three or four."""
    state, events = new_game(house("app-2-4"), count, seed=0)
    assert state.target == target
    assert events[0]["target"] == target


@pytest.mark.parametrize("count", [5, 6, 10])
def test_app_2_4_five_players_refused(count):
    """house/app-2-4.yaml: at most 4 players."""
    with pytest.raises(ValueError, match="2 to 4"):
        new_game(house("app-2-4"), count, seed=0)


def test_app_2_4_match_ends_at_100_with_two():
    """docs/rules.md §1 (002): first to 100 with two players wins."""
    hands = {0: ["red:1"], 1: ["blue:9", "wild:wild"]}
    state = rigged(house("app-2-4"), hands=hands, top="red:5", scores=[50, 0])
    state, events = play(state, 0, "red:1")
    assert brief(events)[-1] == ("game_end", 0)
    assert events[-1]["scores"] == [109, 0]


def test_house_rules_are_listed_in_the_merged_rules():
    """Every house file names itself under `house_rules`, and a mix lists all
    of them (what the menu and `python main.py rules` show)."""
    mixed = rules("classic", "house/stacking", "house/seven-o", "house/jump-in")
    assert set(mixed.model.house_rules) == {"stacking", "seven-o", "jump-in"}
    assert top(rigged(mixed, hands={0: ["red:1"], 1: ["red:2"]}, top="red:5")) == "red:5"
