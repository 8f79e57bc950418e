"""A turn: matching, Wild Draw Four's restriction, drawing, the empty pile.

Rules: docs/rules.md §1 'A turn'; rules/classic.yaml `turn:` and
`cards.wild_draw_four`. States are rigged with tests/support/table.py `rigged`.
"""

from __future__ import annotations

import pytest

from game.engine import Draw, IllegalAction, Pass, Play, why_illegal
from tests.support.acting import act, offered, offered_kinds, offered_plays, play, play_of
from tests.support.events import brief, kinds, of
from tests.support.rules import overlay, rules_with
from tests.support.table import card_in_hand, color, conserved, draw_pile, hand, rigged, top

ALL = ("red", "yellow", "green", "blue")


# --- matching -----------------------------------------------------------------------


def test_match_by_color():
    """docs/rules.md §1 'A turn': play a card that matches the top by colour."""
    state = rigged(hands={0: ["red:2", "blue:9"], 1: ["green:3"]}, top="red:5")
    assert offered_plays(state, 0) == {"red:2"}
    state, events = play(state, 0, "red:2")
    assert brief(events) == [("play", 0, "red:2", "red"), ("turn", 1)]
    assert top(state) == "red:2"


def test_match_by_number():
    """docs/rules.md §1 'A turn': a card matching the top by number, any colour;
    the colour in force becomes the played card's."""
    state = rigged(hands={0: ["blue:5", "blue:9"], 1: ["green:3"]}, top="red:5")
    assert offered_plays(state, 0) == {"blue:5"}
    state, events = play(state, 0, "blue:5")
    assert brief(events)[0] == ("play", 0, "blue:5", "blue")
    assert color(state) == "blue"


def test_match_by_symbol():
    """docs/rules.md §1 'A turn': a card matching the top by symbol (Skip on Skip),
    but not another action symbol."""
    state = rigged(
        hands={0: ["blue:skip", "blue:draw_two", "blue:reverse"], 1: ["green:3"]},
        top="red:skip",
    )
    assert offered_plays(state, 0) == {"blue:skip"}


def test_match_the_color_named_for_a_wild_on_top():
    """docs/rules.md §1 'A turn' / 'Action cards' (Wild names the next colour): on a
    Wild the colour in force, not the card, is matched."""
    state = rigged(
        hands={0: ["green:3", "red:5", "blue:skip"], 1: ["green:4"]},
        top="wild:wild",
        color="green",
    )
    assert offered_plays(state, 0) == {"green:3"}


def test_wild_may_be_played_at_any_time():
    """docs/rules.md §1 'A turn': a Wild may be played at any time (even holding a
    match); it is offered once per colour that may be named."""
    state = rigged(hands={0: ["red:2", "wild:wild"], 1: ["green:3"]}, top="red:5")
    wild = card_in_hand(state, 0, "wild:wild")
    plays = {a for a in offered(state, 0) if type(a) is Play and a.card == wild}
    assert plays == {Play(0, wild, c) for c in ALL}


def test_illegal_play_raises_with_reason():
    """docs/rules.md §1 'Penalties' ('a digital game prevents illegal plays
    instead'): a card that does not match is refused with a reason."""
    state = rigged(hands={0: ["blue:9", "red:2"], 1: ["green:3"]}, top="red:5")
    with pytest.raises(IllegalAction) as refused:
        play(state, 0, "blue:9")
    # Plain words and the cards' labels, never internal names.
    assert str(refused.value) == "Blue 9 doesn't match Red 5 — play red, a 5, or a wild."
    assert hand(state, 0) == ["blue:9", "red:2"]  # nothing changed


def test_play_out_of_turn_refused():
    """docs/rules.md §1 'A turn': only the seat whose turn it is plays."""
    state = rigged(hands={0: ["red:2"], 1: ["red:3"]}, top="red:5")
    with pytest.raises(IllegalAction, match="Player 1's turn"):
        play(state, 1, "red:3")


def test_wild_needs_a_color():
    """docs/rules.md §1 'Action cards': Wild — the player names the next colour."""
    state = rigged(hands={0: ["wild:wild", "red:2"], 1: ["red:3"]}, top="red:5")
    with pytest.raises(IllegalAction, match="Name a colour for Wild"):
        act(state, play_of(state, 0, "wild:wild"))


# --- Wild Draw Four's restriction -----------------------------------------------------


def test_wild_draw_four_bluff_offered_while_holding_the_color():
    """docs/rules.md §1 'A turn' + 'Penalties' (001): Wild Draw Four only without a
    card of the colour in force, but by default (classic.yaml
    when_not_allowed: bluff) it may be played anyway and a challenge catches it."""
    state = rigged(hands={0: ["red:2", "wild:wild_draw_four"], 1: ["green:3"]}, top="red:5")
    assert "wild:wild_draw_four" in offered_plays(state, 0)
    state, events = play(state, 0, "wild:wild_draw_four", "blue")
    assert brief(events)[0] == ("play", 0, "wild:wild_draw_four", "blue")
    assert state.penalty.guilty is True


def test_wild_draw_four_legal_without_the_color():
    """docs/rules.md §1 'A turn' (001, 002): Wild Draw Four with no card of the
    colour in force — a card matching by number does not count."""
    rules = rules_with({"cards": {"wild_draw_four": {"when_not_allowed": "refuse"}}})
    state = rigged(rules, hands={0: ["blue:5", "wild:wild_draw_four"], 1: ["green:3"]}, top="red:5")
    assert "wild:wild_draw_four" in offered_plays(state, 0)
    state, _ = play(state, 0, "wild:wild_draw_four", "green")
    assert state.penalty.guilty is False


def test_wild_draw_four_refused_option():
    """docs/rules.md §1 'A turn' (official, 001, 002) with classic.yaml
    `when_not_allowed: refuse`: the illegal Wild Draw Four is not offered,
    and the refusal says why."""
    rules = rules_with({"cards": {"wild_draw_four": {"when_not_allowed": "refuse"}}})
    state = rigged(rules, hands={0: ["red:2", "wild:wild_draw_four"], 1: ["green:3"]}, top="red:5")
    assert offered_plays(state, 0) == {"red:2"}
    action = play_of(state, 0, "wild:wild_draw_four", "blue")
    assert why_illegal(state, action) == "Wild Draw Four may be played only without a red card."
    with pytest.raises(IllegalAction, match="Wild Draw Four may be played only without a red"):
        act(state, action)


def test_wild_draw_four_refused_uses_color_in_force_after_a_wild():
    """docs/rules.md §1 'A turn': "the current colour" is the colour in force (a
    named colour on a Wild), not the top card's own colour."""
    rules = rules_with({"cards": {"wild_draw_four": {"when_not_allowed": "refuse"}}})
    state = rigged(
        rules,
        hands={0: ["red:2", "wild:wild_draw_four"], 1: ["green:3"]},
        top="wild:wild",
        color="green",
    )
    assert "wild:wild_draw_four" in offered_plays(state, 0)
    state = rigged(
        rules,
        hands={0: ["green:2", "wild:wild_draw_four"], 1: ["green:3"]},
        top="wild:wild",
        color="green",
    )
    assert "wild:wild_draw_four" not in offered_plays(state, 0)
    with pytest.raises(IllegalAction, match="only without a green card"):
        play(state, 0, "wild:wild_draw_four", "red")


WD4_000 = {"cards": {"wild_draw_four": {"play_only_if": {"holds_match": False}}}}


def test_wild_draw_four_source_000_no_match_of_number_either():
    """docs/rules.md §1 'A turn': source 000 reads the restriction as "no card
    matching colour, number or symbol" (classic.yaml comment:
    play_only_if {holds_match: false}); a number match now forbids it."""
    rules = rules_with(WD4_000, cards={"wild_draw_four": {"when_not_allowed": "refuse"}})
    state = rigged(rules, hands={0: ["blue:5", "wild:wild_draw_four"], 1: ["green:3"]}, top="red:5")
    assert offered_plays(state, 0) == {"blue:5"}
    action = play_of(state, 0, "wild:wild_draw_four", "blue")
    assert why_illegal(state, action) == (
        "Wild Draw Four may be played only without a card that matches the top card."
    )
    # a symbol match forbids it too; a card matching nothing does not
    state = rigged(
        rules,
        hands={0: ["blue:skip", "wild:wild_draw_four"], 1: ["green:3"]},
        top="red:skip",
    )
    assert offered_plays(state, 0) == {"blue:skip"}
    state = rigged(rules, hands={0: ["blue:6", "wild:wild_draw_four"], 1: ["green:3"]}, top="red:5")
    assert offered_plays(state, 0) == {"wild:wild_draw_four"}


def test_wild_draw_four_source_000_bluff_is_guilty():
    """docs/rules.md §1 'A turn' (000 reading) + 'Penalties' (001): with the 000
    restriction and the default bluff, a number match makes the play guilty."""
    rules = rules_with(WD4_000)
    state = rigged(rules, hands={0: ["blue:5", "wild:wild_draw_four"], 1: ["green:3"]}, top="red:5")
    assert "wild:wild_draw_four" in offered_plays(state, 0)
    state, _ = play(state, 0, "wild:wild_draw_four", "blue")
    assert state.penalty.guilty is True


def test_wild_draw_four_source_000_as_a_house_file():
    """docs/rules.md §1 'A turn' (000 reading), as a table would switch it on: a
    YAML file layered over classic by the loader (tests/support/overlays/
    wd4_source_000.yaml). Layering replaces `play_only_if` whole, so the
    rule is 000's alone."""
    rules = overlay("wd4_source_000")
    for held, offered_wd4 in [("blue:5", False), ("red:6", False), ("blue:skip", True)]:
        state = rigged(rules, hands={0: [held, "wild:wild_draw_four"], 1: ["green:3"]}, top="red:5")
        assert ("wild:wild_draw_four" in offered_plays(state, 0)) is offered_wd4, held


def test_wild_draw_four_refusal_names_the_condition_that_fails():
    """docs/rules.md §1 'A turn' (000 reading) + 'Penalties' ('a digital game
    prevents illegal plays instead'): the refusal gives the reason that
    applies. Holding blue:5 on red:5 (no red card), the reason is the number
    match, not "a red card"."""
    rules = overlay("wd4_source_000")
    state = rigged(rules, hands={0: ["blue:5", "wild:wild_draw_four"], 1: ["green:3"]}, top="red:5")
    reason = why_illegal(state, play_of(state, 0, "wild:wild_draw_four", "blue"))
    assert reason == "Wild Draw Four may be played only without a card that matches the top card."


# --- drawing -------------------------------------------------------------------------


def test_draw_one_when_unable_to_play_then_play_it():
    """docs/rules.md §1 'A turn' (001, 002): a player who cannot play draws one
    card; if it is playable they may play it at once."""
    state = rigged(
        hands={0: ["blue:3", "green:4"], 1: ["yellow:1"]}, draw=["red:9", "green:1"], top="red:5"
    )
    assert set(offered(state, 0)) == {Draw(0)}
    state, events = act(state, Draw(0))
    assert brief(events) == [("draw", 0, ("red:9",), "turn")]
    assert state.pending.kind == "drawn" and state.to_act == 0
    assert set(offered(state, 0)) == {play_of(state, 0, "red:9"), Pass(0)}
    state, events = play(state, 0, "red:9")
    assert brief(events) == [("play", 0, "red:9", "red"), ("turn", 1)]


def test_drawn_playable_card_may_be_kept():
    """docs/rules.md §1 'A turn' (001, 002): the drawn card *may* be played; the
    player may pass instead (a `pass` event)."""
    state = rigged(hands={0: ["blue:3"], 1: ["yellow:1"]}, draw=["red:9"], top="red:5")
    state, _ = act(state, Draw(0))
    state, events = act(state, Pass(0))
    assert brief(events) == [("pass", 0), ("turn", 1)]
    assert sorted(hand(state, 0)) == ["blue:3", "red:9"]


def test_drawn_card_not_playable_turn_passes():
    """docs/rules.md §1 'A turn' (001, 002): if the drawn card is not playable the
    turn passes — a `pass` event (replay-format.md), then the next turn."""
    state = rigged(hands={0: ["blue:3"], 1: ["yellow:1"]}, draw=["green:1"], top="red:5")
    state, events = act(state, Draw(0))
    assert brief(events) == [("draw", 0, ("green:1",), "turn"), ("pass", 0), ("turn", 1)]
    assert state.to_act == 1


def test_draw_not_offered_when_able_to_play():
    """docs/rules.md §1 'A turn' (official; 001, 002): a player who can play may not
    draw instead (classic.yaml turn.draw_when_playable: false)."""
    state = rigged(hands={0: ["red:2", "blue:3"], 1: ["yellow:1"]}, top="red:5")
    assert "Draw" not in offered_kinds(state, 0)
    with pytest.raises(IllegalAction, match="do not let you draw instead"):
        act(state, Draw(0))


def test_option_draw_when_playable():
    """docs/rules.md §1 'A turn', source 004: a player may choose not to play a
    playable card and draw one instead (turn.draw_when_playable: true)."""
    rules = rules_with({"turn": {"draw_when_playable": True}})
    state = rigged(
        rules, hands={0: ["red:2", "blue:3"], 1: ["yellow:1"]}, draw=["green:1"], top="red:5"
    )
    assert Draw(0) in offered(state, 0)
    assert offered_plays(state, 0) == {"red:2"}
    state, events = act(state, Draw(0))
    assert brief(events) == [("draw", 0, ("green:1",), "turn"), ("pass", 0), ("turn", 1)]


def test_after_drawing_no_other_card_from_the_hand():
    """docs/rules.md §1 'A turn' (002): after drawing, no other card from the hand
    may be played that turn (classic.yaml turn.play_drawn: drawn_only)."""
    rules = rules_with({"turn": {"draw_when_playable": True}})
    state = rigged(
        rules, hands={0: ["red:2", "blue:3"], 1: ["yellow:1"]}, draw=["blue:5"], top="red:5"
    )
    state, _ = act(state, Draw(0))
    assert offered_plays(state, 0) == {"blue:5"}
    assert "Draw" not in offered_kinds(state, 0)
    with pytest.raises(IllegalAction, match="After drawing, only the drawn card may be played"):
        play(state, 0, "red:2")


def test_option_draw_until_playable():
    """docs/rules.md §1 'A turn', source 000/001 "draw until playable"
    (turn.draw.mode: until_playable): one Draw takes cards until a playable
    one comes, which may then be played."""
    rules = rules_with({"turn": {"draw": {"mode": "until_playable"}}})
    state = rigged(
        rules,
        hands={0: ["blue:3"], 1: ["yellow:1"]},
        draw=["green:1", "blue:2", "red:9", "green:8"],
        top="red:5",
    )
    state, events = act(state, Draw(0))
    assert [c for e in of(events, "draw") for c in e["cards"]] == ["green:1", "blue:2", "red:9"]
    assert all(e["why"] == "turn" and e["p"] == 0 for e in of(events, "draw"))
    assert "pass" not in kinds(events)
    assert offered_plays(state, 0) == {"red:9"}
    assert draw_pile(state)[0] == "green:8"
    state, events = play(state, 0, "red:9")
    assert brief(events)[-1] == ("turn", 1)


def test_option_draw_until_playable_cap():
    """docs/rules.md §1 'A turn' + §4 'Unlimited draw' (001): the draw can be
    capped (turn.draw.cap); at the cap with nothing playable the turn passes."""
    rules = rules_with({"turn": {"draw": {"mode": "until_playable", "cap": 2}}})
    state = rigged(
        rules,
        hands={0: ["blue:3"], 1: ["yellow:1"]},
        draw=["green:1", "blue:2", "red:9"],
        top="red:5",
    )
    state, events = act(state, Draw(0))
    assert [c for e in of(events, "draw") for c in e["cards"]] == ["green:1", "blue:2"]
    assert brief(events)[-2:] == [("pass", 0), ("turn", 1)]
    assert draw_pile(state)[0] == "red:9"


def test_option_unlimited_draw():
    """docs/rules.md §1 'A turn', source 000: a player may draw as many cards as
    they like (turn.draw.mode: unlimited) — even past a playable one."""
    rules = rules_with({"turn": {"draw": {"mode": "unlimited"}}})
    state = rigged(
        rules,
        hands={0: ["blue:3"], 1: ["yellow:1"]},
        draw=["green:1", "red:9", "blue:5", "green:2"],
        top="red:5",
    )
    state, events = act(state, Draw(0))
    assert brief(events) == [("draw", 0, ("green:1",), "turn")]
    assert set(offered(state, 0)) == {Draw(0), Pass(0)}
    state, _ = act(state, Draw(0))
    assert offered_plays(state, 0) == {"red:9"}
    assert Draw(0) in offered(state, 0)  # may draw on past a playable card
    state, _ = act(state, Draw(0))
    assert offered_plays(state, 0) == {"red:9", "blue:5"}
    state, events = play(state, 0, "blue:5")
    assert brief(events) == [("play", 0, "blue:5", "blue"), ("turn", 1)]
    assert sorted(hand(state, 0)) == ["blue:3", "green:1", "red:9"]


def test_option_unlimited_draw_cap():
    """docs/rules.md §4 'Unlimited draw' (001): the draw can be capped
    (turn.draw.cap); at the cap no further Draw is offered."""
    rules = rules_with({"turn": {"draw": {"mode": "unlimited", "cap": 2}}})
    state = rigged(
        rules,
        hands={0: ["blue:3"], 1: ["yellow:1"]},
        draw=["green:1", "red:9", "blue:5"],
        top="red:5",
    )
    state, _ = act(state, Draw(0))
    state, _ = act(state, Draw(0))
    assert set(offered(state, 0)) == {play_of(state, 0, "red:9"), Pass(0)}
    state = rigged(
        rules, hands={0: ["blue:3"], 1: ["yellow:1"]}, draw=["green:1", "green:2"], top="red:5"
    )
    state, _ = act(state, Draw(0))
    state, events = act(state, Draw(0))
    assert brief(events) == [("draw", 0, ("green:2",), "turn"), ("pass", 0), ("turn", 1)]


def test_option_forced_draw_count():
    """docs/rules.md §4 'Unlimited draw' (001): the draw forced to a set count
    (turn.draw.count: 3): one `draw` event of three cards; a playable one
    among them may be played."""
    rules = rules_with({"turn": {"draw": {"count": 3}}})
    state = rigged(
        rules,
        hands={0: ["blue:3"], 1: ["yellow:1"]},
        draw=["green:1", "red:9", "blue:2", "green:8"],
        top="red:5",
    )
    state, events = act(state, Draw(0))
    assert brief(events) == [("draw", 0, ("green:1", "red:9", "blue:2"), "turn")]
    assert offered_plays(state, 0) == {"red:9"}
    assert draw_pile(state)[0] == "green:8"


# --- the empty draw pile -----------------------------------------------------------------


def test_empty_draw_pile_reshuffles_discards_but_top():
    """docs/rules.md §1 'A turn': when the draw pile runs out, keep the top
    discard, shuffle the rest into a new draw pile (a `reshuffle` event with
    the count, replay-format.md)."""
    state = rigged(
        hands={0: ["blue:3"], 1: ["yellow:1"]},
        draw=[],
        under_top=["green:4", "green:skip"],
        top="red:5",
        rest="discard",
    )
    assert state.draw_pile == []
    below = len(state.discard) - 1
    assert below == 108 - 2 - 1
    state, events = act(state, Draw(0))
    assert kinds(events)[:2] == ["reshuffle", "draw"]
    assert of(events, "reshuffle") == [{"t": "reshuffle", "cards": below}]
    assert top(state) == "red:5" and len(state.discard) == 1
    assert len(state.draw_pile) == below - 1
    assert conserved(state)


def test_reshuffle_in_the_middle_of_a_penalty_draw():
    """docs/rules.md §1 'A turn' (draw pile runs out) with 'Action cards' Draw Two:
    the last card and then a card of the reshuffled pile are drawn; the
    Draw Two just played stays on top."""
    state = rigged(
        hands={0: ["red:draw_two", "red:1"], 1: ["yellow:1"], 2: ["green:3"]},
        draw=["green:1"],
        top="red:5",
        rest="discard",
    )
    moved = len(state.discard)  # everything under the Draw Two once it is played
    state, events = play(state, 0, "red:draw_two")
    assert kinds(events) == ["play", "reshuffle", "draw", "skip", "turn"]
    assert of(events, "reshuffle")[0]["cards"] == moved
    drawn = of(events, "draw")[0]
    assert drawn["p"] == 1 and drawn["why"] == "penalty" and len(drawn["cards"]) == 2
    assert drawn["cards"][0] == "green:1"
    assert top(state) == "red:draw_two" and len(state.discard) == 1
    assert conserved(state)
