"""The rule lab (game/play/rule_lab.py): the same figures for any number of
processes, a cancel that leaves no worker running, neither asking nor
cancelling waiting for a process on the caller's thread, and the leader after
five turns read from the state by the simulation's watch hook."""

from __future__ import annotations

import multiprocessing
import os
import threading

import pytest

from game.bots import make_bot
from game.play.rule_lab import (
    AHEAD,
    CHUNK,
    FiveTurnLeader,
    LabRun,
    against_classic,
    seconds_per_turn,
)
from game.play.sim import play_match
from game.rules.loader import load_rules
from tests.support.lab_workers import HeldStart, joins_on


def test_the_figures_are_the_same_for_one_and_two_processes():
    found = []
    for processes in (1, 2):
        run = against_classic(("classic", "house/stacking"), 3, 30, processes=processes)
        found.append(run.wait())
    assert found[0] == found[1]
    mix = found[0][(("classic", "house/stacking"), 3)]
    assert mix.rounds == 30 and mix.turns_per_round > 5


def test_cancel_stops_every_worker():
    # A finished run's workers exit on their own time (LabRun._close): only
    # this run's are watched.
    before = {p.pid for p in multiprocessing.active_children()}
    run = LabRun([(("classic",), 4)], 5000, processes=2)
    assert run.started.wait(60)
    started = {p.pid for p in multiprocessing.active_children()} - before
    assert started, "the run has workers"
    run.poll()
    run.cancel()
    run.settle()
    left = {p.pid for p in multiprocessing.active_children()}
    assert not started & left
    assert not run.done and run.cancelled
    assert run.progress[0] < run.progress[1]


def test_an_ask_of_any_size_hands_the_workers_a_few_chunks_at_a_time():
    """An ask of 200,000 rounds handed its 16,000 chunks to the pool at once:
    pickling them took the window's process a second of frames. Now each
    worker has `AHEAD` chunks out, and more go as chunks come in, in order."""
    run = LabRun([(("classic",), 2), (("flip",), 2)], 200_000, processes=2)
    assert run.started.wait(60)
    assert len(run._waiting) == run._handed == AHEAD * 2
    while run.done_rounds < 4 * CHUNK:
        run.poll()
    assert len(run._waiting) <= AHEAD * 2 and run._handed > AHEAD * 2
    assert sorted([*run._results, *run._waiting]) == list(range(run._handed))
    run.cancel()
    run.settle()


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="Linux's idle class")
def test_the_workers_run_only_on_what_the_window_leaves():
    """Both cores busy with workers at nice 10, the window's frames still
    waited for a core (docs/benchmarks.md): the workers are in the idle class."""
    run = LabRun([(("classic",), 4)], 5000, processes=2)
    assert run.started.wait(60)
    pool = run._pool
    assert pool is not None
    policies = pool.map(_policy, range(8))
    run.cancel()
    run.settle()
    assert set(policies) == {os.SCHED_IDLE}


def _policy(_: int) -> int:
    return os.sched_getscheduler(0)


@pytest.fixture
def held_start(monkeypatch):
    held = HeldStart(monkeypatch)
    yield held
    held.release()


def test_asking_returns_before_the_workers_exist(held_start):
    """Spawning the workers took the first frame of the New game screen's lab
    (tens of milliseconds): the pool starts on a thread of its own."""
    run = LabRun([(("classic",), 2)], 25, processes=1)
    assert not run.started.is_set() and run._pool is None
    assert run.poll() is False and not run.done
    held_start.release()
    assert run.wait()[(("classic",), 2)].rounds == 25
    assert held_start.on and threading.main_thread() not in held_start.on
    run.settle()


def test_a_cancel_before_the_workers_exist_leaves_none_running(held_start):
    before = {p.pid for p in multiprocessing.active_children()}
    run = LabRun([(("classic",), 2)], 5000, processes=1)
    run.cancel()
    held_start.release()
    run.settle()
    assert run.cancelled and not run.done and run._pool is None
    assert not {p.pid for p in multiprocessing.active_children()} - before


def test_a_cancel_waits_for_no_worker_on_the_callers_thread(monkeypatch):
    """Terminating a pool joins each worker: the frame that cancelled waited."""
    joined_on = joins_on(monkeypatch)
    run = LabRun([(("classic",), 4)], 5000, processes=2)
    assert run.started.wait(60)
    run.cancel()
    assert threading.current_thread() not in joined_on
    run.settle()
    assert joined_on and threading.current_thread() not in joined_on


def test_the_leader_after_five_turns_is_read_when_the_sixth_begins():
    rules = load_rules(["classic"])
    bots = [make_bot("basic", 10 + seat, rules) for seat in range(3)]
    seen = []

    class Recording(FiveTurnLeader):
        def __call__(self, state, events, start):
            done = super().__call__(state, events, start)
            if done:
                seen.append(([len(h) for h in state.hands], self.turns))
            return done

    leader = Recording()
    play_match(rules, 3, 7, bots, single_round=True, watch=leader)
    sizes, turns = seen[0]
    assert turns == 6  # five turns over, the sixth begun
    assert leader.leaders == tuple(s for s, n in enumerate(sizes) if n == min(sizes))


def test_a_watch_that_has_seen_enough_is_not_called_again():
    rules = load_rules(["classic"])
    calls = []

    def once(state, events, start):
        calls.append(start)
        return True

    bots = [make_bot("basic", seat, rules) for seat in range(2)]
    play_match(rules, 2, 3, bots, single_round=True, watch=once)
    assert len(calls) == 1


def test_a_table_of_bots_is_quicker_than_a_table_of_people():
    assert seconds_per_turn(0, 4, 0.85) < seconds_per_turn(4, 0, 0.85)
    assert (
        seconds_per_turn(2, 2, 0.0) == (seconds_per_turn(4, 0, 0) + seconds_per_turn(0, 4, 0)) / 2
    )


def test_the_house_rules_page_is_measured_by_the_lab_the_screen_runs(tmp_path, monkeypatch):
    """tools/house_rule_lab.py writes the figures `LabRun` gives the New game
    screen for the same rounds and seed, not figures of its own."""
    import sys

    from tools import house_rule_lab

    mix = (("classic", "house/stacking"), 3)
    monkeypatch.setattr(house_rule_lab, "asked_mixes", lambda players: [mix])
    out = tmp_path / "page.md"
    argv = ["house_rule_lab.py", "--rounds", "25", "--seed", "4", "--out", str(out)]
    monkeypatch.setattr(sys, "argv", argv)
    assert house_rule_lab.main() == 0
    screen = against_classic(mix[0], mix[1], 25, seed=4, processes=1).wait()[mix]
    assert house_rule_lab.row(screen) in out.read_text(encoding="utf-8").splitlines()
    assert "| classic + house/stacking | 3 |" in house_rule_lab.row(screen)
