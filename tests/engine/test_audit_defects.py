"""The rule defects an outside audit found, one scenario each.

Each test names the rule it checks (docs/rules.md, and the rule file that carries
the reading) and failed before its fix. Where the audit asked for the other
reading as an option, a second test switches the option on.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import game.engine
from game.engine import Catch, Draw, Play, legal_actions, view
from game.rules.errors import RuleFileError
from game.rules.loader import load_rules
from tests.support.acting import act, challenge, choose
from tests.support.events import brief
from tests.support.rules import overlay_file, rules
from tests.support.table import card_in_hand, color, conserved, hand, pending, rigged, turn_up

ROOT = Path(__file__).resolve().parents[2]


def _wild(state, seat: int, name: str, color: str | None = None) -> Play:
    """The offered play of `name`, naming `color` when the play names one."""
    card = card_in_hand(state, seat, name)
    plays = [a for a in legal_actions(state, seat) if type(a) is Play and a.card == card]
    assert plays, f"{name} is not offered to seat {seat}"
    return next(a for a in plays if a.color in (color, None))


def _with(base: str, name: str, data: dict):
    """`base` with a small rule file of our own on top (an option set)."""
    return load_rules([base, overlay_file(name, data)])


# --- 1. Colour Purge and no-action-finish ------------------------------------------------


def test_color_purge_cannot_empty_a_hand_that_must_end_on_a_number():
    """docs/rules.md §4 'No finishing on an action card' (house/no-action-finish.yaml)
    with docs/rules.md §2's Customizable Wild 'Colour Purge' (uno112.yaml: choose_color then
    discard_color): naming the colour of every card left would go out on a
    wild. The purge keeps one card of the colour, a number, and play goes on."""
    mix = rules("uno112", "house/no-action-finish")
    hands = {0: ["wild:wild_color_purge", "red:1", "red:2"], 1: ["blue:1"], 2: ["green:1"]}
    state = rigged(mix, hands=hands, top="yellow:5")
    state, events = act(state, _wild(state, 0, "wild:wild_color_purge", "red"))
    assert "round_end" not in [e["t"] for e in events]
    assert [e["cards"] for e in events if e["t"] == "discard"] == [["red:1"]]
    assert hand(state, 0) == ["red:2"]
    assert state.to_act == 1


def test_color_purge_keeps_an_action_card_when_the_color_has_no_number():
    """The same rule: a single red Skip left is kept (it cannot be the last card
    either, so the seat must draw or play it on later)."""
    mix = rules("uno112", "house/no-action-finish")
    hands = {0: ["wild:wild_color_purge", "red:skip"], 1: ["blue:1"], 2: ["green:1"]}
    state = rigged(mix, hands=hands, top="yellow:5")
    state, events = act(state, _wild(state, 0, "wild:wild_color_purge", "red"))
    assert "round_end" not in [e["t"] for e in events]
    assert hand(state, 0) == ["red:skip"]


def test_color_purge_still_goes_out_where_finishing_on_a_wild_is_allowed():
    """uno112.yaml without the house rule: the purge may empty the hand."""
    hands = {0: ["wild:wild_color_purge", "red:1", "red:2"], 1: ["blue:1"], 2: ["green:1"]}
    state = rigged(rules("uno112"), hands=hands, top="yellow:5")
    state, events = act(state, _wild(state, 0, "wild:wild_color_purge", "red"))
    assert brief(events)[-1] == ("round_end", 0)


# --- 2. Shuffle Hands as the last card -----------------------------------------------------


LAST_SHUFFLE = {
    0: ["wild:wild_shuffle_hands"],
    1: ["blue:1", "blue:2", "blue:3"],
    2: ["green:1", "green:2", "green:3"],
}


def test_shuffle_hands_as_the_last_card_does_not_win():
    """docs/rules.md §2 'Shuffle Hands': played as the last card it does not win --
    the hands are gathered and dealt out again, so the player receives cards
    and play goes on (the publisher's ruling; uno112.yaml `as_last_card:
    redistribute`). The player then names the colour."""
    state = rigged(rules("uno112"), hands=LAST_SHUFFLE, top="red:5")
    state.uno_called[0] = True
    state, events = act(state, _wild(state, 0, "wild:wild_shuffle_hands"))
    assert "round_end" not in [e["t"] for e in events]
    assert [len(h) for h in state.hands] == [2, 2, 2]
    assert pending(state) == ("color", 0)
    state, events = choose(state, 0, "green")
    assert brief(events) == [("color", 0, "green"), ("turn", 1)]
    assert conserved(state)


def test_shuffle_hands_as_the_last_card_wins_as_an_option():
    """The other reading (`as_last_card: wins`): the last card ends the round."""
    option = _with(
        "uno112",
        "shuffle-last-wins",
        {
            "cards": {
                "wild_shuffle_hands": {
                    "effects": [{"shuffle_hands": {"as_last_card": "wins"}}, "choose_color"]
                }
            }
        },
    )
    state = rigged(option, hands=LAST_SHUFFLE, top="red:5")
    state.uno_called[0] = True
    state, events = act(state, _wild(state, 0, "wild:wild_shuffle_hands"))
    assert brief(events)[-1] == ("round_end", 0)


# --- 3. UNO Duo: a bluff caught by a challenge ---------------------------------------------


FOUR = ["yellow:1", "yellow:2", "yellow:3", "yellow:4"]
BLUFF = {0: ["wild:wild_draw_four", "blue:5", "blue:4"], 1: ["green:1", "green:2"]}


def test_duo_caught_bluff_gives_the_challenger_its_turn():
    """docs/rules.md §3 'Wild Draw Four' (003: 'if the player could have played
    another card, they draw the 4 instead') read as classic reads it: the
    caught bluffer draws the 4 and the challenger takes its turn (duo.yaml
    `challenge.after_guilty: challenger_plays`), not the bluffer's extra turn."""
    state = rigged(rules("duo"), hands=BLUFF, top="red:5", draw=FOUR)
    state, _ = act(state, _wild(state, 0, "wild:wild_draw_four", "green"))
    state, events = challenge(state, 1)
    assert ("challenge", 1, 0, True) in brief(events)
    assert ("draw", 0, tuple(FOUR), "challenge") in brief(events)
    assert pending(state) == ("play", 1)
    assert color(state) == "green"


def test_duo_caught_bluff_keeps_its_extra_turn_as_an_option():
    """The other reading (`after_guilty: as_played`): the bluffer draws the 4
    and still plays again, as the card says."""
    option = _with("duo", "duo-as-played", {"challenge": {"after_guilty": "as_played"}})
    state = rigged(option, hands=BLUFF, top="red:5", draw=FOUR)
    state, _ = act(state, _wild(state, 0, "wild:wild_draw_four", "green"))
    state, events = challenge(state, 1)
    assert brief(events)[-1] == ("turn", 0)


# --- 4. UNO Duo: a catch during the colour dump -------------------------------------------


def test_duo_cards_drawn_for_a_catch_are_not_part_of_the_dump():
    """docs/rules.md §3 'Reverse' (the dump is the cards of that colour the player
    holds when playing the Reverse) with 'UNO': caught without calling while
    the dump is still open, the player draws 2 red cards; dumping 'all' then
    plays only the card held before, and the player does not go out."""
    hands = {0: ["red:reverse", "red:1"], 1: ["green:1", "green:2"]}
    state = rigged(rules("duo"), hands=hands, top="red:5", draw=["red:7", "red:8"])
    state, _ = act(state, Play(0, card_in_hand(state, 0, "red:reverse")))
    assert pending(state) == ("dump", 0)
    state, events = act(state, Catch(1, 0))
    assert sorted(hand(state, 0)) == ["red:1", "red:7", "red:8"]
    state, events = choose(state, 0, "all")
    assert [e["card"] for e in events if e["t"] == "play"] == ["red:1"]
    assert "round_end" not in [e["t"] for e in events]
    assert sorted(hand(state, 0)) == ["red:7", "red:8"]


# --- 5. UNO Duo: a Wild Draw Four just drawn ----------------------------------------------


def test_duo_wild_draw_four_just_drawn_is_judged_by_what_could_be_played():
    """docs/rules.md §3 'Wild Draw Four' challenge ('if the player could have played
    another card') with 'A turn' (after drawing, only the drawn card may be
    played; duo.yaml `play_drawn: drawn_only`): a Wild Draw Four drawn and
    played at once is innocent, whatever else the hand holds."""
    hands = {0: ["blue:5"], 1: ["green:1", "green:2"]}
    draw = ["wild:wild_draw_four", *["yellow:1", "yellow:2", "yellow:3", "yellow:4"]]
    state = rigged(rules("duo"), hands=hands, top="red:5", draw=draw)
    state, _ = act(state, Draw(0))
    assert pending(state) == ("drawn", 0)
    state, _ = act(state, _wild(state, 0, "wild:wild_draw_four", "blue"))
    assert state.penalty.guilty is False
    state, events = challenge(state, 1)
    assert ("challenge", 1, 0, False) in brief(events)


# --- 6. UNO Duo: a 112-card special turned up first ---------------------------------------


@pytest.mark.parametrize(
    "special",
    [
        "wild:wild_shuffle_hands",
        "wild:wild_everyone_draws",
        "wild:wild_color_purge",
        "wild:wild_encore",
    ],
)
def test_duo_special_wild_turned_up_first_player_1_names_the_color(special):
    """docs/rules.md §3 'Starting the round' (Wild: Player 1 names the colour): a
    112-card special wild turned up first is a Wild too (duo.yaml)."""
    hands = {0: ["red:1", "blue:2"], 1: ["green:1", "yellow:2"]}
    state, events = turn_up(rules("duo"), special, hands=hands, dealer=0)
    assert pending(state) == ("color", 0)
    state, events = choose(state, 0, "blue")
    assert brief(events) == [("color", 0, "blue"), ("turn", 1)]


# --- 7. a last card's draw effects and final_penalty_drawn --------------------------------


def test_a_last_cards_draw_effect_follows_final_penalty_drawn():
    """docs/rules.md §1 'End of a round' (004: a last Draw card is still drawn; the
    setting `round_end.final_penalty_drawn: false` drops it): the setting
    governs every draw of the last card, so Everyone Draws played last makes
    nobody draw when it is false."""
    option = _with("uno112", "no-final-draws", {"round_end": {"final_penalty_drawn": False}})
    hands = {0: ["wild:wild_everyone_draws"], 1: ["blue:1"], 2: ["green:1"]}
    state = rigged(option, hands=hands, top="red:5")
    state.uno_called[0] = True
    state, events = act(state, _wild(state, 0, "wild:wild_everyone_draws", "blue"))
    assert [e["t"] for e in events] == ["play", "round_end"]


def test_a_last_cards_draw_effect_is_drawn_by_default():
    """uno112.yaml (classic's `final_penalty_drawn: true`): Everyone Draws
    played last still makes the others draw before the round is scored."""
    hands = {0: ["wild:wild_everyone_draws"], 1: ["blue:1"], 2: ["green:1"]}
    state = rigged(rules("uno112"), hands=hands, top="red:5")
    state.uno_called[0] = True
    state, events = act(state, _wild(state, 0, "wild:wild_everyone_draws", "blue"))
    assert [e["t"] for e in events] == ["play", "draw", "draw", "round_end"]


# --- 8. mixes that load but must not ------------------------------------------------------


@pytest.mark.parametrize(
    ("names", "named"),
    [
        (
            ["uno112", "house/swap-hands-card", "house/shuffle-hands-redeal"],
            ["swap-hands-card.yaml", "shuffle-hands-redeal.yaml", "out of the deck"],
        ),
        (
            ["uno112", "house/shuffle-hands-redeal", "house/swap-hands-card"],
            ["swap-hands-card.yaml", "shuffle-hands-redeal.yaml", "out of the deck"],
        ),
        (["duo", "house/app-2-4"], ["app-2-4.yaml", "duo.yaml", "losers_score_own_hand"]),
    ],
)
def test_mixes_that_would_mean_something_else_are_refused(names, named):
    """docs/rules.md §4 (house rules a table turns on 'alone or together') with
    the rule that a clash is 'refused with a message naming both rules and why': Swap Hands
    in place of Shuffle Hands leaves a Shuffle Hands redeal nothing to change;
    app-2-4's 'first to 100 wins' on Duo, where reaching the target loses,
    would mean 'reach 100 and lose'."""
    with pytest.raises(RuleFileError) as refused:
        load_rules(names)
    message = str(refused.value)
    assert all(part in message for part in named), message


def test_the_rules_command_refuses_the_mix_with_the_reason():
    run = subprocess.run(
        [sys.executable, "main.py", "rules", "duo", "house/app-2-4"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode != 0
    assert "app-2-4.yaml" in run.stdout + run.stderr
    assert "Traceback" not in run.stderr


# --- 11. the engine's face ---------------------------------------------------------------


def test_everything_the_engine_exports_can_be_imported():
    """`__all__` once named out_of_turn_seats without
    importing it, so `from game.engine import *` raised."""
    namespace: dict = {}
    exec("from game.engine import *", namespace)
    assert all(name in namespace for name in game.engine.__all__)
    state, _ = namespace["new_game"](rules("classic"), 3, seed=1)
    assert namespace["out_of_turn_seats"](state) == []
    assert view(state, 0)["seat"] == 0
