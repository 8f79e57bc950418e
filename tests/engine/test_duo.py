"""UNO Duo: rules/duo.yaml.

Rules: docs/rules.md §3 (source 003, the Turkish UNO Duo rules);
the log: docs/replay-format.md (`draft` events, `turn` for a draft
decision) plus the engine's `chose`. Seat 0 deals in the rigged tables
below, so seat 0 is Player 1 (the cut winner, who drafts first) and seat 1
is Player 2 (who takes the first turn after a number card).
"""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine import CallUno, Catch, Draw, NextRound, Pass, Play, new_game, view
from game.engine import legal_actions as legal
from game.engine.cards import card_table
from tests.support.acting import (
    accept,
    act,
    challenge,
    choose,
    draw,
    offered_kinds,
    offered_plays,
    pass_,
    play,
)
from tests.support.events import brief
from tests.support.rules import rules
from tests.support.table import (
    card_in_hand,
    color,
    conserved,
    draft_round,
    hand,
    pending,
    rigged,
    turn_up,
)


def duo():
    return rules("duo")


def wild(state, seat, name, color):
    card = card_in_hand(state, seat, name)
    options = [a for a in legal(state, seat) if type(a) is Play and a.card == card]
    assert options, f"{name} not offered"
    return next(a for a in options if a.color in (color, None))


# --- players -----------------------------------------------------------------------------


def test_exactly_two_players():
    """docs/rules.md §3 'UNO Duo (003) — 2 players': two seats play; three (or one
    more of any count) are refused with a message saying 2."""
    state, _ = new_game(duo(), 2, seed=1)
    assert state.players == 2
    for count in (3, 4):
        with pytest.raises(ValueError, match="2 players"):
            new_game(duo(), count, seed=1)


def test_duo_deck_is_112_cards():
    """docs/rules.md §3: 'UNO Duo — 2 players, 112-card deck' (duo.yaml extends uno112)."""
    assert card_table(duo()).size == 112


# --- the draft ----------------------------------------------------------------------------


def _pile(n: int = 28, first: str = "red:5") -> list[str]:
    """28 distinct draft cards, then the card turned up first."""
    names = [f"{c}:{f}" for c in ("yellow", "green", "blue", "red") for f in range(1, 10)]
    return names[:n] + [first]


def test_cut_winner_is_player_1_and_drafts_first():
    """docs/rules.md §3 'Draft instead of a deal': each player cuts; the higher card
    is Player 1, who shuffles and drafts first (a `turn` and a `draft`
    decision for the dealer)."""
    for seed in range(12):
        state, events = new_game(duo(), 2, seed)
        cuts = [e for e in events if e["t"] == "cut"]
        values = {int(s): c.split(":")[1] for s, c in cuts[-1]["cards"].items()}
        value = {s: int(f) if f.isdigit() else 0 for s, f in values.items()}
        winner = max(value, key=value.get)
        assert value[winner] > value[1 - winner]
        assert events[-2] == {"t": "round", "n": 1, "dealer": winner}
        assert events[-1] == {"t": "turn", "p": winner}
        assert pending(state) == ("draft", winner)
        assert state.hands == [[], []]


def test_draft_keep_turns_the_next_card_onto_the_draft_discard():
    """docs/rules.md §3 'Draft': keep the looked-at card, then the next card is
    turned onto the draft discard pile (`draft` kept true, then false)."""
    pile = _pile()
    state, events = draft_round(duo(), 0, pile)
    assert brief(events) == [("round",), ("turn", 0)]
    state, events = choose(state, 0, "keep")
    assert brief(events) == [
        ("draft", 0, pile[0], True),
        ("draft", 0, pile[1], False),
        ("turn", 1),
    ]
    assert hand(state, 0) == [pile[0]]
    assert [state.cards.names[c] for c in state.draft_discard] == [pile[1]]


def test_draft_discard_means_the_next_card_is_kept():
    """docs/rules.md §3 'Draft': discard the looked-at card, then take the next card
    and keep it (`draft` false, then true)."""
    pile = _pile()
    state, _ = draft_round(duo(), 0, pile)
    state, events = choose(state, 0, "discard")
    assert brief(events) == [
        ("draft", 0, pile[0], False),
        ("draft", 0, pile[1], True),
        ("turn", 1),
    ]
    assert hand(state, 0) == [pile[1]]
    assert offered_kinds(state, 1) == {"Choose"}
    assert {a.value for a in legal(state, 1)} == {"keep", "discard"}


def test_draft_card_visible_only_to_the_drafter():
    """docs/rules.md §3 'Draft': a player takes the top card and looks at it -- on
    one screen only the drafting seat sees it (`view`); the draft discard
    cannot be chosen (only keep / discard are offered)."""
    pile = _pile()
    state, _ = draft_round(duo(), 0, pile)
    assert view(state, 0)["draft_card"] == pile[0]
    assert view(state, 1)["draft_card"] is None
    assert legal(state, 1) == ()
    state, _ = choose(state, 0, "keep")
    assert view(state, 1)["draft_card"] == pile[2]
    assert view(state, 0)["draft_card"] is None


def test_full_draft_seven_each_fourteen_under_the_draw_pile():
    """docs/rules.md §3 'Draft': when both hold 7 the draft discard holds 14; it is
    put under the draw pile; then the top card is turned up (a number card:
    Player 2 takes the first turn)."""
    pile = _pile(first="red:5")
    state, events = draft_round(duo(), 0, pile)
    log = list(events)
    choices = ["keep", "discard"] * 7
    for i, choice in enumerate(choices):
        assert pending(state) == ("draft", i % 2)
        state, events = choose(state, i % 2, choice)
        log += events
        assert conserved(state)
    drafts = [e for e in log if e["t"] == "draft"]
    assert len(drafts) == 28
    kept = {0: [], 1: []}
    dropped = []
    for e in drafts:
        (kept[e["p"]] if e["kept"] else dropped).append(e["card"])
    assert [len(kept[0]), len(kept[1])] == [7, 7]
    assert Counter(hand(state, 0)) == Counter(kept[0])
    assert Counter(hand(state, 1)) == Counter(kept[1])
    # Seat 0 always keeps: pile[0], pile[4], ...; seat 1 always discards first.
    assert kept[0] == pile[0:28:4]
    assert kept[1] == pile[3:28:4]
    bottom = [state.cards.names[c] for c in state.draw_pile[:14]]
    assert Counter(bottom) == Counter(dropped)
    assert len(state.draw_pile) == 112 - 14 - 1
    assert state.draft_discard == []
    assert brief(events)[-2:] == [("start", "red:5", "red", 1, 1), ("turn", 1)]
    assert pending(state) == ("play", 1)


def test_first_drafter_and_first_player_alternate_each_round():
    """docs/rules.md §3 'Draft': the first drafter alternates every round; 'Starting
    the round': the first player alternates every round."""
    state = rigged(duo(), hands={0: ["red:1"], 1: ["blue:7"]}, top="red:5", dealer=0)
    state, events = play(state, 0, "red:1")
    assert brief(events)[-1] == ("round_end", 0)
    state, events = act(state, NextRound(0))
    assert events[0] == {"t": "round", "n": 2, "dealer": 1}
    assert pending(state) == ("draft", 1)
    for i in range(14):
        state, events = choose(state, (1 + i) % 2, "keep")
    start = next(e for e in events if e["t"] == "start")
    assert start["first"] == 0


# --- the first card -----------------------------------------------------------------------


HANDS = {0: ["green:1", "green:2", "yellow:3"], 1: ["blue:1", "blue:2", "yellow:4"]}


def test_first_card_number_player_2_starts():
    """docs/rules.md §3 'Starting the round': Number card -- Player 2 takes the
    first turn as normal."""
    state, events = turn_up(duo(), "red:5", hands=HANDS, dealer=0)
    assert brief(events) == [("start", "red:5", "red", 1, 1), ("turn", 1)]


def test_first_card_draw_two_player_2_draws_and_ends_turn():
    """docs/rules.md §3 'Starting the round': Draw Two -- the first player draws
    them and ends their turn; Player 1 then plays."""
    state, events = turn_up(duo(), "red:draw_two", hands=HANDS, draw=["red:8", "red:9"])
    assert brief(events) == [
        ("start", "red:draw_two", "red", 1, 1),
        ("draw", 1, ("red:8", "red:9"), "penalty"),
        ("skip", 1),
        ("turn", 0),
    ]


def test_first_card_draw_two_is_not_a_volley():
    """docs/rules.md §3 'Starting the round' (003: 'they must draw these cards and
    end their turn'): even holding a Draw Two, Player 2 draws 2, no volley."""
    hands = {0: ["green:1", "green:2"], 1: ["blue:draw_two", "blue:2"]}
    state, events = turn_up(duo(), "red:draw_two", hands=hands, draw=["red:8", "red:9"])
    assert brief(events)[1:] == [
        ("draw", 1, ("red:8", "red:9"), "penalty"),
        ("skip", 1),
        ("turn", 0),
    ]


def test_first_card_skip_player_1_goes_first():
    """docs/rules.md §3 'Starting the round': Skip -- Player 1 goes first instead."""
    state, events = turn_up(duo(), "red:skip", hands=HANDS, dealer=0)
    assert brief(events) == [("start", "red:skip", "red", 1, 1), ("turn", 0)]


def test_first_card_reverse_first_player_may_dump_that_color():
    """docs/rules.md §3 'Starting the round': Reverse -- the first player plays all
    their cards of that colour (a `dump` decision for Player 2); play then
    goes to Player 1."""
    hands = {0: ["green:1", "green:2"], 1: ["red:1", "blue:2", "red:7"]}
    state, events = turn_up(duo(), "red:reverse", hands=hands, dealer=0)
    assert brief(events) == [("start", "red:reverse", "red", 1, 1), ("turn", 1)]
    assert pending(state) == ("dump", 1)
    assert {a.value for a in legal(state, 1)} == {"all", "none"}
    state, events = choose(state, 1, "all")
    assert pending(state) == ("dump_next", 1)
    state, events = choose(state, 1, card_in_hand(state, 1, "red:7"))
    assert brief(events) == [("play", 1, "red:7", "red"), ("play", 1, "red:1", "red"), ("turn", 0)]
    assert hand(state, 1) == ["blue:2"]


def test_first_card_reverse_dump_declined_player_2_plays_normally():
    """docs/rules.md §3 'Starting the round': Reverse -- dumping is the first
    player's choice; declining it leaves them their ordinary first turn."""
    hands = {0: ["green:1", "green:2"], 1: ["red:1", "blue:2"]}
    state, _ = turn_up(duo(), "red:reverse", hands=hands, dealer=0)
    state, events = choose(state, 1, "none")
    assert brief(events) == [("turn", 1)]
    assert hand(state, 1) == ["red:1", "blue:2"]


def test_first_card_reverse_dump_ending_on_draw_two_hits_player_1():
    """docs/rules.md §3 'Starting the round' / 'Reverse': the dump's last card acts
    on the opponent -- ending on a Draw Two, Player 1 draws 2 and is skipped."""
    hands = {0: ["green:1", "green:2"], 1: ["red:3", "red:draw_two", "blue:2"]}
    state, _ = turn_up(duo(), "red:reverse", hands=hands, dealer=0, draw=["blue:8", "blue:9"])
    state, _ = choose(state, 1, "all")
    state, events = choose(state, 1, card_in_hand(state, 1, "red:3"))
    assert brief(events) == [
        ("play", 1, "red:3", "red"),
        ("play", 1, "red:draw_two", "red"),
        ("draw", 0, ("blue:8", "blue:9"), "penalty"),
        ("skip", 0),
        ("turn", 1),
    ]


def test_first_card_wild_player_1_names_the_color():
    """docs/rules.md §3 'Starting the round': Wild -- Player 1 names the colour;
    Player 2 then takes the first turn."""
    state, events = turn_up(duo(), "wild:wild", hands=HANDS, dealer=0)
    assert brief(events) == [("start", "wild:wild", None, 1, 1)]
    assert pending(state) == ("color", 0)
    state, events = choose(state, 0, "blue")
    assert brief(events) == [("color", 0, "blue"), ("turn", 1)]
    assert color(state) == "blue"


def test_first_card_wild_draw_four_player_1_names_player_2_draws_four():
    """docs/rules.md §3 'Starting the round': Wild Draw Four -- Player 1 names the
    colour, the first player draws 4 and ends the turn (no challenge)."""
    draw_cards = ["red:1", "red:2", "red:3", "red:4"]
    state, events = turn_up(duo(), "wild:wild_draw_four", hands=HANDS, draw=draw_cards)
    assert pending(state) == ("color", 0)
    state, events = choose(state, 0, "green")
    assert brief(events) == [
        ("color", 0, "green"),
        ("draw", 1, tuple(draw_cards), "penalty"),
        ("skip", 1),
        ("turn", 0),
    ]


# --- a turn: playing is never compulsory --------------------------------------------------


def test_draw_offered_while_holding_a_playable_card():
    """docs/rules.md §3 'A turn': playing is never compulsory -- Draw is offered
    next to the playable cards."""
    state = rigged(duo(), hands={0: ["red:1", "blue:2"], 1: ["green:1"]}, top="red:5")
    assert offered_plays(state, 0) == {"red:1"}
    assert "Draw" in offered_kinds(state, 0)


def test_drawn_playable_card_may_be_kept():
    """docs/rules.md §3 'A turn': the drawn card may be played if playable (not
    compulsory); Pass keeps it and ends the turn. Only the drawn card is
    offered after drawing."""
    state = rigged(
        duo(),
        hands={0: ["red:1", "blue:2"], 1: ["green:1", "green:2"]},
        top="red:5",
        draw=["red:9"],
    )
    state, events = draw(state, 0)
    assert brief(events) == [("draw", 0, ("red:9",), "turn")]
    assert offered_plays(state, 0) == {"red:9"}
    assert "Pass" in offered_kinds(state, 0)
    state, events = pass_(state, 0)
    assert brief(events) == [("pass", 0), ("turn", 1)]
    assert hand(state, 0) == ["red:1", "blue:2", "red:9"]


def test_drawn_playable_card_may_be_played():
    """docs/rules.md §3 'A turn': the drawn card may be played at once."""
    state = rigged(
        duo(), hands={0: ["blue:2"], 1: ["green:1", "green:2"]}, top="red:5", draw=["red:9"]
    )
    state, _ = draw(state, 0)
    state, events = play(state, 0, "red:9")
    assert brief(events) == [("play", 0, "red:9", "red"), ("turn", 1)]


def test_drawn_unplayable_card_is_kept_and_the_turn_ends():
    """docs/rules.md §3 'A turn': otherwise the drawn card is kept; turn ends."""
    state = rigged(
        duo(), hands={0: ["blue:2"], 1: ["green:1", "green:2"]}, top="red:5", draw=["yellow:9"]
    )
    state, events = draw(state, 0)
    assert brief(events) == [("draw", 0, ("yellow:9",), "turn"), ("pass", 0), ("turn", 1)]


# --- Draw Two volley ----------------------------------------------------------------------


def test_draw_two_volley_source_example():
    """docs/rules.md §3 'Draw Two volley' (003's example): Player 1 plays a Draw
    Two, Player 2 answers with one (4), Player 1 another (6); Player 2 has
    none left, draws six and the turn ends."""
    hands = {
        0: ["red:draw_two", "green:draw_two", "yellow:1"],
        1: ["blue:draw_two", "blue:3", "blue:4"],
    }
    six = ["yellow:2", "yellow:3", "yellow:4", "yellow:5", "yellow:6", "yellow:7"]
    state = rigged(duo(), hands=hands, top="red:5", draw=six)
    state, events = play(state, 0, "red:draw_two")
    assert brief(events) == [("play", 0, "red:draw_two", "red"), ("turn", 1)]
    assert pending(state) == ("penalty", 1)
    assert offered_plays(state, 1) == {"blue:draw_two"}
    assert "Accept" in offered_kinds(state, 1)
    state, events = play(state, 1, "blue:draw_two")
    assert brief(events) == [("play", 1, "blue:draw_two", "blue"), ("turn", 0)]
    assert state.penalty.count == 4
    state, events = play(state, 0, "green:draw_two")
    assert brief(events) == [
        ("play", 0, "green:draw_two", "green"),
        ("draw", 1, tuple(six), "penalty"),
        ("skip", 1),
        ("turn", 0),
    ]
    assert len(state.hands[1]) == 2 + 6


def test_draw_two_volley_player_who_will_not_answer_draws_the_total():
    """docs/rules.md §3 'Draw Two volley': the first who cannot OR WILL NOT
    continue draws the total and ends their turn."""
    hands = {0: ["red:draw_two", "yellow:1"], 1: ["blue:draw_two", "blue:3"]}
    state = rigged(duo(), hands=hands, top="red:5", draw=["green:1", "green:2"])
    state, _ = play(state, 0, "red:draw_two")
    state, events = accept(state, 1)
    assert brief(events) == [
        ("draw", 1, ("green:1", "green:2"), "penalty"),
        ("skip", 1),
        ("turn", 0),
    ]
    assert "blue:draw_two" in hand(state, 1)


# --- Skip, Reverse, Wild, Wild Draw Four --------------------------------------------------


def test_skip_plays_again():
    """docs/rules.md §3 'Action cards': Skip -- the player who played it
    immediately plays again."""
    state = rigged(duo(), hands={0: ["red:skip", "blue:1"], 1: ["green:1"]}, top="red:5")
    state, events = play(state, 0, "red:skip")
    assert brief(events) == [("play", 0, "red:skip", "red"), ("turn", 0)]


REV = {0: ["red:reverse", "red:1", "red:draw_two", "blue:3"], 1: ["green:1", "green:2"]}


def test_reverse_dump_all_in_chosen_order_last_draw_two_hits_opponent():
    """docs/rules.md §3 'Reverse': the player may also play every other card of that
    colour -- all or nothing -- the Reverse first, then the rest one by one in
    the order they choose; the last card's action applies to the opponent
    (ending on a Draw Two, the opponent owes 2)."""
    state = rigged(duo(), hands=REV, top="red:5", draw=["yellow:8", "yellow:9"])
    state, events = play(state, 0, "red:reverse")
    assert brief(events) == [("play", 0, "red:reverse", "red")]
    assert pending(state) == ("dump", 0)
    assert {a.value for a in legal(state, 0)} == {"all", "none"}
    state, events = choose(state, 0, "all")
    assert pending(state) == ("dump_next", 0)
    # All or nothing: only the red cards are offered, and no way to stop.
    options = {state.cards.names[a.value] for a in legal(state, 0)}
    assert options == {"red:1", "red:draw_two"}
    assert offered_kinds(state, 0) == {"Choose"}
    state, events = choose(state, 0, card_in_hand(state, 0, "red:1"))
    assert brief(events) == [
        ("play", 0, "red:1", "red"),
        ("play", 0, "red:draw_two", "red"),
        ("draw", 1, ("yellow:8", "yellow:9"), "penalty"),
        ("skip", 1),
        ("turn", 0),
    ]
    assert hand(state, 0) == ["blue:3"]


def test_reverse_dump_order_ending_on_a_number_has_no_action():
    """docs/rules.md §3 'Reverse': the order is the player's; ending on a number
    card, nothing happens to the opponent, who plays next."""
    state = rigged(duo(), hands=REV, top="red:5")
    state, _ = play(state, 0, "red:reverse")
    state, _ = choose(state, 0, "all")
    state, events = choose(state, 0, card_in_hand(state, 0, "red:draw_two"))
    assert brief(events) == [
        ("play", 0, "red:draw_two", "red"),
        ("play", 0, "red:1", "red"),
        ("turn", 1),
    ]
    assert state.penalty is None


def test_reverse_dump_declined_only_the_reverse_is_played():
    """docs/rules.md §3 'Reverse': 'nothing' -- only the Reverse is played; the
    opponent plays next."""
    state = rigged(duo(), hands=REV, top="red:5")
    state, _ = play(state, 0, "red:reverse")
    state, events = choose(state, 0, "none")
    assert brief(events) == [("turn", 1)]
    assert hand(state, 0) == ["red:1", "red:draw_two", "blue:3"]


def test_reverse_dump_ending_on_skip_plays_again():
    """docs/rules.md §3 'Reverse': a last Skip makes the opponent lose the turn --
    the player plays again."""
    hands = {0: ["red:reverse", "red:skip", "blue:3"], 1: ["green:1"]}
    state = rigged(duo(), hands=hands, top="red:5")
    state, _ = play(state, 0, "red:reverse")
    state, events = choose(state, 0, "all")
    assert brief(events) == [("play", 0, "red:skip", "red"), ("turn", 0)]


def test_reverse_with_no_other_card_of_the_color_passes_play_on():
    """docs/rules.md §3 'Reverse': with nothing else of that colour there is no
    dump to decide; the opponent plays."""
    state = rigged(duo(), hands={0: ["red:reverse", "blue:3"], 1: ["green:1"]}, top="red:5")
    state, events = play(state, 0, "red:reverse")
    assert brief(events) == [("play", 0, "red:reverse", "red"), ("turn", 1)]


def test_reverse_dump_going_out_on_draw_two_opponent_still_draws():
    """docs/rules.md §3 'Reverse' with §1 'End of a round' (004): dumping the last
    cards ends the round; a last Draw Two is still drawn before scoring."""
    hands = {0: ["red:reverse", "red:draw_two"], 1: ["green:1"]}
    state = rigged(duo(), hands=hands, top="red:5", draw=["blue:4", "blue:6"])
    state.uno_called[0] = True
    state, _ = play(state, 0, "red:reverse")
    state, events = choose(state, 0, "all")
    assert brief(events) == [
        ("play", 0, "red:draw_two", "red"),
        ("draw", 1, ("blue:4", "blue:6"), "penalty"),
        ("round_end", 0),
    ]
    assert events[-1]["points"] == {"0": 0, "1": 1 + 4 + 6}


def test_wild_names_the_color_the_opponent_must_play():
    """docs/rules.md §3 'Wild': names the colour the opponent must play."""
    hands = {0: ["wild:wild", "red:1"], 1: ["green:1", "blue:2", "red:3"]}
    state = rigged(duo(), hands=hands, top="red:5")
    state, events = act(state, wild(state, 0, "wild:wild", "blue"))
    assert brief(events) == [("play", 0, "wild:wild", "blue"), ("turn", 1)]
    assert offered_plays(state, 1) == {"blue:2"}


WD4 = {0: ["wild:wild_draw_four", "blue:3", "blue:4"], 1: ["green:1", "green:2"]}
FOUR = ["yellow:1", "yellow:2", "yellow:3", "yellow:4"]
SIX = FOUR + ["yellow:5", "yellow:6"]


def test_wild_draw_four_opponent_draws_four_and_player_plays_again():
    """docs/rules.md §3 'Wild Draw Four': opponent draws 4; the player names the
    colour and takes another turn."""
    state = rigged(duo(), hands=WD4, top="red:5", draw=FOUR)
    state, events = act(state, wild(state, 0, "wild:wild_draw_four", "blue"))
    assert brief(events)[0] == ("play", 0, "wild:wild_draw_four", "blue")
    assert pending(state) == ("penalty", 1)
    assert offered_kinds(state, 1) == {"Accept", "Challenge"}
    state, events = accept(state, 1)
    assert brief(events) == [("draw", 1, tuple(FOUR), "penalty"), ("turn", 0)]
    assert color(state) == "blue"
    assert offered_plays(state, 0) == {"blue:3", "blue:4"}


def test_wild_draw_four_challenge_innocent_challenger_draws_six():
    """docs/rules.md §3 'Wild Draw Four' challenge: the play was legal (no other
    playable card: blue cards on red 5) -- the challenger draws 6; the
    player still plays again."""
    state = rigged(duo(), hands=WD4, top="red:5", draw=SIX)
    state, _ = act(state, wild(state, 0, "wild:wild_draw_four", "green"))
    state, events = challenge(state, 1)
    assert ("challenge", 1, 0, False) in brief(events)
    assert ("draw", 1, tuple(SIX), "challenge") in brief(events)
    assert brief(events)[-1] == ("turn", 0)
    assert len(state.hands[1]) == 8


def test_wild_draw_four_challenge_guilty_any_other_playable_card():
    """docs/rules.md §3 'Wild Draw Four' challenge (003: 'if the player could have
    played another card'): holding a card of another colour that matches the
    number counts -- the player draws the 4 instead, the challenger nothing."""
    hands = {0: ["wild:wild_draw_four", "blue:5", "blue:4"], 1: ["green:1", "green:2"]}
    state = rigged(duo(), hands=hands, top="red:5", draw=FOUR)
    state, _ = act(state, wild(state, 0, "wild:wild_draw_four", "green"))
    state, events = challenge(state, 1)
    assert ("challenge", 1, 0, True) in brief(events)
    assert ("draw", 0, tuple(FOUR), "challenge") in brief(events)
    assert len(state.hands[1]) == 2
    assert len(state.hands[0]) == 2 + 4


def test_wild_draw_four_challenge_guilty_when_holding_a_wild():
    """docs/rules.md §3 'Wild Draw Four' challenge: a Wild is another playable card."""
    hands = {0: ["wild:wild_draw_four", "wild:wild", "blue:4"], 1: ["green:1", "green:2"]}
    state = rigged(duo(), hands=hands, top="red:5", draw=FOUR)
    state, _ = act(state, wild(state, 0, "wild:wild_draw_four", "green"))
    state, events = challenge(state, 1)
    assert ("challenge", 1, 0, True) in brief(events)


def test_wild_draw_four_as_last_card_opponent_still_draws_four():
    """docs/rules.md §3 'Wild Draw Four' with §1 'End of a round' (004): going out
    on a Wild Draw Four ends the round; the opponent draws the 4 before the
    points are counted (no challenge, no extra turn)."""
    hands = {0: ["wild:wild_draw_four"], 1: ["green:1"]}
    state = rigged(duo(), hands=hands, top="red:5", draw=FOUR)
    state, events = act(state, wild(state, 0, "wild:wild_draw_four", "blue"))
    assert brief(events) == [
        ("play", 0, "wild:wild_draw_four", events[0]["color"]),
        ("draw", 1, tuple(FOUR), "penalty"),
        ("round_end", 0),
    ]
    assert events[-1]["points"] == {"0": 0, "1": 1 + 1 + 2 + 3 + 4}


# --- UNO and scoring ------------------------------------------------------------------------


def test_uno_said_first_by_the_opponent_costs_two():
    """docs/rules.md §3 'A turn' (003): a player who plays their second-to-last
    card says UNO; if the opponent says it first, they draw 2."""
    hands = {0: ["red:1", "red:2"], 1: ["green:1", "green:2"]}
    state = rigged(duo(), hands=hands, top="red:5", draw=["blue:1", "blue:2"])
    assert CallUno(0) in legal(state, 0)
    state, _ = play(state, 0, "red:1")
    assert Catch(1, 0) in legal(state, 1)
    state, events = act(state, Catch(1, 0))
    assert brief(events) == [("catch", 1, 0), ("draw", 0, ("blue:1", "blue:2"), "uno")]
    assert len(state.hands[0]) == 3


def test_uno_called_in_time_cannot_be_caught():
    """docs/rules.md §3 'A turn': saying UNO first protects the player."""
    hands = {0: ["red:1", "red:2"], 1: ["green:1", "green:2"]}
    state = rigged(duo(), hands=hands, top="red:5")
    state, events = act(state, CallUno(0))
    assert brief(events) == [("uno", 0)]
    state, _ = play(state, 0, "red:1")
    assert not any(type(a) is Catch for a in legal(state, 1))


LEFT = [
    "red:7",
    "blue:draw_two",
    "green:reverse",
    "yellow:skip",
    "wild:wild",
    "wild:wild_draw_four",
]


def test_scoring_the_player_left_with_cards_scores_them():
    """docs/rules.md §3 'Scoring': the player who goes out scores 0; the other
    scores their remaining cards: numbers face value; Draw Two, Reverse, Skip
    10; Wild 15; Wild Draw Four 20."""
    state = rigged(duo(), hands={0: ["red:1"], 1: LEFT}, top="red:5", scores=[30, 40])
    state, events = play(state, 0, "red:1")
    assert brief(events) == [("play", 0, "red:1", "red"), ("round_end", 0)]
    assert events[-1]["points"] == {"0": 0, "1": 7 + 10 + 10 + 10 + 15 + 20}
    assert events[-1]["scores"] == [30, 40 + 72]
    assert pending(state) == ("next_round", 0)
    assert not state.over


def test_match_ends_at_200_lower_total_wins():
    """docs/rules.md §3 'Scoring': rounds go on until someone reaches 200 or more:
    that player loses, the lower score wins."""
    state = rigged(duo(), hands={0: ["red:1"], 1: LEFT}, top="red:5", scores=[150, 190])
    state, events = play(state, 0, "red:1")
    assert brief(events)[-2:] == [("round_end", 0), ("game_end", 0)]
    assert events[-1]["scores"] == [150, 262]
    assert state.over and state.winner == 0


def test_match_ends_when_the_player_left_with_cards_reaches_200_winner_went_out():
    """docs/rules.md §3 'Scoring': the round's winner can be the match's loser's
    opponent only by total -- seat 1 goes out but seat 0 crosses 200."""
    state = rigged(
        duo(),
        hands={0: ["blue:9", "blue:8"], 1: ["red:1"]},
        top="red:5",
        to_act=1,
        scores=[190, 20],
    )
    state, events = play(state, 1, "red:1")
    assert events[-2]["points"] == {"0": 17, "1": 0}
    assert brief(events)[-1] == ("game_end", 1)
    assert events[-1]["scores"] == [207, 20]


def test_match_target_is_200():
    """docs/rules.md §3 'Scoring': the match is played to 200 (the `game` event's target)."""
    _, events = new_game(duo(), 2, seed=4)
    assert events[0]["target"] == 200
    assert events[0]["rules"] == ["duo"]


def test_duo_table_options_are_not_accept_or_pass_on_a_play_turn():
    """docs/rules.md §3 'A turn': on a play turn the choices are the playable cards
    and Draw; there is nothing to accept or pass."""
    hands = {0: ["red:1", "blue:2", "blue:3"], 1: ["green:1"]}
    state = rigged(duo(), hands=hands, top="red:5")
    kinds = offered_kinds(state, 0)
    assert kinds == {"Play", "Draw"}
    assert Draw(0) in legal(state, 0)
    assert Pass(0) not in legal(state, 0)


def test_reverse_dump_emptying_the_hand_keeps_the_number_for_last_with_no_action_finish():
    """docs/rules.md §3 'Reverse' with the house rule 'no-action-finish' (docs/
    house-rules.md): a dump that empties the hand must end on a number, so
    the order offered keeps the last number for last; the round is won on it."""
    strict = rules("duo", "house/no-action-finish")
    hands = {0: ["red:reverse", "red:skip", "red:draw_two", "red:4"], 1: ["green:1"]}
    state = rigged(strict, hands=hands, top="red:5", draw=["blue:4", "blue:6"])
    state.uno_called[0] = True
    state, _ = play(state, 0, "red:reverse")
    state, _ = choose(state, 0, "all")
    assert pending(state) == ("dump_next", 0)
    options = {state.cards.names[a.value] for a in legal(state, 0)}
    assert options == {"red:skip", "red:draw_two"}  # not the 4: it goes last
    state, events = choose(state, 0, card_in_hand(state, 0, "red:draw_two"))
    assert brief(events) == [("play", 0, "red:draw_two", "red")]
    assert [state.cards.names[a.value] for a in legal(state, 0)] == ["red:skip"]
    state, events = choose(state, 0, card_in_hand(state, 0, "red:skip"))
    assert brief(events)[:2] == [("play", 0, "red:skip", "red"), ("play", 0, "red:4", "red")]
    assert brief(events)[-1] == ("round_end", 0)


def test_reverse_dump_with_two_numbers_left_may_go_in_any_order_with_no_action_finish():
    """As above, with two numbers among the cards left: either may go down
    now, since the other will still be a number to end on."""
    strict = rules("duo", "house/no-action-finish")
    hands = {0: ["red:reverse", "red:skip", "red:3", "red:4"], 1: ["green:1"]}
    state = rigged(strict, hands=hands, top="red:5")
    state, _ = play(state, 0, "red:reverse")
    state, _ = choose(state, 0, "all")
    options = {state.cards.names[a.value] for a in legal(state, 0)}
    assert options == {"red:skip", "red:3", "red:4"}


# --- a whole hand at a time ----------------------------------------------------------------


def whole_hand():
    return rules("duo", "house/draft-whole-hand")


def test_a_whole_hand_at_a_time_drafts_the_same_cards_in_another_order():
    """A draft rule set may have each seat draft its whole hand before the next
    begins (`dealing.draft_order: whole_hand`, the house rule draft-whole-hand;
    UNO Duo's own rule is card by card).
    The cards drafted are the same 28 off the top of the shuffled pile, met in
    another order, so every card is as likely to reach a seat as before; the 14
    put aside go under the draw pile as in the card-by-card draft."""
    pile = _pile(first="red:5")
    state, events = draft_round(whole_hand(), 0, pile)
    log = list(events)
    for i in range(14):
        seat = i // 7  # Player 1's seven decisions, then Player 2's
        assert pending(state) == ("draft", seat)
        state, events = choose(state, seat, "keep" if i % 2 else "discard")
        log += events
        assert conserved(state)
    drafts = [e for e in log if e["t"] == "draft"]
    assert [e["p"] for e in drafts] == [0] * 14 + [1] * 14
    assert [e["card"] for e in drafts] == pile[:28]
    kept = [e["card"] for e in drafts if e["kept"]]
    assert Counter(hand(state, 0)) + Counter(hand(state, 1)) == Counter(kept)
    bottom = [state.cards.names[c] for c in state.draw_pile[:14]]
    assert Counter(bottom) == Counter(e["card"] for e in drafts if not e["kept"])
    assert pending(state) == ("play", 1)
