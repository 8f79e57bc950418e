"""Playing a round out fast, for the search: a cheap policy for every seat of a
world (`game.bots.sampling`) and the round's outcome as one number.

The policy reads the world's state directly: a world is a guess dealt by the
searching seat, so each simulated seat may look at its own simulated hand.
It never calls UNO or catches (nobody is caught, so no call is needed), plays
rather than draws, keeps wilds when it can, stacks when it can, challenges a
challengeable penalty now and then, and answers every decision any building
block opens.
"""

from __future__ import annotations

from collections.abc import Callable

from game.bots.seats import pick_seat
from game.engine import apply_in_place, fresh_legal_actions
from game.engine.actions import Accept, Action, Challenge, Choose, Draw, Pass, Play
from game.engine.decisions import Ask, asks, purpose_of
from game.engine.pending import Decision
from game.engine.purposes import Purpose
from game.engine.rng import RandomSource
from game.engine.scoring import partner_seat, team_of
from game.engine.state import GameState

# How often a simulated seat challenges: about what people do.
CHALLENGE_RATE = 0.3
CHALLENGE_RATE_BELOW = int(CHALLENGE_RATE * 1024)
# A round no seat can finish within this many actions is scored as it stands.
MAX_STEPS = 600


class Outcome:
    """How a finished (or cut-short) round went for one seat's team."""

    __slots__ = ("won", "margin")

    def __init__(self, won: float, margin: float) -> None:
        self.won = won
        self.margin = margin


def play_out(state: GameState, budget: int = MAX_STEPS) -> int:
    """Play `state` in place to the end of its round; return the actions taken."""
    steps = 0
    rng = state.rng
    while steps < budget:
        decision = state.pending
        if decision is None or asks(decision) is Ask.ROUND_OVER:
            break
        seat = decision.seat
        actions = fresh_legal_actions(state, seat)
        apply_in_place(state, _policy(state, decision, actions, rng), True)
        steps += 1
    return steps


def _policy(state: GameState, decision: Decision, actions: list, rng: RandomSource):
    return POLICY[purpose_of(decision)](state, decision, actions, rng)


def _turn(state: GameState, decision: Decision, actions: list, rng: RandomSource):
    plays = [a for a in actions if type(a) is Play]
    if not plays:
        # Stop rather than draw again; never an UNO call or a catch.
        for wanted in (Pass, Draw):
            for action in actions:
                if type(action) is wanted:
                    return action
        return actions[0]
    return _pick_play(state, decision.seat, plays, rng)


def _penalty(state: GameState, decision: Decision, actions: list, rng: RandomSource):
    stack = [a for a in actions if type(a) is Play]
    if stack:
        return stack[0]
    if rng.below(1024) < CHALLENGE_RATE_BELOW:
        for action in actions:
            if type(action) is Challenge:
                return action
    for action in actions:
        if type(action) is Accept:
            return action
    return actions[0]


def _color(state: GameState, decision: Decision, actions: list, rng: RandomSource):
    return Choose(decision.seat, state.cards.colors[_color_most_held(state, decision.seat)])


def _pick_seat(state: GameState, decision: Decision, actions: list, rng: RandomSource):
    seat = decision.seat
    partner = partner_seat(state.rules.model.scoring.teams, seat, state.players)
    picked = pick_seat(
        purpose_of(decision),
        [int(option) for option in decision.options],
        [len(hand) for hand in state.hands],
        seat,
        state.direction,
        partner,
    )
    return Choose(seat, picked)


def _draft(state: GameState, decision: Decision, actions: list, rng: RandomSource):
    return Choose(decision.seat, "keep")


def _dump(state: GameState, decision: Decision, actions: list, rng: RandomSource):
    return Choose(decision.seat, "all" if "all" in decision.options else "none")


def _first(state: GameState, decision: Decision, actions: list, rng: RandomSource):
    return actions[0]


# How a playout answers a decision, by what it is for (game/engine/purposes.py).
POLICY: dict[Purpose, Callable[[GameState, Decision, list, RandomSource], Action]] = {
    Purpose.TURN: _turn,
    Purpose.OWED: _penalty,
    Purpose.NAME_COLOR: _color,
    Purpose.SWAP: _pick_seat,
    Purpose.HURT: _pick_seat,
    Purpose.HELP: _pick_seat,
    Purpose.KEEP: _draft,
    Purpose.SHED: _dump,
    Purpose.LAST_ACTS: _first,
    Purpose.NEXT_ROUND: _first,
}


def _pick_play(state: GameState, seat: int, plays: list, rng):
    """The basic bot's choice, read straight off the world: a card of the
    colour held most, numbers by points, action cards when the next seat is
    about to go out, wilds only then (naming the colour held most); and, as
    the strong bot, no bluffed Wild Draw Four while another card fits."""
    cards = state.cards
    color_of = cards.color
    points = cards.points
    numbers = cards.category
    restricted = cards.restricted
    favourite = _color_most_held(state, seat)
    favourite_name = cards.colors[favourite] if favourite >= 0 else None
    threatened = len(state.hands[state.next_seat(seat)]) <= 2
    best = None
    best_score = -1e9
    for action in plays:
        card = action.card
        color = color_of[card]
        wild = color < 0
        score = preference(
            wild,
            action.color == favourite_name if wild else color == favourite,
            numbers[card] == "number",
            points[card],
            threatened,
        )
        if wild and restricted[card] and not state.play_allowed(seat, card):
            score -= 20.0  # a bluff, as the better bots play: only when nothing else fits
        if score > best_score:
            best, best_score = action, score
    return best


def preference(wild: bool, favourite: bool, number: bool, points: int, threatened: bool) -> float:
    """How much the policy likes playing a card: a wild (naming the colour held
    most, `favourite`) only when the next seat is down to two cards, then
    action cards, then the colour held most, then high numbers. The search's
    worlds are weighed by it too (`game.bots.inference.PlayModel`)."""
    if wild:
        return (5.0 if threatened else -10.0) + (3.0 if favourite else 0.0)
    score = 2.0 if favourite else 0.0
    if not number:
        return score + (4.0 if threatened else 1.0)
    return score + points * 0.1


def _color_most_held(state: GameState, seat: int) -> int:
    """The colour `seat` holds most cards of (the first colour if none)."""
    counts = [0] * len(state.cards.colors)
    color_of = state.cards.color
    for card in state.hands[seat]:
        color = color_of[card]
        if color >= 0:
            counts[color] += 1
    return counts.index(max(counts))


def outcome(state: GameState, seat: int, scores_before: list[int], lower_wins: bool) -> Outcome:
    """The round just played, for `seat`: whether its team won, and its points
    against the mean of the other teams' (positive is good either way)."""
    players = state.players
    team = team_of(state, seat)
    gained = [state.scores[s] - scores_before[s] for s in range(players)]
    decision = state.pending
    if not state.over and (decision is None or asks(decision) is not Ask.ROUND_OVER):
        # Cut short: judge by what each seat still holds.
        held = [state.hand_points(s) for s in range(players)]
        best = min(range(players), key=lambda s: (held[s], s))
        others = [held[s] for s in range(players) if s not in team]
        margin = (sum(others) / len(others) if others else 0) - held[seat]
        return Outcome(1.0 if best in team else 0.0, margin)
    # Worlds start with no round won (see TableSampler), so the winner is the one.
    winner = max(range(players), key=lambda s: state.rounds_won[s])
    won = 1.0 if winner in team else 0.0
    others = [gained[s] for s in range(players) if s not in team and not state.eliminated[s]]
    mean_other = sum(others) / len(others) if others else 0.0
    margin = gained[seat] - mean_other
    return Outcome(won, -margin if lower_wins else margin)
