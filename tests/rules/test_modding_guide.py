"""docs/modding.md, run as a player would: its YAML files and commands work.

The guide marks each file with a `# file: NAME` first line; this test
writes them to a temporary folder and checks there what the guide says its
commands print (tests/test_docs.py runs every command of the guide), that
its pictures are there, and that a replay of the new
card's games names and paints it from the files.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules.loader import load_rules
from game.ui.card_book import CardBook
from tests.support.commands import main_here

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "docs" / "modding.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```(\w*)\n(.*?)```", GUIDE, flags=re.S)


def _run(args: list[str], cwd: Path, script: str = "main.py") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / script), *args], capture_output=True, text=True, cwd=cwd
    )


@pytest.fixture
def main(capsys, monkeypatch):
    """`python main.py ARGS` in a folder, in this process (tests/support/commands.py;
    tests/test_docs.py runs the guide's commands as a player types them)."""

    def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
        monkeypatch.chdir(cwd)
        return main_here(args, capsys)

    return run


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("modding")
    for lang, body in BLOCKS:
        first = body.splitlines()[0]
        if lang == "yaml" and first.startswith("# file: "):
            (folder / first.removeprefix("# file: ").strip()).write_text(body, encoding="utf-8")
    return folder


def _commands() -> list[list[str]]:
    """Each `python SCRIPT ARGS...` line of the guide, as [SCRIPT, ARGS...]."""
    found = []
    for lang, body in BLOCKS:
        if lang == "sh":
            found += [line.split()[1:] for line in body.splitlines() if line.startswith("python")]
    return found


def test_guide_has_files_and_commands(workdir):
    for name in ("hot-potato.yaml", "five-colours.yaml", "sudden-death.yaml"):
        assert (workdir / name).exists(), name
    assert len(_commands()) >= 7
    assert {args[0] for args in _commands()} == {"main.py", "tools/card_sheet.py"}


def test_the_guides_card_sheet_shows_every_card(workdir):
    """tests/test_docs.py runs every command of the guide; here, what the
    card sheet's command says it did."""
    import pygame

    [args] = [args for args in _commands() if args[0] == "tools/card_sheet.py"]
    run = _run(args[1:], workdir, script=args[0])
    # Classic's 54 different cards, and ours, on one picture.
    assert run.stdout.strip() == "hot-potato-cards.png: 55 cards", run.stdout + run.stderr
    assert pygame.image.load(str(workdir / "hot-potato-cards.png")).get_width() > 1000


def test_check_is_silent_on_good_files(workdir, main):
    files = ["hot-potato.yaml", "five-colours.yaml", "sudden-death.yaml"]
    assert main(["check", *files], workdir).stdout == ""


def test_the_guides_pictures_are_there():
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", GUIDE)
    assert "screenshots/modding_hand.png" in pictures
    for picture in pictures:
        assert (ROOT / "docs" / picture).is_file(), picture


def test_the_new_color_is_named_in_the_rules(workdir, main):
    run = main(["rules", "five-colours.yaml"], workdir)
    assert "colours Red, Yellow, Green, Blue, Violet" in run.stdout
    assert "Hot Potato (2 cards, 30 points)" in run.stdout


def test_a_replay_of_the_guides_log_names_and_paints_the_new_card(workdir, main):
    """The replay (game/scenes/replay.py) re-executes the log under the rule
    files it names, found from the log's folder, so the log's cards are the
    files' cards: labels, art and colour."""
    from game.log import RuleSets
    from game.table.model import TableModel
    from game.table.narrate import Narrator
    from game.ui.card_book import CardBook

    [command] = [args for args in _commands() if "potato.jsonl" in args]
    assert command[0] == "main.py"
    assert main(command[1:], workdir).returncode == 0
    log = workdir / "potato.jsonl"
    events = [json.loads(line) for line in log.read_text().splitlines()]
    book = CardBook(RuleSets(log.parent).get(events[0]["rules"]))
    potato = book.look("wild:hot_potato")
    assert (potato.art, potato.corner, potato.text) == ("swap", "HP", "Hot Potato")
    assert book.color_rgb("purple") == (0x8E, 0x24, 0xAA)
    model = TableModel(4, [], 135)
    narrator = Narrator(book, model)
    lines = []
    for event in events:
        model.apply(event)
        line = narrator.tell(event)
        if line is not None:
            lines.append(line.text)
    assert any(line.endswith("plays Hot Potato and names Violet") for line in lines)
    assert any("plays Violet " in line for line in lines)
    assert not any("hot_potato" in line or "purple" in line for line in lines)


def test_the_typo_shown_in_the_guide_is_what_check_prints(workdir, main):
    good = (workdir / "hot-potato.yaml").read_text(encoding="utf-8")
    (workdir / "typo").mkdir(exist_ok=True)
    typo = workdir / "typo" / "hot-potato.yaml"
    typo.write_text(good.replace("swap_hands:", "swap_hand:"), encoding="utf-8")
    run = main(["check", "hot-potato.yaml"], workdir / "typo")
    assert run.returncode == 1
    [line] = run.stdout.splitlines()
    assert line in GUIDE


def test_the_unknown_language_shown_in_the_guide_is_what_check_prints(workdir, main):
    words = (workdir / "hot-potato-words.yaml").read_text(encoding="utf-8")
    (workdir / "language").mkdir(exist_ok=True)
    for name in ("hot-potato.yaml", "five-colours.yaml"):
        (workdir / "language" / name).write_bytes((workdir / name).read_bytes())
    wrong = workdir / "language" / "hot-potato-words.yaml"
    wrong.write_text(words.replace(" et: Kuum", " ee: Kuum"), encoding="utf-8")
    run = main(["check", "hot-potato-words.yaml"], workdir / "language")
    assert run.returncode == 1
    [line] = run.stdout.splitlines()
    assert line in GUIDE


def test_the_guides_words_read_in_finnish(workdir):
    """The guide's file adds Finnish words to the card and colour it names."""
    book = CardBook(load_rules([str(workdir / "hot-potato-words.yaml")]), lang="fi")
    assert book.label("wild:hot_potato") == "Kuuma peruna"
    assert book.label("purple:7") == "Violetti 7"
    assert '"Kuuma peruna"' in GUIDE and '"Violetti 7"' in GUIDE


def test_plain_words_line_of_the_guide(workdir, main):
    run = main(["rules", "hot-potato.yaml"], workdir)
    card_line = next(line for line in run.stdout.splitlines() if "Hot Potato (" in line)
    assert card_line in GUIDE


def test_the_new_card_and_house_rule_are_played(workdir, main):
    run = main(
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
