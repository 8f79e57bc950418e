"""Logs and command lines as hostile input: a failing disk is said in words,
and what the command line was given is escaped before it reaches a terminal."""

from __future__ import annotations

import errno
import io
from pathlib import Path

import pytest

import game.log.reader as reader
from game.log import LogError, iter_matches
from tests.support.commands import main_here

GOLDEN = Path(__file__).resolve().parent / "engine" / "golden" / "classic-seed11-2p.jsonl"


class FailingDisk(io.BytesIO):
    """A log whose reading fails with an I/O error after its first lines."""

    def __init__(self, data: bytes, lines: int) -> None:
        super().__init__(data)
        self.left = lines

    def readline(self, size: int = -1) -> bytes:
        if self.left <= 0:
            raise OSError(errno.EIO, "Input/output error")
        self.left -= 1
        return super().readline(size)


@pytest.fixture
def failing_disk(monkeypatch):
    data = GOLDEN.read_bytes()
    monkeypatch.setattr(reader, "open_regular", lambda path, limit: FailingDisk(data, 40))


def test_verify_says_a_log_that_cannot_be_read_in_words(failing_disk, capsys):
    result = main_here(["verify", str(GOLDEN)], capsys)
    assert result.returncode == 1
    assert result.stdout.startswith(f"{GOLDEN}:41: cannot read the log: input/output error")


def test_the_replay_viewer_is_told_a_log_cannot_be_read(failing_disk):
    # The viewer (game/scenes/replay.py) reads matches this way and shows a LogError.
    with pytest.raises(LogError, match="input/output error"):
        for _match in iter_matches(GOLDEN):
            pass


def test_simulate_escapes_the_rules_path_and_the_bots_it_prints(tmp_path, capsys):
    # A rule-set path with control characters is refused before it is read
    # (game/rules/names.py), and the refusal prints none of them; the bots it prints, too.
    evil = tmp_path / "ev\x1b]0;pwned\x07il.yaml"
    evil.write_text("extends: classic\n", encoding="utf-8")
    result = main_here(["simulate", "--rules", str(evil), "--games", "1"], capsys)
    for shown in (result.stdout, result.stderr):
        assert "\x1b" not in shown and "\x07" not in shown
    assert "control or format characters" in result.stderr
    result = main_here(
        ["simulate", "--rules", "classic", "--games", "1", "--bots", "random\x1f"], capsys
    )
    assert "\x1f" not in result.stdout and "\x1f" not in result.stderr


def test_a_field_the_format_does_not_name_is_read_alike_in_every_event(tmp_path, capsys):
    """docs/replay-format.md: more fields are welcome in a log read (and left
    out of the event), whatever the event: a Flip event as a turn."""
    log = tmp_path / "flip.jsonl"
    made = main_here(["simulate", "--rules", "flip", "--games", "1", "--log", str(log)], capsys)
    assert made.returncode == 0, made.stderr
    lines = log.read_text(encoding="utf-8").splitlines()
    kinds = {'"t":"flip"', '"t":"turn"', '"t":"round_end"', '"t":"game"'}
    extra = [
        line[:-1] + ',"tool":{"by":"other"}}' if any(k in line for k in kinds) else line
        for line in lines
    ]
    assert sum('"t":"flip"' in line for line in lines)
    log.write_text("\n".join(extra) + "\n", encoding="utf-8")
    result = main_here(["verify", str(log)], capsys)
    assert result.returncode == 0, result.stdout
