"""A card that both turns the table over and makes a challengeable penalty
(a modder's UNO Flip, rules/flip.yaml with ten lines changed).

docs/rules.md section 5: a colour is read on the side it was named on. The
colour in force before the play (what a challenge judges) is one of the
side then in play, even when the card's flip comes first; the colour a Wild
Draw Colour names stays that side's, even when its flip comes after.
"""

from __future__ import annotations

import functools

from game.bots import make_bot
from game.engine import legal_actions, view
from game.engine.sides import show_side
from game.rules.loader import load_rules
from tests.support.acting import accept, act, choose, play_of
from tests.support.rules import layered, overlay_file
from tests.support.table import pending, rigged


def _flip_with(name: str, kind: str, effects: list) -> object:
    data = layered("flip", {"cards": {kind: {"effects": effects}}})
    return load_rules([overlay_file(name, data)])


@functools.cache
def flip_first():
    """The Flip card turns the table, then owes a challengeable Draw Two."""
    return _flip_with(
        "flip-then-penalty", "flip", ["flip", {"penalty": {"count": 2, "challengeable": True}}]
    )


@functools.cache
def penalty_first():
    """The Wild Draw Colour names a colour and owes its draws, then flips."""
    return _flip_with(
        "penalty-then-flip",
        "wild_draw_color",
        ["choose_color", {"penalty": {"until_color": True, "challengeable": True}}, "flip"],
    )


def _answer_color(state):
    """A flip that turns up a wild asks its player for a colour first."""
    if pending(state)[0] == "color":
        state, _ = choose(state, pending(state)[1], state.cards.colors[0])
    return state


def test_the_color_before_a_flip_first_play_is_read_on_the_side_it_was_in_force_on():
    state = rigged(flip_first(), hands={0: ["red:flip", "red:3"], 1: ["blue:4"]}, top="red:7")
    state, _ = act(state, play_of(state, 0, "red:flip"))
    state = _answer_color(state)
    assert state.cards.side_name == "dark"
    owed = view(state, 1)["penalty"]
    assert owed is not None and owed["color_before"] == "red"


def _dark_wild_draw_color():
    state = rigged(
        penalty_first(), hands={0: ["red:1", "red:2", "red:3"], 1: ["blue:4"]}, top="red:7"
    )
    show_side(state, 1)
    names = state.cards.face_names
    card = next(c for c in state.draw_pile if names[c] == "wild:wild_draw_color")
    state.draw_pile.remove(card)
    state.draw_pile.insert(0, state.hands[0].pop(0))
    state.hands[0].insert(0, card)
    state.color = state.cards.colors.index("orange")
    state.legal_cache = {}
    return state


def test_a_color_named_before_the_table_turns_is_drawn_to_on_its_own_side():
    state = _dark_wild_draw_color()
    state, _ = act(state, play_of(state, 0, "wild:wild_draw_color", "pink"))
    state = _answer_color(state)
    assert state.cards.side_name == "light"
    assert view(state, 1)["penalty"]["until_color"] == "pink"
    before = len(state.hands[1])
    state, _ = accept(state, 1)
    drawn = state.hands[1][before:]
    dark_faces = state.tables[1].face_names
    assert drawn and dark_faces[drawn[-1]].startswith("pink:")
    assert not any(dark_faces[c].startswith("pink:") for c in drawn[:-1])


def test_every_bot_weighs_a_challenge_of_a_color_named_before_the_table_turned():
    state = _dark_wild_draw_color()
    state, _ = act(state, play_of(state, 0, "wild:wild_draw_color", "pink"))
    state = _answer_color(state)
    assert pending(state) == ("penalty", 1)
    offered = legal_actions(state, 1)
    for level in ("beginner", "basic", "strong", "expert", "random"):
        bot = make_bot(level, 1, penalty_first())
        if hasattr(bot, "steps"):
            bot.steps = 100
        assert bot.choose(functools.partial(view, state, 1), offered) in offered
