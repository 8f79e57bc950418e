"""Acting in tests: every action goes through `act`, which applies it (the
pure `apply`: the old state is left alone) and checks its events against
the replay format, the hands against the log, and that no card is lost;
and what the engine offers a seat.

* `play(state, seat, name)` -- the seat plays the card `name` from its hand,
  whether or not it is offered (to test refusals); `play_offered` plays it
  as the engine offers it (naming `color` when the play names one).
* `choose`, `accept`, `challenge`, `draw`, `pass_` -- the other actions.
* `offered`, `offered_plays`, `offered_kinds`, `decision_kinds` -- what the
  engine offers.
"""

from __future__ import annotations

from game.engine import Accept, Challenge, Choose, Draw, Pass, Play, apply, legal_actions
from game.engine.state import GameState
from tests.support.events import check_events, check_hands
from tests.support.table import card_in_hand, conserved


def play_of(state: GameState, seat: int, name: str, color: str | None = None) -> Play:
    return Play(seat, card_in_hand(state, seat, name), color)


def offered(state: GameState, seat: int) -> tuple:
    return legal_actions(state, seat)


def offered_plays(state: GameState, seat: int) -> set[str]:
    """The names of the cards `seat` is offered to play."""
    names = state.cards.names
    return {names[a.card] for a in legal_actions(state, seat) if type(a) is Play}


def offered_kinds(state: GameState, seat: int) -> set[str]:
    return {type(a).__name__ for a in legal_actions(state, seat)}


def act(state: GameState, action, *, conserve: bool = True) -> tuple[GameState, list[dict]]:
    """`apply` (pure: the old state is left alone), then check the events against
    the replay format, the hands, and (unless a scenario set cards aside with
    `rest="out"`) that every card is still somewhere."""
    after, events = apply(state, action)
    check_events(events, after.players)
    check_hands(state, events, after)
    if conserve:
        assert conserved(after), "a card was lost or doubled"
    return after, events


def play(
    state: GameState, seat: int, name: str, color: str | None = None
) -> tuple[GameState, list[dict]]:
    return act(state, play_of(state, seat, name, color))


def decision_kinds(state: GameState, seat: int) -> set[str]:
    """The kinds of action offered to `seat`, leaving out UNO calls and catches."""
    return offered_kinds(state, seat) - {"CallUno", "Catch"}


def offered_play(state: GameState, seat: int, name: str, color: str | None = None) -> Play:
    """The Play the engine offers `seat` for card `name`: naming `color` when
    the play itself names one (a wild), else the colourless one. Fails when
    the card is not offered at all."""
    plays = [
        a
        for a in legal_actions(state, seat)
        if type(a) is Play and state.cards.names[a.card] == name
    ]
    assert plays, f"{name} is not offered to seat {seat}: {legal_actions(state, seat)}"
    for action in plays:
        if action.color in (color, None):
            return action
    raise AssertionError(f"no play of {name} naming {color}: {plays}")


def play_offered(state: GameState, seat: int, name: str, color: str | None = None):
    """Play `name` as the engine offers it (see `offered_play`), log checked."""
    return act(state, offered_play(state, seat, name, color))


def choose(state: GameState, seat: int, value):
    return act(state, Choose(seat, value))


def accept(state: GameState, seat: int):
    return act(state, Accept(seat))


def challenge(state: GameState, seat: int):
    return act(state, Challenge(seat))


def draw(state: GameState, seat: int):
    return act(state, Draw(seat))


def pass_(state: GameState, seat: int):
    return act(state, Pass(seat))
