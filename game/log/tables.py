"""How the re-execution tells readings of identical cards apart: the table
by card names, with and without the order of hands and piles."""

from __future__ import annotations

from game.engine import GameState


def situation(state: GameState) -> tuple:
    """The table but for the order of cards in hands and piles."""
    decision = state.pending
    return (
        None if decision is None else (decision.kind, decision.seat, len(decision.options)),
        tuple(len(hand) for hand in state.hands),
        len(state.draw_pile),
        len(state.discard),
        state.cards.names[state.discard[-1]] if state.discard else None,
        state.color,
        state.direction,
        state.uno_window,
        tuple(state.uno_called),
        state.penalty is None,
        tuple(state.scores),
        state.over,
    )


def common_run(a: tuple, b: tuple) -> int:
    """The length of the longest common subsequence of `a` and `b`."""
    previous = [0] * (len(b) + 1)
    for x in a:
        current = [0]
        for j, y in enumerate(b):
            current.append(previous[j] + 1 if x == y else max(previous[j + 1], current[j]))
        previous = current
    return previous[-1]


def hands(state: GameState) -> tuple:
    """Every hand by card names, in order."""
    names = state.cards.names
    return tuple(tuple(names[c] for c in hand) for hand in state.hands)


def piles(state: GameState) -> tuple:
    """The draw and discard piles by card names, in order."""
    names = state.cards.names
    return tuple(names[c] for c in state.draw_pile), tuple(names[c] for c in state.discard)
