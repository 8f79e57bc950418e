"""A rule-set name is checked before the file system is asked about it
(game/rules/names.py): at most 200 characters (what a log or a save keeps),
each folder or file name in it at most 250 bytes, no control or format
characters. A name no file can have is refused in words, at the line of the
file that wrote it; what the system says while looking is said in the
game's words (game/files/os_words.py), never as Python's errno text and a path.
"""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from game import cli
from game.log.format import MatchRefused
from game.log.rulesets import RuleSets
from game.play.selftest import check_files
from game.rules.errors import RuleFileError
from game.rules.loader import load_rules
from game.rules.names import NameRefused, display_path, resolve_shared_name

TOO_LONG = "a" * 300  # more than a file name may be
TOO_MANY_BYTES = "é" * 150  # 150 characters, 300 bytes
CONTROL = "house/\x1b[31mred"

BAD_NAMES = [TOO_LONG, TOO_MANY_BYTES, CONTROL, "x/" * 120 + "y"]
WHY = ("at most 200 characters", "too long for a file name", "control or format characters")


def _refusal_in_words(text: str) -> None:
    assert any(why in text for why in WHY), text
    assert "Errno" not in text and "\x1b" not in text


@pytest.mark.parametrize("name", BAD_NAMES, ids=["long", "bytes", "control", "folders"])
def test_a_typed_name_no_file_can_have_is_refused_in_words(name):
    with pytest.raises(RuleFileError) as refused:
        load_rules(["classic", name])
    (error,) = refused.value.errors
    _refusal_in_words(str(error))
    assert len(error.file) <= 61  # the name, cut, stands for the place
    (checked,) = check_files([name])
    _refusal_in_words(str(checked))


@pytest.mark.parametrize(
    ("written", "line"),
    [
        ("extends: {name}\n", 1),
        ("house_rules: {{x: X}}\nrequires: {name}\n", 2),
        ("house_rules: {{x: X}}\nconflicts_with: {{{name}: why}}\n", 2),
        ("house_rules: {{x: X}}\non:\n  {name}: {{cards: {{}}}}\n", 3),
    ],
    ids=["extends", "requires", "conflicts_with", "on"],
)
@pytest.mark.parametrize("name", [TOO_LONG, TOO_MANY_BYTES], ids=["long", "bytes"])
def test_a_name_written_in_a_file_is_refused_at_its_line(tmp_path: Path, written, line, name):
    mine = tmp_path / "mine.yaml"
    mine.write_text(written.format(name=name), encoding="utf-8")
    base = [] if written.startswith("extends") else ["classic"]
    with pytest.raises(RuleFileError) as refused:
        load_rules([*base, str(mine)])
    errors = [e for e in refused.value.errors if e.file == display_path(mine)]
    assert errors and all(e.line == line for e in errors), refused.value
    for error in errors:
        _refusal_in_words(str(error))


def test_the_longest_name_is_what_a_log_keeps():
    from game.engine.event_fields import MAX_TEXT
    from game.rules.names import MAX_NAME

    assert MAX_NAME == MAX_TEXT


@pytest.mark.parametrize(
    "command",
    [["check"], ["rules"], ["simulate", "--games", "1", "--rules"]],
    ids=["check", "rules", "simulate"],
)
def test_the_commands_say_it_without_a_traceback(command, capsys):
    status = cli.main([*command, TOO_LONG])
    assert status != 0
    said = capsys.readouterr()
    _refusal_in_words(said.out + said.err)
    assert "Traceback" not in said.err


def test_a_log_naming_such_a_rule_set_is_refused_in_words(tmp_path: Path):
    """`verify` and the replay viewer read a log's names through RuleSets."""
    with pytest.raises(MatchRefused) as refused:
        RuleSets(tmp_path).get([TOO_MANY_BYTES])
    _refusal_in_words(str(refused.value))
    assert str(tmp_path) not in str(refused.value)


def test_what_the_system_says_while_looking_is_in_words(tmp_path: Path, monkeypatch):
    def refuse(self, *args, **kwargs):
        raise OSError(errno.ENAMETOOLONG, "File name too long", str(self))

    monkeypatch.setattr(Path, "is_file", refuse)
    with pytest.raises(NameRefused) as refused:
        resolve_shared_name("house/stacking", tmp_path)
    text = str(refused.value)
    assert text.endswith("its name is too long")
    assert "Errno" not in text and str(tmp_path) not in text
