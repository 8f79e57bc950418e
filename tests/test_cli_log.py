"""The command line around replay logs: `verify`, `simulate --log`, `replay`,
and Ctrl-C (hostile logs, unwritable logs, an interrupted run).

Every refusal is one line in words with a documented exit status (docs/playing.md,
'The command line'): 0 done, 1 refused input, 2 a wrong command line, 3 the
log could not be written, 130 stopped with Ctrl-C. Never a traceback.
"""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import cli
from game.log import LogWriter, read_log
from tests.support.commands import main_here

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "engine" / "golden"


def run(args: list[str], cwd: Path | None = None, **kw) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        cwd=cwd or ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        **kw,
    )


def no_traceback(result) -> None:
    assert "Traceback" not in result.stderr, result.stderr


# --- verify -------------------------------------------------------------------------


def test_verify_passes_the_golden_logs():
    logs = sorted(str(p) for p in GOLDEN.glob("*.jsonl"))
    result = run(["verify", *logs])
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("every event re-executed exactly") == len(logs)


def tamper(lines: list[str], index: int, **fields) -> list[str]:
    event = json.loads(lines[index])
    event.update(fields)
    return [*lines[:index], json.dumps(event, separators=(",", ":")), *lines[index + 1 :]]


def test_verify_names_the_line_of_each_divergent_match(tmp_path, capsys):
    lines = (GOLDEN / "classic-seed2-4p.jsonl").read_text().splitlines()
    play = next(i for i, line in enumerate(lines) if '"t":"play"' in line and i > 30)
    end = next(i for i, line in enumerate(lines) if '"t":"round_end"' in line)
    bad_card = tamper(lines, play, card="red:9" if "red:9" not in lines[play] else "blue:9")
    bad_score = tamper(lines, end, scores=[1, 2, 3, 4])
    path = tmp_path / "two.jsonl"
    path.write_text("\n".join([*bad_card, *lines, *bad_score]) + "\n")
    result = main_here(["verify", str(path)], capsys)
    no_traceback(result)
    assert result.returncode == 1
    found = result.stdout.splitlines()
    assert len(found) == 2, found  # the good match in the middle is not mentioned
    assert found[0].startswith(f"{path}:{play + 1}: the engine would have written ")
    second = 2 * len(lines) + end + 1
    assert found[1].startswith(f"{path}:{second}: the engine would have written ")
    assert '"scores":[1,2,3,4]' in found[1]


def test_verify_accepts_fields_the_format_does_not_name(tmp_path, capsys):
    """docs/replay-format.md: more fields are welcome, so a log from a newer
    version or another tool still verifies; the fields the format names are
    checked as strictly, and a field written twice is refused."""
    lines = (GOLDEN / "classic-seed11-2p.jsonl").read_text().splitlines()
    extra = [line[:-1] + ',"tool":{"by":"other","at":[1,2]}}' for line in lines]
    path = tmp_path / "newer.jsonl"
    path.write_text("\n".join(extra) + "\n")
    result = main_here(["verify", str(path)], capsys)
    no_traceback(result)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "every event re-executed exactly" in result.stdout
    turn = next(i for i, line in enumerate(lines) if line.startswith('{"t":"turn",'))
    twice = [*lines[:turn], lines[turn][:-1] + ',"p":1}', *lines[turn + 1 :]]
    path.write_text("\n".join(twice) + "\n")
    result = main_here(["verify", str(path)], capsys)
    assert result.returncode == 1
    assert result.stdout.startswith(f"{path}:{turn + 1}: the key 'p' appears twice")


def test_verify_refuses_broken_files_in_words(tmp_path, capsys):
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes((GOLDEN / "classic-seed2-4p.jsonl").read_bytes()[:5000])
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(os.urandom(4000))
    huge = tmp_path / "huge.jsonl"
    with huge.open("wb") as out:
        out.truncate(200 * 1024 * 1024)
    args = ["verify", str(cut), str(binary), str(huge), str(tmp_path / "none.jsonl")]
    result = main_here(args, capsys)
    no_traceback(result)
    assert result.returncode == 1
    out = result.stdout.splitlines()
    assert len(out) == 4, out
    assert out[0].startswith(f"{cut}:") and "truncated" in out[0]
    assert out[1].startswith(f"{binary}:1: ")
    assert out[2].startswith(f"{huge}: the log is 200.0 MiB")
    assert "no such file" in out[3]


def test_verify_escapes_text_from_the_file(tmp_path, capsys):
    path = tmp_path / "evil.jsonl"
    first = (GOLDEN / "classic-seed2-4p.jsonl").read_text().splitlines()[0]
    path.write_text(first + '\n{"t":"\\u001b]0;pwned\\u0007\\u001b[2J"}\n')
    result = main_here(["verify", str(path)], capsys)
    assert result.returncode == 1
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert "\\x1b]0;pwned\\x07\\x1b[2J" in result.stdout


def test_verify_says_an_interrupted_log_is_incomplete(tmp_path, capsys):
    lines = (GOLDEN / "classic-seed11-2p.jsonl").read_text().splitlines()
    path = tmp_path / "cut.jsonl"
    path.write_text("\n".join(lines[:300]) + "\n")
    result = main_here(["verify", str(path)], capsys)
    assert result.returncode == 1
    assert result.stdout.startswith(f"{path}:300: the log stops before this match ends")


# --- simulate --log into bad places ----------------------------------------------------

SIM = ["simulate", "--rules", "classic", "--players", "3", "--games", "2"]


@pytest.mark.parametrize(
    ("target", "words"),
    [
        ("no/such/folder/log.jsonl", "its folder does not exist"),
        (".", "it is a folder"),
    ],
    ids=["missing-folder", "a-folder"],
)
def test_log_into_a_bad_place_is_one_line_and_status_3(
    tmp_path, target, words, capsys, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    result = main_here([*SIM, "--log", target], capsys)
    no_traceback(result)
    assert result.returncode == 3
    assert result.stderr.strip().splitlines() == [f"cannot write the log {target}: {words}"]
    assert result.stdout == ""


def test_log_into_a_fifo_does_not_block(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    result = run([*SIM, "--log", "fifo"], cwd=tmp_path)
    assert result.returncode == 3 and "not a regular file" in result.stderr


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_log_into_a_read_only_folder(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        monkeypatch.chdir(tmp_path)
        result = main_here([*SIM, "--log", "ro/log.jsonl"], capsys)
    finally:
        folder.chmod(0o755)
    assert result.returncode == 3 and "the system does not allow the game" in result.stderr


def test_a_full_disk_stops_with_the_summary_and_whole_matches(tmp_path, monkeypatch, capsys):
    real = LogWriter.write_match
    calls = []

    def filling(self, events):
        calls.append(1)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(self, events)

    monkeypatch.setattr(LogWriter, "write_match", filling)
    log = tmp_path / "games.jsonl"
    status = cli.main([*SIM[:-1], "5", "--log", str(log)])
    out, err = capsys.readouterr()
    assert status == 3
    assert err.strip() == (
        f"cannot write the log {log}: the disk is full: "
        "stopped after 2 of 5 games; the log holds them whole"
    )
    assert "games:                2 matches" in out
    assert sum(1 for e in read_log(log) if e["t"] == "game_end") == 2


def test_a_full_disk_from_the_first_match_leaves_an_old_log_whole(tmp_path, monkeypatch, capsys):
    """The log is written like every other file, atomically: opening it no
    longer empties the log a run before left there."""
    log = tmp_path / "games.jsonl"
    log.write_bytes((GOLDEN / "classic-seed2-4p.jsonl").read_bytes())
    before = log.read_bytes()

    def full(self, events):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(LogWriter, "write_match", full)
    status = cli.main([*SIM, "--log", str(log)])
    _out, err = capsys.readouterr()
    assert status == 3 and log.read_bytes() == before
    assert err.strip() == (
        f"cannot write the log {log}: the disk is full: "
        "stopped after 0 of 2 games; the log was left as it was"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]


def test_a_log_past_what_verify_reads_is_said(tmp_path, monkeypatch, capsys):
    """verify and replay refuse a log over MAX_LOG_BYTES; simulate wrote one
    without a word. (The limit is lowered here so two matches pass it.)"""
    import game.log.writer

    monkeypatch.setattr(game.log.writer, "MAX_LOG_BYTES", 1000, raising=False)
    log = tmp_path / "games.jsonl"
    status = cli.main([*SIM, "--log", str(log)])
    _out, err = capsys.readouterr()
    assert status == 0 and sum(1 for e in read_log(log) if e["t"] == "game_end") == 2
    assert err.startswith(f"warning: the log {log} is ")
    assert err.strip().endswith("MiB: simulate fewer games per log")


@pytest.mark.parametrize("empty", ["", " "])
def test_an_empty_log_name_is_refused_not_ignored(capsys, empty):
    status = cli.main([*SIM, "--log", empty])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.strip() == "--log needs the name of a file to write"


# --- Ctrl-C ------------------------------------------------------------------------------


def interrupted(args: list[str], cwd: Path, ready) -> subprocess.CompletedProcess:
    """Run main.py, press Ctrl-C once `ready(process)` says it is under way."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["COUCH_UNO_FIRST_FRAME"] = "1"
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        # A shell running tests in the background ignores SIGINT; Python then
        # would too. Give the child the default a terminal gives it.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        ready(process)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def test_ctrl_c_in_simulate_prints_the_summary_and_closes_the_log(tmp_path, capsys):
    log = tmp_path / "games.jsonl"

    def two_games_written(process):
        # The log is written beside its name and put in place when it closes.
        for _ in range(600):
            written = list(tmp_path.glob(".games.jsonl.*.tmp"))
            if written and written[0].read_text().count('"t":"game_end"') >= 2:
                return
            time.sleep(0.05)

    args = ["simulate", "--rules", "classic", "--players", "4", "--games", "100000"]
    result = interrupted([*args, "--log", str(log)], tmp_path, two_games_written)
    no_traceback(result)
    assert result.returncode == 130
    assert "games per second" in result.stdout and "wins per seat" in result.stdout
    assert "interrupted: stopped after" in result.stderr
    text = log.read_text()
    assert text.endswith("\n") and all(json.loads(line) for line in text.splitlines())
    finished = int(result.stderr.split("stopped after ")[1].split()[0])
    assert text.count('"t":"game_end"') == finished >= 2
    assert main_here(["verify", str(log)], capsys).returncode == 0


def window_open(process) -> None:
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith("first-frame"):
            return


@pytest.mark.parametrize("args", [[], ["replay", str(GOLDEN / "classic-seed2-4p.jsonl")]])
def test_ctrl_c_in_the_game_or_a_replay_exits_without_a_traceback(tmp_path, args):
    result = interrupted(args, tmp_path, window_open)
    no_traceback(result)
    assert result.returncode == 130
    assert result.stderr.strip().splitlines()[-1] == "interrupted"


def test_replay_refuses_what_is_not_a_log_before_opening_a_window(tmp_path, capsys):
    result = main_here(["replay", str(tmp_path)], capsys)
    assert result.returncode == 1 and result.stderr.strip().endswith("it is a folder")
    assert main_here(["replay", str(tmp_path / "none.jsonl")], capsys).returncode == 1


# --- the rules a log names -----------------------------------------------------------


def test_a_log_names_its_rule_file_from_its_own_folder_so_verify_finds_it(tmp_path, capsys):
    """`simulate --rules /abs/path/my.yaml --log` wrote the absolute path, which a
    log (a shared file) may not name; now it writes the file relative to the log,
    and the log verifies wherever the folder is moved."""
    (tmp_path / "my.yaml").write_text("extends: classic\nname: Mine\n", encoding="utf-8")
    log = tmp_path / "a.jsonl"
    made = main_here(
        [
            "simulate",
            "--rules",
            str(tmp_path / "my.yaml"),
            "--rules",
            "house/stacking",
            "--players",
            "2",
            "--games",
            "1",
            "--log",
            str(log),
        ],
        capsys,
    )
    assert made.returncode == 0, made.stderr
    assert read_log(log)[0]["rules"] == ["my.yaml", "house/stacking"]
    moved = tmp_path / "moved"
    moved.mkdir()
    for name in ("my.yaml", "a.jsonl"):
        (tmp_path / name).rename(moved / name)
    checked = main_here(["verify", str(moved / "a.jsonl")], capsys)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_log_cannot_name_a_rule_file_outside_its_folder(tmp_path, capsys, monkeypatch):
    (tmp_path / "my.yaml").write_text("extends: classic\n", encoding="utf-8")
    (tmp_path / "logs").mkdir()
    monkeypatch.chdir(tmp_path)
    made = main_here(
        [
            "simulate",
            "--rules",
            "my.yaml",
            "--players",
            "2",
            "--games",
            "1",
            "--log",
            "logs/a.jsonl",
        ],
        capsys,
    )
    assert made.returncode == 2
    assert "outside" in made.stderr and "own folder" in made.stderr
    no_traceback(made)
    assert not (tmp_path / "logs" / "a.jsonl").exists()
