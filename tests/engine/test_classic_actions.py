"""Action cards: Skip, Reverse, Draw Two, Wild, Wild Draw Four.

Rules: docs/rules.md §1 'Action cards'; rules/classic.yaml
`cards.*.effects`. Replay-format.md: "A seat that loses its turn without any
decision to make (a Draw Two where no stacking is allowed, a Skip) gets a
`skip` event and no `turn` event."
"""

from __future__ import annotations

from game.engine import Accept, Challenge
from tests.support.acting import act, offered, offered_kinds, play
from tests.support.events import brief, of
from tests.support.rules import rules_with
from tests.support.table import color, hand, rigged

THREE = {0: ["red:skip", "red:1", "red:2"], 1: ["blue:1", "blue:2"], 2: ["green:1", "red:8"]}


def test_skip_next_player_loses_turn():
    """docs/rules.md §1 'Action cards': Skip — the next player loses their turn."""
    state = rigged(hands=THREE, top="red:5")
    state, events = play(state, 0, "red:skip")
    assert brief(events) == [("play", 0, "red:skip", "red"), ("skip", 1), ("turn", 2)]
    assert state.to_act == 2


def test_reverse_changes_direction():
    """docs/rules.md §1 'Action cards': Reverse — direction changes (a `direction`
    event with the new direction); with 3 players the seat on the right plays."""
    hands = {0: ["red:reverse", "red:1"], 1: ["blue:1", "blue:2"], 2: ["red:8", "red:9"]}
    state = rigged(hands=hands, top="red:5")
    state, events = play(state, 0, "red:reverse")
    assert brief(events) == [("play", 0, "red:reverse", "red"), ("direction", -1), ("turn", 2)]
    assert state.direction == -1
    state, events = play(state, 2, "red:8")
    assert brief(events)[-1] == ("turn", 1)


def test_reverse_back_to_clockwise():
    """docs/rules.md §1 'Action cards': a second Reverse turns play clockwise again."""
    hands = {0: ["red:reverse", "red:1"], 1: ["blue:1", "blue:2"], 2: ["blue:8", "blue:reverse"]}
    state = rigged(hands=hands, top="blue:5", direction=-1, to_act=2)
    state, events = play(state, 2, "blue:reverse")
    assert brief(events)[1:] == [("direction", 1), ("turn", 0)]


def test_reverse_with_two_players_acts_as_skip():
    """docs/rules.md §1 'Action cards': with 2 players Reverse acts as a Skip
    (official; classic.yaml `- skip: {when: {players: 2}}`)."""
    state = rigged(hands={0: ["red:reverse", "red:1"], 1: ["blue:1", "blue:2"]}, top="red:5")
    state, events = play(state, 0, "red:reverse")
    assert brief(events) == [
        ("play", 0, "red:reverse", "red"),
        ("direction", -1),
        ("skip", 1),
        ("turn", 0),
    ]
    assert state.to_act == 0


def test_option_reverse_no_effect_with_two_players():
    """docs/rules.md §1 'Action cards', source 001: with 2 players Reverse has no
    effect (classic.yaml: drop the `skip: {when: {players: 2}}` line)."""
    rules = rules_with({"cards": {"reverse": {"effects": ["reverse"]}}})
    state = rigged(rules, hands={0: ["red:reverse", "red:1"], 1: ["blue:1", "blue:2"]}, top="red:5")
    state, events = play(state, 0, "red:reverse")
    assert "skip" not in [e["t"] for e in events]
    assert brief(events)[-1] == ("turn", 1)


def test_reverse_with_three_players_no_skip():
    """docs/rules.md §1 'Action cards': the Skip of Reverse is only for 2 players."""
    hands = {0: ["red:reverse", "red:1"], 1: ["blue:1", "blue:2"], 2: ["red:8", "red:9"]}
    state = rigged(hands=hands, top="red:5")
    _, events = play(state, 0, "red:reverse")
    assert of(events, "skip") == []


def test_draw_two_next_draws_two_and_is_skipped():
    """docs/rules.md §1 'Action cards': Draw Two — next player draws 2 (`draw`
    why=penalty) and loses their turn (`skip`, and no `turn` event for it)."""
    hands = {0: ["red:draw_two", "red:1"], 1: ["blue:1", "blue:2"], 2: ["green:1", "red:8"]}
    state = rigged(hands=hands, top="red:5", draw=["yellow:3", "yellow:4", "green:9"])
    state, events = play(state, 0, "red:draw_two")
    assert brief(events) == [
        ("play", 0, "red:draw_two", "red"),
        ("draw", 1, ("yellow:3", "yellow:4"), "penalty"),
        ("skip", 1),
        ("turn", 2),
    ]
    assert sorted(hand(state, 1)) == ["blue:1", "blue:2", "yellow:3", "yellow:4"]
    assert state.to_act == 2


def test_draw_two_counterclockwise():
    """docs/rules.md §1 'Action cards': "next" follows the direction of play."""
    hands = {0: ["red:draw_two", "red:1"], 1: ["blue:1", "blue:2"], 2: ["green:1", "red:8"]}
    state = rigged(hands=hands, top="red:5", direction=-1, draw=["yellow:3", "yellow:4"])
    _, events = play(state, 0, "red:draw_two")
    assert brief(events)[1:] == [
        ("draw", 2, ("yellow:3", "yellow:4"), "penalty"),
        ("skip", 2),
        ("turn", 1),
    ]


def test_wild_names_the_color():
    """docs/rules.md §1 'Action cards': Wild — the player names the next colour
    (the `play` event carries the colour in force)."""
    state = rigged(hands={0: ["wild:wild", "red:1"], 1: ["blue:1", "blue:2"]}, top="red:5")
    state, events = play(state, 0, "wild:wild", "blue")
    assert brief(events) == [("play", 0, "wild:wild", "blue"), ("turn", 1)]
    assert color(state) == "blue"


def test_wild_may_name_the_current_color():
    """docs/rules.md §1 'Action cards': Wild — the current colour is allowed."""
    state = rigged(hands={0: ["wild:wild", "red:1"], 1: ["blue:1", "blue:2"]}, top="red:5")
    state, events = play(state, 0, "wild:wild", "red")
    assert brief(events)[0] == ("play", 0, "wild:wild", "red")
    assert color(state) == "red"


def test_wild_draw_four_next_draws_four_and_is_skipped():
    """docs/rules.md §1 'Action cards': Wild Draw Four — names the colour; next
    player draws 4 and loses the turn. The target first has a decision
    (challenge or accept), so it gets a `turn` event, then `draw` + `skip`."""
    hands = {
        0: ["wild:wild_draw_four", "blue:1", "blue:2"],
        1: ["green:1", "green:2"],
        2: ["blue:8"],
    }
    draw = ["yellow:1", "yellow:2", "yellow:3", "yellow:4", "yellow:5"]
    state = rigged(hands=hands, top="red:5", draw=draw)
    state, events = play(state, 0, "wild:wild_draw_four", "green")
    assert brief(events) == [("play", 0, "wild:wild_draw_four", "green"), ("turn", 1)]
    assert state.pending.kind == "penalty" and state.to_act == 1
    assert offered_kinds(state, 1) == {"Accept", "Challenge"}
    assert set(offered(state, 1)) == {Accept(1), Challenge(1)}
    state, events = act(state, Accept(1))
    assert brief(events) == [
        ("draw", 1, ("yellow:1", "yellow:2", "yellow:3", "yellow:4"), "penalty"),
        ("skip", 1),
        ("turn", 2),
    ]
    assert color(state) == "green" and state.to_act == 2


def test_option_challenge_disabled_wild_draw_four_drawn_at_once():
    """docs/rules.md §1 'Action cards' Wild Draw Four with classic.yaml
    `challenge.enabled: false`: no decision, so `draw` + `skip`, no `turn`."""
    rules = rules_with({"challenge": {"enabled": False}})
    hands = {0: ["wild:wild_draw_four", "blue:1"], 1: ["green:1", "green:2"], 2: ["blue:8"]}
    state = rigged(rules, hands=hands, top="red:5")
    _, events = play(state, 0, "wild:wild_draw_four", "green")
    assert [e["t"] for e in events] == ["play", "draw", "skip", "turn"]
    assert of(events, "draw")[0]["why"] == "penalty" and of(events, "turn")[0]["p"] == 2


def test_skip_with_two_players_plays_again():
    """docs/rules.md §1 'Action cards': Skip — the next player loses their turn; with
    2 players that is the other player, so the Skip's player goes again."""
    state = rigged(hands={0: ["red:skip", "red:1", "red:2"], 1: ["blue:1", "blue:2"]}, top="red:5")
    state, events = play(state, 0, "red:skip")
    assert brief(events) == [("play", 0, "red:skip", "red"), ("skip", 1), ("turn", 0)]


def test_draw_two_with_two_players():
    """docs/rules.md §1 'Action cards': Draw Two — next player draws 2 and loses
    their turn; with 2 players the Draw Two's player goes again."""
    state = rigged(
        hands={0: ["red:draw_two", "red:1", "red:2"], 1: ["blue:1", "blue:2"]},
        top="red:5",
        draw=["green:1", "green:2"],
    )
    state, events = play(state, 0, "red:draw_two")
    assert brief(events) == [
        ("play", 0, "red:draw_two", "red"),
        ("draw", 1, ("green:1", "green:2"), "penalty"),
        ("skip", 1),
        ("turn", 0),
    ]


def test_reverse_acts_as_skip_when_two_seats_are_left():
    """docs/rules.md §1 'Action cards' (with 2 players Reverse acts as Skip) and
    'End of a round and scoring' (001, eliminated seats): two seats left in
    a match of three count as two players."""
    rules = rules_with({"scoring": {"scheme": "losers_score_own_hand", "at_target": "eliminated"}})
    state = rigged(
        rules,
        hands={0: ["red:reverse", "red:1", "red:2"], 1: [], 2: ["blue:1", "blue:2"]},
        top="red:5",
        eliminated=[False, True, False],
    )
    state, events = play(state, 0, "red:reverse")
    assert brief(events)[1:] == [("direction", -1), ("skip", 2), ("turn", 0)]
