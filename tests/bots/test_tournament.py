"""The tournament: rotation, figures, ratings, the command line.

Seats rotate through every level so no level keeps
the first seat; win shares and mean points come with 95% intervals; a
Bradley–Terry rating is fitted; `--json` prints `levels` with `win_share`,
`ci_low`, `ci_high`, `mean_points`, `rating`; `--jobs` gives the same
results for the same seed whatever the job count.
"""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.play import tournament
from game.play.tournament import Setup, bradley_terry, seating, wilson


def test_seats_rotate_through_every_level():
    setup = Setup(("classic",), 3, ("strong", "basic", "beginner"), games=6, seed=4)
    tables = [seating(setup, game) for game in range(6)]
    # Each deal is played once per rotation, and each level sits in each seat.
    assert tables[0][0] == tables[1][0] == tables[2][0] != tables[3][0]
    for seat in range(3):
        assert {levels[seat] for _, levels in tables[:3]} == {"strong", "basic", "beginner"}


def test_the_same_seed_gives_the_same_figures_whatever_the_job_count():
    setup = Setup(("classic",), 2, ("strong", "random"), games=6, seed=9, rounds_only=True)
    one = tournament.summary(setup, tournament.run(setup, jobs=1), 0)
    two = tournament.summary(setup, tournament.run(setup, jobs=2), 0)
    assert one == two
    assert one["rounds"] == 6
    levels = one["levels"]
    assert levels["strong"]["seat_rounds"] == levels["random"]["seat_rounds"] == 6
    shares = levels["strong"]["win_share"] + levels["random"]["win_share"]
    assert shares == pytest.approx(1.0)


def test_wilson_interval_holds_the_share():
    share, low, high = wilson(54, 100)
    assert low < share == 0.54 < high
    assert wilson(0, 0) == (0.0, 0.0, 0.0)
    assert wilson(10, 10)[2] == pytest.approx(1.0)


def test_bradley_terry_orders_levels_by_who_beats_whom():
    beats = {"a": {"b": 60, "c": 80}, "b": {"a": 40, "c": 60}, "c": {"a": 20, "b": 40}}
    ratings = bradley_terry(["a", "b", "c"], beats)
    assert ratings["a"] > ratings["b"] > ratings["c"]
    assert sum(ratings.values()) / 3 == pytest.approx(1500)
    # 60:40 head to head is about 70 Elo points.
    even = bradley_terry(["a", "b"], {"a": {"b": 600}, "b": {"a": 400}})
    assert even["a"] - even["b"] == pytest.approx(400 * 0.17609, abs=2)


def test_command_prints_json_with_every_level(capsys):
    code = main(
        [
            "tournament",
            "--rules",
            "classic",
            "--players",
            "3",
            "--bots",
            "basic,beginner,random",
            "--games",
            "3",
            "--rounds-only",
            "--jobs",
            "1",
            "--json",
        ]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["levels"]) == {"basic", "beginner", "random"}
    for row in data["levels"].values():
        assert {"win_share", "ci_low", "ci_high", "mean_points", "rating"} <= set(row)
        assert row["ci_low"] <= row["win_share"] <= row["ci_high"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--bots", "basic,wizard"], "unknown bot 'wizard'"),
        (["--bots", "basic"], "names 1 level for 2 seats"),
        (["--bots", "basic,basic", "--games", "0"], "at least 1"),
        (["--bots", "basic,basic", "--players", "11"], "not 11"),
    ],
)
def test_command_refuses_bad_arguments_in_words(args, words, capsys):
    argv = ["tournament", "--rules", "classic", "--players", "2", *args]
    assert main(argv) == 2
    assert words in capsys.readouterr().err


def test_the_table_speaks_the_language_and_the_json_keeps_its_keys(capsys):
    """The printed table's headings and words are translated; the
    keys of --json are the same in every language."""
    argv = ["tournament", "--rules", "classic", "--players", "2", "--bots", "basic,random"]
    argv += ["--games", "2", "--rounds-only", "--jobs", "1", "--lang", "fi"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("classic, 2 paikkaa: 2 kierrosta, 2 kierrosta, siemen 1, ")
    assert lines[1].split() == ["taso", "voitto-osuus", "95", "%:n", "lv"] + [
        "pisteet/kierros",
        "95",
        "%:n",
        "lv",
        "luokitus",
    ]
    assert lines[2].startswith("basic ") and lines[3].startswith("random ")
    # Finnish writes a decimal comma and a (no-break) space before the sign.
    assert lines[4] == "(paikan reilu osuus kierroksista: 50,0\u00a0%)"
    # The figures stand under their headings, however long the words.
    heading = lines[1]
    for row in lines[2:4]:
        assert len(row) == len(heading)
    assert "win share" not in out and "rounds" not in out
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["levels"]["basic"]) >= {"win_share", "ci_low", "mean_points", "rating"}


def test_a_refusal_speaks_the_language(capsys):
    argv = ["tournament", "--rules", "classic", "--players", "2", "--bots", "basic"]
    assert main([*argv, "--lang", "fi"]) == 2
    assert "--bots antaa 1 tason 2 paikalle" in capsys.readouterr().err


class CountingPool:
    """A process pool that plays the games in this process and keeps its size."""

    sizes: list[int] = []

    def __init__(self, size: int) -> None:
        CountingPool.sizes.append(size)

    def imap(self, play, work, chunksize=1):
        return map(play, work)

    def terminate(self) -> None:
        pass


@pytest.mark.parametrize(("games", "jobs", "started"), [(2, 12, 2), (6, 100_000, 3), (6, None, 3)])
def test_workers_are_capped_by_the_games_and_the_cores(monkeypatch, games, jobs, started):
    """A process beyond the cores or the games only waits (`--games 2 --jobs 12`
    started 13 processes; `--jobs 100000` never finished starting them)."""
    import multiprocessing
    import os

    monkeypatch.setattr(os, "cpu_count", lambda: 3)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2}, raising=False)
    context = multiprocessing.get_context("spawn")
    monkeypatch.setattr(context, "Pool", CountingPool)
    monkeypatch.setattr(CountingPool, "sizes", [])
    setup = Setup(("classic",), 2, ("random", "random"), games=games, seed=1, rounds_only=True)
    tournament.run(setup, jobs=jobs)
    assert CountingPool.sizes == [started]


def test_a_match_that_does_not_end_stops_simulate_and_tournament_in_words(monkeypatch, capsys):
    """The bots give up on a match past a bound of actions; simulate ended on
    a RuntimeError traceback there. (The bound is lowered so no long match is played.)"""
    import game.play.sim

    monkeypatch.setattr(game.play.sim, "MAX_MATCH_ACTIONS", 50, raising=False)
    monkeypatch.setattr(
        game.play.sim.play_out, "__defaults__", (50, None)
    )  # the bound before it was named
    status = main(["simulate", "--rules", "classic", "--players", "3", "--games", "2"])
    out, err = capsys.readouterr()
    assert status == 1
    assert err.strip() == (
        "a game did not end within 50 actions: these rules may not let a match end"
        " (python main.py check FILE says what keeps it going): stopped after 0 of 2 games"
    )
    assert "games:" in out  # the summary of what was played
    argv = ["tournament", "--rules", "classic", "--bots", "random,random", "--games", "2"]
    status = main([*argv, "--jobs", "1"])
    _out, err = capsys.readouterr()
    assert status == 1 and err.strip().startswith("a game did not end within 50 actions")


def test_every_level_plays_a_flip_tournament(capsys):
    levels = "expert,strong,basic,beginner,random"
    args = ["tournament", "--rules", "flip", "--players", "5", "--bots", levels]
    code = main([*args, "--games", "2", "--rounds-only", "--jobs", "1", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["levels"]) == set(levels.split(","))


class _Enough(Exception):
    pass


def _stop_after(games: int):
    def progress(done, total, seconds):
        if done >= games:
            raise _Enough

    return progress


def _no_game(job):
    return tournament.GameResult([], (), job[0].levels)


class WindowPool(CountingPool):
    windows: list[int] = []

    def imap(self, play, work, chunksize=1):
        taken = list(work)  # what a real pool's feeder thread takes in at once
        WindowPool.windows.append(len(taken))
        return map(play, taken)


def test_games_are_handed_to_the_processes_a_window_at_a_time(monkeypatch):
    """`--games 1000000000` listed every game before the first was played (a
    million here, so that the old way fails quickly instead of filling memory)."""
    import multiprocessing
    import os

    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setattr(multiprocessing.get_context("spawn"), "Pool", WindowPool)
    monkeypatch.setattr(WindowPool, "sizes", [])
    monkeypatch.setattr(WindowPool, "windows", [])
    monkeypatch.setattr(tournament, "_play_one", _no_game)
    setup = Setup(("classic",), 2, ("random", "random"), games=10**6, seed=1, rounds_only=True)
    with pytest.raises(_Enough):
        tournament.run(setup, jobs=2, progress=_stop_after(5000))
    assert WindowPool.windows and max(WindowPool.windows) <= 10_000


def test_one_process_plays_games_as_they_are_made(monkeypatch):
    import tracemalloc

    monkeypatch.setattr(tournament, "_play_one", _no_game)
    setup = Setup(("classic",), 2, ("random", "random"), games=2 * 10**6, seed=1, rounds_only=True)
    tracemalloc.start()
    try:
        with pytest.raises(_Enough):
            tournament.run(setup, jobs=1, progress=_stop_after(3))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2 * 1024 * 1024
