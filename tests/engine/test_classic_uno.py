"""Calling UNO and catching a player who forgot.

Rules: docs/rules.md §1 'Calling UNO' (002, 004; the late window 001);
rules/classic.yaml `uno:`.
"""

from __future__ import annotations

import pytest

from game.engine import CallUno, Catch, Draw, IllegalAction
from tests.support.acting import act, offered, offered_kinds, play
from tests.support.events import brief, of
from tests.support.rules import rules_with
from tests.support.table import hand, rigged

HANDS = {
    0: ["red:2", "red:3"],
    1: ["red:7", "red:8", "blue:1"],
    2: ["red:9", "green:6", "blue:2"],
}
DRAW = ["yellow:1", "yellow:2", "yellow:3"]


def _forgot(rules=None):
    """Seat 0 plays its second-to-last card without calling UNO."""
    state = rigged(rules, hands=HANDS, top="red:5", draw=DRAW)
    state, events = play(state, 0, "red:2")
    assert of(events, "uno") == []
    assert len(hand(state, 0)) == 1
    return state


def test_call_uno_with_two_cards_before_playing():
    """docs/rules.md §1 'Calling UNO' (002): a player who plays their second-to-last
    card calls UNO — offered with two cards in hand, before playing; an `uno`
    event; nobody can catch them afterwards."""
    state = rigged(hands=HANDS, top="red:5", draw=DRAW)
    assert CallUno(0) in offered(state, 0)
    state, events = act(state, CallUno(0))
    assert brief(events) == [("uno", 0)]
    assert state.to_act == 0 and CallUno(0) not in offered(state, 0)
    state, events = play(state, 0, "red:2")
    assert brief(events) == [("play", 0, "red:2", "red"), ("turn", 1)]
    for seat in (1, 2):
        assert "Catch" not in offered_kinds(state, seat)


def test_call_uno_not_offered_with_three_cards():
    """docs/rules.md §1 'Calling UNO': UNO is called on the second-to-last card."""
    state = rigged(hands=HANDS, top="red:5", to_act=1)
    assert "CallUno" not in offered_kinds(state, 1)
    with pytest.raises(IllegalAction, match="UNO is called with two cards"):
        act(state, CallUno(1))


def test_forgot_uno_any_other_seat_may_catch():
    """docs/rules.md §1 'Calling UNO' (002, 004): if another player catches them
    before the next player begins, they draw 2 (`catch`, then `draw` why=uno).
    Any other seat may catch: here seat 2, who is not next."""
    state = _forgot()
    assert Catch(1, 0) in offered(state, 1)
    assert Catch(2, 0) in offered(state, 2)
    state, events = act(state, Catch(2, 0))
    assert brief(events) == [("catch", 2, 0), ("draw", 0, ("yellow:1", "yellow:2"), "uno")]
    assert sorted(hand(state, 0)) == ["red:3", "yellow:1", "yellow:2"]
    assert state.to_act == 1  # the catch is out of turn: seat 1 still plays
    for seat in (1, 2):
        assert "Catch" not in offered_kinds(state, seat)


def test_forgot_uno_next_player_may_catch():
    """docs/rules.md §1 'Calling UNO' (002, 004): the next player may catch before
    taking their turn."""
    state = _forgot()
    state, events = act(state, Catch(1, 0))
    assert brief(events) == [("catch", 1, 0), ("draw", 0, ("yellow:1", "yellow:2"), "uno")]
    assert state.to_act == 1


def test_no_catch_after_the_next_player_acts():
    """docs/rules.md §1 'Calling UNO' (official window, 002, 004; classic.yaml
    uno.catch_window: until_next_player_acts): once the next player acts,
    nobody can catch."""
    state = _forgot()
    state, _ = play(state, 1, "red:7")
    assert "Catch" not in offered_kinds(state, 2)
    with pytest.raises(IllegalAction, match="nobody to catch"):
        act(state, Catch(2, 0))


def test_no_catch_after_the_next_player_draws():
    """docs/rules.md §1 'Calling UNO' (official window): a draw is the next
    player's action too."""
    hands = {0: ["red:2", "red:3"], 1: ["blue:7", "blue:8"], 2: ["red:9", "green:6"]}
    state = rigged(hands=hands, top="red:5", draw=DRAW)
    state, _ = play(state, 0, "red:2")
    state, _ = act(state, Draw(1))
    assert "Catch" not in offered_kinds(state, 2)


def test_forgetful_seat_cannot_catch_itself():
    """docs/rules.md §1 'Calling UNO': it is *another* player who catches."""
    state = _forgot()
    assert not any(type(a) is Catch for a in offered(state, 0))


def test_option_late_catch_window_after_next_player():
    """docs/rules.md §1 'Calling UNO', source 001 (uno.catch_window:
    until_own_next_turn): the catch is still possible after the next player
    started, before the forgetful player's next turn."""
    rules = rules_with({"uno": {"catch_window": "until_own_next_turn"}})
    state = _forgot(rules)
    state, _ = play(state, 1, "red:7")
    assert Catch(2, 0) in offered(state, 2)
    assert Catch(1, 0) in offered(state, 1)
    state, events = act(state, Catch(2, 0))
    assert brief(events) == [("catch", 2, 0), ("draw", 0, ("yellow:1", "yellow:2"), "uno")]


def test_option_late_catch_window_closes_at_own_next_turn():
    """docs/rules.md §1 'Calling UNO', source 001: the late window closes when the
    forgetful player's next turn starts."""
    rules = rules_with({"uno": {"catch_window": "until_own_next_turn"}})
    state = _forgot(rules)
    state, _ = play(state, 1, "red:7")
    state, events = play(state, 2, "red:9")
    assert brief(events)[-1] == ("turn", 0)
    for seat in (1, 2):
        assert "Catch" not in offered_kinds(state, seat)


def test_call_uno_after_drawing_a_playable_card():
    """docs/rules.md §1 'Calling UNO' (002) with 'A turn' (the drawn card may be
    played at once): a seat that drew up to two cards and will play the drawn
    one is playing its second-to-last card, so it may call UNO first."""
    state = rigged(hands={0: ["blue:3"], 1: ["yellow:1", "yellow:2"]}, draw=["red:9"], top="red:5")
    state, _ = act(state, Draw(0))
    assert CallUno(0) in offered(state, 0)
    state, events = act(state, CallUno(0))
    assert brief(events) == [("uno", 0)]
    state, _ = play(state, 0, "red:9")
    assert "Catch" not in offered_kinds(state, 1)
