"""Bot levels against each other: the `tournament` command.

    python main.py tournament --rules classic --players 2 --bots expert,basic \\
        --games 4000 --rounds-only --seed 1 --jobs 2

Every deal is played once per rotation of the seats (game g plays deal
g // players with the levels moved g % players seats on), so no level keeps
the first seat and every level gets the same cards as often. For each level
it reports the share of rounds its seats won (a seat wins a round when its
team does: itself, or with `teams` its partner too), the points its seats
scored per round, both with 95% confidence intervals, and a Bradley–Terry
rating fitted to who beat whom, on the Elo scale (400 points: ten to one).

Games run in `jobs` processes; the results are gathered in game order, and
each game depends only on its seed, so the figures are the same whatever
the number of processes. Games are handed out a window at a time (`work`,
`windows`), as `simulate` plays one game after the other: memory stays the
same for ten games or a billion.
"""

from __future__ import annotations

import itertools
import math
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TextIO

from game.bots import make_bot
from game.engine.rng import Rng
from game.engine.ruleset import RuleSet
from game.engine.scoring import partner_seat
from game.files.plain_text import printable
from game.i18n import N_, _, ngettext, number, percent
from game.play.sim import play_match
from game.rules.loader import load_rules

Z95 = 1.959963984540054
RATING_MEAN = 1500.0


@dataclass(frozen=True)
class Setup:
    rules: tuple[str, ...]
    players: int
    levels: tuple[str, ...]  # per seat, before rotation
    games: int
    seed: int
    rounds_only: bool = False
    team_size: int = 1  # 2 with `teams`: a seat then shares its partner's wins


@dataclass
class RoundResult:
    levels: tuple[str, ...]  # per seat
    winners: tuple[int, ...]  # the winning seat and, with teams, its partner
    points: tuple[int, ...]  # per seat


@dataclass
class GameResult:
    rounds: list[RoundResult]
    match_winners: tuple[int, ...]
    levels: tuple[str, ...]


def seating(setup: Setup, game: int) -> tuple[int, tuple[str, ...]]:
    """The deal seed and the seat levels of game number `game`."""
    players = setup.players
    deal, turn = divmod(game, players)
    levels = tuple(setup.levels[(seat + turn) % players] for seat in range(players))
    return Rng((setup.seed << 32) + deal).next_u64() >> 1, levels


_RULES: dict[tuple[str, ...], RuleSet] = {}


def play_game(setup: Setup, game: int) -> GameResult:
    rules = _RULES.get(setup.rules)
    if rules is None:
        rules = _RULES[setup.rules] = load_rules(list(setup.rules))
    seed, levels = seating(setup, game)
    bots = [make_bot(level, seed + 1 + seat, rules) for seat, level in enumerate(levels)]
    result = play_match(rules, setup.players, seed, bots, single_round=setup.rounds_only)
    teams = rules.model.scoring.teams
    players = setup.players
    rounds = []
    for event in result.events:
        if event["t"] == "round_end":
            rounds.append(
                RoundResult(
                    levels,
                    _team(event["winner"], players, teams),
                    tuple(event["points"][str(s)] for s in range(players)),
                )
            )
    return GameResult(rounds, _team(result.winner, players, teams), levels)


def _team(seat: int, players: int, teams: bool) -> tuple[int, ...]:
    partner = partner_seat(teams, seat, players)
    return (seat,) if partner is None else (seat, partner)


def _play_one(job: tuple[Setup, int]) -> GameResult:
    return play_game(*job)


Job = tuple["Setup", int]
# Games handed to the processes at once, per process: enough to keep each
# busy, few enough that the queue never holds the whole count.
WINDOW_PER_JOB = 64


def work(setup: Setup) -> Iterator[Job]:
    """Each game's job, made when it is due."""
    return ((setup, game) for game in range(setup.games))


def windows(jobs: Iterator[Job], size: int) -> Iterator[list[Job]]:
    """`jobs` in lists of at most `size`, in order (a pool's `imap` takes in
    its whole input at once: it is given one window at a time)."""
    while batch := list(itertools.islice(jobs, size)):
        yield batch


@dataclass
class LevelFigures:
    seat_rounds: int = 0
    wins: int = 0
    points: float = 0.0
    points_sq: float = 0.0
    seat_matches: int = 0
    match_wins: int = 0

    def win_share(self) -> tuple[float, float, float]:
        return wilson(self.wins, self.seat_rounds)

    def mean_points(self) -> tuple[float, float, float]:
        n = self.seat_rounds
        if not n:
            return 0.0, 0.0, 0.0
        mean = self.points / n
        var = max(0.0, self.points_sq / n - mean * mean) * n / max(1, n - 1)
        half = Z95 * math.sqrt(var / n)
        return mean, mean - half, mean + half


@dataclass
class Standings:
    levels: dict[str, LevelFigures] = field(default_factory=dict)
    # beats[a][b]: rounds in which a seat of level a won and a seat of b lost
    beats: dict[str, dict[str, int]] = field(default_factory=dict)
    games: int = 0
    rounds: int = 0

    def add(self, game: GameResult) -> None:
        self.games += 1
        for level in game.levels:
            figures = self.levels.setdefault(level, LevelFigures())
            figures.seat_matches += 1
        for seat in game.match_winners:
            self.levels[game.levels[seat]].match_wins += 1
        for result in game.rounds:
            self.rounds += 1
            for seat, level in enumerate(result.levels):
                figures = self.levels[level]
                figures.seat_rounds += 1
                won = seat in result.winners
                figures.wins += won
                points = result.points[seat]
                figures.points += points
                figures.points_sq += points * points
            for winner in result.winners:
                a = result.levels[winner]
                for loser, b in enumerate(result.levels):
                    if loser not in result.winners and a != b:
                        row = self.beats.setdefault(a, {})
                        row[b] = row.get(b, 0) + 1

    def ratings(self) -> dict[str, float]:
        return bradley_terry(list(self.levels), self.beats)


def wilson(successes: int, n: int) -> tuple[float, float, float]:
    """The share and its 95% Wilson score interval."""
    if not n:
        return 0.0, 0.0, 0.0
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def bradley_terry(levels: list[str], beats: dict[str, dict[str, int]]) -> dict[str, float]:
    """Strengths fitted by Hunter's MM iterations, on the Elo scale with the
    mean at 1500. A half win each way keeps a level that never lost finite."""
    if len(levels) < 2:
        return {level: RATING_MEAN for level in levels}
    wins = {a: {b: beats.get(a, {}).get(b, 0) + 0.5 for b in levels if b != a} for a in levels}
    strength = dict.fromkeys(levels, 1.0)
    for _round in range(2000):
        moved = 0.0
        new = {}
        for a in levels:
            total = sum(wins[a].values())
            denom = sum(
                (wins[a][b] + wins[b][a]) / (strength[a] + strength[b]) for b in levels if b != a
            )
            new[a] = total / denom
        norm = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        for a in levels:
            value = new[a] / norm
            moved = max(moved, abs(value - strength[a]))
            strength[a] = value
        if moved < 1e-10:
            break
    return {a: RATING_MEAN + 400 * math.log10(strength[a]) for a in levels}


def cores() -> int:
    """The cores this process may run on (a container or `taskset` may allow
    fewer than the machine has)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def workers(jobs: int | None, games: int) -> int:
    """The processes worth starting: what `--jobs` asks (all cores when it
    does not say), never more than the cores, nor than there are games (a
    process more only waits, and `--jobs 100000` would never finish starting)."""
    return max(1, min(jobs or cores(), cores(), games))


def run(
    setup: Setup,
    jobs: int | None = None,
    progress: Callable[[int, int, float], None] | None = None,
) -> Standings:
    """Play every game of `setup`; the same figures for any `jobs`."""
    jobs = workers(jobs, setup.games)
    standings = Standings()
    started = time.perf_counter()
    results: Iterator[GameResult]
    if jobs == 1 or setup.games == 1:
        results = map(_play_one, work(setup))
        pool = None
    else:
        pool = multiprocessing.get_context("spawn").Pool(jobs)
        chunk = max(1, min(16, setup.games // (jobs * 8)))
        results = (
            result
            for window in windows(work(setup), jobs * chunk * WINDOW_PER_JOB)
            for result in pool.imap(_play_one, window, chunksize=chunk)
        )
    try:
        for done, game in enumerate(results, 1):
            standings.add(game)
            if progress is not None:
                progress(done, setup.games, time.perf_counter() - started)
    finally:
        if pool is not None:
            pool.terminate()
    return standings


def summary(setup: Setup, standings: Standings, seconds: float) -> dict:
    ratings = standings.ratings()
    levels = {}
    for level in dict.fromkeys(setup.levels):
        figures = standings.levels.get(level, LevelFigures())
        share, low, high = figures.win_share()
        mean, p_low, p_high = figures.mean_points()
        levels[level] = {
            "win_share": round(share, 4),
            "ci_low": round(low, 4),
            "ci_high": round(high, 4),
            "mean_points": round(mean, 2),
            "points_ci_low": round(p_low, 2),
            "points_ci_high": round(p_high, 2),
            "rating": round(ratings.get(level, RATING_MEAN), 1),
            "seat_rounds": figures.seat_rounds,
            "match_share": round(figures.match_wins / figures.seat_matches, 4)
            if figures.seat_matches
            else 0.0,
        }
    return {
        "rules": list(setup.rules),
        "players": setup.players,
        "bots": list(setup.levels),
        "games": standings.games,
        "rounds": standings.rounds,
        "rounds_only": setup.rounds_only,
        "seed": setup.seed,
        "seconds": round(seconds, 1),
        "fair_share": round(setup.team_size / setup.players, 4),
        "levels": levels,
    }


# The table's columns: the heading (translated where it is printed) and the
# width its figures need.
COLUMNS = (
    (N_("level"), 10),
    (N_("win share"), 10),
    (N_("95% CI"), 17),
    (N_("points/round"), 13),
    (N_("95% CI"), 17),
    (N_("rating"), 7),
)


def print_table(data: dict, out: TextIO | None = None) -> None:
    """The figures of `summary` for people, in the current language (`--json`
    prints `data` itself, whose keys stay English). `out` None: sys.stdout as it
    is at the time of the call."""
    if data["rounds_only"]:
        games = ngettext("{n} round", "{n} rounds", data["games"])
    else:
        games = ngettext("{n} match", "{n} matches", data["games"])
    rounds = ngettext("{n} round", "{n} rounds", data["rounds"])
    print(
        _("{rules}, {players} seats: {games}, {rounds}, seed {seed}, {seconds} s").format(
            rules=" + ".join(printable(name) for name in data["rules"]),
            players=data["players"],
            games=games.format(n=data["games"]),
            rounds=rounds.format(n=data["rounds"]),
            seed=data["seed"],
            seconds=number(data["seconds"], 1),
        ),
        file=out,
    )
    headings = [_(heading) for heading, _width in COLUMNS]
    widths = [max(width, len(_(heading))) for heading, width in COLUMNS]
    rows = [headings]
    for level, row in data["levels"].items():
        rows.append(
            [
                level,
                percent(row["win_share"]),
                f"{percent(row['ci_low'])}–{percent(row['ci_high'])}",
                number(row["mean_points"], 1),
                f"{number(row['points_ci_low'], 1)}–{number(row['points_ci_high'], 1)}",
                number(row["rating"]),
            ]
        )
    for cells in rows:
        # The level's name to the left, the figures to the right.
        line = [f"{cells[0]:<{widths[0]}}"]
        line += [f"{cell:>{width}}" for cell, width in zip(cells[1:], widths[1:], strict=True)]
        print(" ".join(line), file=out)
    print(
        _("(a seat's fair share of rounds: {share})").format(share=percent(data["fair_share"])),
        file=out,
    )
