"""Rule files from anyone: refused in words or playable, never a hang or a traceback.

Each hostile rule file once seen, reproduced as it was observed: what
`check` accepts plays to its end, every number has a range, card codes cannot
collide, text reaches the terminal escaped, and names inside shared files
reach no further than `rules/` and the file's own folder.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.bots import make_bot
from game.cli import MAX_ERRORS_SHOWN, print_errors
from game.engine import new_game
from game.engine.dealing import MAX_CUTS
from game.files.plain_text import printable
from game.play.selftest import check_files, match_problems
from game.play.sim import play_out_round
from game.rules.errors import RuleError, RuleFileError
from game.rules.loader import RULES_DIR, load_rules
from game.rules.names import NameRefused, available_rule_sets, resolve_shared_name
from game.rules.schema import MAX_DECK, MAX_SEATS
from game.rules.validation import validate_rules
from tests.support.commands import main_here
from tests.support.rules import rules_with

ROOT = Path(__file__).resolve().parents[2]


def run(args: list[str], cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    """`python main.py ARGS`; the timeout only stops a hang (the bug) from holding the suite."""
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=timeout,
    )


@pytest.fixture
def cli(capsys, monkeypatch):
    """`python main.py ARGS` in this process (for commands that cannot hang)."""

    def call(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
        monkeypatch.chdir(cwd)
        return main_here(args, capsys)

    return call


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def messages(folder: Path, *names: str) -> list[str]:
    return [e.message for e in check_files([str(folder / n) for n in names])]


# 1. The cut for dealer always ends ------------------------------------------------

ONE_FACE = "name: z\ncards:\n  number: {category: number, faces: [0], copies: 25, points: face}\n"


def test_the_cut_ends_when_no_card_can_win_it():
    rules = validate_rules(
        {
            "cards": {"number": {"category": "number", "faces": [0], "copies": 25}},
            "scoring": {"target": None},
        }
    )
    state, events = new_game(rules, 4, seed=1)
    cuts = [e for e in events if e["t"] == "cut"]
    # Every card cuts alike: one cut, then lots decide (docs/modding.md).
    assert len(cuts) == 1
    assert 0 <= state.dealer < 4


def test_the_cut_stops_after_a_bounded_number_of_ties():
    # Two faces: ties are likely but can be broken; never more than MAX_CUTS cuts.
    rules = validate_rules(
        {
            "cards": {"number": {"category": "number", "faces": [0, 1], "copies": 40}},
            "scoring": {"target": None},
        }
    )
    for seed in range(60):
        _, events = new_game(rules, 10, seed)
        assert 1 <= sum(e["t"] == "cut" for e in events) <= MAX_CUTS


@pytest.mark.parametrize(
    "cards",
    [
        # only wilds; every card a Wild Draw Four
        "  wild: {category: wild, wild: true, copies: 100, points: 50, effects: [choose_color]}\n",
        "  wd4: {category: wild, wild: true, copies: 100, points: 50,"
        " effects: [choose_color, {penalty: {count: 4, challengeable: true}}]}\n",
    ],
)
def test_simulate_ends_on_decks_that_cut_for_ever(tmp_path, cards):
    write(tmp_path, "z.yaml", f"name: z\ncards:\n{cards}")
    done = run(["simulate", "--rules", "z.yaml", "--players", "2", "--games", "1"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


def test_the_reported_one_face_deck_simulates_to_its_end(tmp_path):
    write(tmp_path, "z.yaml", ONE_FACE + "scoring: {target: null}\n")
    done = run(["simulate", "--rules", "z.yaml", "--players", "2", "--games", "1"], tmp_path)
    assert done.returncode == 0, done.stderr


# 2. Deck size --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "wanted"),
    [
        (
            "  n: {category: number, faces: [0], copies_of: {0: 1000000000}}\n",
            "cards.n.copies_of.0: must be at most 100",
        ),
        (
            "  n: {category: number, faces: [" + ", ".join(map(str, range(3000))) + "]}\n",
            "cards.n.faces: may have at most 100 items, not 3000",
        ),
        (
            "".join(f"  k{i}: {{copies: 100}}\n" for i in range(500)),
            "cards: may have at most 32 entries, not 500",
        ),
        (
            "  n: {category: number, faces: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], copies: 100}\n",
            f"cards: the deck has 4000 cards; a rule set may have at most {MAX_DECK}",
        ),
    ],
    ids=["copies_of", "faces", "kinds", "deck"],
)
def test_deck_size_is_bounded(tmp_path, cards, wanted):
    write(tmp_path, "big.yaml", f"name: big\ncards:\n{cards}")
    assert any(wanted in m for m in messages(tmp_path, "big.yaml")), messages(tmp_path, "big.yaml")


def test_thousands_of_colors_are_refused(tmp_path):
    colors = ", ".join(f"c{i}" for i in range(2_000))
    write(tmp_path, "c.yaml", f"extends: classic\ncolors: [{colors}]\n")
    assert "colors: may have at most 8 items, not 2000" in messages(tmp_path, "c.yaml")


# 3. Matches that can never end ---------------------------------------------------


@pytest.mark.parametrize(
    ("setting", "wanted"),
    [
        ("scoring: {target: 1000000000}", "scoring.target: must be at most"),
        ("round_end: {turn_limit: 1000000000}", "round_end.turn_limit: must be at most"),
        ("cards: {skip: {points: -20}}", "cards.skip.points: must be at least"),
        (
            "scoring: {target_by_players: {2: 0}}",
            "scoring.target_by_players.2: must be at least 1",
        ),
    ],
)
def test_targets_limits_and_points_have_ranges(tmp_path, setting, wanted):
    write(tmp_path, "m.yaml", f"extends: classic\n{setting}\n")
    assert any(m.startswith(wanted) for m in messages(tmp_path, "m.yaml")), messages(
        tmp_path, "m.yaml"
    )


def test_points_that_never_add_up_are_refused_unless_one_round_is_the_match(tmp_path):
    write(tmp_path, "zero.yaml", ONE_FACE)
    [message] = messages(tmp_path, "zero.yaml")
    assert message.startswith("cards.number.points: no card is worth a point")
    write(tmp_path, "one.yaml", ONE_FACE + "scoring: {target: null}\n")
    assert messages(tmp_path, "one.yaml") == []
    write(tmp_path, "rounds.yaml", ONE_FACE + "scoring: {scheme: rounds_won, target: 5}\n")
    assert messages(tmp_path, "rounds.yaml") == []


def test_a_child_file_that_zeroes_every_cards_points_is_the_one_blamed(tmp_path):
    """The base set the target; the child made the points add up to nothing,
    so the child is the file to change, at the first point it zeroed."""
    cards = ["number", "skip", "reverse", "draw_two", "wild", "wild_draw_four"]
    text = "extends: classic\nname: zero\ncards:\n" + "".join(
        f"  {kind}: {{points: 0}}\n" for kind in cards
    )
    path = write(tmp_path, "zero.yaml", text)
    [error] = check_files([str(path)])
    assert (Path(error.file).name, error.line) == ("zero.yaml", 4)
    assert error.message.startswith("cards.number.points: no card is worth a point")


SLOW_ROUNDS = "extends: classic\nname: slow\nscoring:\n  scheme: rounds_won\n  target: {}\n"


def test_rounds_won_to_a_target_no_table_reaches_in_time_is_refused_where_it_is_set(tmp_path):
    """Counting rounds won, each round gives one player a point: ten players
    may share 29,991 rounds before one has won 3,000. `check` passed it and
    `simulate` then ran for minutes into a traceback; the loader refuses it
    at the target's line, without playing a round."""
    path = write(tmp_path, "slow.yaml", SLOW_ROUNDS.format(3000))
    [error] = check_files([str(path)])
    assert (error.line, error.column) == (5, 3)
    assert error.message == (
        "scoring.target: a match to 3000 rounds won at 10 players may take 29,991 rounds"
        " (each round gives one player a point); a match may take at most 1,000:"
        " make the target at most 100 for 10 players"
    )
    with pytest.raises(RuleFileError):
        load_rules([str(path)])  # simulate and the game load it this way
    write(tmp_path, "fine.yaml", SLOW_ROUNDS.format(100))
    assert messages(tmp_path, "fine.yaml") == []


def test_rounds_won_per_table_size_is_refused_at_that_tables_target(tmp_path):
    text = SLOW_ROUNDS.format(5) + "  target_by_players: {2: 400, 3: 400}\n"
    path = write(tmp_path, "by.yaml", text)
    assert [(e.line, e.message.split(":")[0]) for e in check_files([str(path)])] == [
        (6, "scoring.target_by_players.3")  # 3 x 399 + 1 rounds; two players may take 799
    ]


def test_the_self_tests_estimate_shares_the_rounds_out_among_the_seats():
    """Where only a round's winner scores, the estimate assumed one seat won
    every round; at ten seats sharing the wins a match may take ten times as
    many rounds. (The measured rounds are given: no round is played.)"""
    rules = rules_with({"scoring": {"target": 10_000}})
    # Six rounds of 100 actions whose top scorers scored 50 points in all:
    # one seat winning them all needs 1,200 rounds; ten seats sharing, 12,000.
    [problem] = match_problems(rules, rounds=6, actions=600, gain=50)
    assert problem.startswith("self-test: a match to 10000 could take about 12,000 rounds")
    assert match_problems(rules, rounds=6, actions=600, gain=600) == []


def test_a_match_that_would_take_for_ever_is_refused_by_the_self_test(tmp_path):
    write(
        tmp_path,
        "rare.yaml",
        "name: rare\nplayers: {min: 2, max: 4}\ncards:\n"
        "  number: {category: number, faces: [0], copies: 100, points: face}\n"
        "  gold: {category: wild, wild: true, copies: 1, points: 1}\n"
        "scoring: {target: 10000}\n",
    )
    [message] = messages(tmp_path, "rare.yaml")
    assert message.startswith("self-test: ") and "a match to 10000" in message


def test_hands_that_only_grow_are_refused_by_the_self_test(tmp_path):
    write(
        tmp_path,
        "stuck.yaml",
        "name: stuck\ncards:\n  number:\n    category: number\n    faces: [1, 2, 3, 4, 5]\n"
        "    copies: 20\n    points: face\n    play_only_if: {hand_size: 1000}\n"
        "    when_not_allowed: refuse\n",
    )
    assert messages(tmp_path, "stuck.yaml") == [
        "self-test: no card could be played in 6 rounds with random players: hands only grow"
    ]


def test_every_accepted_shipped_rule_set_plays_its_self_test_rounds():
    # The self-test is part of check: the shipped files pass it (test_loader checks
    # them all); here one round per base, bounded in actions as the self-test is.
    for name in ("classic", "duo", "uno112"):
        rules = load_rules([name])
        state, events = new_game(rules, rules.model.players.min, 5, single_round=True)
        bots = [make_bot("random", seat) for seat in range(state.players)]
        cap = 4 * rules.model.round_end.turn_limit + 1_000
        assert play_out_round(state, bots, events, max_actions=cap) <= cap


# 4. No more seats than the game has layouts --------------------------------------


def test_layouts_exist_for_every_seat_count_a_rule_set_may_allow():
    layouts = {p.name for p in (ROOT / "assets" / "layouts").glob("table_*p.tmx")}
    assert {f"table_{n}p.tmx" for n in range(2, MAX_SEATS + 1)} <= layouts


def test_eleven_to_twenty_seats_are_refused(tmp_path):
    write(tmp_path, "p.yaml", "extends: classic\nplayers: {min: 12, max: 14}\n")
    found = messages(tmp_path, "p.yaml")
    assert "players.min: must be at most 10" in found
    assert "players.max: must be at most 10" in found


# 5. Card codes that collide or break colour:face ---------------------------------


@pytest.mark.parametrize(
    ("body", "wanted"),
    [
        (
            "colors: ['re:d', blue]\n",
            "colors.0: 're:d' cannot name a colour",
        ),
        (
            "cards:\n  '5': {points: 5}\n",
            "cards.5: '5' cannot name a card kind",
        ),
        (
            "cards:\n  number: {faces: [-1, 0, 1]}\n",
            "cards.number.faces.0: must be at least 0",
        ),
        (
            "cards:\n  big: {category: number, faces: [5, 10]}\n",
            "cards.big.faces: 5 is also a face of 'number': both cards would be red:5",
        ),
        (
            "cards:\n  number: {faces: [1, 1, 2]}\n",
            "cards.number.faces: faces are listed once each (1 twice)",
        ),
    ],
    ids=["colon", "numeric-kind", "negative-face", "shared-face", "repeated-face"],
)
def test_ambiguous_card_codes_are_refused(tmp_path, body, wanted):
    write(tmp_path, "codes.yaml", f"extends: classic\n{body}")
    found = messages(tmp_path, "codes.yaml")
    assert any(m.startswith(wanted) for m in found), found


# 8. Terminal injection, and a cap on the number of errors -------------------------


def test_check_escapes_control_characters_and_prints_one_line_per_error(tmp_path, cli):
    key = "\\e[31mred\\e[0m\\nfake.yaml:1:1: injected"
    write(tmp_path, "inj.yaml", f'extends: classic\nuno: {{"{key}": 1}}\n')
    done = cli(["check", "inj.yaml"], tmp_path)
    assert done.returncode == 1
    assert "\x1b" not in done.stdout and "\\x1b[31m" in done.stdout
    [line] = done.stdout.splitlines()
    assert line.startswith("inj.yaml:2:")


def test_printable_escapes_every_control_character():
    assert printable("a\x1b[2Jb\x07c\x00d\re\x9bf\u202eg") == (
        "a\\x1b[2Jb\\x07c\\x00d\\x0de\\x9bf\\u202eg"
    )
    assert printable("one\ntwo\x1b", keep_newlines=True) == "one\ntwo\\x1b"


def test_rules_refuses_text_that_would_steer_the_terminal(tmp_path, cli):
    write(tmp_path, "bell.yaml", 'extends: classic\ndescription: "ding\\a\\e[2J\\0"\n')
    done = cli(["rules", "bell.yaml"], tmp_path)
    assert done.returncode == 1
    assert "description: control character U+0007" in done.stderr
    assert "\x07" not in done.stderr + done.stdout


def test_error_output_is_capped(capsys):
    errors = [RuleError("x.yaml", n, 1, "bad") for n in range(1, 20_001)]
    print_errors(errors)
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == MAX_ERRORS_SHOWN + 1
    assert lines[-1] == f"and {20_000 - MAX_ERRORS_SHOWN} more"


def test_thousands_of_missing_extends_targets_are_one_error(tmp_path):
    names = ", ".join(f"nope{i}" for i in range(2_000))
    write(tmp_path, "many.yaml", f"extends: [{names}]\n")
    assert messages(tmp_path, "many.yaml") == [
        "extends: a rule-set name or a list of at most 32 names"
    ]


# 9-12. Paths ----------------------------------------------------------------------


def test_check_on_a_fifo_answers_without_waiting(tmp_path):
    os.mkfifo(tmp_path / "pipe.yaml")
    done = run(["check", "pipe.yaml"], tmp_path, timeout=60)
    assert done.stdout == "pipe.yaml:1:1: not a regular file\n"


@pytest.mark.parametrize("command", ["check", "rules", "simulate"])
def test_symlink_loops_are_refused_in_words(tmp_path, cli, command):
    os.symlink("loop.yaml", tmp_path / "loop.yaml")
    write(tmp_path, "ext.yaml", "extends: loop.yaml\n")
    for name in ("loop.yaml", "ext.yaml"):
        args = [command, name] if command != "simulate" else [command, "--rules", name]
        done = cli(args, tmp_path)
        assert done.returncode == 1
        assert "Traceback" not in done.stderr
        assert "its name is a loop of links" in done.stdout + done.stderr  # game/files/os_words.py


def test_a_nul_in_extends_is_refused_naming_the_line(tmp_path):
    write(tmp_path, "nul.yaml", 'name: n\nextends: "classic\\0"\n')
    assert check_files([str(tmp_path / "nul.yaml")]) == [
        RuleError(
            str(tmp_path / "nul.yaml"), 2, 1, "extends: a rule-set name cannot hold a NUL character"
        )
    ]


def test_extends_cannot_reach_outside_the_file_folder(tmp_path):
    write(tmp_path, "creds.yaml", "api_token: secret\npassword: hunter2\n")
    shared = tmp_path / "mods" / "shared"
    write(shared, "up.yaml", "extends: ../../creds.yaml\n")
    write(shared, "abs.yaml", f"requires: {tmp_path / 'creds.yaml'}\nhouse_rules: {{a: b}}\n")
    for name in ("up.yaml", "abs.yaml"):
        found = check_files([str(shared / name)])
        text = "\n".join(map(str, found))
        assert "api_token" not in text and "password" not in text, text
        assert any(e.file.endswith(name) and e.line in (1, 2) for e in found), text
    [up] = check_files([str(shared / "up.yaml")])
    assert up.message.startswith("extends: '../../creds.yaml' is outside this file's folder")


def test_extends_may_name_rule_sets_and_files_in_the_folder_tree(tmp_path):
    write(tmp_path, "sub/base.yaml", "extends: classic\nname: Base\n")
    write(tmp_path, "mine.yaml", "extends: sub/base.yaml\nname: Mine\n")
    assert load_rules([str(tmp_path / "mine.yaml")]).model.name == "Mine"


def test_a_symlink_out_of_the_folder_is_refused(tmp_path):
    write(tmp_path, "outside/secret.yaml", "password: x\n")
    write(tmp_path, "mods/mine.yaml", "extends: link.yaml\n")
    os.symlink(tmp_path / "outside" / "secret.yaml", tmp_path / "mods" / "link.yaml")
    [error] = check_files([str(tmp_path / "mods" / "mine.yaml")])
    assert "is outside this file's folder" in error.message


def test_shared_names_resolve_under_rules_or_the_folder(tmp_path):
    assert resolve_shared_name("classic", tmp_path) == RULES_DIR / "classic.yaml"
    assert resolve_shared_name("house/stacking", tmp_path) == RULES_DIR / "house/stacking.yaml"
    write(tmp_path, "mine.yaml", "extends: classic\n")
    assert resolve_shared_name("mine.yaml", tmp_path) == tmp_path / "mine.yaml"
    assert resolve_shared_name("mine", tmp_path) == tmp_path / "mine.yaml"
    for hostile in ("", ".", "/", "/dev/zero", "/etc/x.yaml", "../x.yaml", "a\0b", 5, None):
        with pytest.raises(NameRefused):
            resolve_shared_name(hostile, tmp_path)


def test_load_rules_resolves_a_log_rules_field_from_the_log_folder(tmp_path):
    write(tmp_path, "mine.yaml", "extends: classic\nname: Mine\n")
    rules = load_rules(["mine.yaml", "house/stacking"], folder=tmp_path)
    assert rules.model.name == "Mine"
    assert rules.sources == ("mine.yaml", "house/stacking")
    with pytest.raises(RuleFileError) as refused:
        load_rules(["/etc/passwd.yaml"], folder=tmp_path)
    assert "neither a rule-set name" in str(refused.value)


@pytest.mark.parametrize(
    "args",
    [
        ["check", ""],
        ["rules", ""],
        ["check", "."],
        ["check", "/"],
        ["check", "/dev/zero"],
        ["simulate", "--rules", ""],
        ["simulate", "--rules", "."],
        ["simulate", "--rules", "/"],
    ],
    ids=lambda a: " ".join(a) or "empty",
)
def test_odd_names_are_refused_in_words(tmp_path, cli, args):
    done = cli(args, tmp_path)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    said = done.stdout + done.stderr
    assert said.strip() and "/dev/zero.yaml" not in said


def test_the_menu_list_survives_symlink_loops_and_keeps_names_with_spaces(tmp_path):
    write(
        tmp_path,
        "my rules.yaml",
        "name: Mine\ncards: {n: {category: number, faces: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],"
        " copies: 2, points: face}}\n",
    )
    write(tmp_path, "house/short.yaml", "house_rules: {short: x}\n")
    os.symlink(tmp_path, tmp_path / "house" / "loop")
    os.symlink("self.yaml", tmp_path / "self.yaml")
    assert available_rule_sets(tmp_path) == ["house/short", "my rules"]
    assert load_rules(["my rules"], rules_dir=tmp_path).model.name == "Mine"


# Modders read the project's words, never pydantic's ----------------------------

# One wrong value of each kind the schema can meet, with the sentence we say.
OUR_WORDS = [
    ("dealing: {hand_size: seven}", "dealing.hand_size: write a whole number"),
    ("dealing: {hand_size: 2.5}", "dealing.hand_size: write a whole number"),
    ("dealing: {mode: shuffle}", "dealing.mode: write one of 'deal' or 'draft'"),
    ("dealing: {hand_size: 0}", "dealing.hand_size: must be at least 1"),
    ("dealing: {hand_size: 51}", "dealing.hand_size: must be at most 50"),
    ("dealing: [7]", "dealing: write a mapping (name: value)"),
    ("colors: red", "colors: write a list"),
    ("colors: [red, {a: 1}]", "colors.1: write text"),
    ("players: {min: 2, max: 4, only: yes}", "players.only: write a list"),
    ("cards: {skip: {corner: ''}}", "cards.skip.corner: may have at least 1 character"),
]


@pytest.mark.parametrize(("setting", "wanted"), OUR_WORDS, ids=[w for w, _ in OUR_WORDS])
def test_schema_errors_are_in_our_words(tmp_path, setting, wanted):
    write(tmp_path, "x.yaml", f"extends: classic\n{setting}\n")
    found = messages(tmp_path, "x.yaml")
    assert any(m.endswith(wanted) for m in found), found
    # pydantic's own sentences start "Input should", "List should" and the like
    assert not any(" should " in m or "after validation" in m for m in found), found
