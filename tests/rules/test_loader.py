"""Rule files as a modder meets them: layering, `check`, and the broken corpus.

Each `broken/NAME.yaml` has a `broken/NAME.expected` holding the exact lines
`python main.py check` must print for it (regenerate one by running check
on it from the project root, and read the diff before committing it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.cards import card_table
from game.resources import RULES_DIR
from game.rules.errors import RuleFileError
from game.rules.loader import check_files, load_rules
from game.rules.names import available_rule_sets, display_path
from game.rules.validation import RulesInvalid, validate_rules
from tests.support.commands import main_here
from tests.support.rules import layered, rules_with

ROOT = Path(__file__).resolve().parents[2]
BROKEN = sorted((Path(__file__).parent / "broken").glob("*.yaml"))


@pytest.fixture(autouse=True)
def _at_project_root(monkeypatch):
    monkeypatch.chdir(ROOT)


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.stem)
def test_broken_file_reports_exact_lines(path):
    expected = path.with_suffix(".expected").read_text(encoding="utf-8").splitlines()
    shown = [str(e) for e in check_files([str(path.relative_to(ROOT))])]
    assert shown == expected


def test_check_command_exit_codes_and_output(capsys, monkeypatch):
    broken = "tests/rules/broken/unknown_effect.yaml"
    monkeypatch.chdir(ROOT)
    run = main_here(["check", "rules/classic.yaml", broken], capsys)
    assert run.returncode == 1
    assert "Traceback" not in run.stdout + run.stderr
    expected = (ROOT / broken).with_suffix(".expected").read_text(encoding="utf-8")
    assert run.stdout == expected
    ok = main_here(["check", "rules/classic.yaml"], capsys)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert ok.stdout == ""


def test_every_shipped_rule_file_checks_clean():
    names = available_rule_sets()
    assert "classic" in names
    assert check_files(names) == []


def test_layering_later_overrides_earlier(tmp_path):
    house = tmp_path / "short.yaml"
    house.write_text("scoring: {target: 150}\nuno: {penalty: 4}\n", encoding="utf-8")
    rules = load_rules(["classic", str(house)])
    assert rules.model.scoring.target == 150
    assert rules.model.uno.penalty == 4
    # Everything not mentioned stays as the base has it.
    assert rules.model.scoring.scheme == "winner_takes_points"
    assert rules.sources == ("classic", str(house))


def test_extends_relative_to_the_file_and_lists_replace_whole(tmp_path):
    (tmp_path / "base.yaml").write_text(
        "extends: classic\ncards:\n  reverse:\n    effects: [reverse]\n", encoding="utf-8"
    )
    (tmp_path / "mine.yaml").write_text("extends: base.yaml\nname: Mine\n", encoding="utf-8")
    rules = load_rules([str(tmp_path / "mine.yaml")])
    assert rules.model.name == "Mine"
    assert [e.name for e in rules.kinds["reverse"].effects] == ["reverse"]


def test_errors_in_two_files_reported_together(tmp_path):
    (tmp_path / "a.yaml").write_text("extends: classic\nuno: {penalty: -1}\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("turn: {draw: {mode: lots}}\n", encoding="utf-8")
    with pytest.raises(RuleFileError) as caught:
        load_rules([str(tmp_path / "a.yaml"), str(tmp_path / "b.yaml")])
    files = {Path(e.file).name for e in caught.value.errors}
    assert files == {"a.yaml", "b.yaml"}


def test_house_rule_layer_is_checked_on_classic(tmp_path):
    layer = tmp_path / "layer.yaml"
    layer.write_text("house_rules: {short: First to 200}\nscoring: {target: 200}\n")
    assert check_files([str(layer)]) == []
    layer.write_text("house_rules: {short: x}\nscoring: {target: lots}\n")
    [error] = check_files([str(layer)])
    assert error.file.endswith("layer.yaml") and (error.line, error.column) == (2, 11)


def test_a_number_kind_without_faces_is_refused_at_its_faces():
    """rules/README.md 'cards': a number kind lists the faces it comes in."""
    data = layered("classic", {"cards": {"number": {"faces": []}}})
    with pytest.raises(RulesInvalid) as refused:
        validate_rules(data, sources=("classic", "test"))
    assert (("cards", "number", "faces"), "a number kind lists its faces") in refused.value.problems


def test_a_kind_taken_out_of_the_deck_counts_for_nothing():
    """`copies: 0` takes a kind out of the deck (house/swap-hands-card does so):
    the deck has none of it, and a points target is still reachable with the
    kinds that remain."""
    rules = rules_with({"cards": {"wild": {"copies": 0}}})
    names = card_table(rules).names
    assert "wild:wild" not in names and len(names) == 104
    assert rules.model.scoring.target == 500


def test_a_shipped_file_is_named_from_the_rules_folder_wherever_the_game_started(
    tmp_path, monkeypatch
):
    # Started from another folder, a broken shipped file must not show as a
    # full path on the setup screen (found playing: /home/.../rules/house/x.yaml).
    monkeypatch.chdir(tmp_path)
    assert display_path(RULES_DIR / "house" / "stacking.yaml") == str(
        Path("rules") / "house" / "stacking.yaml"
    )
    outside = tmp_path / "mine.yaml"
    assert display_path(outside) == "mine.yaml"
    elsewhere = tmp_path.parent / "elsewhere.yaml"
    assert display_path(elsewhere) == str(elsewhere)


def test_a_layer_says_something_else_over_a_base_it_names_under_on(tmp_path):
    # rules/README.md "Layers": keys under `on: NAME:` replace the file's own
    # keys when NAME is below the layer; over any other base the file's own hold.
    layer = tmp_path / "deal.yaml"
    layer.write_text(
        "house_rules:\n"
        "  deal:\n"
        "    name: {en: Deal}\n"
        "    description: {en: Deal more.}\n"
        "dealing: {hand_size: 9}\n"
        "on:\n"
        "  duo: {dealing: {hand_size: 8}}\n"
        "  flip: {dealing: {hand_size: 5}}\n",
        encoding="utf-8",
    )
    assert load_rules(["classic", str(layer)]).model.dealing.hand_size == 9
    assert load_rules(["flip", str(layer)]).model.dealing.hand_size == 5
    assert check_files([str(layer)]) == []


def test_check_reads_a_layer_over_every_base_it_names_under_on(tmp_path):
    layer = tmp_path / "deal.yaml"
    layer.write_text(
        "house_rules:\n"
        "  deal:\n"
        "    name: {en: Deal}\n"
        "    description: {en: Deal more.}\n"
        "on:\n"
        "  flip: {dealing: {hand_size: many}}\n",
        encoding="utf-8",
    )
    shown = [str(e) for e in check_files([str(layer)])]
    assert len(shown) == 1 and ":6:" in shown[0] and "hand_size" in shown[0]


def test_the_loader_records_what_each_house_rule_changes():
    """`RuleSet.house_settings`: per house rule, the settings its file set to
    a new value -- not those it wrote as they were (stacking's
    `challenge.when_stacked: false` is classic's already), and not its words."""
    mixed = load_rules(["classic", "house/stacking", "house/seven-o", "house/late-catch"])
    assert mixed.house_settings == {
        "stacking": (("cards", "draw_two", "stacks_on"), ("cards", "wild_draw_four", "stacks_on")),
        "seven-o": (("cards", "number", "face_effects"),),
        "late-catch": (("uno", "catch_window"),),
    }
    assert load_rules(["classic"]).house_settings == {}
