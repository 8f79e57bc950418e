"""Checking replay logs by re-execution, against playing the same matches.

    python bench/replay.py [--games 100] [--rules classic ...]

For each rule set, bots play G whole matches (`simulate --log` does the
same) and the log is written; then the log is read alone, and verified
(read, and every match played again on the engine). The figures that matter
are the ratios to playing, measured in the same run, and the peak memory of
verifying next to the file's size (the reader streams: memory follows one
match, not the file).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from workload import size  # noqa: E402

from game.bots import make_bot  # noqa: E402
from game.log import LogWriter, read_events, verify_file  # noqa: E402
from game.play.sim import play_match  # noqa: E402
from game.rules.loader import load_rules  # noqa: E402

MIXES = {
    "classic": (["classic"], 4),
    "uno112": (["uno112"], 4),
    "duo": (["duo"], 2),
    "multi-card+stacking": (["classic", "house/multi-card", "house/stacking"], 4),
}


def measure(names: list[str], players: int, games: int, folder: Path) -> dict:
    rules = load_rules(names)
    path = folder / "bench.jsonl"
    started = time.perf_counter()
    with LogWriter(path) as log:
        for seed in range(games):
            bots = [make_bot("basic", seed + 1 + seat) for seat in range(players)]
            log.write_match(play_match(rules, players, seed, bots).events)
    played = time.perf_counter() - started

    started = time.perf_counter()
    events = sum(1 for _ in read_events(path))
    read = time.perf_counter() - started

    started = time.perf_counter()
    verdict = verify_file(path)
    verified = time.perf_counter() - started
    assert not verdict.problems, verdict.problems[0]

    tracemalloc.start()
    verify_file(path)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "events": events,
        "mib": path.stat().st_size / 2**20,
        "play": played,
        "read": read,
        "verify": verified,
        "peak_mib": peak / 2**20,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=size(100, 1))
    parser.add_argument(
        "--rules", nargs="*", default=size(list(MIXES), ["classic"]), choices=list(MIXES)
    )
    args = parser.parse_args()
    print(
        "| rules | matches | log MiB | play s | read s | verify s "
        "| verify / play | events/s verified | verify peak MiB |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for key in args.rules:
            names, players = MIXES[key]
            f = measure(names, players, args.games, Path(folder))
            print(
                f"| {key} ({players} seats) | {args.games} | {f['mib']:.1f} | {f['play']:.2f} "
                f"| {f['read']:.2f} | {f['verify']:.2f} | {f['verify'] / f['play']:.2f}x "
                f"| {f['events'] / f['verify']:,.0f} | {f['peak_mib']:.1f} |"
            )


if __name__ == "__main__":
    main()
