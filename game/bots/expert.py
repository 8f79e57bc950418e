"""The expert bot: determinized Monte Carlo search.

On its own turn (a play, or what to do with a card just drawn) it takes the
strong bot's best few candidate actions and, over many *worlds* — the cards
it cannot see dealt at random into the other hands and the draw pile,
consistently with everything its seat saw (`game.bots.sampling`) — applies
each candidate to a copy of the world and plays the round out with a fast
policy (`game.bots.playout`). An outcome is winning the round, plus the
points won against the other teams. Every candidate meets the same worlds,
so luck cancels out between them: each is judged by its gain over the
strong bot's own choice in the same worlds. A rival clearly worse is
dropped early; one that gains by more than two standard errors replaces the
strong choice. (Taking the best mean alone lost to the strong bot: with a
few dozen worlds, the best of five noisy means is mostly noise.)

The budget is counted in engine actions, not seconds, so the same seed
always makes the same choice; `deadline_ms` adds a clock limit for a table
that wants one. Every other decision (a colour named after the play, a
challenge, a draft…) goes to its strong advisor, which also keeps the
seat's memory.
"""

from __future__ import annotations

import time
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from game.bots.base import Bot, Look
from game.bots.playout import outcome, play_out
from game.bots.strong import StrongBot
from game.engine import apply_in_place
from game.engine.actions import Action, CallUno, Catch, NextRound, Play
from game.engine.view import View

T = TypeVar("T")

# Engine actions per decision (each playout's actions count). About 12 µs
# each on the Python engine: keeps a decision near 30 ms on this project's
# machine, with room under the 50 ms bar (docs/benchmarks.md, "Bot decision times").
STEP_BUDGET = 2600
MIN_WORLDS = 2
MAX_WORLDS = 400
CANDIDATES = 5  # the strong bot's best few; the rest rarely win
# How sure the search must be (in standard errors) to overrule the strong
# bot's first choice, and how sure that a rival is worse to stop playing it.
CONFIDENCE = 2.0
PRUNE = 2.0
MIN_EVIDENCE = 8  # worlds: fewer say too little of their own spread
# How much a point won counts against winning the round, per hand of points.
POINTS_WEIGHT = 0.35


@dataclass
class Considered:
    """One candidate after the search: its mean outcome and round-win share
    over the worlds it met, and its mean gain over the strong bot's choice in
    those worlds with that mean's standard error."""

    action: Action
    value: float
    wins: float
    worlds: int
    gain: float
    gain_error: float


class ExpertBot(Bot):
    level = "expert"
    watches = True

    def __init__(
        self,
        seed: int,
        rules=None,
        *,
        steps: int | None = None,
        deadline_ms: float | None = None,
    ) -> None:
        super().__init__(seed, rules)
        self.steps = STEP_BUDGET if steps is None else steps
        self.deadline_ms = deadline_ms
        self.advisor = StrongBot(seed ^ 0x5EED, rules)
        self.last: list[Considered] = []  # the latest search, for hints
        self.playouts = 0  # playouts run so far (for benchmarks)

    def _seated(self) -> None:
        assert self.rules is not None and self.seat is not None
        self.advisor.sit(self.rules, self.seat)

    def observe(self, action, events: Sequence[Mapping[str, Any]]) -> None:
        self.advisor.observe(action, events)

    def interject(self, look: Look, actions: Sequence[Action]) -> Action | None:
        return self.advisor.interject(look, actions)

    def choose(self, look: Look, actions: Sequence[Action]) -> Action:
        return finish(self.deciding(look, actions))

    def deciding(self, look: Look, actions: Sequence[Action]) -> Generator[None, None, Action]:
        """`choose`, a world at a time: it yields between worlds, so that a
        caller with a frame to draw (a hint on the table) can spread the search
        over several frames; the choice is the same however it is spread."""
        self.last = []
        if len(actions) == 1 or {type(a) for a in actions} == {NextRound}:
            return actions[0]
        view = look()
        self._require_rules(view)
        advisor = self.advisor
        advisor.see_faces(view)
        if not advisor.sampler.can_sample(view):
            return advisor.choose(lambda: view, actions)
        for action in actions:
            if isinstance(action, CallUno):
                return action
            if isinstance(action, Catch) and not advisor.is_partner(view, action.target):
                return action
        advisor.knowledge.sync(view)
        ranked = advisor.rank(view, actions)
        candidates = _distinct(advisor, [action for _, action in ranked])[:CANDIDATES]
        if len(candidates) == 1:
            return candidates[0]
        self.last = yield from self.searching(view, candidates)
        return self.pick(self.last).action

    def search(self, view: View, candidates: list) -> list[Considered]:
        return finish(self.searching(view, candidates))

    def searching(self, view: View, candidates: list) -> Generator[None, None, list[Considered]]:
        """Play each candidate out over the same worlds. The first candidate
        (the strong bot's choice) is the yardstick: each other one is judged
        by how much better it did in the same worlds, and dropped once it is
        clearly worse (the search stops when no rival is left)."""
        assert self.rules is not None
        advisor = self.advisor
        sampler = advisor.sampler
        sampler.prepare(view, advisor.knowledge)
        rules = self.rules.model
        lower_wins = rules.scoring.at_target != "wins"
        scale = max(1.0, advisor.deck.mean_points * rules.dealing.hand_size)
        seat = view["seat"]
        scores = list(view["scores"])
        tally = [_Tally(action) for action in candidates]
        alive = list(range(len(candidates)))
        steps = 0
        worlds = 0
        deadline = (
            None if self.deadline_ms is None else time.perf_counter() + self.deadline_ms / 1000
        )
        spent = False
        while worlds < MAX_WORLDS and len(alive) > 1 and not spent:
            world = sampler.world(self.rng)
            base = 0.0
            for i in alive:  # the yardstick, 0, comes first: every gain is paired
                state = world.clone()
                apply_in_place(state, candidates[i], True)
                steps += 1 + play_out(state)
                self.playouts += 1
                result = outcome(state, seat, scores, lower_wins)
                value = result.won + POINTS_WEIGHT * result.margin / scale
                if i == 0:
                    base = value
                tally[i].add(value, result.won, value - base)
                if worlds >= MIN_WORLDS and (
                    steps + sampler.dealing_steps >= self.steps
                    or (deadline is not None and time.perf_counter() > deadline)
                ):
                    spent = True
                    break
            worlds += 1
            yield
            if worlds >= MIN_WORLDS:
                alive = [i for i in alive if i == 0 or not tally[i].clearly_worse()]
        return [t.considered() for t in tally]

    def pick(self, considered: list[Considered]) -> Considered:
        """The candidate that beat the strong bot's first choice by the most,
        if by more than chance would; else that first choice."""
        best = considered[0]
        for other in considered[1:]:
            if other.worlds >= MIN_EVIDENCE and other.gain > max(
                best.gain, CONFIDENCE * other.gain_error
            ):
                best = other
        return best


class _Tally:
    """One candidate's outcomes so far, and its gain over the yardstick."""

    def __init__(self, action: Action) -> None:
        self.action = action
        self.n = 0
        self.total = 0.0
        self.wins = 0.0
        self.gain = 0.0
        self.gain_sq = 0.0

    def add(self, value: float, won: float, gain: float) -> None:
        self.n += 1
        self.total += value
        self.wins += won
        self.gain += gain
        self.gain_sq += gain * gain

    def gain_mean_error(self) -> tuple[float, float]:
        n = self.n
        mean = self.gain / n
        var = max(0.0, self.gain_sq / n - mean * mean) * n / max(1, n - 1)
        return mean, (var / n) ** 0.5

    def clearly_worse(self) -> bool:
        mean, error = self.gain_mean_error()
        return mean + PRUNE * error < 0

    def considered(self) -> Considered:
        if not self.n:
            return Considered(self.action, 0.0, 0.0, 0, 0.0, 0.0)
        mean, error = self.gain_mean_error()
        return Considered(self.action, self.total / self.n, self.wins / self.n, self.n, mean, error)


def finish(steps: Generator[None, None, T]) -> T:
    """Run a stepwise computation (`deciding`, `searching`) to its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def _distinct(advisor: StrongBot, actions: list) -> list:
    """One action per different move: two copies of a card play alike."""
    deck = advisor.deck
    seen = set()
    kept = []
    for action in actions:
        key = (deck.nid[action.card], action.color) if isinstance(action, Play) else type(action)
        if key not in seen:
            seen.add(key)
            kept.append(action)
    return kept
