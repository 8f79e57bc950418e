"""docs/modding.md, run as a player would: its YAML files and commands work.

The guide marks each file with a `# file: NAME` first line; this test
writes them to a temporary folder and runs every `python main.py ...`
command of the guide there, checking what the guide says they print.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.depth import thorough

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "docs" / "modding.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```(\w*)\n(.*?)```", GUIDE, flags=re.S)


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, cwd=cwd
    )


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("modding")
    for lang, body in BLOCKS:
        first = body.splitlines()[0]
        if lang == "yaml" and first.startswith("# file: "):
            (folder / first.removeprefix("# file: ").strip()).write_text(body, encoding="utf-8")
    return folder


def _commands() -> list[list[str]]:
    found = []
    for lang, body in BLOCKS:
        if lang == "sh":
            found += [line.split()[2:] for line in body.splitlines() if line.startswith("python")]
    return found


def test_guide_has_files_and_commands(workdir):
    assert (workdir / "hot-potato.yaml").exists() and (workdir / "sudden-death.yaml").exists()
    assert len(_commands()) >= 5


@pytest.mark.parametrize("args", _commands(), ids=lambda a: " ".join(a[:2]))
def test_every_command_of_the_guide_runs(workdir, args):
    if "--games" in args and not thorough():
        # The guide's simulations play hundreds of games; a few show they run.
        args = [*args]
        args[args.index("--games") + 1] = "20"
    run = _run(args, workdir)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Traceback" not in run.stderr


def test_check_is_silent_on_good_files(workdir):
    assert _run(["check", "hot-potato.yaml", "sudden-death.yaml"], workdir).stdout == ""


def test_the_typo_shown_in_the_guide_is_what_check_prints(workdir):
    good = (workdir / "hot-potato.yaml").read_text(encoding="utf-8")
    (workdir / "typo").mkdir(exist_ok=True)
    typo = workdir / "typo" / "hot-potato.yaml"
    typo.write_text(good.replace("swap_hands:", "swap_hand:"), encoding="utf-8")
    run = _run(["check", "hot-potato.yaml"], workdir / "typo")
    assert run.returncode == 1
    [line] = run.stdout.splitlines()
    assert line in GUIDE


def test_plain_words_line_of_the_guide(workdir):
    run = _run(["rules", "hot-potato.yaml"], workdir)
    card_line = next(line for line in run.stdout.splitlines() if "Hot Potato (" in line)
    assert card_line in GUIDE


def test_the_new_card_and_house_rule_are_played(workdir):
    run = _run(
        [
            "simulate",
            "--rules",
            "hot-potato.yaml",
            "--rules",
            "sudden-death.yaml",
            "--players",
            "4",
            "--games",
            "30",
            "--seed",
            "7",
            "--json",
            "--log",
            "games.jsonl",
            "--bots",
            "random",  # random bots forget UNO, so the new penalty gets used
        ],
        workdir,
    )
    summary = json.loads(run.stdout)
    assert summary["games"] == 30 and sum(summary["wins"]) == 30
    events = [json.loads(line) for line in (workdir / "games.jsonl").read_text().splitlines()]
    assert any(e["t"] == "play" and e["card"] == "wild:hot_potato" for e in events)
    assert all(e["target"] == 200 for e in events if e["t"] == "game")
    caught = [len(e["cards"]) for e in events if e["t"] == "draw" and e["why"] == "uno"]
    # 4 cards each, fewer only when the piles ran dry.
    assert caught and max(caught) == 4 and caught.count(4) > 0.9 * len(caught)
