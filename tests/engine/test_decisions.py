"""Decision kinds (game/engine/decisions.py): what is offered and what a refusal
says come from the same checks.

`why_illegal` used to re-derive legality on its own and drifted
(with `play_drawn: any`, a non-matching card was refused with "only the drawn
card may be played"). Every kind is declared once with its answers, its
application and its refusal; here, over seeded games of every shipped rule
set and some house-rule mixes, every action a seat could try is either
offered, or refused with a sentence in plain words (card labels
from the rule file, no internal names).
"""

from __future__ import annotations

import re

import pytest

from game.bots import make_bot
from game.engine import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    Choose,
    Draw,
    IllegalAction,
    NextRound,
    Pass,
    Play,
    apply,
    legal_actions,
    new_game,
    view,
    why_illegal,
)
from game.engine.decisions import REGISTRY
from game.rules.names import available_rule_sets
from tests.support.acting import draw, play
from tests.support.kind_examples import reach
from tests.support.rules import house_option, rules
from tests.support.table import rigged

MIXES = [[name] for name in available_rule_sets() if not name.startswith("house/")] + [
    ["classic", "house/stacking", "house/seven-o"],
    ["classic", "house/jump-in", "house/multi-card"],
    ["classic", "house/draw-until-playable", "house/no-action-finish"],
    ["uno112", "house/swap-hands-card", "house/wd4-no-playable"],
]
# A card name (red:draw_two), an identifier with an underscore, a Python repr.
INTERNAL = re.compile(r"\b[a-z]+:[a-z0-9_]+\b|\b[a-z]+_[a-z_]+\b|Decision\(|None\b")


def _tries(state, seat: int) -> list:
    """Every action a seat could try now: each card it holds (with and without
    each colour), the buttons, each option of a choice, a catch of everyone."""
    cards = state.cards
    tries: list = []
    for card in state.hands[seat]:
        tries += [Play(seat, card), *(Play(seat, card, c) for c in cards.colors)]
    tries += [Draw(seat), Pass(seat), Accept(seat), Challenge(seat), NextRound(seat)]
    tries += [CallUno(seat)] + [Catch(seat, t) for t in range(state.players) if t != seat]
    decision = state.pending
    if decision is not None:
        tries += [Choose(seat, option) for option in decision.options]
    tries.append(Choose(seat, "nonsense"))
    return tries


def _bot_choice(bot, state, seat: int):
    return bot.choose(lambda: view(state, seat), list(legal_actions(state, seat)))


def _check_refusals(state, seen: set[str]) -> None:
    if state.pending is not None:
        seen.add(state.pending.kind)
    for seat in range(state.players):
        offered = set(legal_actions(state, seat))
        for action in _tries(state, seat):
            if action in offered:
                continue
            reason = why_illegal(state, action)
            assert reason and reason[0].isupper() and reason.endswith((".", "!")), reason
            assert not INTERNAL.search(reason), f"{action}: internal words in {reason!r}"
            assert "not one of the choices" not in reason, f"{action}: no reason given"


@pytest.mark.parametrize("names", MIXES, ids=lambda n: "+".join(x.split("/")[-1] for x in n))
def test_every_refusal_is_a_reason_in_plain_words(names):
    rule_set = rules(*names)
    counts = rule_set.model.allowed_counts()
    players = 3 if 3 in counts else counts[0]
    state, _ = new_game(rule_set, players, seed=len(names) * 7 + players)
    bots = [make_bot("basic", 11 + seat, rule_set) for seat in range(players)]
    seen: set[str] = set()
    for _ in range(250):
        if state.over:
            break
        _check_refusals(state, seen)
        seat = state.to_act
        state, _ = apply(state, _bot_choice(bots[seat], state, seat))
    assert seen, "no decision was reached"


@pytest.mark.parametrize("kind", sorted(REGISTRY))
def test_every_declared_kind_is_reached_and_explained(kind):
    """Each kind's example game (tests/support/kind_examples.py) reaches it,
    and there every action a seat could try is offered or refused in plain words."""
    _, state = reach(kind)
    seen: set[str] = set()
    _check_refusals(state, seen)
    assert seen == {kind}


# --- the drift `why_illegal` had, and refusals per kind------------------------------


def test_play_drawn_any_refuses_a_card_by_the_matching_rule():
    """With `turn.play_drawn: any` every card of the hand may be
    played after drawing, so a card that does not match is refused for not
    matching, not with "only the drawn card may be played"."""
    any_card = house_option("draw-until-playable", {"turn": {"play_drawn": "any"}})
    state = rigged(
        any_card,
        hands={0: ["blue:2", "green:7"], 1: ["yellow:1"]},
        draw=["red:9"],
        top="red:5",
    )
    state, _ = draw(state, 0)
    assert state.pending.kind == "drawn"
    green = next(c for c in state.hands[0] if state.cards.names[c] == "green:7")
    assert why_illegal(state, Play(0, green)) == (
        "Green 7 doesn't match Red 5 — play red, a 5, or a wild."
    )


def test_drawn_only_says_only_the_drawn_card():
    """classic.yaml `turn.play_drawn: drawn_only` (002): after drawing, another
    card of the hand, even a matching one, is refused for that reason."""
    classic = rules("classic")
    state = rigged(classic, hands={0: ["blue:2"], 1: ["yellow:1"]}, draw=["red:9"], top="red:5")
    state, _ = draw(state, 0)
    blue = state.hands[0][0]
    assert why_illegal(state, Play(0, blue)) == "After drawing, only the drawn card may be played."


def test_refusals_name_the_open_question():
    """docs/rules.md §1 'Action cards' (Wild): while a colour is to be named,
    a card or a draw is refused with the question, in the colours' names."""
    seven = rules("classic", "house/seven-o")
    hands = {0: ["red:7", "red:1", "blue:4"], 1: ["blue:2"], 2: ["green:2"]}
    state = rigged(seven, hands=hands, top="red:5")
    state, _ = play(state, 0, "red:7")
    assert state.pending.kind == "player"
    reason = why_illegal(state, Draw(0))
    assert reason == "Answer the open question first: choose Player 2 or Player 3."
    with pytest.raises(IllegalAction, match="It is Player 1's turn"):
        apply(state, Draw(1))


def test_stacking_refusal_names_both_cards():
    """docs/rules.md §4 'Stacking': only a card that stacks on the top card answers
    the cards owed; the refusal says which cards."""
    stacking = rules("classic", "house/stacking")
    hands = {0: ["red:draw_two", "red:1"], 1: ["blue:draw_two", "red:skip"], 2: ["green:1"]}
    state = rigged(stacking, hands=hands, top="red:5")
    state, _ = play(state, 0, "red:draw_two")
    assert state.pending.kind == "penalty"
    skip = next(c for c in state.hands[1] if state.cards.names[c] == "red:skip")
    assert why_illegal(state, Play(1, skip)) == "Red Skip does not stack on Red Draw Two."
