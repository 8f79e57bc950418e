"""Classic UNO setup: the deck, the player count, the cut, the deal.

Rules: docs/rules.md §1 "Classic UNO (108 cards, 2–10 players)",
paragraphs "Deck" and "Setup"; rules/classic.yaml `players`, `dealing`, `cards`.
"""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine import NextRound, new_game
from game.engine.cards import card_table
from tests.support.acting import act, play
from tests.support.events import brief, check_events, check_hands, kinds, of
from tests.support.rules import classic, rules_with
from tests.support.table import RiggedRng, conserved, deal_script, rigged, start_round

COLORS = ("red", "yellow", "green", "blue")


def test_deck_has_108_cards_25_per_color():
    """docs/rules.md §1 'Deck': per colour one 0, two each of 1-9, two Skip, two
    Reverse, two Draw Two (25); plus 4 Wild and 4 Wild Draw Four (001)."""
    table = card_table(classic())
    assert table.size == 108
    count = Counter(table.names)
    for color in COLORS:
        assert count[f"{color}:0"] == 1
        for n in range(1, 10):
            assert count[f"{color}:{n}"] == 2
        for kind in ("skip", "reverse", "draw_two"):
            assert count[f"{color}:{kind}"] == 2
        assert sum(v for k, v in count.items() if k.startswith(color + ":")) == 25
    assert count["wild:wild"] == 4
    assert count["wild:wild_draw_four"] == 4
    assert len(count) == 4 * 13 + 2


def test_card_points_by_kind():
    """docs/rules.md §1 'End of a round and scoring': numbers face value; Skip,
    Reverse, Draw Two 20; Wild, Wild Draw Four 50."""
    table = card_table(classic())
    points = dict(zip(table.names, table.points, strict=True))
    assert points["red:0"] == 0 and points["blue:7"] == 7 and points["green:9"] == 9
    assert points["yellow:skip"] == points["red:reverse"] == points["blue:draw_two"] == 20
    assert points["wild:wild"] == points["wild:wild_draw_four"] == 50


@pytest.mark.parametrize("players", range(2, 11))
def test_two_to_ten_players_each_dealt_seven(players):
    """docs/rules.md §1 heading '2–10 players' and 'Setup': deal 7 to each
    player; the rest is the draw pile, its top card starts the discard pile."""
    state, events = new_game(classic(), players, seed=100 + players)
    check_events(events, players)
    check_hands(None, events, state)
    deals = of(events, "deal")
    assert sorted(e["p"] for e in deals) == list(range(players))
    assert all(len(e["cards"]) == 7 for e in deals)
    assert of(events, "game")[0]["players"] == players
    assert len(of(events, "start")) == 1
    assert conserved(state)


@pytest.mark.parametrize("players", [0, 1, 11])
def test_one_or_eleven_players_refused(players):
    """docs/rules.md §1 heading: classic UNO is for 2–10 players (classic.yaml
    players {min: 2, max: 10})."""
    with pytest.raises(ValueError, match="2 to 10"):
        new_game(classic(), players, seed=1)


def _cut_values(cards: dict[str, str]) -> dict[int, int]:
    """docs/rules.md §1 'Setup': a cut card's value, action cards and wilds 0."""
    values = {}
    for seat, name in cards.items():
        face = name.split(":")[1]
        values[int(seat)] = int(face) if face.isdigit() else 0
    return values


def _games_with_cuts(players: int, seeds=range(400)):
    for seed in seeds:
        state, events = new_game(classic(), players, seed)
        yield state, of(events, "cut"), events


@pytest.mark.parametrize("players", [2, 3, 4, 6, 10])
def test_cut_highest_number_deals_and_ties_cut_again(players):
    """docs/rules.md §1 'Setup': each player cuts one card; highest number deals
    (action cards count as 0); tied players cut again (classic.yaml
    `dealing.cut_for_dealer: true`). Checked on the `cut` events of many
    seeded games, so the rule is checked whatever the shuffle is."""
    for state, cuts, events in _games_with_cuts(players, range(150)):
        assert cuts, "no cut event"
        assert set(cuts[0]["cards"]) == {str(s) for s in range(players)}
        for earlier, later in zip(cuts, cuts[1:], strict=False):
            values = _cut_values(earlier["cards"])
            best = max(values.values())
            tied = {s for s, v in values.items() if v == best}
            assert len(tied) > 1
            assert {int(s) for s in later["cards"]} == tied
        values = _cut_values(cuts[-1]["cards"])
        best = max(values.values())
        assert [s for s, v in values.items() if v == best] == [state.dealer]
        assert of(events, "round")[0]["dealer"] == state.dealer
        assert kinds(events)[: len(cuts) + 2] == ["game", *["cut"] * len(cuts), "round"]


def test_cut_action_card_counts_zero():
    """docs/rules.md §1 'Setup': action cards count as 0 in the cut — a seed where
    a number, even a 1, beats an action card or a wild (not their 20/50 points)."""
    for state, cuts, _ in _games_with_cuts(2, range(3000)):
        if len(cuts) != 1:
            continue
        cards = cuts[0]["cards"]
        values = _cut_values(cards)
        loser = 1 - state.dealer
        if not cards[str(loser)].split(":")[1].isdigit() and values[state.dealer] <= 2:
            assert values[state.dealer] > 0
            return
    pytest.fail("no seed cut an action card against a low number")


def test_cut_tie_between_action_cards_cuts_again():
    """docs/rules.md §1 'Setup': two action cards both count 0, so they tie and the
    tied players cut again."""
    for _state, cuts, _ in _games_with_cuts(2, range(3000)):
        first = cuts[0]["cards"]
        if not any(name.split(":")[1].isdigit() for name in first.values()):
            assert len(cuts) >= 2
            assert set(cuts[1]["cards"]) == {"0", "1"}
            return
    pytest.fail("no seed cut two action cards")


def test_deal_starts_left_of_dealer_and_first_player_is_left():
    """docs/rules.md §1 'Setup': the dealer deals 7 to each player; the player to
    the dealer's left starts and play goes clockwise (left)."""
    state, events = start_round(players=4, dealer=3, turned=["green:4"])
    assert of(events, "round") == [{"t": "round", "n": 1, "dealer": 3}]
    assert [e["p"] for e in of(events, "deal")] == [0, 1, 2, 3]
    assert all(len(e["cards"]) == 7 for e in of(events, "deal"))
    start = of(events, "start")[0]
    assert start == {"t": "start", "card": "green:4", "color": "green", "first": 0, "direction": 1}
    assert kinds(events)[-2:] == ["start", "turn"]
    assert of(events, "turn") == [{"t": "turn", "p": 0}]
    assert state.to_act == 0 and state.direction == 1


def test_first_player_left_of_dealer_mid_table():
    """docs/rules.md §1 'Setup': the player to the dealer's left starts; the deal
    goes one card at a time starting there."""
    hands = {2: ["red:1", "red:2"], 1: ["blue:9"]}
    state, events = start_round(players=5, dealer=1, turned=["blue:8"], hands=hands)
    assert [e["p"] for e in of(events, "deal")] == [2, 3, 4, 0, 1]
    assert of(events, "deal")[0]["cards"][:2] == ["red:1", "red:2"]
    assert of(events, "deal")[-1]["cards"][0] == "blue:9"
    assert of(events, "start")[0]["first"] == 2
    assert state.to_act == 2
    assert conserved(state)


def _finish_round(state):
    """Seat 0 plays its last card (red:1 on red:5)."""
    state, events = play(state, 0, "red:1")
    assert kinds(events)[-1] == "round_end"
    return state


@pytest.mark.parametrize(
    ("moves", "dealer_1", "dealer_2"),
    [("left", 2, 0), ("left", 1, 2), ("right", 1, 0), ("stays", 1, 1)],
)
def test_deal_passes_left_each_round(moves, dealer_1, dealer_2):
    """docs/rules.md §1 'Setup' + classic.yaml `dealing.dealer_moves: left`: round
    2's dealer is the seat left of round 1's, and round 2's first player is left
    of the new dealer ('right' and 'stays' are the file's other values)."""
    rules = rules_with({"dealing": {"dealer_moves": moves}})
    state = rigged(
        rules,
        hands={0: ["red:1"], 1: ["blue:2", "blue:3"], 2: ["green:2"]},
        dealer=dealer_1,
    )
    state = _finish_round(state)
    state.rng = RiggedRng(card_table(rules).names, [deal_script(3, dealer_2, ["yellow:4"])])
    state, events = act(state, NextRound(0))
    assert of(events, "round") == [{"t": "round", "n": 2, "dealer": dealer_2}]
    first = (dealer_2 + 1) % 3
    assert of(events, "start")[0]["first"] == first
    assert [e["p"] for e in of(events, "deal")] == [first, (first + 1) % 3, (first + 2) % 3]
    assert brief(events)[-1] == ("turn", first)
    assert all(len(h) == 7 for h in state.hands)
    assert conserved(state)
