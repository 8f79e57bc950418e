"""Every decision kind a building block opens gets a sensible answer.

The bots' promise: "bots answer every decision kind any shipped building block
opens, with sensible choices (not 'the first option')". Each scenario is a
rigged table (tests/support/table.py) where one answer is plainly right and the
legal actions list it after a worse one; every level but `random` must find
it (the beginner where its habits allow).
"""

from __future__ import annotations

import functools

import pytest

from game.bots import make_bot
from game.bots.expert import ExpertBot
from game.engine import Accept, CallUno, Catch, Challenge, Choose, Pass, Play, legal_actions, view
from game.engine.state import Decision
from tests.support.acting import act, play_offered
from tests.support.rules import rules
from tests.support.table import card_in_hand, hand, rigged, turn_up

THINKING = ["basic", "strong", "expert"]
ALL = ["beginner", *THINKING]


def bot_for(level: str, rule_set, seat: int, seed: int = 3):
    bot = make_bot(level, seed, rule_set)
    if isinstance(bot, ExpertBot):
        bot.steps = 400
    bot.sit(rule_set, seat)
    return bot


def decide(level: str, state, seat: int, seed: int = 3):
    bot = bot_for(level, state.rules, seat, seed)
    return bot.choose(functools.partial(view, state, seat), legal_actions(state, seat))


@pytest.mark.parametrize("level", ALL)
def test_names_the_color_it_holds_most(level):
    """A Wild turned up first: the first player names the colour."""
    state, _ = turn_up(
        rules("classic"),
        "wild:wild",
        hands={0: ["red:1", "red:2"], 1: ["red:3", "blue:4", "blue:5", "blue:6", "green:7"]},
        players=2,
    )
    assert state.pending.kind == "color" and state.pending.seat == 1
    assert decide(level, state, 1) == Choose(1, "blue")


@pytest.mark.parametrize("level", ALL)
def test_swaps_with_the_smallest_hand(level):
    """Seven-O: a 7 swaps hands with a player of one's choice."""
    state = rigged(
        rules("classic", "house/seven-o"),
        hands={
            0: ["red:7", "blue:1", "blue:2", "green:3", "green:4", "yellow:5"],
            1: ["red:1", "red:2", "red:3", "red:4", "red:5"],
            2: ["green:1", "yellow:8"],
            3: ["blue:9", "blue:8", "blue:7", "green:9"],
        },
        top="red:5",
    )
    state, _ = play_offered(state, 0, "red:7")
    assert state.pending.kind == "player"
    assert decide(level, state, 0) == Choose(0, 2)


@pytest.mark.parametrize("level", ALL)
def test_keeps_a_wild_in_the_draft(level):
    state = _draft_looking_at("wild:wild")
    assert decide(level, state, 0) == Choose(0, "keep")


@pytest.mark.parametrize("level", THINKING)
def test_lets_a_high_card_of_a_color_it_lacks_go_in_the_draft(level):
    state = _draft_looking_at("green:9")
    assert decide(level, state, 0) == Choose(0, "discard")


def _draft_looking_at(card: str):
    """UNO Duo's draft, seat 0 looking at `card` with a red hand so far."""
    state = rigged(
        rules("duo"),
        hands={0: ["red:1", "red:2", "red:3"], 1: ["blue:1", "blue:2", "blue:3"]},
        draw=[card],
        top="red:5",
    )
    state.draft_card = state.draw_pile.pop()
    state.draw_pile.insert(0, state.discard.pop())
    state.pending = Decision("draft", 0, ("keep", "discard"))
    state.legal_cache = {}
    return state


@pytest.mark.parametrize("level", ALL)
def test_dumps_the_whole_color(level):
    """UNO Duo's Reverse: play every other card of the colour too, or none."""
    state = rigged(
        rules("duo"),
        hands={0: ["red:reverse", "red:3", "red:8", "blue:2"], 1: ["blue:1", "green:4"]},
        top="red:5",
    )
    state, _ = play_offered(state, 0, "red:reverse")
    assert state.pending.kind == "dump"
    assert decide(level, state, 0) == Choose(0, "all")


@pytest.mark.parametrize("level", THINKING)
def test_lays_the_harshest_card_of_a_dump_last(level):
    state = rigged(
        rules("duo"),
        hands={
            0: ["red:reverse", "red:draw_two", "red:3", "red:8", "blue:2"],
            1: ["blue:1", "green:4", "green:5"],
        },
        top="red:5",
    )
    state, _ = play_offered(state, 0, "red:reverse")
    state, _ = _act(state, Choose(0, "all"))
    assert state.pending.kind == "dump_next"
    choice = decide(level, state, 0)
    assert state.cards.names[choice.value] != "red:draw_two"


@pytest.mark.parametrize("level", ALL)
def test_stacks_rather_than_draws(level):
    state = rigged(
        rules("classic", "house/stacking"),
        hands={
            0: ["red:draw_two", "blue:1", "blue:2"],
            1: ["green:draw_two", "green:4", "yellow:4"],
        },
        top="red:5",
    )
    state, _ = play_offered(state, 0, "red:draw_two")
    assert state.pending.kind == "penalty" and state.pending.seat == 1
    choice = decide(level, state, 1)
    assert isinstance(choice, Play) and state.cards.names[choice.card] == "green:draw_two"


def _wild_draw_four_on(red_held: bool):
    """Seat 1 plays a Wild Draw Four on red against seat 0. Every card but the
    draw pile and seat 1's hand is face up in the discard pile, so seat 0 can
    count: the unseen cards are all red, or none is."""
    reds = [f"red:{n}" for n in (1, 2, 3, 4, 6, 7, 8, 9)]
    blues = [f"blue:{n}" for n in (1, 2, 3, 4, 6, 7, 8, 9)]
    unseen = reds if red_held else blues
    state = rigged(
        rules("classic"),
        hands={0: ["green:1", "green:2", "green:3"], 1: ["wild:wild_draw_four", *unseen[:6]]},
        draw=unseen[6:],
        top="red:5",
        to_act=1,
        players=2,
        rest="discard",
    )
    state, _ = play_offered(state, 1, "wild:wild_draw_four", "blue")
    assert state.pending.kind == "penalty" and state.pending.seat == 0
    return state


@pytest.mark.parametrize("level", ["basic", "strong", "expert"])
def test_challenges_when_the_odds_favour_it(level):
    assert decide(level, _wild_draw_four_on(red_held=True), 0) == Challenge(0)


@pytest.mark.parametrize("level", ["basic", "strong", "expert"])
def test_accepts_when_a_challenge_would_fail(level):
    assert decide(level, _wild_draw_four_on(red_held=False), 0) == Accept(0)


@pytest.mark.parametrize("level", ALL)
def test_plays_more_cards_of_a_multi_card_play(level):
    state = rigged(
        rules("classic", "house/multi-card"),
        hands={0: ["red:7", "blue:7", "green:1", "green:2"], 1: ["yellow:1", "yellow:2"]},
        top="red:5",
    )
    state, _ = play_offered(state, 0, "red:7")
    assert state.pending.kind == "more"
    choice = decide(level, state, 0)
    assert isinstance(choice, Play) and state.cards.names[choice.card] == "blue:7"


@pytest.mark.parametrize("level", ["basic", "strong", "expert"])
def test_jumps_in_with_an_identical_card(level):
    state = rigged(
        rules("classic", "house/jump-in"),
        hands={0: ["red:5", "blue:1", "blue:2"], 1: ["green:3", "green:4"]},
        top="red:5",
        to_act=1,
        players=2,
    )
    offered = legal_actions(state, 0)
    assert any(isinstance(a, Play) for a in offered)
    bot = bot_for(level, state.rules, 0)
    choice = bot.interject(functools.partial(view, state, 0), offered)
    assert isinstance(choice, Play) and state.cards.names[choice.card] == "red:5"


@pytest.mark.parametrize("level", THINKING)
def test_calls_uno_and_catches(level):
    state = rigged(
        rules("classic"),
        hands={0: ["red:1", "red:2"], 1: ["blue:3", "blue:4", "blue:5"]},
        top="red:5",
        players=2,
    )
    assert decide(level, state, 0) == CallUno(0)
    # Seat 0 plays down to one card without calling: seat 1 catches it.
    state, _ = play_offered(state, 0, "red:1")
    offered = legal_actions(state, 1)
    bot = bot_for(level, state.rules, 1)
    assert bot.interject(functools.partial(view, state, 1), offered) == Catch(1, 0)


def test_strong_never_catches_its_partner():
    state = rigged(
        rules("classic", "house/teams"),
        hands={
            0: ["red:1", "red:2"],
            1: ["blue:3", "blue:4", "blue:5"],
            2: ["green:3", "green:4", "green:5"],
            3: ["yellow:3", "yellow:4", "yellow:5"],
        },
        top="red:5",
    )
    state, _ = play_offered(state, 0, "red:1")
    partner = bot_for("strong", state.rules, 2)
    assert partner.interject(functools.partial(view, state, 2), legal_actions(state, 2)) is None
    rival = bot_for("strong", state.rules, 1)
    offered = legal_actions(state, 1)
    assert rival.interject(functools.partial(view, state, 1), offered) == Catch(1, 0)


@pytest.mark.parametrize("level", THINKING)
def test_goes_out_when_it_can(level):
    state = rigged(
        rules("uno112"),
        hands={0: ["wild:wild_encore"], 1: ["blue:3", "blue:4"]},
        top="red:5",
        players=2,
    )
    state.uno_called[0] = True
    choice = decide(level, state, 0)
    assert isinstance(choice, Play) and choice.card == card_in_hand(state, 0, "wild:wild_encore")


@pytest.mark.parametrize("level", ["strong"])
def test_keeps_a_drawn_wild_while_nobody_threatens(level):
    state = rigged(
        rules("classic"),
        hands={
            0: ["blue:1", "blue:2", "green:3", "green:4", "yellow:6"],
            1: ["blue:4", "blue:5", "green:7", "yellow:8", "yellow:9", "red:1", "red:2"],
        },
        draw=["wild:wild"],
        top="red:5",
        players=2,
    )
    state, _ = _act(state, legal_actions(state, 0)[-1])  # the draw: nothing fits
    assert state.pending.kind == "drawn" and hand(state, 0)[-1] == "wild:wild"
    assert decide(level, state, 0) == Pass(0)


def _act(state, action):
    return act(state, action)
