"""Scoring schemes: who scores what when a round ends, and when a match ends.

YAML:

    scoring:
      scheme: winner_takes_points   # one of SCHEMES
      target: 500                   # null: a single round is the whole match
      target_by_players: {2: 100}   # a different target for some seat counts
      at_target: wins               # wins | eliminated | lowest_total_wins

A scheme returns the points each seat scores this round. `at_target` says
what reaching the target means: the first to it wins; or whoever reaches it
is out and the last seat left wins; or the match stops and the lowest total
wins.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.engine.events import EventSink
from game.engine.said import said

if TYPE_CHECKING:
    # Only for annotations: the state holds the rule set, which names its
    # scheme from this registry, so importing it here would close a loop.
    from game.engine.state import GameState


class Scheme(Protocol):
    """A scoring scheme: the points each seat scores for the round `winner` won."""

    __name__: str
    __doc__: str | None

    def __call__(self, state: GameState, winner: int, /) -> list[int]: ...


@dataclass(frozen=True)
class SchemeBlock:
    """A scheme and what the rest of the game knows of it."""

    name: str
    fn: Scheme
    doc: str
    words: str  # for `python main.py rules`: "Scoring: <words>."
    # The `at_target` readings that make sense with it, and why the others do not
    # (the rule checks in game/rules/conflicts.py refuse those).
    at_target: tuple[str, ...]
    at_target_why: str
    # Whether the winner scores, so that a team (scoring.teams) has a win to share.
    winner_scores: bool


SCHEMES: dict[str, SchemeBlock] = {}


def scheme(
    words: str, at_target: tuple[str, ...], at_target_why: str, winner_scores: bool
) -> Callable[[Scheme], Scheme]:
    def register(fn: Scheme) -> Scheme:
        SCHEMES[fn.__name__] = SchemeBlock(
            fn.__name__, fn, fn.__doc__ or "", words, at_target, at_target_why, winner_scores
        )
        return fn

    return register


def partner_seat(teams: bool, seat: int, players: int) -> int | None:
    """`seat`'s partner where the rules play in `teams`: the seat opposite."""
    return (seat + players // 2) % players if teams else None


def team_of(state: GameState, seat: int) -> tuple[int, ...]:
    """The seats that share a result with `seat`: its partner sits opposite."""
    partner = partner_seat(state.rules.model.scoring.teams, seat, state.players)
    return (seat,) if partner is None else (seat, partner)


@scheme(
    words=said("the winner scores the points left in everyone else's hand"),
    at_target=("wins",),
    at_target_why="the target is reached by winning",
    winner_scores=True,
)
def winner_takes_points(state: GameState, winner: int) -> list[int]:
    """The winner scores the card points left in every other hand (official);
    with teams, both partners score what is left in the other team's hands."""
    team = team_of(state, winner)
    won = sum(state.hand_points(s) for s in state.active_seats() if s not in team)
    points = [0] * state.players
    for seat in team:
        points[seat] = won
    return points


@scheme(
    words=said("everyone but the winner scores their own hand"),
    at_target=("eliminated", "lowest_total_wins"),
    at_target_why="reaching the target means holding the most points; "
    "set at_target to eliminated or lowest_total_wins",
    winner_scores=False,
)
def losers_score_own_hand(state: GameState, winner: int) -> list[int]:
    """Every seat but the winner scores its own hand (sources 001 and 003)."""
    points = [0] * state.players
    for seat in state.active_seats():
        if seat != winner:
            points[seat] = state.hand_points(seat)
    return points


@scheme(
    words=said("the winner scores one round"),
    at_target=("wins",),
    at_target_why="the target is reached by winning",
    winner_scores=True,
)
def rounds_won(state: GameState, winner: int) -> list[int]:
    """The winner scores one point: the match counts rounds won (source 000)."""
    points = [0] * state.players
    for seat in team_of(state, winner):
        points[seat] = 1
    return points


def match_result(state: GameState, round_winner: int, events: EventSink) -> int | None:
    """The match winner once the match is over, else None; may eliminate seats."""
    if state.single_round:
        return round_winner
    target = state.target
    if target is None:
        return round_winner
    scores = state.scores
    reached = [s for s in state.active_seats() if scores[s] >= target]
    if not reached:
        return None
    rule = state.rules.model.scoring.at_target
    if rule == "wins":
        best = max(scores[s] for s in reached)
        leaders = [s for s in reached if scores[s] == best]
        return round_winner if round_winner in leaders else leaders[0]
    if rule == "eliminated":
        for seat in reached:
            state.eliminated[seat] = True
            if events is not None:
                events.append({"t": "eliminated", "p": seat, "score": scores[seat]})
        left = state.active_seats()
        if len(left) > 1:
            return None
        if left:
            return left[0]
        # Everyone left went over together: the lowest of them wins.
        return min(reached, key=lambda s: (scores[s], s))
    lowest = min(scores[s] for s in state.active_seats())
    leaders = [s for s in state.active_seats() if scores[s] == lowest]
    return round_winner if round_winner in leaders else leaders[0]
