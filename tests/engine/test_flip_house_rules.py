"""House rules written once for every base, played on UNO Flip (rules/flip.yaml).

docs/rules.md section 5: the house rules of section 4 work in UNO Flip as in
classic, stacking answering a draw card with a draw card of the side in play.
A house rule file says what it is over Flip's cards under `on: {flip: …}`
(rules/README.md, "Layers"); each test plays the rule on a rigged Flip table.
"""

from __future__ import annotations

import functools

from game.engine import legal_actions
from game.engine.sides import show_side
from tests.support.acting import choose, play
from tests.support.events import brief
from tests.support.rules import rules
from tests.support.table import pending, rigged


@functools.cache
def flip_with(name: str):
    return rules("flip", f"house/{name}")


def faces(state, seat: int) -> list[str]:
    """A hand by its faces in play (a log names both faces)."""
    return [state.cards.face_names[c] for c in state.hands[seat]]


def dark(state):
    """The table turned to its Dark side (as after a Flip)."""
    show_side(state, 1)
    state.color = state.cards.color[state.top]
    state.legal_cache = {}
    return state


def test_seven_o_on_flip_a_light_seven_swaps_hands_with_a_chosen_player():
    # Seven-O: a 7 swaps hands with a player the player chooses.
    hands = {0: ["red:7", "red:1", "red:2"], 1: ["blue:2"], 2: ["green:2", "green:3"]}
    state = rigged(flip_with("seven-o"), hands=hands, top="red:5")
    state, events = play(state, 0, "red:7")
    assert pending(state) == ("player", 0)
    assert {a.value for a in legal_actions(state, 0)} == {1, 2}
    state, events = choose(state, 0, 2)
    assert [e[0] for e in brief(events)] == ["chose", "swap", "turn"]
    assert faces(state, 0) == ["green:2", "green:3"]
    assert faces(state, 2) == ["red:1", "red:2"]


def test_seven_o_on_flip_a_dark_seven_swaps_too():
    # UNO Flip prints a 7 on each side: Seven-O holds on both.
    state = rigged(flip_with("seven-o"), hands={0: ["red:1"], 1: ["blue:2"], 2: ["green:2"]})
    state = dark(state)
    names = state.cards.face_names
    seven = next(c for c in state.draw_pile if names[c].endswith(":7") and "wild" not in names[c])
    state.draw_pile.remove(seven)
    state.hands[0].append(seven)
    state.color = state.cards.color[seven]
    state.legal_cache = {}
    state, _ = play(state, 0, names[seven])
    assert pending(state) == ("player", 0)


def test_seven_o_on_flip_says_there_is_no_zero():
    house = flip_with("seven-o").model.house_rules["seven-o"]
    assert "no 0" in house.description.in_language("en")
    classic = rules("classic", "house/seven-o").model.house_rules["seven-o"]
    assert "0 passes" in classic.description.in_language("en")


def test_seven_o_on_classic_still_passes_hands_on_a_zero():
    hands = {0: ["red:0", "red:1"], 1: ["blue:2"], 2: ["green:2", "green:3"]}
    state = rigged(rules("classic", "house/seven-o"), hands=hands, top="red:5")
    state, events = play(state, 0, "red:0")
    assert ("hands",) in brief(events)


def test_stacking_on_flip_a_draw_one_answers_a_draw_one_and_the_sum_piles_up():
    # Stacking on Flip: a draw card answers the same draw card of the side in play.
    hands = {
        0: ["red:draw_one", "red:1"],
        1: ["blue:draw_one", "blue:2"],
        2: ["green:2", "green:3"],
        3: ["yellow:1"],
    }
    two = ["yellow:6", "yellow:7"]
    state = rigged(flip_with("stacking"), hands=hands, top="red:5", draw=two)
    state, _ = play(state, 0, "red:draw_one")
    assert pending(state) == ("penalty", 1)
    state, events = play(state, 1, "blue:draw_one")
    drawn = next(e for e in events if e["t"] == "draw")
    assert drawn["p"] == 2 and len(drawn["cards"]) == 2 and drawn["why"] == "penalty"
    assert (
        flip_with("stacking")
        .model.house_rules["stacking"]
        .description.in_language("en")
        .startswith("Answer a Draw One")
    )


def test_cross_stacking_on_flip_a_wild_draw_two_answers_a_draw_one():
    hands = {0: ["red:draw_one", "red:1"], 1: ["wild:wild_draw_two", "blue:2"], 2: ["green:2"]}
    state = rigged(flip_with("stacking-cross"), hands=hands, top="red:5")
    state, _ = play(state, 0, "red:draw_one")
    plays = [a for a in legal_actions(state, 1) if getattr(a, "card", None) is not None]
    assert any(state.cards.face_names[a.card] == "wild:wild_draw_two" for a in plays)


def test_reverse_does_nothing_with_two_players_on_either_side_of_flip():
    state = rigged(
        flip_with("reverse-no-skip-2p"), hands={0: ["red:reverse", "red:1"], 1: ["blue:2"]}
    )
    state, _ = play(state, 0, "red:reverse")
    assert pending(state) == ("play", 1)
    dark_reverse = flip_with("reverse-no-skip-2p").kinds["dark_reverse"]
    assert [spec.name for spec in dark_reverse.effects] == ["reverse"]
