"""What saving at every decision costs the frame.

    python bench/save.py [--matches N] [--frames N]

Plays whole ten-seat classic matches (500 points) of bots through
`MatchSession`, once without saving and once saved as the game saves them
(`SaveSlot.keep`: the new events checked and encoded, the file's text joined,
handed to the writer thread), and prints per decision the time `apply`
takes on the frame's thread — median, 99th percentile and worst, as CPU
time of that thread (other processes on the machine do not count) and as
wall time — for both, and the difference. It also prints how long the
worker's atomic rewrite takes (write, fsync, rename: off the frame), how
many of the handed-over versions it wrote (the rest were replaced by a
newer one before their turn), and the size of a save at the match's end.

Then the frames themselves: bench/frame.py's ten-seat table (bots at
normal pace, every card out) run twice in this process, saving on and off,
alternating blocks of frames so both see the same machine load; printed for
every frame and for the frames in which a decision was taken (and saved).
The budget is bench/frame.py's: median <= 4 ms and p99 <= 8 ms a frame
(that bench saves too, since the deal scene keeps every match saved).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from workload import size  # noqa: E402

from game.bots import make_bot  # noqa: E402
from game.play.match import MatchSession, SeatConfig  # noqa: E402
from game.player_files.saves import SAVE_FILE, SaveSlot  # noqa: E402
from game.rules.loader import load_rules  # noqa: E402
from game.scenes.deal import DealScene  # noqa: E402

NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


def play(seed: int, slot: SaveSlot | None) -> tuple[list[float], list[float]]:
    """Per-decision (cpu ms, wall ms) of `apply` over one whole match."""
    rules = load_rules(["classic"])
    seats = [SeatConfig(name) for name in NAMES]
    session = MatchSession(["classic"], seats, seed=seed, rules=rules)
    if slot is not None:
        slot.keep(session)
    bots = [make_bot("basic", seed + i, rules) for i in range(len(seats))]
    cpu, wall = [], []
    while not session.state.over:
        seat = session.state.pending.seat
        action = bots[seat].choose(session.look(seat), session.legal(seat))
        c0, t0 = time.thread_time(), time.perf_counter()
        session.apply(action)
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
        # A frame or so between decisions, as at a fast table: the writer runs meanwhile.
        time.sleep(0.004)
    if slot is not None:
        slot.close()
    return cpu, wall


def frames(count: int) -> dict[str, list[float]]:
    """Milliseconds per frame of the ten-seat table, saving on and off."""
    import os

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame
    from frame import WARM_UP, full_table

    from game.app import App, open_window
    from game.table.match_screen import MatchScreen
    from game.ui.settings import Settings

    pygame.init()
    window = open_window()
    window.resize((1280, 720))
    apps = {}
    for saving in (True, False):
        app = App(window, Settings(pacing="normal"))  # saves in frame.py's temp folder
        session = full_table(seed=7)
        if not saving:
            session.recorder = _NotSaved()  # keep() sees a recorder and adds none
        app.push(DealScene(app, screen=MatchScreen(session, app.art, app.settings, sound=app.play)))
        for _ in range(WARM_UP):
            app.frame(1 / 60, [])
        apps[saving] = (app, session)
    times: dict[str, list[float]] = {k: [] for k in ("on", "off", "on decision", "off decision")}
    block = 60
    for _ in range(max(1, count // block)):
        for saving, (app, session) in apps.items():
            key = "on" if saving else "off"
            for _ in range(block):
                before = len(session.log)
                t0 = time.perf_counter()
                app.frame(1 / 60, [])
                ms = (time.perf_counter() - t0) * 1000
                times[key].append(ms)
                if len(session.log) != before:
                    times[f"{key} decision"].append(ms)
    for app, _ in apps.values():
        app.close()
    pygame.quit()
    return times


class _NotSaved:
    def record(self, events: list[dict]) -> None:
        pass


def line(name: str, values: list[float]) -> str:
    if not values:  # a short run (--frames) may take no decision in a frame
        return f"{name:<28} none measured"
    return (
        f"{name:<28} median {statistics.median(values):6.3f}  "
        f"p99 {percentile(values, 99):6.3f}  max {max(values):6.3f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=size(3, 1))
    parser.add_argument("--frames", type=int, default=size(3600, 5), help="frames of each table")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="couch-uno-save-bench-"))
    writes: list[float] = []
    handed = 0
    sizes = []
    last = {"t": 0.0}

    def done(path, text, error) -> None:
        if path.name == SAVE_FILE and text is not None:
            writes.append((time.perf_counter() - last["t"]) * 1000)

    slot = SaveSlot(folder, on_done=done)
    real_put = slot.writer.put

    def put(path, text) -> None:
        nonlocal handed
        if path.name == SAVE_FILE and text is not None:
            handed += 1
            sizes.append(len(text))
        real_put(path, text)

    slot.writer.put = put  # type: ignore[method-assign]
    real_job = slot.writer._run_job

    def timed_job(path, text) -> None:
        last["t"] = time.perf_counter()
        real_job(path, text)

    slot.writer._run_job = timed_job  # type: ignore[method-assign]

    base_cpu, base_wall, save_cpu, save_wall = [], [], [], []
    for match in range(args.matches):
        cpu, wall = play(100 + match, None)
        base_cpu += cpu
        base_wall += wall
        cpu, wall = play(100 + match, slot)
        save_cpu += cpu
        save_wall += wall
    print(f"{len(save_cpu)} decisions in {args.matches} ten-seat classic matches to 500")
    print(line("apply, no saving (cpu)", base_cpu))
    print(line("apply, saving (cpu)", save_cpu))
    print(line("apply, no saving (wall)", base_wall))
    print(line("apply, saving (wall)", save_wall))
    # The same seeds and bots make the same decisions: compared one by one.
    cost = [s - b for s, b in zip(save_cpu, base_cpu, strict=True)]
    print(line("saving's share (cpu)", cost))
    print(line("atomic rewrite (worker)", writes))
    print(f"versions handed over {handed}, written {len(writes)}")
    print(f"largest save {max(sizes) / 1024:.1f} KiB")
    times = frames(args.frames)
    print(f"bench/frame.py's ten-seat table, {len(times['on'])} frames each, saving on and off:")
    for key in ("off", "on", "off decision", "on decision"):
        print(line(f"frame, saving {key}", times[key]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
