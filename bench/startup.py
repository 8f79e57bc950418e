"""Start-up: from starting the process to the menu's first frame on screen.

    python bench/startup.py [--runs N] [--window]

Starts `python main.py` N times (default 10) and times each from just before
the process is spawned to the line the game prints once its first frame is
presented (`COUCH_UNO_FIRST_FRAME=exit`: it then quits), so the interpreter's
start and every import count; the game's own timer starts only after its
imports. Prints each run, then the best, the median and the worst, in wall-clock time
and in the CPU time the process used (user + system, to its exit right after
that frame): on a busy machine the wall clock counts time lost to other
processes, the CPU time does not. Headless (SDL's dummy driver) unless
--window, which opens the real window (under xvfb-run, say). Targets (wall
clock): median < 0.5 s, worst < 1 s. A figure to read, not a test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from workload import size

ROOT = Path(__file__).resolve().parents[1]


def first_frames(runs: int, window: bool = False) -> list[tuple[float, float]]:
    """Per run: seconds from spawning `python main.py` to its first menu frame,
    and the CPU seconds the process used."""
    env = dict(
        os.environ,
        COUCH_UNO_FIRST_FRAME="exit",
        SDL_AUDIODRIVER="dummy",
        COUCH_UNO_PREFS=os.environ.get("COUCH_UNO_PREFS")
        or tempfile.mkdtemp(prefix="couch-uno-startup-"),
    )
    if not window:
        env["SDL_VIDEODRIVER"] = "dummy"
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py")],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert proc.stdout is not None
        wall = None
        for line in proc.stdout:
            if line.startswith("first-frame"):
                wall = time.perf_counter() - start
                break
        proc.stdout.read()
        _, _, usage = os.wait4(proc.pid, 0)
        proc.returncode = 0  # reaped above
        if wall is not None:
            times.append((wall, usage.ru_utime + usage.ru_stime))
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=size(10, 1))
    parser.add_argument("--window", action="store_true", help="the real window, not SDL's dummy")
    args = parser.parse_args()
    times = first_frames(args.runs, args.window)
    if not times:
        print("the game never showed its first frame", file=sys.stderr)
        return 1
    walls = [wall for wall, _ in times]
    cpus = [cpu for _, cpu in times]
    print("wall:  " + " ".join(f"{t:.3f}" for t in walls))
    print("cpu:   " + " ".join(f"{t:.3f}" for t in cpus))
    print(f"best   {min(walls):.3f} s wall, {min(cpus):.3f} s CPU")
    print(
        f"median {statistics.median(walls):.3f} s wall, {statistics.median(cpus):.3f} s CPU"
        "   (target < 0.5 s)"
    )
    print(f"worst  {max(walls):.3f} s wall, {max(cpus):.3f} s CPU   (target < 1 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
