"""The rule lab's workers (game/play/rule_lab.py) held or watched by a test: a
start held until released, and the threads a pool is joined on."""

from __future__ import annotations

import multiprocessing.pool
import threading

from game.play import rule_lab


class HeldStart:
    """`rule_lab.start_pool` waits until `release()`; `on` lists the threads
    it was called on."""

    def __init__(self, monkeypatch) -> None:
        self.gate = threading.Event()
        self.on: list[threading.Thread] = []
        real = rule_lab.start_pool

        def held(processes: int) -> multiprocessing.pool.Pool:
            self.on.append(threading.current_thread())
            assert self.gate.wait(30), "never released"
            return real(processes)

        monkeypatch.setattr(rule_lab, "start_pool", held)

    def release(self) -> None:
        self.gate.set()


def joins_on(monkeypatch) -> list[threading.Thread]:
    """The threads each `Pool.join` is called on, from now on."""
    joined: list[threading.Thread] = []
    real = multiprocessing.pool.Pool.join

    def join(pool: multiprocessing.pool.Pool) -> None:
        joined.append(threading.current_thread())
        real(pool)

    monkeypatch.setattr(multiprocessing.pool.Pool, "join", join)
    return joined
