"""UNO Flip (rules/flip.yaml, docs/rules.md section 5) played through the
turn on rigged tables, each test citing the published rule it checks."""

from __future__ import annotations

import functools
from collections import Counter

from game.engine import Play, new_game, view
from game.engine.cards import card_table
from game.engine.sides import show_side
from game.rules.loader import load_rules
from tests.support.acting import accept, act, challenge, offered, play_of
from tests.support.rules import DAY_NIGHT, rules
from tests.support.table import color, hand, pending, rigged, start_round, top


@functools.cache
def flip():
    return rules("flip")


def dark(state):
    """The table turned to its Dark side (as after a Flip)."""
    show_side(state, 1)
    state.color = state.cards.color[state.top]
    state.legal_cache = {}
    return state


def give(state, seat: int, at: int, face) -> int:
    """Swap card `at` of `seat`'s hand with a draw-pile card whose face in
    play `face(name)` accepts; returns the card given."""
    names = state.cards.face_names
    card = next(c for c in state.draw_pile if face(names[c]))
    state.draw_pile[state.draw_pile.index(card)] = state.hands[seat][at]
    state.hands[seat][at] = card
    state.legal_cache = {}
    return card


def test_the_deck_is_112_cards_with_a_light_and_a_dark_face_each():
    state, _ = new_game(flip(), 4, seed=3)
    light, dark_side = state.tables
    assert light.size == dark_side.size == 112
    assert set(light.colors) == {"red", "yellow", "green", "blue"}
    assert set(dark_side.colors) == {"pink", "teal", "orange", "purple"}
    assert sum(1 for c in range(112) if light.face_names[c] == "wild:wild_draw_two") == 4
    assert sum(1 for c in range(112) if dark_side.face_names[c] == "wild:wild_draw_color") == 4


def test_faces_are_paired_at_random_for_each_match_from_its_seed():
    one, _ = new_game(flip(), 4, seed=1)
    again, _ = new_game(flip(), 4, seed=1)
    other, _ = new_game(flip(), 4, seed=2)
    assert one.cards.names == again.cards.names
    assert one.cards.names != other.cards.names


def test_a_seats_own_card_ids_on_the_dark_side_say_nothing_of_their_light_faces():
    # The published rules: a hand is held with the face in play towards its
    # owner, so on the Dark side only the others see its cards' Light faces.
    # The view gives a seat its cards by id: read against the faces' own
    # order (the rule file's), an id must guess a Light face no better than
    # chance, and the numbering is each match's own.
    faces = card_table(flip(), 0).face_names
    chance = sum(n * n for n in Counter(faces).values()) / len(faces) ** 2
    hits = held = 0
    numberings = set()
    for seed in range(30):
        state, _ = new_game(flip(), 3, seed)
        light = state.tables[0].face_names
        seen = view(dark(state), 0)
        assert seen["side"] == "dark"
        hits += sum(faces[card] == light[card] for card in seen["hand"])
        held += len(seen["hand"])
        numberings.add(tuple(light))
    assert held >= 30 * 7
    assert hits / held < 3 * chance, (hits, held, chance)
    assert len(numberings) == 30


def test_a_flip_turns_every_card_over_and_the_next_player_matches_its_other_face():
    # The published rules: every card turns over and play goes on with the
    # other side; reading A, the new top is the other face of the Flip.
    state = rigged(
        flip(), hands={0: ["red:flip", "red:3"], 1: ["blue:4"], 2: ["green:5"]}, top="red:7"
    )
    flip_card = play_of(state, 0, "red:flip").card
    back = state.tables[1].face_names[flip_card]
    state, events = act(state, play_of(state, 0, "red:flip"))
    flipped = next(e for e in events if e["t"] == "flip")
    assert flipped["side"] == "dark" and flipped["top"].startswith(back)
    assert state.cards.side_name == "dark"
    assert top(state).startswith(back)
    if state.cards.color[state.top] >= 0:
        assert pending(state) == ("play", 1)
    else:  # a wild's face: the seat that flipped names the colour
        assert pending(state) == ("color", 0)


def test_draw_one_makes_the_next_player_draw_one_and_lose_the_turn():
    # The published rules: Draw One (Light), the next player draws 1 and loses the turn.
    state = rigged(flip(), hands={0: ["red:draw_one", "red:3"], 1: ["blue:4"], 2: ["green:5"]})
    state, events = act(state, play_of(state, 0, "red:draw_one"))
    assert len(hand(state, 1)) == 2 and pending(state) == ("play", 2)


def test_draw_five_makes_the_next_player_draw_five_and_lose_the_turn():
    # The published rules: Draw Five (Dark), the next player draws 5 and loses the turn.
    state = dark(rigged(flip(), hands={0: ["red:1", "red:3"], 1: ["blue:4"], 2: ["green:5"]}))
    card = give(state, 0, 0, lambda name: name.endswith(":draw_five"))
    state.color = state.cards.color[card]
    state, _ = act(state, play_of(state, 0, state.cards.face_names[card]))
    assert len(hand(state, 1)) == 6 and pending(state) == ("play", 2)


def test_skip_everyone_lets_its_player_play_again():
    # The published rules: every other player is skipped; its player plays again.
    state = dark(rigged(flip(), hands={0: ["red:1", "red:3"], 1: ["blue:4"], 2: ["green:5"]}))
    card = give(state, 0, 0, lambda name: name.endswith(":skip_everyone"))
    state.color = state.cards.color[card]
    state, events = act(state, play_of(state, 0, state.cards.face_names[card]))
    assert [e["p"] for e in events if e["t"] == "skip"] == [1, 2]
    assert pending(state) == ("play", 0)


def test_wild_draw_two_unchallenged_makes_the_next_player_draw_two():
    state = rigged(
        flip(),
        hands={0: ["wild:wild_draw_two", "red:3"], 1: ["blue:4"], 2: ["green:5"]},
        top="blue:7",
    )
    state, _ = act(state, play_of(state, 0, "wild:wild_draw_two", "green"))
    state, _ = accept(state, 1)
    assert len(hand(state, 1)) == 3 and color(state) == "green" and pending(state) == ("play", 2)


def test_an_innocent_wild_draw_two_makes_the_challenger_draw_four():
    # The published rules: like Wild Draw Four; innocent, the challenger draws 2 + 2.
    state = rigged(
        flip(),
        hands={0: ["wild:wild_draw_two", "red:3"], 1: ["blue:4"], 2: ["green:5"]},
        top="blue:7",
    )
    state, _ = act(state, play_of(state, 0, "wild:wild_draw_two", "green"))
    state, _ = challenge(state, 1)
    assert len(hand(state, 1)) == 5 and pending(state) == ("play", 2)


def _dark_wild_draw_color(holding_color: bool):
    state = dark(
        rigged(flip(), hands={0: ["red:1", "red:2"], 1: ["blue:4"], 2: ["green:5"]}, top="red:7")
    )
    card = give(state, 0, 0, lambda name: name == "wild:wild_draw_color")
    kept = give(state, 0, 1, lambda name: name.startswith("pink:"))
    # Guilty: it holds a card of the colour in force (pink); innocent: it does not.
    state.color = state.cards.color[kept] if holding_color else state.cards.colors.index("orange")
    return state, card


def test_wild_draw_color_makes_the_next_player_draw_until_the_named_color():
    # The published rules: the next player draws until a card of the named
    # colour (a wild does not count) and loses the turn.
    state, card = _dark_wild_draw_color(holding_color=False)
    state, _ = act(state, play_of(state, 0, "wild:wild_draw_color", "teal"))
    state, events = accept(state, 1)
    drawn = [c for e in events if e["t"] == "draw" for c in e["cards"]]
    assert drawn and drawn[-1].startswith("teal:")
    assert all(not c.startswith("teal:") for c in drawn[:-1])
    assert pending(state) == ("play", 2)


def test_a_guilty_wild_draw_color_makes_its_player_draw_until_the_color():
    # The published rules: guilty, its player draws until the colour instead.
    state, card = _dark_wild_draw_color(holding_color=True)
    state, _ = act(state, play_of(state, 0, "wild:wild_draw_color", "teal"))
    before = len(state.hands[0])
    state, events = challenge(state, 1)
    drawn = [c for e in events if e["t"] == "draw" and e["p"] == 0 for c in e["cards"]]
    assert drawn[-1].startswith("teal:") and len(state.hands[0]) == before + len(drawn)
    assert len(state.hands[1]) == 1


def test_an_innocent_wild_draw_color_makes_the_challenger_draw_until_the_color_and_two():
    state, card = _dark_wild_draw_color(holding_color=False)
    state, _ = act(state, play_of(state, 0, "wild:wild_draw_color", "teal"))
    state, events = challenge(state, 1)
    drawn = [c for e in events if e["t"] == "draw" and e["p"] == 1 for c in e["cards"]]
    assert any(c.startswith("teal:") for c in drawn[:-2])
    assert len(state.hands[1]) == 1 + len(drawn)


def test_a_flip_turned_up_first_starts_play_on_the_dark_side():
    # The published rules, reading A: a Flip turned up first flips the table
    # before the first turn.
    state, events = start_round(flip(), 3, dealer=0, turned=["red:flip"])
    assert any(e["t"] == "flip" for e in events)
    assert state.cards.side_name == "dark"


def test_the_round_is_scored_by_the_faces_of_the_side_in_play():
    # The published rules: scoring by the faces of the side in play when the round ends.
    state = dark(
        rigged(flip(), hands={0: ["red:1"], 1: ["blue:4", "blue:5"], 2: ["green:5"]}, top="red:7")
    )
    card = give(state, 0, 0, lambda name: name.startswith("pink:") and name[-1].isdigit())
    state.color = state.cards.color[card]
    expected = sum(state.cards.points[c] for seat in (1, 2) for c in state.hands[seat])
    state, events = act(state, play_of(state, 0, state.cards.face_names[card]))
    end = next(e for e in events if e["t"] == "round_end")
    assert end["side"] == "dark" and end["points"]["0"] == expected


def test_every_seat_sees_the_other_faces_of_the_other_hands_and_the_pile_top():
    state, _ = new_game(flip(), 3, seed=5)
    back = state.back
    seen = view(state, 0)
    assert seen["public"][0] == []
    assert seen["public"][1] == [back.face_names[c] for c in state.hands[1]]
    assert seen["pile_back"] == back.face_names[state.draw_pile[-1]]
    assert all("/" not in name for name in seen["hand_cards"] + seen["discard"])


def test_a_card_identical_on_the_side_in_play_may_jump_in_whatever_its_other_face():
    # The jump-in house rule: a card identical to the top card (same colour
    # and face) may be played out of turn; on a two-sided deck the face that
    # counts is the one in play, the other face lies against the table.
    rule_set = load_rules([str(DAY_NIGHT), "house/jump-in"])
    state = rigged(
        rule_set,
        hands={
            0: ["yellow:2/purple:5"],
            1: ["red:3/teal:2"],
            2: ["red:1/teal:4", "red:2/purple:2"],
        },
        top="red:1/teal:1",
        to_act=1,
    )
    jumps = [a for a in offered(state, 2) if isinstance(a, Play)]
    assert [state.cards.names[a.card] for a in jumps] == ["red:1/teal:4"]
    state, events = act(state, jumps[0])
    assert events[0] == {"t": "jump_in", "p": 2, "over": 1}


def test_reading_b_turns_the_discard_pile_over_as_a_stack():
    # The published rules, reading B: the discard pile is turned over as a
    # stack, so its bottom card comes on top.
    rule_set = rules("flip", "house/flip-as-stack")
    state = rigged(
        rule_set,
        hands={0: ["red:flip", "red:3"], 1: ["blue:4"], 2: ["green:5"]},
        top="red:7",
        under_top=["red:2", "red:4"],
        rest="draw",
    )
    bottom = state.discard[0]
    state, events = act(state, play_of(state, 0, "red:flip"))
    flipped = next(e for e in events if e["t"] == "flip")
    assert state.top == bottom and flipped["top"] == state.cards.names[bottom]


def test_reading_b_plays_a_flip_turned_up_first_as_a_plain_card():
    # The published rules, reading B: a Flip turned up first is played as a
    # plain card of its colour; play starts on the Light side.
    state, events = start_round(
        rules("flip", "house/flip-first-card-plain"), 3, dealer=0, turned=["red:flip"]
    )
    assert not any(e["t"] == "flip" for e in events)
    assert state.cards.side_name == "light" and color(state) == "red"
    assert pending(state) == ("play", 1)


def test_a_dark_reverse_with_two_players_acts_as_a_skip():
    # The published rules: Reverse, Skip as in classic; with 2 players Reverse acts as Skip.
    state = dark(rigged(flip(), hands={0: ["red:1", "red:3"], 1: ["blue:4"]}))
    card = give(state, 0, 0, lambda name: name.endswith(":dark_reverse"))
    state.color = state.cards.color[card]
    state, events = act(state, play_of(state, 0, state.cards.face_names[card]))
    assert pending(state) == ("play", 0)


def test_a_wild_names_a_color_of_the_side_in_play():
    # The published rules: Wild, name the colour (of the side in play).
    state = dark(rigged(flip(), hands={0: ["red:1", "red:3"], 1: ["blue:4"], 2: ["green:5"]}))
    card = give(state, 0, 0, lambda name: name == "wild:dark_wild")
    plays = [a for a in offered(state, 0) if isinstance(a, Play) and a.card == card]
    assert sorted(a.color for a in plays) == ["orange", "pink", "purple", "teal"]
    state, _ = act(state, plays[0])
    assert color(state) == plays[0].color


def test_a_flip_played_as_the_last_card_turns_the_table_before_scoring():
    # docs/rules.md section 5, "What the sheet leaves open": the round is
    # scored on the side the last card turned to.
    state = rigged(flip(), hands={0: ["red:flip"], 1: ["blue:4", "blue:5"], 2: ["green:5"]})
    expected = sum(state.tables[1].points[c] for seat in (1, 2) for c in state.hands[seat])
    state, events = act(state, play_of(state, 0, "red:flip"))
    end = next(e for e in events if e["t"] == "round_end")
    assert end["side"] == "dark" and end["points"]["0"] == expected


def test_the_last_card_option_leaves_the_table_as_it_was():
    stays = load_rules(["flip", _overlay_last_card_stays()])
    state = rigged(stays, hands={0: ["red:flip"], 1: ["blue:4", "blue:5"], 2: ["green:5"]})
    expected = sum(state.tables[0].points[c] for seat in (1, 2) for c in state.hands[seat])
    state, events = act(state, play_of(state, 0, "red:flip"))
    assert not any(e["t"] == "flip" for e in events)
    end = next(e for e in events if e["t"] == "round_end")
    assert end["side"] == "light" and end["points"]["0"] == expected


def _overlay_last_card_stays() -> str:
    from tests.support.rules import overlay_file

    over = {"cards": {"flip": {"effects": [{"flip": {"last_card": "stays"}}]}}}
    return overlay_file("flip-last-card-stays", over)
