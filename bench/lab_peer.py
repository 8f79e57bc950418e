"""The New game screen's frames with the rule lab's workers playing, and
without them, in one run: the peer the lab's frames are held against.

    xvfb-run -a python bench/lab_peer.py [--blocks 6] [--frames 240]
    python bench/lab_peer.py --dummy      # SDL's dummy driver instead of a display

Alternating blocks of frames paced at 60 a second in real time: in one, the
lab's overlay (game/scenes/rule_lab.py, classic + house/stacking at 4 seats,
an ask too long to finish in the block, so its workers take both cores all
along); in the next, the form alone with no worker alive. Each frame is timed
on the wall clock and on the game thread's CPU clock, from its input to the
window's present (the flip, which Xvfb does for real), and on the wall clock
for update + draw alone, as bench/frame.py holds the play scene's frames to
their budget (`CLOCKS`). Load from other work
falls on both kinds of block alike, so the ratio of the two distributions is
the lab's own share. The frame that asks and the one that cancels are left
out (bench/frame.py `lab_frames` times them). The play scene's budget is
p99 <= 8 ms (bench/frame.py).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
if "--dummy" in sys.argv:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ.setdefault("COUCH_UNO_PREFS", tempfile.mkdtemp(prefix="couch-uno-bench-"))

import pygame  # noqa: E402

from bench.figures import ask_the_lab, percentile  # noqa: E402
from bench.workload import size  # noqa: E402
from game.app import App, open_window  # noqa: E402
from game.scenes import rule_lab  # noqa: E402
from game.scenes.setup import SetupScene  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

# Each frame on three clocks: the wall from input to present, the wall of
# update + draw alone (what bench/frame.py holds to the budget), and the game
# thread's CPU from input to present.
CLOCKS = ("wall", "update+draw", "cpu")


def spread(values: list[float]) -> dict[str, float]:
    return {
        "p50": percentile(values, 50),
        "p95": percentile(values, 95),
        "p99": percentile(values, 99),
        "max": max(values),
    }


def run(blocks: int, frames: int) -> dict[str, dict[str, list[float]]]:
    pygame.init()
    window = open_window()
    window.resize((1280, 720))
    app = App(window, Settings(pacing="normal"))
    app.push(SetupScene(app))
    times: dict[str, dict[str, list[float]]] = {
        kind: {clock: [] for clock in CLOCKS} for kind in ("lab", "peer")
    }

    def frame(kind: str | None) -> None:
        c0, t0 = time.thread_time(), time.perf_counter()
        app.frame(1 / 60, pygame.event.get())
        drawn = time.perf_counter()
        app.window.present()
        wall, cpu = (time.perf_counter() - t0) * 1000, (time.thread_time() - c0) * 1000
        if kind is not None:
            times[kind]["wall"].append(wall)
            times[kind]["update+draw"].append((drawn - t0) * 1000)
            times[kind]["cpu"].append(cpu)
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t0)))

    for _ in range(60):  # the form's words drawn once, before anything is counted
        frame(None)
    for block in range(2 * blocks):
        lab = block % 2 == 0
        if lab:
            rule_lab.ANSWERS.clear()
            ask_the_lab(app, size(200_000, 2_000))
            asked = app.top
            frame(None)  # the frame that asks
        for _ in range(frames):
            frame("lab" if lab else "peer")
        if lab:
            assert not asked.answered, "the ask finished inside its block: ask for more rounds"
            app.pop()
            frame(None)  # the frame that cancels
            asked.run.settle()  # the peer's block runs with no worker alive
    app.stack.clear()
    pygame.quit()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blocks", type=int, default=size(6, 1), help="blocks of each kind")
    parser.add_argument("--frames", type=int, default=size(240, 20), help="frames a block")
    parser.add_argument("--dummy", action="store_true", help="SDL's dummy video driver")
    args = parser.parse_args()
    times = run(args.blocks, args.frames)
    driver = os.environ.get("SDL_VIDEODRIVER") or "a display"
    print(f"{args.blocks} blocks of {args.frames} frames each, {driver}; load {os.getloadavg()}")
    print(f"{'':25}{'p50':>8}{'p95':>8}{'p99':>8}{'max':>8}  ms")
    for clock in CLOCKS:
        figures = {kind: spread(times[kind][clock]) for kind in ("lab", "peer")}
        for kind in ("lab", "peer"):
            row = figures[kind]
            print(f"{clock + ', ' + kind:25}" + "".join(f"{row[k]:8.1f}" for k in row))
        ratio = {k: figures["lab"][k] / max(figures["peer"][k], 1e-9) for k in figures["lab"]}
        print(f"{clock + ', lab / peer':25}" + "".join(f"{ratio[k]:7.2f}x" for k in ratio))
    return 0


if __name__ == "__main__":
    sys.exit(main())
