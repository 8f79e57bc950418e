"""Golden replay logs: whole matches that must not change.

Each log in tests/engine/golden/ is a match of basic bots under
rules/classic.yaml (three) or rules/flip.yaml (one: a two-sided deck whose
cards each match numbers in a hidden order of its own, which must deal the
same cards), played by `game.play.sim.play_match` with the bot seeds the
`simulate` command uses (seat s of game seed g gets bot seed g + 1 + s).
The test plays the match again and compares the log byte for byte. A
difference means the engine, the bots or the classic rules now play the
same seed differently: every saved replay, bug report and seed someone
wrote down changes with it.

If the change is deliberate, regenerate the logs and commit them with the
change that caused it:

    UPDATE_GOLDEN=1 python -m pytest tests/engine/test_golden.py

and say in the commit message why the games changed.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from game.bots import make_bot
from game.log import encode_event, read_log, verify_file, write_log
from game.play.sim import play_match
from game.rules.loader import load_rules

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"

# (rule set, game seed, seats): a heads-up match, a table of four, a table
# of seven (whose draw pile runs out and is reshuffled); UNO Flip at four.
CASES = [("classic", 11, 2), ("classic", 2, 4), ("classic", 4, 7), ("flip", 3, 4)]
IDS = [f"{r}-seed{s}-{p}p" for r, s, p in CASES]

HOW_TO_UPDATE = (
    "If this change of play is deliberate, regenerate the golden logs with\n"
    "    UPDATE_GOLDEN=1 python -m pytest tests/engine/test_golden.py\n"
    "and commit them together with the change, saying why games changed."
)


def golden_path(rule_set: str, seed: int, players: int) -> Path:
    return GOLDEN / f"{rule_set}-seed{seed}-{players}p.jsonl"


def play(rule_set: str, seed: int, players: int) -> list[dict]:
    rules = load_rules([rule_set])
    bots = [make_bot("basic", seed + 1 + seat) for seat in range(players)]
    return play_match(rules, players, seed, bots).events


def as_text(events: list[dict]) -> str:
    return "".join(encode_event(event) + "\n" for event in events)


@pytest.mark.parametrize(("rule_set", "seed", "players"), CASES, ids=IDS)
def test_match_matches_its_golden_log(rule_set, seed, players):
    path = golden_path(rule_set, seed, players)
    events = play(rule_set, seed, players)
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        write_log(path, events)
    assert path.exists(), f"{path.name} is missing.\n{HOW_TO_UPDATE}"
    stored = path.read_text(encoding="utf-8")
    now = as_text(events)
    if now != stored:
        old_lines, new_lines = stored.splitlines(), now.splitlines()
        first = next(
            (i for i, (a, b) in enumerate(zip(old_lines, new_lines, strict=False)) if a != b),
            min(len(old_lines), len(new_lines)),
        )
        diff = "\n".join(
            list(
                difflib.unified_diff(
                    old_lines[max(0, first - 3) : first + 5],
                    new_lines[max(0, first - 3) : first + 5],
                    "golden",
                    "now",
                    lineterm="",
                )
            )
        )
        pytest.fail(
            f"seed {seed} with {players} seats no longer plays as {path.name} says: "
            f"first difference at line {first + 1} "
            f"(golden {len(old_lines)} lines, now {len(new_lines)}).\n{diff}\n\n{HOW_TO_UPDATE}"
        )


@pytest.mark.parametrize(("rule_set", "seed", "players"), CASES, ids=IDS)
def test_golden_log_reads_and_re_executes(rule_set, seed, players, tmp_path):
    """The stored log is a valid replay: it reads, the engine plays it again
    exactly (rules loaded from its own `game` event), and it writes back to
    the same bytes."""
    path = golden_path(rule_set, seed, players)
    events = read_log(path)
    verdict = verify_file(path)
    assert verdict.matches == 1 and not verdict.problems, verdict.problems
    copy = tmp_path / "copy.jsonl"
    write_log(copy, events)
    assert copy.read_bytes() == path.read_bytes()
