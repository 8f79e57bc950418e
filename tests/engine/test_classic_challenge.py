"""The Wild Draw Four challenge.

Rules: docs/rules.md §1 'Penalties (001)' — "Wild Draw Four
challenge"; rules/classic.yaml `challenge:` and `cards.wild_draw_four`.
"""

from __future__ import annotations

from game.engine import Challenge, view
from tests.support.acting import act, offered_plays, play
from tests.support.events import brief, of
from tests.support.table import color, hand, rigged

DRAW = [f"yellow:{n}" for n in range(1, 8)]


def test_challenge_guilty_offender_draws_four_challenger_plays():
    """docs/rules.md §1 'Penalties' (001): the challenged player shows their hand to
    the challenger; they held a card of the current colour, so they draw the 4
    instead (`draw` why=challenge) and the challenger is not skipped."""
    hands = {
        0: ["wild:wild_draw_four", "red:2", "blue:4"],
        1: ["green:1", "green:2"],
        2: ["blue:8"],
    }
    state = rigged(hands=hands, top="red:5", draw=DRAW)
    state, _ = play(state, 0, "wild:wild_draw_four", "green")
    state, events = act(state, Challenge(1))
    assert brief(events) == [
        ("challenge", 1, 0, True),
        ("reveal",),
        ("draw", 0, ("yellow:1", "yellow:2", "yellow:3", "yellow:4"), "challenge"),
    ]
    reveal = of(events, "reveal")[0]
    assert reveal["p"] == 0 and reveal["to"] == 1
    assert sorted(reveal["cards"]) == ["blue:4", "red:2"]
    assert len(hand(state, 0)) == 6 and len(hand(state, 1)) == 2
    # the challenger plays on (no skip), on the colour the Wild Draw Four named
    assert state.pending.kind == "play" and state.to_act == 1
    assert color(state) == "green"
    assert offered_plays(state, 1) == {"green:1", "green:2"}
    state, events = play(state, 1, "green:1")
    assert brief(events)[-1] == ("turn", 2)


def test_challenge_innocent_challenger_draws_six_and_loses_turn():
    """docs/rules.md §1 'Penalties' (001): if the play was legal the challenger
    draws 6 (classic.yaml extra_if_innocent: 2) and loses the turn."""
    hands = {
        0: ["wild:wild_draw_four", "blue:2", "green:4"],
        1: ["green:1", "green:2"],
        2: ["blue:8"],
    }
    state = rigged(hands=hands, top="red:5", draw=DRAW)
    state, _ = play(state, 0, "wild:wild_draw_four", "blue")
    state, events = act(state, Challenge(1))
    assert brief(events) == [
        ("challenge", 1, 0, False),
        ("reveal",),
        ("draw", 1, tuple(DRAW[:6]), "challenge"),
        ("skip", 1),
        ("turn", 2),
    ]
    assert len(hand(state, 0)) == 2 and len(hand(state, 1)) == 8
    assert state.to_act == 2 and color(state) == "blue"


def test_challenge_guilt_is_the_color_before_the_wild_draw_four():
    """docs/rules.md §1 'Penalties' (001): "held a card of the current colour" —
    the colour in force when it was played (here green, named by a Wild), not
    the colour the Wild Draw Four names, and not the top card's own colour."""
    hands = {0: ["wild:wild_draw_four", "red:2"], 1: ["green:1", "green:2"], 2: ["blue:8"]}
    state = rigged(hands=hands, top="wild:wild", color="green", draw=DRAW)
    state, _ = play(state, 0, "wild:wild_draw_four", "red")
    _, events = act(state, Challenge(1))
    assert of(events, "challenge")[0]["guilty"] is False


def test_challenge_hand_is_not_public():
    """docs/rules.md §1 'Penalties' (001): on one shared screen only the challenger
    may see that hand — other seats' views show sizes only."""
    hands = {0: ["wild:wild_draw_four", "red:2"], 1: ["green:1", "green:2"], 2: ["blue:8"]}
    state = rigged(hands=hands, top="red:5", draw=DRAW)
    state, _ = play(state, 0, "wild:wild_draw_four", "green")
    seen = view(state, 2)
    assert seen["hand_cards"] == ["blue:8"]
    assert "guilty" not in seen["penalty"]
