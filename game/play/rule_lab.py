"""The rule lab: what a mix of rules does to a round, measured by bots.

Basic bots play single rounds of a mix (the rule-set names `load_rules`
takes) and of classic at the same seats, on the same deals, spread over
every core in worker processes. Round `i` is dealt from a seed that depends
only on `i` and the lab's seed, and the rounds are played in fixed chunks
whose tallies are added in chunk order, so the figures are the same for any
number of processes. The New game screen's "What does this do?" and
tools/house_rule_lab.py (docs/house-rules.md) both use `LabRun`.

A run never blocks its caller: the workers start on a thread, `poll`
gathers the chunks done so far, `progress` says how many rounds are done,
`cancel` stops the workers (on a thread too).
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections import deque
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from itertools import islice
from multiprocessing.pool import AsyncResult, Pool

from game.bots import make_bot
from game.engine.rng import Rng
from game.engine.ruleset import RuleSet
from game.play.sim import Tally, play_match
from game.play.tournament import workers
from game.rules.loader import load_rules

CLASSIC = ("classic",)
CHUNK = 25  # rounds a worker plays before it reports: progress moves a few times a second
LEADER_TURNS = 5  # "the leader after five turns"

# Seconds a turn takes at the table, for "minutes per round". A bot takes the
# pause the settings give it (`Settings.bot_delay`) plus the card's flight and
# the table's holds, about BOT_ANIMATION at normal pace. A person looks at
# the hand, finds a card and plays it: HUMAN_SECONDS_PER_TURN is a guess from
# family play (a quick turn is 3 s, one with a colour to choose or a draw
# nearer 10 s), not a measurement; the chart says "about".
HUMAN_SECONDS_PER_TURN = 6.0
BOT_ANIMATION = 0.6


def seconds_per_turn(humans: int, bots: int, bot_delay: float) -> float:
    """A turn's mean length at a table of `humans` and `bots` seats."""
    seats = max(1, humans + bots)
    return (humans * HUMAN_SECONDS_PER_TURN + bots * (bot_delay + BOT_ANIMATION)) / seats


class FiveTurnLeader:
    """A `Watch` for play_match: the seats with fewest cards once five turns
    are over (when the sixth begins). A round that ends sooner has none."""

    def __init__(self) -> None:
        self.turns = 0
        self.leaders: tuple[int, ...] = ()

    def __call__(self, state, events: list, start: int) -> bool:
        for event in islice(events, start, None):
            if event["t"] == "turn":
                self.turns += 1
        if self.turns <= LEADER_TURNS:
            return False
        sizes = [len(hand) for hand in state.hands]
        fewest = min(sizes)
        self.leaders = tuple(seat for seat, size in enumerate(sizes) if size == fewest)
        return True


@dataclass
class LabTally:
    """A chunk's or a run's counts: the sim's `Tally` and the leader's rounds."""

    tally: Tally
    led_rounds: int = 0  # rounds that lasted five turns
    # The leader's wins. Tied leaders share a round: each counts 1/k of it
    # when one of the k wins, so a tie is neither a sure win nor a loss.
    leader_wins: Fraction = field(default_factory=Fraction)

    def add(self, other: LabTally) -> None:
        mine, theirs = self.tally, other.tally
        mine.games += theirs.games
        mine.rounds += theirs.rounds
        mine.turns += theirs.turns
        mine.cards_drawn += theirs.cards_drawn
        mine.first_player_wins += theirs.first_player_wins
        mine.wins = [a + b for a, b in zip(mine.wins, theirs.wins, strict=True)]
        for kind, n in theirs.last_card.items():
            mine.last_card[kind] = mine.last_card.get(kind, 0) + n
        self.led_rounds += other.led_rounds
        self.leader_wins += other.leader_wins


@dataclass(frozen=True)
class Figures:
    """What a table reads: a mix's rounds, by the numbers."""

    rules: tuple[str, ...]
    players: int
    rounds: int
    turns_per_round: float
    cards_drawn_per_turn: float
    first_player_wins: float  # a share of rounds
    ends_on_number: float
    ends_on_action: float  # an action or wild card (a blocked round ends on neither)
    leader_wins: float  # of the rounds that lasted five turns
    round_ends_on: dict[str, float]

    def minutes_per_round(self, seconds_per_turn: float) -> float:
        return self.turns_per_round * seconds_per_turn / 60


def figures_of(rules: tuple[str, ...], players: int, lab: LabTally) -> Figures:
    summary = lab.tally.summary()
    ends = summary["round_ends_on"]
    return Figures(
        rules,
        players,
        summary["rounds"],
        summary["turns_per_round"],
        summary["cards_drawn_per_turn"],
        summary["first_player_win_share"],
        ends.get("number", 0.0),
        sum(share for kind, share in ends.items() if kind != "number"),
        float(lab.leader_wins / lab.led_rounds) if lab.led_rounds else 0.0,
        ends,
    )


def round_seed(seed: int, index: int) -> int:
    return Rng((seed << 32) + index).next_u64() >> 1


_RULES: dict[tuple[str, ...], RuleSet] = {}


def play_chunk(job: tuple[tuple[str, ...], int, int, int, int]) -> LabTally:
    """Rounds `first` to `first + count - 1` of a mix (a worker's piece of work)."""
    names, players, seed, first, count = job
    rules = _RULES.get(names)
    if rules is None:
        rules = _RULES[names] = load_rules(list(names))
    lab = LabTally(Tally(players))
    for index in range(first, first + count):
        deal = round_seed(seed, index)
        bots = [make_bot("basic", deal + 1 + seat, rules) for seat in range(players)]
        leader = FiveTurnLeader()
        result = play_match(rules, players, deal, bots, single_round=True, watch=leader)
        lab.tally.add_match(result)
        if leader.leaders:
            lab.led_rounds += 1
            if result.winner in leader.leaders:
                lab.leader_wins += Fraction(1, len(leader.leaders))
    return lab


# How much lower the workers' priority is than the window's (of 19), where
# the idle class is not to be had.
WORKER_NICENESS = 10
# Chunks each worker is handed ahead of its results: enough that none waits
# for its next, few enough that an ask of any size costs the window's
# process the same (each chunk handed out is a task pickled on its threads).
AHEAD = 4


def chunks(rounds: int) -> list[tuple[int, int]]:
    return [(first, min(CHUNK, rounds - first)) for first in range(0, rounds, CHUNK)]


def start_pool(processes: int) -> Pool:
    """The lab's worker processes: fresh interpreters (spawn), so a worker
    holds nothing of the window's process. They run only on what the rest of
    the machine leaves (`_lower_priority`): on a machine with as many workers
    as cores, the window's thread and the display server still get a core
    the moment they need one, and the frames keep time."""
    return multiprocessing.get_context("spawn").Pool(processes, _lower_priority)


def _lower_priority() -> None:
    # Linux's idle class runs a worker only when no other thread wants its
    # core (nice 10 still took a slice from the window each time it woke:
    # docs/benchmarks.md); elsewhere nice, and on Windows neither.
    if hasattr(os, "sched_setscheduler"):
        try:
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
            return
        except OSError:
            pass
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)


class LabRun:
    """One or more mixes measured at once, in a pool of worker processes.

    `mixes`: (rule names, seats) pairs; `processes` None is every core. The
    caller polls (`poll`, each frame or in a loop) and reads `figures` when
    `done`; `cancel` stops every worker, and leaving a `with` waits until they
    have stopped.

    Neither asking nor cancelling waits for a process: starting the spawned
    workers (tens of milliseconds) and stopping them (`Pool.terminate` joins
    each) happen on threads of their own, so the frame that asks or cancels
    stays a frame. `settle` waits for those threads, for the command-line
    tools and the tests."""

    def __init__(
        self,
        mixes: list[tuple[tuple[str, ...], int]],
        rounds: int,
        *,
        seed: int = 1,
        processes: int | None = None,
    ) -> None:
        self.mixes = list(dict.fromkeys(mixes))
        self.rounds = rounds
        self.asked = rounds * len(self.mixes)
        self.jobs = [
            (mix, players, seed, first, count)
            for first, count in chunks(rounds)
            for mix, players in self.mixes
        ]
        self.processes = workers(processes, len(self.jobs))
        self._pool: Pool | None = None
        self._waiting: dict[int, AsyncResult] = {}  # handed out, not yet read
        self._handed = 0  # jobs handed out so far, in order (`AHEAD`)
        self._news = threading.Event()  # a chunk came in (for `wait`)
        # The chunks the pool's result thread has seen finish, in the order
        # they did: a frame's poll reads these alone, not every chunk still
        # out (an ask of thousands would cost the frame milliseconds).
        self._finished: deque[int] = deque()
        self._results: dict[int, LabTally] = {}
        self.error: BaseException | None = None
        self.cancelled = False
        self.done_rounds = 0
        # `started` is set once the jobs are handed out (or the pool failed to
        # start); the lock keeps a cancel from missing a pool being started.
        self.started = threading.Event()
        self._lock = threading.Lock()
        self._threads = [threading.Thread(target=self._start, name="rule-lab-start", daemon=True)]
        self._threads[0].start()

    def _start(self) -> None:
        try:
            pool = start_pool(self.processes)
        except Exception as exc:  # no process could be started: said, not raised
            self.error = exc
            self.started.set()
            return
        with self._lock:
            if self.cancelled:
                self._stop(pool)
            else:
                self._pool = pool
                self._hand_out(AHEAD * self.processes)
            self.started.set()

    def _hand_out(self, count: int) -> None:
        """The next `count` jobs to the pool (the lock held): on the thread
        that started the pool, then on the poller's, never on the pool's own."""
        pool = self._pool
        assert pool is not None
        end = min(len(self.jobs), self._handed + count)
        for i in range(self._handed, end):
            self._waiting[i] = pool.apply_async(
                play_chunk,
                (self.jobs[i],),
                callback=partial(self._chunk_in, i),
                error_callback=partial(self._chunk_in, i),
            )
        self._handed = end

    def _chunk_in(self, index: int, _outcome: object) -> None:
        self._finished.append(index)  # on the pool's result thread
        self._news.set()

    def poll(self) -> bool:
        """Gather the chunks finished (never waits); True when all are in, or
        when the run failed (`error`)."""
        if not self.started.is_set():
            return False
        read = 0
        while self._finished and self._waiting:
            index = self._finished.popleft()
            pending = self._waiting.pop(index, None)
            if pending is None:
                continue
            try:
                self._results[index] = pending.get()
            except Exception as exc:  # a rule set that fails in play: said, not raised
                self.error = exc
                self._waiting = {}
                self.cancel()
                return True
            self.done_rounds += self.jobs[index][4]
            read += 1
        if read:
            with self._lock:
                if self._pool is not None and not self.cancelled:
                    self._hand_out(read)  # as many as came in: each worker stays `AHEAD`
        if not self._waiting and not self.cancelled:
            self._close()
        return self.done or self.error is not None

    @property
    def done(self) -> bool:
        return (
            self.started.is_set()
            and self._handed == len(self.jobs)
            and not self._waiting
            and self.error is None
            and not self.cancelled
        )

    @property
    def progress(self) -> tuple[int, int]:
        """Rounds done and rounds asked."""
        return self.done_rounds, self.asked

    def figures(self) -> dict[tuple[tuple[str, ...], int], Figures]:
        """Each mix's figures, from its chunks added in order (only when `done`)."""
        assert self.done, "the run has not finished"
        totals = {mix: LabTally(Tally(mix[1])) for mix in self.mixes}
        for index in range(len(self.jobs)):
            names, players = self.jobs[index][:2]
            totals[(names, players)].add(self._results[index])
        return {mix: figures_of(mix[0], mix[1], lab) for mix, lab in totals.items()}

    def wait(self) -> dict[tuple[tuple[str, ...], int], Figures]:
        """Block until done (the command-line tools)."""
        self.started.wait()
        while not self.poll() and not self.cancelled:
            self._news.wait(0.1)  # a chunk in, or a look again
            self._news.clear()
        if self.error is not None:
            raise self.error
        return self.figures()

    def cancel(self) -> None:
        """Stop every worker, on a thread of its own: returns at once."""
        with self._lock:
            if self._waiting or not self.started.is_set():
                self.cancelled = True
            self._waiting = {}
            pool, self._pool = self._pool, None
        if pool is not None:
            self._stop(pool)

    def _stop(self, pool: Pool) -> None:
        stopping = threading.Thread(target=_terminate, args=(pool,), name="rule-lab-stop")
        stopping.daemon = True
        self._threads.append(stopping)
        stopping.start()

    def _close(self) -> None:
        # Every chunk is in, so the workers only have to exit: waiting for
        # them (a spawned interpreter's teardown each) would hold the frame
        # that polled last, so a thread of its own waits instead.
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()
            closing = threading.Thread(target=pool.join, name="rule-lab-close", daemon=True)
            self._threads.append(closing)
            closing.start()

    def settle(self) -> None:
        """Wait until the workers are started and, once stopped or done, gone."""
        joined = 0
        while joined < len(self._threads):  # the start may add a stop
            self._threads[joined].join()
            joined += 1

    def __enter__(self) -> LabRun:
        return self

    def __exit__(self, *exc: object) -> None:
        self.cancel()
        self.settle()


def _terminate(pool: Pool) -> None:
    pool.terminate()
    pool.join()


def against_classic(rules: tuple[str, ...], players: int, rounds: int, **kw) -> LabRun:
    """A mix and classic at the same seats (classic alone when the mix is classic)."""
    return LabRun([(tuple(rules), players), (CLASSIC, players)], rounds, **kw)
