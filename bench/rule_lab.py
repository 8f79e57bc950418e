"""The rule lab's wait: 1,000 single rounds of each shipped mix at 4 seats.

    python bench/rule_lab.py [--rounds 1000] [--seats 4]

Each line is what the New game screen's "What does this do?" plays for one
mix (game/play/rule_lab.py, basic bots, every core), timed on the wall clock from
starting the workers to the last figure: the wait a table sees. UNO Duo is
played at its own seat count. The goal is at most 10 s a mix.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.workload import size  # noqa: E402
from game.play.rule_lab import LabRun  # noqa: E402
from game.rules.loader import load_rules  # noqa: E402

MIXES = (
    ("classic",),
    ("uno112",),
    ("duo",),
    ("flip",),
    ("classic", "house/stacking"),
    ("flip", "house/seven-o"),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--seats", type=int, default=4)
    args = parser.parse_args()
    rounds = size(args.rounds, 25)
    for names in MIXES:
        counts = load_rules(list(names)).model.allowed_counts()
        seats = args.seats if args.seats in counts else counts[0]
        started = time.perf_counter()
        run = LabRun([(names, seats)], rounds)
        figures = run.wait()[(names, seats)]
        wall = time.perf_counter() - started
        print(
            f"{' + '.join(names):<26} {seats} seats  {rounds:,} rounds  {wall:5.1f} s wall  "
            f"({run.processes} processes, {figures.turns_per_round:.1f} turns a round)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
