"""Engine speed against rlcard's UNO, measured side by side in one run.

    python -m pip install -r bench/requirements.txt
    python bench/engine.py [--rounds 3000] [--seats 2 4] [--engine auto|python|compiled]

Both sides play whole rounds with uniformly random agents. Ours plays the
full classic rules (UNO calls and catches, Wild Draw Four challenges, the
first-card table, scoring, every event of the replay log); rlcard plays its
simplified game. Rounds are played back to back inside one long match, as a
table would; rlcard resets its environment for each round. The figure that
matters is the ratio, since both run on the same machine in the same process.

Ours runs the compiled engine when `tools/build_engine.py` has built one that
matches the source (`--engine auto`), or as asked; the first line says which.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


class Ours:
    def __init__(self, seats: int, seed: int = 1) -> None:
        # Imported here: --engine has to be in the environment first.
        from game.bots import make_bot
        from game.engine import new_game
        from game.rules.loader import load_rules

        rules = load_rules(["classic"])
        # A target nobody reaches: rounds follow one another until we stop.
        self.state, self.events = new_game(rules, seats, seed, target=10**9)
        self.bots = [make_bot("random", seed + 1 + s) for s in range(seats)]

    def rate(self, rounds: int) -> float:
        from game.engine.actions import NextRound
        from game.engine.flow import apply_in_place
        from game.sim import play_out_round

        state, events, bots = self.state, self.events, self.bots
        started = time.perf_counter()
        for _ in range(rounds):
            play_out_round(state, bots, events)
            events.clear()
            apply_in_place(state, NextRound(state.to_act))
        return rounds / (time.perf_counter() - started)


class Rlcard:
    def __init__(self, seats: int, seed: int = 1) -> None:
        warnings.filterwarnings("ignore")
        import rlcard
        from rlcard.agents import RandomAgent

        self.env = rlcard.make("uno", config={"seed": seed, "game_num_players": seats})
        self.env.set_agents([RandomAgent(num_actions=self.env.num_actions) for _ in range(seats)])

    def rate(self, rounds: int) -> float:
        started = time.perf_counter()
        for _ in range(rounds):
            self.env.run(is_training=False)
        return rounds / (time.perf_counter() - started)


def measure(seats: int, rounds: int, batches: int) -> tuple[float, float]:
    """Median rates over alternating batches, so a busy moment on the machine
    slows both sides alike instead of one."""
    mine, theirs = Ours(seats), Rlcard(seats)
    ours_rates, their_rates = [], []
    for _ in range(batches):
        ours_rates.append(mine.rate(rounds // batches))
        their_rates.append(theirs.rate(rounds // batches))
    return statistics.median(ours_rates), statistics.median(their_rates)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3000)
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--batches", type=int, default=6)
    parser.add_argument("--engine", choices=("auto", "python", "compiled"), default="auto")
    args = parser.parse_args()
    os.environ["COUCH_UNO_ENGINE"] = args.engine
    from game.native import engine_kind  # stops with the reason if it cannot be had

    print(f"engine: {engine_kind()}")
    print(f"{'seats':>5} {'couch-uno r/s':>14} {'rlcard r/s':>11} {'ratio':>6}")
    for seats in args.seats:
        mine, theirs = measure(seats, args.rounds, args.batches)
        print(f"{seats:>5} {mine:>14.0f} {theirs:>11.0f} {mine / theirs:>5.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
