"""Engine speed against rlcard's UNO, measured side by side in one run.

    python -m pip install -r bench/requirements.txt
    python bench/engine.py [--rounds 3000] [--seats 2 4] [--engine auto|python|compiled]

Both sides play whole rounds with uniformly random agents. Ours plays the
full classic rules (UNO calls and catches, Wild Draw Four challenges, the
first-card table, scoring); rlcard plays its simplified game. Rounds are
played back to back inside one long match, as a table would; rlcard resets
its environment for each round. Ours is measured twice: writing every event
of the replay log, and as a playout copy (`state.clone(events=False)`), the
same game without events, which is what a searching bot runs and what
rlcard's environment compares with (it keeps no log). The figure that
matters is the ratio, since both run on the same machine in the same process.

Times are CPU time of this process, medians over alternating batches, so a
machine busy with other work slows both sides alike and waiting for a core
counts for neither.

Then each rule set of `--rule-sets` as `simulate --rounds-only` plays it: a
new match for every round (so a two-sided deck pairs its faces anew each
time), bots of `--bots` at every seat, as rounds per second and as a ratio
to the first rule set (classic).

Last, the playouts a searching bot runs: from a position in the middle of a
round, copy it (`clone(events=False)`) and play uniformly random legal
actions of the seat to act until the round ends; printed as playouts per
second, with the actions in a playout and the cost of the copy.

Ours runs the compiled engine when `tools/build_engine.py` has built one that
matches the source (`--engine auto`), or as asked; the first line says which.

`--just log|quiet|rlcard` plays `--rounds` rounds of one side, untimed, for
counting instructions, which no load on the machine disturbs (the count for
`--rounds 0`, the start-up, taken off):

    valgrind --tool=cachegrind --cache-sim=no python bench/engine.py --just quiet --rounds 400

`--just matches` likewise plays `--matches` one-round matches of the first of
`--rule-sets` with the first of `--bots` at the first of `--seats`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

from workload import size

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


class Ours:
    def __init__(self, seats: int, events: bool, seed: int = 1) -> None:
        # Imported here: --engine has to be in the environment first.
        from game.bots import make_bot
        from game.engine import new_game
        from game.rules.loader import load_rules

        rules = load_rules(["classic"])
        # A target nobody reaches: rounds follow one another until we stop.
        state, self.events = new_game(rules, seats, seed, target=10**9)
        self.state = state if events else state.clone(events=False)
        self.bots = [make_bot("random", seed + 1 + s) for s in range(seats)]

    def play(self, rounds: int) -> None:
        from game.engine import NextRound, apply_in_place
        from game.play.sim import play_out_round

        state, events, bots = self.state, self.events, self.bots
        for _ in range(rounds):
            play_out_round(state, bots, events)
            events.clear()
            apply_in_place(state, NextRound(state.to_act))


class Rlcard:
    def __init__(self, seats: int, seed: int = 1) -> None:
        warnings.filterwarnings("ignore")
        import rlcard
        from rlcard.agents import RandomAgent

        self.env = rlcard.make("uno", config={"seed": seed, "game_num_players": seats})
        self.env.set_agents([RandomAgent(num_actions=self.env.num_actions) for _ in range(seats)])

    def play(self, rounds: int) -> None:
        for _ in range(rounds):
            self.env.run(is_training=False)


class NewMatches:
    """One-round matches of a rule set, back to back, as `simulate --rounds-only` plays them."""

    def __init__(self, rule_set: str, seats: int, level: str) -> None:
        from game.rules.loader import load_rules

        self.rules = load_rules([rule_set])
        self.seats, self.level, self.seed = seats, level, 0

    def play(self, rounds: int) -> None:
        from game.bots import make_bot
        from game.play.sim import play_match

        for _ in range(rounds):
            self.seed += 1
            bots = [make_bot(self.level, self.seed * 16 + s) for s in range(self.seats)]
            play_match(self.rules, self.seats, self.seed, bots, single_round=True)


class Playouts:
    """Random playouts from mid-round positions of seeded games."""

    def __init__(self, seats: int, positions: int = 16) -> None:
        from game.engine import apply_in_place, fresh_legal_actions, new_game
        from game.engine.rng import Rng
        from game.rules.loader import load_rules

        self.legal, self.apply = fresh_legal_actions, apply_in_place
        self.pick = Rng(7)
        self.actions = 0
        rules = load_rules(["classic"])
        self.positions = []
        seed = 0
        while len(self.positions) < positions:
            state, _ = new_game(rules, seats, seed, target=10**9)
            position = state.clone(events=False)
            for _ in range(4 * seats):  # a few turns into the round
                self._step(position)
            if self._open(position):
                self.positions.append(position)
            seed += 1

    @staticmethod
    def _open(state) -> bool:
        return state.pending is not None and state.pending.kind != "next_round"

    def _step(self, state) -> None:
        actions = self.legal(state, state.pending.seat)
        self.apply(state, actions[self.pick.below(len(actions))], trusted=True)
        self.actions += 1

    def play(self, playouts: int) -> None:
        for n in range(playouts):
            playout = self.positions[n % len(self.positions)].clone(events=False)
            while self._open(playout):
                self._step(playout)

    def clone_cost(self, copies: int) -> float:
        """CPU seconds per copy of a position."""
        started = time.process_time()
        for n in range(copies):
            self.positions[n % len(self.positions)].clone(events=False)
        return (time.process_time() - started) / copies


def rate(play: Callable[[int], None], count: int) -> float:
    started = time.process_time()
    play(count)
    return count / (time.process_time() - started)


def measure(seats: int, rounds: int, batches: int) -> tuple[float, float, float]:
    """Median rates (with the log, without events, rlcard's) over alternating
    batches, so a busy moment on the machine slows every side alike."""
    logged, quiet, theirs = Ours(seats, events=True), Ours(seats, events=False), Rlcard(seats)
    rates: list[list[float]] = [[], [], []]
    for _ in range(batches):
        for side, player in enumerate((logged, quiet, theirs)):
            rates[side].append(rate(player.play, rounds // batches))
    logged_rate, quiet_rate, their_rate = (statistics.median(r) for r in rates)
    return logged_rate, quiet_rate, their_rate


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=size(3000, 2))
    parser.add_argument("--seats", type=int, nargs="+", default=size([2, 4], [2]))
    parser.add_argument("--batches", type=int, default=size(10, 1))
    parser.add_argument("--playouts", type=int, default=size(6000, 10))
    parser.add_argument("--rule-sets", nargs="+", default=["classic", "flip"])
    parser.add_argument("--bots", nargs="+", default=["random", "basic"])
    parser.add_argument("--matches", type=int, default=size(1000, 2))
    parser.add_argument("--engine", choices=("auto", "python", "compiled"), default="auto")
    parser.add_argument("--just", choices=("log", "quiet", "rlcard", "matches"), help="see above")
    args = parser.parse_args()
    os.environ["COUCH_UNO_ENGINE"] = args.engine
    from game.native import engine_kind  # stops with the reason if it cannot be had

    if args.just == "matches":
        NewMatches(args.rule_sets[0], args.seats[0], args.bots[0]).play(args.matches)
        return 0
    if args.just:
        seats = args.seats[0]
        side = Rlcard(seats) if args.just == "rlcard" else Ours(seats, args.just == "log")
        side.play(args.rounds)
        return 0
    print(f"engine: {engine_kind()} (CPU time, medians of {args.batches} alternating batches)")
    print(
        f"{'seats':>5} {'with log r/s':>13} {'no events r/s':>14} {'rlcard r/s':>11}"
        f" {'ratio':>6} {'no events':>10}"
    )
    for seats in args.seats:
        logged, quiet, theirs = measure(seats, args.rounds, args.batches)
        print(
            f"{seats:>5} {logged:>13.0f} {quiet:>14.0f} {theirs:>11.0f}"
            f" {logged / theirs:>5.2f}x {quiet / theirs:>9.2f}x"
        )
    print("a new match per round (simulate --rounds-only), rounds/s and ratio to the first:")
    print(f"{'seats':>5} {'bots':>7} " + " ".join(f"{name:>14}" for name in args.rule_sets))
    for seats in args.seats:
        for level in args.bots:
            sides = [NewMatches(name, seats, level) for name in args.rule_sets]
            per_set: list[list[float]] = [[] for _ in sides]
            for _ in range(args.batches):
                for found, side in zip(per_set, sides, strict=True):
                    found.append(rate(side.play, max(1, args.matches // args.batches)))
            medians = [statistics.median(found) for found in per_set]
            shown = [f"{medians[0]:>14.0f}"] + [
                f"{m:>7.0f} {medians[0] / m:>5.2f}x" for m in medians[1:]
            ]
            print(f"{seats:>5} {level:>7} " + " ".join(shown))
    print("random playouts from a mid-round copy, to the end of the round:")
    print(f"{'seats':>5} {'playouts/s':>11} {'actions each':>13} {'copy us':>8}")
    for seats in args.seats:
        playouts = Playouts(seats)
        per_batch = args.playouts // args.batches
        rates = []
        for _ in range(args.batches):
            playouts.actions = 0
            rates.append(rate(playouts.play, per_batch))
        actions = playouts.actions / per_batch
        copy_us = playouts.clone_cost(per_batch) * 1e6
        print(f"{seats:>5} {statistics.median(rates):>11.0f} {actions:>13.1f} {copy_us:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
