"""The first card turned up: the first-card table.

Rules: docs/rules.md §1 'Setup', "First card turned up (000)";
rules/classic.yaml `first_card:` of each card kind. Every test deals round 1
from a rigged pile (tests/support/table.py `start_round`), dealer seat 0 of 4,
so the first player is seat 1.
"""

from __future__ import annotations

from game.engine import Choose, Play
from tests.support.acting import act, offered, offered_kinds, play
from tests.support.events import brief, kinds, of
from tests.support.table import color, conserved, draw_pile, hand, start_round, top


def _after_start(events):
    """The events after the `start` event."""
    return events[kinds(events).index("start") + 1 :]


def test_number_first_card_first_player_plays():
    """docs/rules.md §1 'Setup': the top card of the pile starts the discard pile;
    the player left of the dealer starts."""
    state, events = start_round(turned=["yellow:6"])
    assert of(events, "start") == [
        {"t": "start", "card": "yellow:6", "color": "yellow", "first": 1, "direction": 1}
    ]
    assert brief(_after_start(events)) == [("turn", 1)]
    assert top(state) == "yellow:6" and color(state) == "yellow"
    assert state.to_act == 1


def test_first_card_draw_two_first_player_draws_two_and_is_skipped():
    """docs/rules.md §1 'Setup', first card (000): Draw Two — the first player
    draws 2 and is skipped (classic.yaml draw_two.first_card: penalty 2)."""
    state, events = start_round(turned=["blue:draw_two", "green:1", "green:2"])
    assert of(events, "start")[0] == {
        "t": "start",
        "card": "blue:draw_two",
        "color": "blue",
        "first": 1,
        "direction": 1,
    }
    assert brief(_after_start(events)) == [
        ("draw", 1, ("green:1", "green:2"), "penalty"),
        ("skip", 1),
        ("turn", 2),
    ]
    assert len(hand(state, 1)) == 9
    assert state.to_act == 2 and color(state) == "blue"


def test_first_card_reverse_dealer_plays_first_and_play_goes_right():
    """docs/rules.md §1 'Setup', first card (000): Reverse — the dealer plays first
    and play goes right (classic.yaml reverse.first_card: reverse, play_again)."""
    state, events = start_round(turned=["blue:reverse"], hands={0: ["blue:3"]})
    assert of(events, "start")[0]["first"] == 1
    assert of(events, "start")[0]["direction"] == 1  # before the card's effect
    assert brief(_after_start(events)) == [("direction", -1), ("turn", 0)]
    assert state.direction == -1 and state.to_act == 0
    # play goes right: after the dealer (seat 0) comes seat 3
    state, events = play(state, 0, "blue:3")
    assert brief(events)[-1] == ("turn", 3)


def test_first_card_skip_first_player_skipped():
    """docs/rules.md §1 'Setup', first card (000): Skip — the first player is
    skipped (classic.yaml skip.first_card: skip)."""
    state, events = start_round(turned=["green:skip"])
    assert brief(_after_start(events)) == [("skip", 1), ("turn", 2)]
    assert len(hand(state, 1)) == 7
    assert state.to_act == 2 and state.direction == 1


def test_first_card_wild_first_player_names_the_color():
    """docs/rules.md §1 'Setup', first card (000): Wild — the first player chooses
    the colour (classic.yaml wild.first_card: choose_color {who: next}); the
    replay log's `color` event records it."""
    state, events = start_round(turned=["wild:wild"], hands={1: ["yellow:2"]})
    assert of(events, "start")[0] == {
        "t": "start",
        "card": "wild:wild",
        "color": None,
        "first": 1,
        "direction": 1,
    }
    assert state.pending.kind == "color" and state.pending.seat == 1
    assert set(offered(state, 1)) == {Choose(1, c) for c in ("red", "yellow", "green", "blue")}
    assert offered(state, 0) == () and offered(state, 2) == ()
    state, events = act(state, Choose(1, "yellow"))
    assert brief(events) == [("color", 1, "yellow"), ("turn", 1)]
    assert color(state) == "yellow" and state.to_act == 1
    # the first player then plays on the named colour
    assert "Play" in offered_kinds(state, 1)
    state, events = play(state, 1, "yellow:2")
    assert brief(events)[0] == ("play", 1, "yellow:2", "yellow")


def test_first_card_wild_draw_four_put_back_and_another_turned():
    """docs/rules.md §1 'Setup', first card (000): Wild Draw Four — put back into
    the deck, reshuffle, turn up a new card (classic.yaml first_card: return).
    The `start` event shows the card that stays (replay-format.md)."""
    state, events = start_round(turned=["wild:wild_draw_four"], later=[["red:4"]])
    starts = of(events, "start")
    assert starts == [{"t": "start", "card": "red:4", "color": "red", "first": 1, "direction": 1}]
    assert "wild:wild_draw_four" not in [e.get("card") for e in events]
    assert brief(_after_start(events)) == [("turn", 1)]
    assert state.discard == [state.top] and top(state) == "red:4"
    # the Wild Draw Four went back into the draw pile, no hand got it
    assert (
        draw_pile(state).count("wild:wild_draw_four")
        + sum(hand(state, s).count("wild:wild_draw_four") for s in range(4))
        == 4
    )
    assert conserved(state)
    assert len(hand(state, 1)) == 7


def test_first_card_put_back_twice():
    """docs/rules.md §1 'Setup', first card (000): a second Wild Draw Four turned
    up after the first is put back too."""
    state, events = start_round(
        turned=["wild:wild_draw_four"], later=[["wild:wild_draw_four"], ["green:7"]]
    )
    assert [e["card"] for e in of(events, "start")] == ["green:7"]
    assert state.to_act == 1 and conserved(state)


def test_first_player_may_not_play_before_naming_color():
    """docs/rules.md §1 'Setup', first card Wild (000): the colour is named first."""
    state, _ = start_round(turned=["wild:wild"], hands={1: ["yellow:2"]})
    assert not any(type(a) is Play for a in offered(state, 1))
