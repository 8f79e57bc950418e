"""A card with a decision kind of its own is played sensibly by everything
that answers or shows a decision, from the kind's declaration alone
(tests/support/target_kind.py declares it; docs/architecture.md lists what a
contributor touches): every bot level, the playouts, the hint and the phones.
(The TV's overlay: tests/scenes/test_target_kind_overlay.py.) And a decision
is answered by what it is for, not by its kind's name: a pick for a swap, for
a seat that draws, for a seat that gains."""

from __future__ import annotations

import pytest

from game.bots import BOTS
from game.bots.expert import ExpertBot
from game.bots.hint import Advisor
from game.bots.playout import POLICY
from game.engine import GameState, legal_actions, view
from game.engine.actions import Choose
from game.engine.pending import Decision
from game.engine.purposes import Purpose
from game.i18n import say
from game.phones.offer import PhoneLooks, phone_state
from game.ui.card_book import CardBook
from tests.engine.test_decisions import _check_refusals
from tests.support.kind_examples import Example, reach
from tests.support.rules import overlay_file
from tests.support.target_kind import QUESTION, TARGET_RULES

# The levels that choose by what a pick is for (the random bot picks blindly).
AIMING = sorted(set(BOTS) - {"random"})


def _bot(level: str, rule_set):
    cls = BOTS[level]
    return ExpertBot(7, rule_set, steps=200) if cls is ExpertBot else cls(7, rule_set)


def _answer(level: str, rule_set, state: GameState) -> Choose:
    seat = state.pending.seat
    actions = list(legal_actions(state, seat))
    chosen = _bot(level, rule_set).choose(lambda: view(state, seat), actions)
    assert chosen in actions, f"the {level} bot answered {state.pending} with {chosen}"
    assert isinstance(chosen, Choose)
    return chosen


def test_the_card_opens_its_own_kind_for_a_seat_that_draws(target_kind):
    _, state = reach("target")
    assert state.pending.kind == "target" and state.pending.purpose is Purpose.HURT
    # Whatever else a seat tries meanwhile is refused in plain words.
    seen: set[str] = set()
    _check_refusals(state, seen)
    assert seen == {"target"}


@pytest.mark.parametrize("level", sorted(BOTS))
def test_every_bot_level_aims_the_card_at_the_seat_closest_to_going_out(target_kind, level):
    rule_set, state = reach("target")
    sizes = [len(hand) for hand in state.hands]
    options = state.pending.options
    assert len({sizes[s] for s in options}) > 1, "the example offers a real choice"
    chosen = _answer(level, rule_set, state)
    if level in AIMING:
        assert sizes[chosen.value] == min(sizes[s] for s in options)


def test_the_playouts_aim_it_alike(target_kind):
    rule_set, state = reach("target")
    sizes = [len(hand) for hand in state.hands]
    seat = state.pending.seat
    policy = POLICY[Purpose.HURT]
    chosen = policy(state, state.pending, list(legal_actions(state, seat)), state.rng)
    assert sizes[chosen.value] == min(sizes[s] for s in state.pending.options)


def test_the_hint_advises_it_and_says_why(target_kind):
    rule_set, state = reach("target")
    seat = state.pending.seat
    actions = list(legal_actions(state, seat))
    tip = Advisor(rule_set, seat).hint(lambda: view(state, seat), actions)
    assert tip.action in actions and isinstance(tip.action, Choose)
    name = state.names[int(tip.action.value)]
    assert (
        say(tip.why)
        == f"{name} is closest to going out ({len(state.hands[int(tip.action.value)])} cards)"
    )


def test_a_phone_asks_it_in_the_kinds_own_words(target_kind):
    _, state = reach("target")
    seat = state.pending.seat
    message, actions = phone_state(state, seat, CardBook(), PhoneLooks())
    assert message["prompt"] == QUESTION
    assert {o["choice"] for o in message["options"] if "choice" in o} == {
        state.names[s] for s in state.pending.options
    }


def _teams_at_target() -> tuple:
    """A team game at the card's pick, the chooser's partner closest to going out."""
    example = Example((TARGET_RULES[0], "house/teams", TARGET_RULES[1]), seed=1, players=4)
    rule_set, state = reach("target", example)
    seat = state.pending.seat
    partner = (seat + 2) % 4
    # The partner down to one card (the rest back in the pile): the card must
    # still go to an opponent.
    state.draw_pile.extend(state.hands[partner][1:])
    del state.hands[partner][1:]
    return rule_set, state, partner


@pytest.mark.parametrize("level", ["strong", "expert"])
def test_a_level_that_plays_for_its_team_never_aims_it_at_its_partner(target_kind, level):
    rule_set, state, partner = _teams_at_target()
    assert _answer(level, rule_set, state).value != partner


# --- a decision's purpose, not its kind, says whom to pick -------------------------


def test_a_pick_carries_the_purpose_of_the_effect_it_is_for():
    """`player` is "pick another seat": picked for a hand swap it is a swap,
    picked for "the chosen player draws" it hurts."""
    draws = overlay_file(
        "chosen-draws",
        {
            "cards": {
                "draw_two": {
                    "effects": [{"choose_player": None}, {"draw": {"who": "chosen", "count": 2}}]
                }
            }
        },
    )
    _, state = reach("player", Example(("classic", draws), seed=2))
    assert state.pending.purpose is Purpose.HURT
    _, state = reach("player")  # house/seven-o: the 7 swaps hands
    assert state.pending.purpose is Purpose.SWAP


def _at_a_pick(purpose: Purpose) -> GameState:
    """A `player` decision for `purpose`, the two seats offered 2 and 9 cards."""
    _, state = reach("player")
    seat = state.pending.seat
    few, many = state.pending.options
    for other, size in ((few, 2), (many, 9)):
        hand = state.hands[other]
        while len(hand) > size:
            state.draw_pile.append(hand.pop())
        while len(hand) < size:
            hand.append(state.draw_pile.pop())
    state.pending = Decision("player", seat, (few, many), purpose)
    return state


@pytest.mark.parametrize(
    ("purpose", "wanted"),
    [(Purpose.SWAP, 0), (Purpose.HURT, 0), (Purpose.HELP, 1)],
    ids=["swap", "hurt", "help"],
)
@pytest.mark.parametrize("level", AIMING)
def test_every_level_picks_by_what_the_pick_is_for(level, purpose, wanted):
    """A swap takes the smallest hand and a penalty goes to the leader, but a
    gift goes to the one furthest behind, never to the leader."""
    state = _at_a_pick(purpose)
    rule_set = state.rules
    assert _answer(level, rule_set, state).value == state.pending.options[wanted]
