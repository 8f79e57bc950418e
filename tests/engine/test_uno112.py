"""The 112-card edition: rules/uno112.yaml, rules/uno112-blank.yaml and the
two house files made for them (house/shuffle-hands-redeal.yaml,
house/swap-hands-card.yaml).

Rules: docs/rules.md §2 (sources 000 and 004); the log:
docs/replay-format.md (a card is `color:face`, `wild:wild_shuffle_hands`;
`swap` and `hands` change hands) plus the engine's `discard`, `chose` events.
"""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine import Play, legal_actions, new_game
from game.engine.cards import card_table
from game.rules.errors import RuleFileError
from tests.support.acting import act, choose, play
from tests.support.events import brief
from tests.support.rules import rules
from tests.support.table import color, hand, pending, rigged, set_shuffle, top, turn_up

SPECIALS = {
    "wild:wild_shuffle_hands": 1,
    "wild:wild_everyone_draws": 1,
    "wild:wild_color_purge": 1,
    "wild:wild_encore": 1,
}


def uno112():
    return rules("uno112")


def swap_rules():
    return rules("uno112", "house/swap-hands-card")


def redeal_rules():
    return rules("uno112", "house/shuffle-hands-redeal")


def wild_play(state, seat, name, color):
    """The Play the engine offers for a wild, with `color` if it asks for one now."""
    card = next(c for c in state.hands[seat] if state.cards.names[c] == name)
    offered = [a for a in legal_actions(state, seat) if type(a) is Play and a.card == card]
    assert offered, f"{name} is not offered: {legal_actions(state, seat)}"
    for action in offered:
        if action.color in (color, None):
            return action
    raise AssertionError(f"no play of {name} naming {color}: {offered}")


# --- the deck ----------------------------------------------------------------------------


def test_deck_is_the_108_plus_shuffle_hands_and_three_customizable_wilds():
    """docs/rules.md §2 'The 112-card edition' (000): the 108 cards plus 1 Shuffle
    Hands / Swap Hands card and 3 Customizable Wilds."""
    cards = card_table(uno112())
    assert cards.size == 112
    counts = Counter(cards.names)
    classic = Counter(card_table(rules("classic")).names)
    assert counts - classic == Counter(SPECIALS)
    assert classic - counts == Counter()


def test_special_cards_score_40_each():
    """docs/rules.md §1 'End of a round and scoring' (000): Swap Hands / Shuffle
    Hands 40, Customizable Wild 40; the round's winner scores them."""
    cards = card_table(uno112())
    for name in SPECIALS:
        assert cards.points[cards.by_name[name]] == 40, name
    state = rigged(
        uno112(),
        hands={0: ["red:1"], 1: list(SPECIALS), 2: ["blue:3"]},
        top="red:5",
    )
    state, events = play(state, 0, "red:1")
    (end,) = [e for e in events if e["t"] == "round_end"]
    assert end["winner"] == 0
    assert end["points"] == {"0": 4 * 40 + 3, "1": 0, "2": 0}


def test_swap_hands_card_deck_swaps_the_special_face():
    """docs/rules.md §2 (000): one card is Swap Hands / Shuffle Hands;
    house/swap-hands-card.yaml makes it Swap Hands (still 112 cards, 40 points)."""
    cards = card_table(swap_rules())
    counts = Counter(cards.names)
    assert cards.size == 112
    assert counts["wild:wild_swap_hands"] == 1
    assert counts["wild:wild_shuffle_hands"] == 0
    assert cards.points[cards.by_name["wild:wild_swap_hands"]] == 40


def test_blank_deck_has_four_blank_cards():
    """docs/rules.md §2 (004): the 108 cards plus 4 blank cards (rules/uno112-blank.yaml)."""
    cards = card_table(rules("uno112-blank"))
    counts = Counter(cards.names)
    assert cards.size == 112
    assert counts - Counter(card_table(rules("classic")).names) == Counter({"wild:blank": 4})
    assert cards.points[cards.by_name["wild:blank"]] == 40


@pytest.mark.parametrize("name", ["uno112", "uno112-blank"])
def test_a_seeded_game_deals_from_112_cards(name):
    """docs/rules.md §2: a real deal uses all 112 cards (7 each, one turned up)."""
    state, events = new_game(rules(name), 4, seed=5)
    assert sum(len(h) for h in state.hands) == 28
    assert len(state.draw_pile) + len(state.discard) + 28 == 112


# --- Shuffle Hands -----------------------------------------------------------------------


THREE = {
    0: ["wild:wild_shuffle_hands", "red:1", "red:2"],
    1: ["blue:1", "blue:2", "blue:3"],
    2: ["green:1", "green:2", "green:3"],
}


def test_shuffle_hands_redistributes_hands_evenly_starting_left():
    """docs/rules.md §2 'Shuffle Hands' (the published card; uno112.yaml default
    `mode: redistribute`): the hands are gathered, shuffled and dealt out
    evenly, starting left of the player; the draw and discard piles stay."""
    state = rigged(uno112(), hands=THREE, top="red:5", under_top=["yellow:9"])
    pile = list(state.draw_pile)
    order = ["green:3", "red:1", "blue:2", "green:1", "blue:1", "red:2", "green:2", "blue:3"]
    set_shuffle(state, order)
    state, events = act(state, wild_play(state, 0, "wild:wild_shuffle_hands", "yellow"))
    # 8 cards, first to seat 1 (left of seat 0): seats 1 and 2 get 3, seat 0 gets 2.
    assert hand(state, 1) == ["green:3", "green:1", "green:2"]
    assert hand(state, 2) == ["red:1", "blue:1", "blue:3"]
    assert hand(state, 0) == ["blue:2", "red:2"]
    shown = [e for e in events if e["t"] == "hands"]
    assert len(shown) == 1
    assert shown[0]["hands"] == [hand(state, s) for s in range(3)]
    assert events[0] == {
        "t": "play",
        "p": 0,
        "card": "wild:wild_shuffle_hands",
        "color": events[0]["color"],
    }
    if pending(state) == ("color", 0):  # the colour named after the shuffle
        state, more = choose(state, 0, "yellow")
        events += more
    assert color(state) == "yellow"
    assert state.draw_pile == pile
    assert top(state) == "wild:wild_shuffle_hands"
    assert [state.cards.names[c] for c in state.discard[-3:]] == [
        "yellow:9",
        "red:5",
        "wild:wild_shuffle_hands",
    ]
    assert brief(events)[-1] == ("turn", 1)


def test_shuffle_hands_deals_from_the_left_even_when_play_goes_right():
    """docs/rules.md §2 'Shuffle Hands': dealing starts left of the player (clockwise,
    seat + 1) whatever the direction of play; play then goes on to the right."""
    state = rigged(uno112(), hands=THREE, top="red:5", direction=-1)
    order = ["green:3", "red:1", "blue:2", "green:1", "blue:1", "red:2", "green:2", "blue:3"]
    set_shuffle(state, order)
    state, events = act(state, wild_play(state, 0, "wild:wild_shuffle_hands", "red"))
    if pending(state) == ("color", 0):
        state, more = choose(state, 0, "red")
        events += more
    assert [len(h) for h in state.hands] == [2, 3, 3]
    assert hand(state, 1)[0] == "green:3"
    assert brief(events)[-1] == ("turn", 2)


@pytest.mark.parametrize("seed", range(8))
def test_shuffle_hands_keeps_every_card_and_sizes_even(seed):
    """docs/rules.md §2 'Shuffle Hands' (published card): all the hands' cards are
    dealt out again; sizes differ by at most one, extra cards going to the
    seats nearest the player's left."""
    hands = {
        0: ["wild:wild_shuffle_hands", "red:1", "red:2", "red:3"],
        1: ["blue:1"],
        2: ["green:1", "green:2", "green:3", "green:4", "green:5", "green:6"],
        3: ["yellow:1", "yellow:2"],
    }
    state = rigged(uno112(), hands=hands, top="red:5", seed=seed)
    before = Counter(c for h in state.hands for c in h)
    shuffle = state.cards.by_name["wild:wild_shuffle_hands"]
    before[shuffle] -= 1
    state, events = act(state, wild_play(state, 0, "wild:wild_shuffle_hands", "red"))
    assert Counter(c for h in state.hands for c in h) == +before
    # 12 cards over 4 seats: 3 each.
    assert [len(h) for h in state.hands] == [3, 3, 3, 3]


def test_shuffle_hands_odd_total_extra_cards_go_left_of_the_player():
    """docs/rules.md §2 'Shuffle Hands': dealt one at a time starting left of the
    player, so with 10 cards for 4 seats seats 2 and 3 (left of seat 1) get 3."""
    hands = {
        0: ["red:1", "red:2", "red:3"],
        1: ["wild:wild_shuffle_hands", "blue:1", "blue:2"],
        2: ["green:1", "green:2"],
        3: ["yellow:1", "yellow:2", "yellow:3"],
    }
    state = rigged(uno112(), hands=hands, top="blue:5", to_act=1)
    state, _ = act(state, wild_play(state, 1, "wild:wild_shuffle_hands", "blue"))
    assert [len(h) for h in state.hands] == [2, 2, 3, 3]


def test_shuffle_hands_redeal_gathers_everything_and_deals_seven():
    """docs/rules.md §2 'Shuffle Hands' (000; house/shuffle-hands-redeal.yaml):
    hands, the discard pile but this card, and the draw pile are shuffled
    together; everyone is dealt 7 anew starting left of the player; the
    discard pile is left with just this card. The `hands` event carries the
    new hands and the `discard` pile."""
    state = rigged(
        redeal_rules(),
        hands=THREE,
        top="red:5",
        under_top=["yellow:9", "blue:skip"],
        draw=["green:7"],
    )
    # A card from the discard pile and one from the draw pile end up dealt.
    set_shuffle(state, ["yellow:9", "green:7", "blue:skip"])
    state, events = act(state, wild_play(state, 0, "wild:wild_shuffle_hands", "green"))
    assert [len(h) for h in state.hands] == [7, 7, 7]
    assert hand(state, 1)[0] == "yellow:9"
    assert hand(state, 2)[0] == "green:7"
    assert hand(state, 0)[0] == "blue:skip"
    assert [state.cards.names[c] for c in state.discard] == ["wild:wild_shuffle_hands"]
    assert len(state.draw_pile) == 112 - 21 - 1
    shown = [e for e in events if e["t"] == "hands"]
    assert len(shown) == 1
    assert shown[0]["hands"] == [hand(state, s) for s in range(3)]
    assert shown[0]["discard"] == ["wild:wild_shuffle_hands"]
    if pending(state) == ("color", 0):
        state, more = choose(state, 0, "green")
        events += more
    assert color(state) == "green"
    assert brief(events)[-1] == ("turn", 1)


@pytest.mark.parametrize("base", ["classic", "uno112-blank"])
def test_shuffle_hands_redeal_requires_a_112_card_deck(base):
    """house/shuffle-hands-redeal.yaml `requires: uno112`: refused on classic
    and on uno112-blank (no Shuffle Hands card), naming both files."""
    with pytest.raises(RuleFileError) as err:
        rules(base, "house/shuffle-hands-redeal")
    text = str(err.value)
    assert "shuffle-hands-redeal" in text
    assert f"{base}.yaml" in text


def test_shuffle_hands_color_is_named_after_the_new_hands():
    """docs/rules.md §2 'Shuffle Hands' (000): everyone is dealt new cards; 'the
    player then names the colour' -- a `color` decision after the `hands`
    event, so the colour is picked knowing the new hand."""
    state = rigged(uno112(), hands=THREE, top="red:5")
    card = state.cards.by_name["wild:wild_shuffle_hands"]
    offered = [a for a in legal_actions(state, 0) if type(a) is Play and a.card == card]
    assert offered == [Play(0, card, None)]
    state, events = act(state, offered[0])
    assert [e["t"] for e in events] == ["play", "hands"]
    assert pending(state) == ("color", 0)
    state, events = choose(state, 0, "blue")
    assert brief(events) == [("color", 0, "blue"), ("turn", 1)]


def test_shuffle_hands_turned_up_first_the_next_player_names_the_color():
    """docs/rules.md §1 'Setup' (000) applied to the 112-card wilds (uno112.yaml
    `first_card: choose_color: {who: next}`): no shuffle, the first player
    names the colour."""
    hands = {0: ["red:1"], 1: ["blue:1"], 2: ["green:1"]}
    state, events = turn_up(uno112(), "wild:wild_shuffle_hands", hands=hands, dealer=0)
    assert brief(events) == [("start", "wild:wild_shuffle_hands", None, 1, 1)]
    assert pending(state) == ("color", 1)
    state, events = choose(state, 1, "blue")
    assert brief(events) == [("color", 1, "blue"), ("turn", 1)]


# --- Swap Hands ------------------------------------------------------------------------


SWAP3 = {
    0: ["wild:wild_swap_hands", "red:1", "red:2"],
    1: ["blue:1", "blue:2", "blue:3", "blue:4"],
    2: ["green:1", "green:2", "green:3", "green:4", "green:5"],
}


def test_swap_hands_asks_for_a_player_then_swaps():
    """docs/rules.md §2 'Swap Hands' (000; house/swap-hands-card.yaml): the player
    swaps hands with any player they choose -- a `player` decision with 3+
    players, then `chose` and `swap` events; play goes on to the left."""
    state = rigged(swap_rules(), hands=SWAP3, top="red:5")
    state, events = act(state, wild_play(state, 0, "wild:wild_swap_hands", "green"))
    assert pending(state) == ("player", 0)
    assert state.pending.options == (1, 2)
    assert brief(events) == [("play", 0, "wild:wild_swap_hands", events[0]["color"])]
    state, events = choose(state, 0, 2)
    assert ("chose", 0, 2) in brief(events)
    assert ("swap", 0, 2) in brief(events)
    if pending(state) == ("color", 0):
        state, more = choose(state, 0, "green")
        events += more
    assert hand(state, 0) == SWAP3[2]
    assert hand(state, 2) == ["red:1", "red:2"]
    assert hand(state, 1) == SWAP3[1]
    assert color(state) == "green"
    assert brief(events)[-1] == ("turn", 1)


def test_swap_hands_with_two_players_needs_no_choice():
    """docs/rules.md §2 'Swap Hands': with two players the only other seat is the
    one swapped with; no `player` decision is opened."""
    hands = {0: ["wild:wild_swap_hands", "red:1"], 1: ["blue:1", "blue:2", "blue:3"]}
    state = rigged(swap_rules(), hands=hands, top="red:5")
    state, events = act(state, wild_play(state, 0, "wild:wild_swap_hands", "blue"))
    if pending(state) == ("color", 0):
        state, more = choose(state, 0, "blue")
        events += more
    assert ("swap", 0, 1) in brief(events)
    assert hand(state, 0) == ["blue:1", "blue:2", "blue:3"]
    assert hand(state, 1) == ["red:1"]
    assert brief(events)[-1] == ("turn", 1)


def test_swap_hands_color_is_named_after_the_swap():
    """docs/rules.md §2 'Swap Hands': 'swap with a player you choose, then
    name the colour' -- the colour is a decision after the `swap` event."""
    state = rigged(swap_rules(), hands=SWAP3, top="red:5")
    card = state.cards.by_name["wild:wild_swap_hands"]
    offered = [a for a in legal_actions(state, 0) if type(a) is Play and a.card == card]
    assert offered == [Play(0, card, None)]
    state, events = act(state, offered[0])
    state, events = choose(state, 0, 1)
    assert brief(events) == [("chose", 0, 1), ("swap", 0, 1)]
    assert pending(state) == ("color", 0)
    state, events = choose(state, 0, "blue")
    assert brief(events) == [("color", 0, "blue"), ("turn", 1)]


def test_swap_hands_card_needs_a_112_card_deck():
    """house/swap-hands-card.yaml `requires: uno112`: refused on classic,
    naming both files."""
    with pytest.raises(RuleFileError) as err:
        rules("classic", "house/swap-hands-card")
    text = str(err.value)
    assert "swap-hands-card" in text and "classic" in text


def test_swapping_clears_an_uno_window():
    """docs/rules.md §1 'Calling UNO' with Swap Hands: after hands change seats, the
    one-card hand that was not called belongs to someone else; nobody can be
    caught for the old hand."""
    hands = {
        0: ["wild:wild_swap_hands", "red:1", "red:2"],
        1: ["blue:1", "blue:2"],
        2: ["green:1", "green:2"],
    }
    state = rigged(swap_rules(), hands=hands, top="red:5")
    state.uno_window = 2  # seat 2 went down to 2... say it may still be caught
    state, _ = act(state, wild_play(state, 0, "wild:wild_swap_hands", "red"))
    state, _ = choose(state, 0, 2)
    assert state.uno_window == -1


# --- the three shipped Customizable Wilds -------------------------------------------------


def test_custom_everyone_draws_one():
    """docs/rules.md §2 'Customizable Wild' (uno112.yaml `wild_everyone_draws`):
    name a colour, every other player draws one card (`draw ... why: effect`);
    nobody loses a turn."""
    hands = {
        0: ["wild:wild_everyone_draws", "red:1"],
        1: ["blue:1"],
        2: ["green:1"],
        3: ["yellow:1"],
    }
    state = rigged(uno112(), hands=hands, top="red:5", draw=["red:8", "blue:8", "green:8"])
    state, events = act(state, wild_play(state, 0, "wild:wild_everyone_draws", "blue"))
    assert brief(events) == [
        ("play", 0, "wild:wild_everyone_draws", "blue"),
        ("draw", 1, ("red:8",), "effect"),
        ("draw", 2, ("blue:8",), "effect"),
        ("draw", 3, ("green:8",), "effect"),
        ("turn", 1),
    ]
    assert [len(h) for h in state.hands] == [1, 2, 2, 2]
    assert color(state) == "blue"


def test_custom_color_purge_discards_the_color_in_force():
    """docs/rules.md §2 'Customizable Wild' (uno112.yaml `wild_color_purge`): name a
    colour, then discard every card of that colour from the hand, under the
    top card (a `discard` event); other cards stay."""
    hands = {
        0: ["wild:wild_color_purge", "red:1", "blue:3", "red:skip", "red:7", "green:2"],
        1: ["blue:1", "blue:2"],
    }
    state = rigged(uno112(), hands=hands, top="yellow:5", players=3)
    state, events = act(state, wild_play(state, 0, "wild:wild_color_purge", "red"))
    assert brief(events) == [
        ("play", 0, "wild:wild_color_purge", "red"),
        ("discard", 0, ("red:1", "red:skip", "red:7")),
        ("turn", 1),
    ]
    assert hand(state, 0) == ["blue:3", "green:2"]
    assert top(state) == "wild:wild_color_purge"
    names = [state.cards.names[c] for c in state.discard[-4:]]
    assert names == ["red:1", "red:skip", "red:7", "wild:wild_color_purge"]
    assert color(state) == "red"


def test_custom_color_purge_can_go_out():
    """docs/rules.md §2 'Customizable Wild' (colour purge): discarding the last
    cards ends the round; the player wins it."""
    hands = {
        0: ["wild:wild_color_purge", "red:1", "red:2"],
        1: ["blue:1", "blue:9"],
        2: ["green:4"],
    }
    state = rigged(uno112(), hands=hands, top="yellow:5")
    state, events = act(state, wild_play(state, 0, "wild:wild_color_purge", "red"))
    assert brief(events) == [
        ("play", 0, "wild:wild_color_purge", "red"),
        ("discard", 0, ("red:1", "red:2")),
        ("round_end", 0),
    ]
    assert hand(state, 0) == []
    assert events[-1]["points"] == {"0": 1 + 9 + 4, "1": 0, "2": 0}


def test_custom_color_purge_leaving_one_card_opens_the_uno_window():
    """docs/rules.md §1 'Calling UNO' with colour purge: down to one card without
    calling UNO, the player can be caught before the next player acts."""
    hands = {0: ["wild:wild_color_purge", "red:1", "blue:3"], 1: ["blue:1", "blue:2"]}
    state = rigged(uno112(), hands=hands, top="yellow:5")
    state, _ = act(state, wild_play(state, 0, "wild:wild_color_purge", "red"))
    assert hand(state, 0) == ["blue:3"]
    assert state.uno_window == 0


def test_custom_encore_plays_again():
    """docs/rules.md §2 'Customizable Wild' (uno112.yaml `wild_encore`): name a
    colour and take another turn."""
    hands = {0: ["wild:wild_encore", "red:1", "blue:2"], 1: ["blue:1"], 2: ["green:1"]}
    state = rigged(uno112(), hands=hands, top="yellow:5")
    state, events = act(state, wild_play(state, 0, "wild:wild_encore", "blue"))
    assert brief(events) == [("play", 0, "wild:wild_encore", "blue"), ("turn", 0)]
    state, events = play(state, 0, "blue:2")
    assert brief(events)[-1] == ("turn", 1)


def test_blank_card_as_shipped_names_color_and_next_draws_one():
    """docs/rules.md §2 (004; uno112-blank.yaml as shipped): a blank wild names the
    colour and the next player draws one card, then plays as normal."""
    hands = {0: ["wild:blank", "red:1"], 1: ["blue:1"], 2: ["green:1"]}
    state = rigged(rules("uno112-blank"), hands=hands, top="yellow:5", draw=["green:9"])
    state, events = act(state, wild_play(state, 0, "wild:blank", "green"))
    assert brief(events) == [
        ("play", 0, "wild:blank", "green"),
        ("draw", 1, ("green:9",), "effect"),
        ("turn", 1),
    ]
    assert hand(state, 1) == ["blue:1", "green:9"]


@pytest.mark.parametrize("name", ["wild:wild_color_purge", "wild:wild_encore"])
def test_custom_wild_as_last_card_wins_the_round(name):
    """docs/rules.md §1 'End of a round' with the 112-card wilds: a custom wild
    played as the last card ends the round at once (no purge, no extra turn)."""
    hands = {0: [name], 1: ["blue:1"], 2: ["green:2"]}
    state = rigged(uno112(), hands=hands, top="yellow:5")
    state, events = act(state, wild_play(state, 0, name, "red"))
    assert brief(events) == [("play", 0, name, "red"), ("round_end", 0)]
    assert events[-1]["points"] == {"0": 3, "1": 0, "2": 0}


def test_custom_everyone_draws_as_last_card_still_makes_them_draw():
    """docs/rules.md §1 'End of a round' (004: a last draw card is still drawn
    before points are counted; classic.yaml `final_penalty_drawn: true`):
    a last Everyone Draws makes the others draw, and the cards count."""
    hands = {0: ["wild:wild_everyone_draws"], 1: ["blue:1"], 2: ["green:2"]}
    state = rigged(uno112(), hands=hands, top="yellow:5", draw=["red:8", "blue:9"])
    state, events = act(state, wild_play(state, 0, "wild:wild_everyone_draws", "red"))
    assert brief(events) == [
        ("play", 0, "wild:wild_everyone_draws", "red"),
        ("draw", 1, ("red:8",), "effect"),
        ("draw", 2, ("blue:9",), "effect"),
        ("round_end", 0),
    ]
    assert events[-1]["points"] == {"0": 1 + 8 + 2 + 9, "1": 0, "2": 0}
