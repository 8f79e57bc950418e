"""Hints: the expert's choice for a human seat, and one line of why.

The hint is the expert's choice with a reason in plain
words ("keeps your wild; Cy is on UNO"), and card names come from the rule
file's labels, so a modder's card is named as its file names it.
"""

from __future__ import annotations

import functools

from game.bots.hint import Advisor, hint
from game.engine import Play, legal_actions, view
from game.engine.seen import seen_events
from game.play.match import MatchSession, SeatConfig
from game.rules.loader import load_rules
from tests.support.bots import play
from tests.support.rules import rules
from tests.support.table import rigged


def ask(state, seat: int):
    return hint(state.rules, functools.partial(view, state, seat), legal_actions(state, seat))


def test_a_modded_card_is_named_by_its_label():
    state = rigged(
        rules("uno112"),
        hands={
            0: ["wild:wild_everyone_draws", "red:1", "red:2"],
            1: ["blue:7", "blue:8", "green:2", "green:3"],
        },
        top="yellow:5",
        players=2,
    )
    tip = ask(state, 0)
    assert isinstance(tip.action, Play)
    assert "Custom: Everyone Draws" in tip.why
    assert "red" in tip.why  # the colour it names, the one the hand holds


def test_a_threat_is_named():
    state = rigged(
        rules("classic"),
        hands={
            0: ["red:draw_two", "red:3", "wild:wild", "blue:4"],
            1: ["green:8"],
            2: ["yellow:1", "yellow:2", "yellow:3"],
        },
        top="red:5",
    )
    state.names = ["Ana", "Bo", "Cy"]
    state.uno_called[1] = True
    tip = ask(state, 0)
    assert tip.action in legal_actions(state, 0)
    assert "Bo" in tip.why, tip.why


def test_an_advisor_follows_a_whole_game_and_always_answers():
    rule_set = load_rules(["classic", "house/seven-o"])
    advisor = Advisor(rule_set, seat=0, seed=1)
    tips = []

    def before(state, seat, bot, actions, out_of_turn):
        if seat == 0 and not out_of_turn and len(actions) > 1:
            tip = advisor.hint(functools.partial(view, state, 0), actions)
            assert tip.action in actions
            assert tip.why and "\n" not in tip.why
            tips.append(tip.why)

    def after(state, action, events):
        advisor.observe(action, seen_events(events, 0))

    play(rule_set, ["basic", "basic", "basic"], seed=5, rounds=2, before=before, after=after)
    assert len(tips) > 5


def test_an_advisor_gives_hints_on_both_sides_of_a_flip_game():
    rule_set = load_rules(["flip"])
    advisor = Advisor(rule_set, seat=0, seed=1)
    sides = set()

    def before(state, seat, bot, actions, out_of_turn):
        if seat == 0 and not out_of_turn and len(actions) > 1:
            tip = advisor.hint(functools.partial(view, state, 0), actions)
            assert tip.action in actions
            assert tip.why and "\n" not in tip.why
            sides.add(state.side)

    def after(state, action, events):
        advisor.observe(action, seen_events(events, 0))

    play(rule_set, ["basic", "basic", "basic"], seed=5, rounds=3, before=before, after=after)
    assert sides == {0, 1}


def test_a_first_hint_in_a_flip_match_with_one_move_open_is_given():
    # The table's advisor is made at a person's first hint, mid-round; a
    # two-sided deck pairs its faces anew each match, so its memory starts
    # again from that look at the table, and the hint's words read it.
    session = MatchSession(["flip"], [SeatConfig(n) for n in ("Ana", "Bo", "Cy")], seed=5)
    pending = session.state.pending
    assert pending is not None
    actions = tuple(legal_actions(session.state, pending.seat))
    assert len(actions) == 1  # the search has nothing to weigh
    tip = session.advisor(pending.seat).hint(session.look(pending.seat), actions)
    assert tip.action == actions[0]
    assert tip.why
