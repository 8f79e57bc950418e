"""The expert bot: determinized Monte Carlo search.

On its own turn (a play, or what to do with a card just drawn) it takes the
strong bot's best few candidate actions and, over many *worlds* — the cards
it cannot see dealt at random into the other hands and the draw pile,
consistently with everything its seat saw (`game.bots.sampling`) — applies
each candidate to a copy of the world and plays the round out with a fast
policy (`game.bots.playout`). Every candidate meets the same worlds, so
luck cancels out between them. It picks the candidate with the best mean
outcome: winning the round, plus the points won against the other teams.

The budget is counted in engine actions, not seconds, so the same seed
always makes the same choice; `deadline_ms` adds a clock limit for a table
that wants one. Every other decision (a colour named after the play, a
challenge, a draft…) goes to its strong advisor, which also keeps the
seat's memory.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from game.bots.base import Bot
from game.bots.playout import outcome, play_out
from game.bots.strong import StrongBot
from game.engine.actions import CallUno, Catch, NextRound, Play
from game.engine.flow import apply_in_place

# Engine actions per decision (each playout's actions count). About 12 µs
# each on the Python engine: keeps a decision near 30 ms on this project's
# machine, with room under the 50 ms bar (see README, "Bots").
STEP_BUDGET = 2600
MIN_WORLDS = 4
MAX_WORLDS = 400
CANDIDATES = 5  # the strong bot's best few; the rest rarely win
# How sure the search must be (in standard errors) to overrule the strong
# bot's first choice.
CONFIDENCE = 1.0
# How much a point won counts against winning the round, per hand of points.
POINTS_WEIGHT = 0.35


@dataclass
class Considered:
    """One candidate after the search: its mean outcome and round-win share."""

    action: object
    value: float
    wins: float
    worlds: int


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

    def observe(self, action, events: list[dict]) -> None:
        self.advisor.observe(action, events)

    def interject(self, look, actions):
        return self.advisor.interject(look, actions)

    def choose(self, look, actions):
        self.last = []
        if len(actions) == 1 or {type(a) for a in actions} == {NextRound}:
            return actions[0]
        view = look()
        self._require_rules(view)
        advisor = self.advisor
        if not advisor.sampler.can_sample(view):
            return advisor.choose(lambda: view, actions)
        for action in actions:
            if isinstance(action, CallUno):
                return action
            if isinstance(action, Catch) and not advisor._is_partner(view, action.target):
                return action
        advisor.knowledge.sync(view)
        ranked = advisor.rank(view, actions)
        candidates = _distinct(advisor, [action for _, action in ranked])[:CANDIDATES]
        if len(candidates) == 1:
            return candidates[0]
        self.last = self.search(view, candidates)
        return self.pick(self.last).action

    def search(self, view: dict, candidates: list) -> list[Considered]:
        """Play each candidate out over the same worlds; their mean outcomes."""
        assert self.rules is not None
        advisor = self.advisor
        sampler = advisor.sampler
        sampler.prepare(view, advisor.knowledge)
        rules = self.rules.model
        lower_wins = rules.scoring.at_target != "wins"
        scale = max(1.0, advisor.deck.mean_points * rules.dealing.hand_size)
        seat = view["seat"]
        scores = list(view["scores"])
        count = len(candidates)
        values = [0.0] * count
        wins = [0.0] * count
        # The outcome of each candidate in each world, for paired comparisons.
        self.per_world: list[list[float]] = [[] for _ in range(count)]
        steps = 0
        worlds = 0
        started = time.perf_counter()
        deadline = None if self.deadline_ms is None else started + self.deadline_ms / 1000
        while worlds < MAX_WORLDS:
            if worlds >= MIN_WORLDS and (
                steps >= self.steps or (deadline is not None and time.perf_counter() > deadline)
            ):
                break
            world = sampler.world(self.rng)
            for i, action in enumerate(candidates):
                state = world.clone()
                apply_in_place(state, action, True)
                steps += 1 + play_out(state)
                result = outcome(state, seat, scores, lower_wins)
                value = result.won + POINTS_WEIGHT * result.margin / scale
                values[i] += value
                wins[i] += result.won
                self.per_world[i].append(value)
            worlds += 1
        self.playouts += worlds * count
        return [
            Considered(action, values[i] / worlds, wins[i] / worlds, worlds)
            for i, action in enumerate(candidates)
        ]

    def pick(self, considered: list[Considered]) -> Considered:
        """The candidate the search found best, if it beat the strong bot's
        first choice by more than chance would; else that first choice."""
        base = self.per_world[0]
        best = considered[0]
        best_gain = 0.0
        n = len(base)
        for i in range(1, len(considered)):
            diffs = [a - b for a, b in zip(self.per_world[i], base, strict=True)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
            if mean > best_gain and mean > CONFIDENCE * (var / n) ** 0.5:
                best, best_gain = considered[i], mean
        return best


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


def _tune_from_env() -> None:  # TEMPORARY tuning hook
    import os

    spec = os.environ.get("EXPERT_TUNE")
    if spec:
        for item in spec.split(","):
            key, value = item.split("=")
            globals()[key] = type(globals()[key])(float(value))


_tune_from_env()
