"""Engine defects an outside audit found, one rigged scenario each.

Each test names the rule it checks in words (docs/rules.md, and the rule file
that carries the reading) and failed before its fix.
"""

from __future__ import annotations

import pytest

from game.engine import new_game
from tests.support.acting import (
    accept,
    act,
    challenge,
    choose,
    offered_play,
    offered_plays,
    play,
    play_offered,
)
from tests.support.events import brief
from tests.support.rules import rules
from tests.support.table import card_in_hand, color, hand, pending, rigged, turn_up

# --- Jump-In on a Wild Draw Four -----------------------------------------------------------


JUMP_WD4 = {
    0: ["wild:wild_draw_four", "blue:1"],
    1: ["yellow:2", "yellow:3"],
    2: ["wild:wild_draw_four", "blue:2", "yellow:4"],
    3: ["yellow:5", "yellow:6"],
}


def _wild_draw_four_jumped_in():
    """Seat 0 plays a Wild Draw Four naming green; before seat 1 takes the
    cards, seat 2 (no green card) jumps in with its own, naming red."""
    four = ["green:1", "green:2", "green:3", "green:4"]
    state = rigged(rules("classic", "house/jump-in"), hands=JUMP_WD4, top="red:5", draw=four)
    state, _ = play_offered(state, 0, "wild:wild_draw_four", "green")
    assert pending(state) == ("penalty", 1)
    assert offered_plays(state, 2) == {"wild:wild_draw_four"}
    state, events = act(state, offered_play(state, 2, "wild:wild_draw_four", "red"))
    assert brief(events)[:2] == [("jump_in", 2), ("play", 2, "wild:wild_draw_four", "red")]
    return state


def test_a_wild_draw_four_may_be_jumped_in_on_and_cancels_the_first():
    """docs/rules.md, house rules, Jump-In (house/jump-in.yaml): a player holding an
    identical card may play it out of turn, and a jumped-in Wild Draw Four
    cancels the first one -- only one of them acts. A Wild Draw Four has no
    colour of its own, yet another Wild Draw Four is identical to it. The
    seat jumped over draws nothing; the seat after the jumper owes 4, in the
    colour the jumper named."""
    state = _wild_draw_four_jumped_in()
    assert color(state) == "red"
    assert state.penalty is not None
    assert (state.penalty.target, state.penalty.count) == (3, 4)
    if pending(state) == ("penalty", 3):
        state, _ = accept(state, 3)
    assert len(state.hands[3]) == 2 + 4
    assert hand(state, 1) == ["yellow:2", "yellow:3"]
    assert state.to_act == 0


def test_a_jumped_in_wild_draw_four_is_challenged_like_any_other():
    """docs/rules.md, Classic UNO, Penalties: the player told to draw 4 may
    challenge the Wild Draw Four it was given -- here the jumper's, which was
    legal (seat 2 held no green card when green was in force), so the
    challenger draws 6."""
    state = _wild_draw_four_jumped_in()
    state, events = challenge(state, 3)
    assert ("challenge", 3, 2, False) in brief(events)
    assert len(state.hands[3]) == 2 + 6


# --- Cumulative Skips and Reverses never skip their own player ----------------------------


@pytest.mark.parametrize("action", ["skip", "reverse"])
def test_two_skips_played_together_by_two_players_skip_the_opponent(action):
    """docs/rules.md, Classic UNO, Action cards: a Skip makes the next player lose
    their turn, and with two players a Reverse acts as a Skip; House rules,
    Cumulative effects (house/cumulative.yaml): multiplied actions all act.
    Two of them played together at two players take the opponent's turn --
    there is nobody else to skip -- so their player plays again; they never
    skip the player who played them, handing the opponent its turn back."""
    hands = {0: [f"red:{action}", f"green:{action}", "red:1"], 1: ["yellow:1", "yellow:2"]}
    state = rigged(rules("classic", "house/cumulative"), hands=hands, top="red:5")
    state, _ = play(state, 0, f"red:{action}")
    state, events = play(state, 0, f"green:{action}")
    assert [e for e in brief(events) if e[0] != "direction"] == [
        ("play", 0, f"green:{action}", "green"),
        ("skip", 1),
        ("turn", 0),
    ]
    assert state.direction == 1


def test_more_skips_than_other_players_skip_each_other_player_once():
    """docs/rules.md, House rules, Cumulative effects: two Skips skip two players;
    three Skips at three players skip both others, and the turn comes back
    to their player, who plays again (as one Skip does at two players)."""
    hands = {
        0: ["red:skip", "green:skip", "blue:skip", "red:1"],
        1: ["yellow:1", "yellow:2"],
        2: ["yellow:3", "yellow:4"],
    }
    state = rigged(rules("classic", "house/cumulative"), hands=hands, top="red:5")
    state, _ = play(state, 0, "red:skip")
    state, _ = play(state, 0, "green:skip")
    state, events = play(state, 0, "blue:skip")
    assert brief(events) == [
        ("play", 0, "blue:skip", "blue"),
        ("skip", 1),
        ("skip", 2),
        ("turn", 0),
    ]


# --- Shuffle Hands as the last card, when the hands are too few to go round ----------------


def test_shuffle_hands_as_the_last_card_deals_its_player_from_the_draw_pile():
    """docs/rules.md, The 112-card edition, Shuffle Hands: played as the last card
    it does not win -- the hands are gathered and dealt out again, so the
    player receives cards and play goes on (uno112.yaml `as_last_card:
    redistribute`). Two cards in the other hands cannot go round three seats:
    the deal, which starts left of the player, reaches the player from the
    draw pile."""
    hands = {0: ["wild:wild_shuffle_hands"], 1: ["blue:1"], 2: ["green:1"]}
    state = rigged(rules("uno112"), hands=hands, top="red:5", draw=["yellow:7"])
    state.uno_called[0] = True
    state, events = play_offered(state, 0, "wild:wild_shuffle_hands")
    assert "round_end" not in [e["t"] for e in events]
    assert sorted(hand(state, 1) + hand(state, 2)) == ["blue:1", "green:1"]
    assert hand(state, 0) == ["yellow:7"]
    assert ("draw", 0, ("yellow:7",), "effect") in brief(events)
    assert pending(state) == ("color", 0)
    state, events = choose(state, 0, "green")
    assert brief(events) == [("color", 0, "green"), ("turn", 1)]


# --- UNO Duo: a Reverse turned up first is the first player's turn -------------------------


def test_duo_reverse_turned_up_first_opens_the_first_players_turn():
    """docs/rules.md, UNO Duo, Starting the round: a Reverse turned up first lets
    the first player play all their cards of that colour (duo.yaml
    `dump_color: {who: next}`). That is the first player's decision, and the
    replay format (docs/replay-format.md, Turns) marks every decision of a
    seat whose turn begins with a `turn` event: it comes before the dump."""
    hands = {0: ["green:1", "green:2"], 1: ["red:1", "blue:2", "red:7"]}
    state, events = turn_up(rules("duo"), "red:reverse", hands=hands, dealer=0)
    assert brief(events) == [("start", "red:reverse", "red", 1, 1), ("turn", 1)]
    assert pending(state) == ("dump", 1)
    state, events = choose(state, 1, "all")
    state, events = choose(state, 1, card_in_hand(state, 1, "red:7"))
    assert brief(events) == [("play", 1, "red:7", "red"), ("play", 1, "red:1", "red"), ("turn", 0)]


def test_a_target_chosen_for_a_match_that_could_not_end_in_time_is_refused():
    """Every match ends within 1,000 rounds (game/engine/match_length.py): a rule
    file is checked when it loads, and a target chosen on the New game screen
    when the match is made. Rounds won, ten players to 1000 could take 9,991."""
    rounds_won = rules("classic", "house/rounds-won")
    with pytest.raises(ValueError, match="9,991 rounds"):
        new_game(rounds_won, 10, 1, target=1000)
    new_game(rounds_won, 10, 1, target=100)  # 991 rounds at most
    new_game(rules("classic"), 10, 1, target=1000)  # points: the scores decide
