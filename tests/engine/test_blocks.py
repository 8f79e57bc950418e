"""Each building block on its own: every registered effect
(game/engine/effects.py, choice_effects.py, hand_effects.py, sides.py), condition
(conditions.py) and scoring scheme (scoring.py), called directly on a
rigged table, beside the whole-rule-set scenarios that play them through
the turn. A block registered without a unit test here fails
`test_every_registered_block_has_a_unit_test`: name the test
`test_effect_NAME...`, `test_condition_NAME...` or `test_scheme_NAME...`.
"""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine import conditions, effects, scoring
from game.engine.pending import Decision, Penalty, PlayContext
from game.engine.state import GameState
from tests.support.rules import day_night, rules, rules_with
from tests.support.table import conserved, hand, names_of, rigged

# --- calling a block ------------------------------------------------------------------


def context(state: GameState, **fields) -> PlayContext:
    """The play being resolved: the seat to act played the discard top."""
    fields.setdefault("prev_color", state.color)
    return PlayContext(actor=state.actor, card=state.top, **fields)


def run(
    state: GameState, name: str, params: dict | None = None, ctx: PlayContext | None = None
) -> tuple[bool, list[dict]]:
    """Run the effect `name` with `params` (validated by its own model) for
    `ctx`; returns whether it opened a decision, and its events."""
    block = effects.REGISTRY[name]
    events: list[dict] = []
    opened = block.fn(
        state, ctx or context(state), block.params.model_validate(params or {}), events
    )
    return bool(opened), events


def holds(state: GameState, name: str, **ctx_fields) -> bool | int:
    """The condition `name` for the seat to act and the discard top."""
    return conditions.REGISTRY[name].fn(state, context(state, **ctx_fields))


def points(state: GameState, name: str, winner: int) -> list[int]:
    return scoring.SCHEMES[name].fn(state, winner)


THREE = {0: ["red:1", "red:2"], 1: ["blue:2", "blue:3"], 2: ["green:3", "green:4"]}


# --- every block has its test ------------------------------------------------------------


def test_every_registered_block_has_a_unit_test():
    tests = [name for name in globals() if name.startswith("test_")]
    registries = {
        "effect": effects.REGISTRY,
        "condition": conditions.REGISTRY,
        "scheme": scoring.SCHEMES,
    }
    missing = [
        f"{kind} {name}"
        for kind, registry in registries.items()
        for name in registry
        if not any(
            t == f"test_{kind}_{name}" or t.startswith(f"test_{kind}_{name}_") for t in tests
        )
    ]
    assert not missing, f"registered blocks without a unit test here: {missing}"


# --- turn order ----------------------------------------------------------------------------


def test_effect_skip_adds_the_seats_to_skip():
    state = rigged(hands=THREE, top="red:skip")
    assert run(state, "skip", {"count": 2}) == (False, [])
    assert state.skips == 2
    run(state, "skip")
    assert state.skips == 3


def test_effect_skip_does_nothing_on_the_last_card():
    state = rigged(hands=THREE, top="red:skip")
    run(state, "skip", ctx=context(state, going_out=True))
    assert state.skips == 0


def test_effect_reverse_turns_the_direction_and_says_so():
    state = rigged(hands=THREE, top="red:reverse")
    assert run(state, "reverse") == (False, [{"t": "direction", "direction": -1}])
    assert state.direction == -1
    assert run(state, "reverse", ctx=context(state, going_out=True)) == (False, [])
    assert state.direction == -1


def test_effect_play_again_gives_the_player_another_turn():
    state = rigged(hands=THREE, top="red:skip")
    run(state, "play_again", ctx=context(state, going_out=True))
    assert not state.play_again
    assert run(state, "play_again") == (False, [])
    assert state.play_again


# --- drawing ---------------------------------------------------------------------------------


def test_effect_penalty_leaves_cards_owed_by_the_next_seat():
    state = rigged(hands=THREE, top="red:draw_two", to_act=1)
    assert run(state, "penalty", {"count": 2, "challengeable": True}) == (False, [])
    owed = state.penalty
    assert (owed.count, owed.target, owed.source) == (2, 2, 1)
    assert owed.lose_turn and owed.challengeable and owed.stackable
    assert not owed.guilty and not owed.stacked
    assert owed.color_before == "red"
    assert hand(state, 2) == THREE[2]  # nobody has drawn yet


def test_effect_penalty_on_a_penalty_stacks_and_passes_it_on():
    state = rigged(hands=THREE, top="red:draw_two", to_act=1)
    state.penalty = Penalty(2, target=1, source=0)
    run(state, "penalty", {"count": 4}, ctx=context(state, allowed=False))
    owed = state.penalty
    assert (owed.count, owed.target, owed.source) == (6, 2, 1)
    assert owed.stacked and owed.guilty  # played where it was not allowed


def test_effect_penalty_on_the_last_card_is_drawn_at_once():
    state = rigged(hands=THREE, top="red:draw_two", draw=["yellow:5", "yellow:6", "yellow:7"])
    state.penalty = Penalty(1, target=1, source=2)
    opened, events = run(state, "penalty", {"count": 2}, ctx=context(state, going_out=True))
    assert not opened and state.penalty is None
    assert [(e["t"], e["p"], e["cards"], e["why"]) for e in events] == [
        ("draw", 1, ["yellow:5", "yellow:6", "yellow:7"], "penalty")
    ]


def test_effect_penalty_on_the_last_card_is_forgotten_where_the_rules_say_so():
    no_final = rules_with({"round_end": {"final_penalty_drawn": False}})
    state = rigged(no_final, hands=THREE, top="red:draw_two")
    assert run(state, "penalty", {"count": 2}, ctx=context(state, going_out=True)) == (False, [])
    assert state.penalty is None and hand(state, 1) == THREE[1]


def test_effect_draw_gives_cards_to_the_seats_it_names():
    state = rigged(hands=THREE, top="red:5", draw=["yellow:5", "yellow:6", "yellow:7"])
    opened, events = run(state, "draw", {"who": "all_others", "count": 1})
    assert not opened
    assert [(e["p"], e["cards"], e["why"]) for e in events] == [
        (1, ["yellow:5"], "effect"),
        (2, ["yellow:6"], "effect"),
    ]
    _, events = run(state, "draw", {"who": "self", "count": 1})
    assert hand(state, 0) == ["red:1", "red:2", "yellow:7"]
    assert state.skips == 0 and state.penalty is None  # no lost turn, nothing owed


def test_effect_draw_on_the_last_card_follows_final_penalty_drawn():
    state = rigged(hands=THREE, top="red:5", draw=["yellow:5"])
    _, events = run(state, "draw", {"who": "next"}, ctx=context(state, going_out=True))
    assert [e["p"] for e in events] == [1]
    no_final = rules_with({"round_end": {"final_penalty_drawn": False}})
    state = rigged(no_final, hands=THREE, top="red:5")
    assert run(state, "draw", {"who": "next"}, ctx=context(state, going_out=True)) == (False, [])


# --- choices -----------------------------------------------------------------------------------


def test_effect_choose_color_asks_the_player_or_the_next_seat():
    state = rigged(hands=THREE, top="wild:wild", color="red")
    assert run(state, "choose_color") == (True, [])
    assert state.pending == Decision("color", 0, ("red", "yellow", "green", "blue"))
    assert run(state, "choose_color", {"who": "next"}) == (True, [])
    assert state.pending.seat == 1


def test_effect_choose_color_named_with_the_play_asks_nothing():
    state = rigged(hands=THREE, top="wild:wild", color="red")
    assert run(state, "choose_color", ctx=context(state, color_named=True)) == (False, [])
    assert run(state, "choose_color", ctx=context(state, going_out=True)) == (False, [])
    assert state.pending == Decision("play", 0)


def test_effect_choose_player_asks_which_other_seat():
    state = rigged(hands=THREE, top="red:5")
    assert run(state, "choose_player") == (True, [])
    assert state.pending == Decision("player", 0, (1, 2))


def test_effect_choose_player_with_one_other_seat_chooses_it():
    state = rigged(hands={0: ["red:1"], 1: ["blue:2"]}, top="red:5")
    ctx = context(state)
    assert run(state, "choose_player", ctx=ctx) == (False, [])
    assert ctx.chosen == 1 and state.pending == Decision("play", 0)


# --- hands ---------------------------------------------------------------------------------------


def test_effect_swap_hands_with_the_chosen_seat():
    state = rigged(hands=THREE, top="red:5")
    state.uno_called = [True, False, True]
    opened, events = run(state, "swap_hands", {"with": "chosen"}, ctx=context(state, chosen=2))
    assert (opened, events) == (False, [{"t": "swap", "p": 0, "with": 2}])
    assert hand(state, 0) == THREE[2] and hand(state, 2) == THREE[0]
    assert state.uno_called == [False, False, False]


def test_effect_swap_hands_with_the_next_seat_or_nobody():
    state = rigged(hands=THREE, top="red:5", direction=-1)
    run(state, "swap_hands", {"with": "next"})
    assert hand(state, 0) == THREE[2]
    assert run(state, "swap_hands", {"with": "chosen"}) == (False, [])  # nobody chosen


def test_effect_rotate_hands_passes_every_hand_on():
    state = rigged(hands=THREE, top="red:5")
    state.uno_window = 1
    opened, events = run(state, "rotate_hands")
    assert [hand(state, s) for s in range(3)] == [THREE[2], THREE[0], THREE[1]]
    assert events == [{"t": "hands", "hands": [THREE[2], THREE[0], THREE[1]]}]
    assert not opened and state.uno_window == -1


def test_effect_shuffle_hands_redistributes_all_the_cards_evenly():
    hands = {0: ["red:1"], 1: ["blue:2", "blue:3", "blue:4", "blue:5"], 2: ["green:3"]}
    state = rigged(hands=hands, top="red:5")
    held = Counter(card for cards in hands.values() for card in cards)
    _, events = run(state, "shuffle_hands")
    assert Counter(card for s in range(3) for card in hand(state, s)) == held
    assert sorted(len(hand(state, s)) for s in range(3)) == [2, 2, 2]
    assert events[0]["t"] == "hands" and "discard" not in events[0] and conserved(state)


def test_effect_shuffle_hands_redeal_deals_new_hands_from_everything():
    state = rigged(hands=THREE, top="red:5", under_top=["yellow:9"])
    _, events = run(state, "shuffle_hands", {"mode": "redeal", "hand_size": 3})
    assert [len(hand(state, s)) for s in range(3)] == [3, 3, 3]
    assert names_of(state, state.discard) == ["red:5"] and events[0]["discard"] == ["red:5"]
    assert conserved(state)


def test_effect_shuffle_hands_as_the_last_card():
    state = rigged(hands={0: [], 1: ["blue:2", "blue:3"], 2: ["green:3"]}, top="red:5")
    ctx = context(state, going_out=True)
    run(state, "shuffle_hands", ctx=ctx)  # the publisher's ruling: dealt cards too
    assert hand(state, 0) and not ctx.going_out
    state = rigged(hands={0: [], 1: ["blue:2", "blue:3"], 2: ["green:3"]}, top="red:5")
    ctx = context(state, going_out=True)
    assert run(state, "shuffle_hands", {"as_last_card": "wins"}, ctx=ctx) == (False, [])
    assert hand(state, 0) == [] and ctx.going_out


def test_effect_discard_color_lays_the_color_under_the_top_card():
    state = rigged(
        hands={0: ["red:1", "blue:2", "red:skip"], 1: ["green:3"]}, top="wild:wild", color="red"
    )
    opened, events = run(state, "discard_color")
    assert (opened, events) == (False, [{"t": "discard", "p": 0, "cards": ["red:1", "red:skip"]}])
    assert hand(state, 0) == ["blue:2"]
    assert names_of(state, state.discard[-3:]) == ["red:1", "red:skip", "wild:wild"]
    assert state.uno_window == 0  # one card left, UNO not called


def test_effect_discard_color_keeps_a_number_where_going_out_on_a_wild_is_forbidden():
    no_action_finish = rules("classic", "house/no-action-finish")
    hands = {0: ["red:1", "red:skip"], 1: ["green:3"]}
    state = rigged(no_action_finish, hands=hands, top="wild:wild", color="red")
    run(state, "discard_color")
    assert hand(state, 0) == ["red:1"]


def test_effect_dump_color_asks_all_or_none():
    state = rigged(hands={0: ["red:1", "red:2", "blue:3"], 1: ["red:3"]}, top="red:reverse")
    ctx = context(state)
    assert run(state, "dump_color", ctx=ctx) == (True, [])
    assert state.pending == Decision("dump", 0, ("all", "none"))
    assert names_of(state, ctx.dump) == ["red:1", "red:2"]
    # Another seat's decision begins its turn.
    assert run(state, "dump_color", {"who": "next"}) == (True, [{"t": "turn", "p": 1}])
    assert state.pending == Decision("dump", 1, ("all", "none"))


def test_effect_dump_color_without_the_color_asks_nothing():
    state = rigged(hands={0: ["blue:3"], 1: ["red:3"]}, top="red:reverse")
    assert run(state, "dump_color") == (False, [])
    assert state.pending == Decision("play", 0)


# --- conditions ----------------------------------------------------------------------------------


def test_condition_holds_color_in_force_counts_the_other_cards():
    state = rigged(hands={0: ["wild:wild_draw_four", "blue:3"], 1: ["red:3"]}, top="red:5")
    state.discard.append(state.hands[0].pop(0))  # the Wild Draw Four is being played
    assert holds(state, "holds_color_in_force") is False
    state.hands[0].append(state.discard.pop(-2))  # the red 5 comes back into the hand
    assert holds(state, "holds_color_in_force") is True


def test_condition_holds_match_counts_color_and_symbol_but_not_wilds():
    state = rigged(hands={0: ["wild:wild", "blue:5"], 1: ["red:3"]}, top="red:5")
    assert holds(state, "holds_match") is True  # the blue 5 matches the 5
    state = rigged(hands={0: ["wild:wild", "blue:6"], 1: ["red:3"]}, top="red:5")
    assert holds(state, "holds_match") is False


def test_condition_holds_other_playable_is_what_could_be_played_instead():
    state = rigged(hands={0: ["wild:wild_draw_four", "green:5"], 1: ["red:3"]}, top="red:5")
    assert holds(state, "holds_other_playable") is True
    state = rigged(hands={0: ["wild:wild_draw_four", "green:6"], 1: ["red:3"]}, top="red:5")
    assert holds(state, "holds_other_playable") is False


def test_condition_players_counts_the_seats_still_in():
    hands = {0: ["red:1"], 1: ["red:2"], 2: ["red:3"], 3: ["red:4"]}
    state = rigged(hands=hands, top="red:5", eliminated=[False, True, False, False])
    assert holds(state, "players") == 3


def test_condition_hand_size_of_the_seat_to_act():
    state = rigged(hands=THREE, top="red:5", to_act=2)
    assert holds(state, "hand_size") == 2


def test_condition_first_card_of_the_round():
    state = rigged(hands=THREE, top="red:5")
    assert holds(state, "first_card") is False
    assert holds(state, "first_card", first_card=True) is True


# --- scoring schemes -----------------------------------------------------------------------------

SCORED = {
    0: [],
    1: ["red:7", "blue:skip"],  # 7 + 20
    2: ["wild:wild"],  # 50
    3: ["green:3"],  # 3
}


@pytest.fixture
def teams():
    return rules("classic", "house/teams")


def test_scheme_winner_takes_points_from_every_other_hand(teams):
    assert points(rigged(hands=SCORED, top="red:5"), "winner_takes_points", 0) == [80, 0, 0, 0]
    # With teams the partners opposite (0 and 2) share what the others hold.
    state = rigged(teams, hands={**SCORED, 2: []}, top="red:5")
    assert points(state, "winner_takes_points", 0) == [30, 0, 30, 0]


def test_scheme_losers_score_own_hand():
    state = rigged(hands=SCORED, top="red:5")
    assert points(state, "losers_score_own_hand", 0) == [0, 27, 50, 3]


def test_scheme_rounds_won_one_point_per_round(teams):
    assert points(rigged(hands=SCORED, top="red:5"), "rounds_won", 3) == [0, 0, 0, 1]
    assert points(rigged(teams, hands=SCORED, top="red:5"), "rounds_won", 3) == [0, 1, 0, 1]


# --- two-sided decks ------------------------------------------------------------------


def test_effect_skip_all_skips_every_other_seat_so_its_player_goes_again():
    state = rigged(hands=THREE, top="red:skip")
    assert run(state, "skip_all") == (False, [])
    assert state.skips == 2
    state.skips = 0
    run(state, "skip_all", ctx=context(state, going_out=True))
    assert state.skips == 0


def test_effect_penalty_until_color_owes_draws_until_the_named_color():
    state = rigged(hands=THREE, top="wild:wild_draw_four", color="blue", to_act=1)
    run(state, "penalty", {"until_color": True, "challengeable": True})
    assert state.penalty.until_color == state.cards.colors.index("blue")
    state = rigged(hands=THREE, top="red:5", draw=["red:1", "wild:wild", "blue:3", "red:2"])
    taken = state.take_owed(1, 0, state.cards.colors.index("blue"), state.side, "penalty", None)
    assert names_of(state, taken) == ["red:1", "wild:wild", "blue:3"]  # a wild does not count
    taken = state.take_owed(2, 1, state.cards.colors.index("blue"), state.side, "penalty", None)
    assert len(taken) > 1 and names_of(state, taken)[-2].startswith("blue:")  # then 1 more


DAY = {0: ["red:1/teal:1", "yellow:2/purple:5"], 1: ["red:3/teal:2"]}


def test_effect_flip_turns_hands_and_both_piles_over():
    state = rigged(
        day_night(),
        hands=DAY,
        top="red:flip/purple:4",
        under_top=["yellow:1/teal:4"],
        draw=["red:2/purple:2", "red:5/teal:3"],
        rest="discard",
    )
    opened, events = run(state, "flip")
    assert not opened
    assert events == [{"t": "flip", "side": "night", "top": "purple:4/red:flip", "color": "purple"}]
    assert state.side == 1 and state.cards is state.tables[1]
    assert hand(state, 0) == ["teal:1/red:1", "purple:5/yellow:2"]
    assert names_of(state, state.discard[-2:]) == ["teal:4/yellow:1", "purple:4/red:flip"]
    # The draw pile is turned over as a stack: its bottom card is now on top.
    assert names_of(state, reversed(state.draw_pile)) == ["teal:3/red:5", "purple:2/red:2"]
    assert conserved(state)
    run(state, "flip")
    assert state.side == 0 and hand(state, 0) == DAY[0]


def test_effect_flip_as_a_stack_turns_the_discard_pile_bottom_up():
    state = rigged(day_night(), hands=DAY, top="red:flip/purple:4", under_top=["yellow:1/teal:4"])
    _, events = run(state, "flip", {"discard": "as_stack"})
    assert events[0]["top"] == "teal:4/yellow:1" and events[0]["color"] == "teal"


def test_effect_flip_onto_a_wild_lets_the_seat_that_flipped_name_the_color():
    state = rigged(day_night(), hands=DAY, top="red:flip/wild:wild_draw_color", to_act=1)
    opened, events = run(state, "flip")
    assert opened and events[0]["color"] is None
    assert state.pending == Decision("color", 1, ("teal", "purple"))


def test_effect_flip_keeps_a_one_sided_deck_as_it_is():
    state = rigged(hands=THREE, top="red:5")
    assert run(state, "flip") == (False, [])
    assert state.side == 0
