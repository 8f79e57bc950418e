"""How long each bot level takes to decide, and how fast the expert searches.

    python bench/bots.py [--rounds 30] [--seats 2 4 10] [--levels ...]
                         [--engine auto|python|compiled|both]

For each level and table size, the level sits in seat 0 of classic rounds
against basic bots, and every decision with a choice (two or more legal
actions) is timed: median and 99th percentile, in milliseconds, of the
wall clock and of the CPU time the process spent on it (on a machine shared
with other work the wall clock waits for the CPU; the CPU time does not).
For the expert, the playouts it ran per second of searching. Each engine is
measured in its own process (`--engine both`, the default, runs the
Python-source engine and then the compiled one if `tools/build_engine.py`
has built it). Figures move with the machine's load: run it on a quiet
machine, and compare levels within one run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from workload import size

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

LEVELS = ["random", "beginner", "basic", "strong", "expert"]


class Timed:
    """A bot whose decisions with a choice are timed."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.level = bot.level
        self.watches = bot.watches
        self.times: list[float] = []
        self.cpu: list[float] = []

    def sit(self, rules, seat):
        self.bot.sit(rules, seat)

    def observe(self, action, events):
        self.bot.observe(action, events)

    def choose(self, look, actions):
        if len(actions) < 2:
            return self.bot.choose(look, actions)
        started, cpu = time.perf_counter(), time.thread_time()
        choice = self.bot.choose(look, actions)
        self.times.append(time.perf_counter() - started)
        self.cpu.append(time.thread_time() - cpu)
        return choice

    def interject(self, look, actions):
        return self.bot.interject(look, actions)


def measure(level: str, seats: int, rounds: int) -> dict:
    from game.bots import make_bot
    from game.bots.expert import ExpertBot
    from game.play.sim import play_match
    from game.rules.loader import load_rules

    rules = load_rules(["classic"])
    times: list[float] = []
    cpu: list[float] = []
    playouts = 0
    for game in range(rounds):
        seed = 1000 + game
        timed = Timed(make_bot(level, seed, rules))
        bots = [timed] + [make_bot("basic", seed + s, rules) for s in range(1, seats)]
        play_match(rules, seats, seed, bots, single_round=True)
        times.extend(timed.times)
        cpu.extend(timed.cpu)
        if isinstance(timed.bot, ExpertBot):
            playouts += timed.bot.playouts
    row = {
        "level": level,
        "seats": seats,
        "decisions": len(times),
        "median_ms": _ms(statistics.median(times)) if times else None,
        "p99_ms": _p99_ms(times),
        "cpu_median_ms": _ms(statistics.median(cpu)) if cpu else None,
        "cpu_p99_ms": _p99_ms(cpu),
    }
    if level == "expert" and times:
        row["playouts_per_s"] = round(playouts / sum(times))
    return row


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


def _p99_ms(times: list[float]) -> float | None:
    if not times:
        return None
    ordered = sorted(times)
    return _ms(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))])


def run_engine(engine: str, args) -> list[dict]:
    """The measurements in a process of their own running `engine`."""
    env = dict(os.environ, COUCH_UNO_ENGINE=engine)
    command = [
        sys.executable,
        __file__,
        "--child",
        "--rounds",
        str(args.rounds),
        "--seats",
        *map(str, args.seats),
        "--levels",
        *args.levels,
    ]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        print(done.stderr.strip(), file=sys.stderr)
        return []
    return json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=size(30, 1))
    parser.add_argument("--seats", type=int, nargs="+", default=size([2, 4, 10], [2]))
    parser.add_argument(
        "--levels", nargs="+", default=size(LEVELS, ["basic", "expert"]), choices=LEVELS
    )
    parser.add_argument("--engine", choices=("auto", "python", "compiled", "both"), default="both")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        rows = [measure(level, seats, args.rounds) for seats in args.seats for level in args.levels]
        print(json.dumps(rows))
        return 0
    engines = [args.engine] if args.engine != "both" else ["python", "compiled"]
    for engine in engines:
        if engine == "compiled":
            from game.native import build_dir, why_not_usable

            reason = why_not_usable(build_dir())
            if reason is not None:
                print(f"compiled engine: not measured ({reason})")
                continue
        rows = run_engine(engine, args)
        print(f"engine: {engine}  ({args.rounds} classic rounds per line, against basic bots)")
        header = (
            f"{'level':<9} {'seats':>5} {'decisions':>9} {'median ms':>10} {'p99 ms':>8}"
            f" {'CPU median':>10} {'CPU p99':>8}"
        )
        print(f"{header}  playouts/s")
        for row in rows:
            extra = f"  {row['playouts_per_s']}" if "playouts_per_s" in row else ""
            print(
                f"{row['level']:<9} {row['seats']:>5} {row['decisions']:>9} "
                f"{row['median_ms']:>10} {row['p99_ms']:>8} "
                f"{row['cpu_median_ms']:>10} {row['cpu_p99_ms']:>8}{extra}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
