"""The rule-file YAML loader: plain data, marks, strictness and refusal of hostile input."""

from __future__ import annotations

import math
import os
import pickle

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import yamlsafe
from game.rules.errors import RuleError, RuleFileError
from game.rules.marked import LoadedYaml
from game.rules.yamlsafe import (
    MAX_DEPTH,
    MAX_INPUT_BYTES,
    MAX_NODES,
    load_yaml,
    load_yaml_file,
)
from tests.depth import examples

FILENAME = "rules/x.yaml"


def load(text: str | bytes) -> LoadedYaml:
    return load_yaml(text, FILENAME)


def error_lines(text: str | bytes) -> list[str]:
    with pytest.raises(RuleFileError) as caught:
        load_yaml(text, FILENAME)
    return [str(error) for error in caught.value.errors]


def only_error(text: str | bytes) -> str:
    lines = error_lines(text)
    assert len(lines) == 1, lines
    return lines[0]


def refused(text: str | bytes) -> list[RuleError]:
    # The work is bounded by the limits, not timed here: bench/yaml_limits.py
    # prints how long each refusal takes.
    with pytest.raises(RuleFileError) as caught:
        load_yaml(text, FILENAME)
    return caught.value.errors


def assert_plain(data: object) -> None:
    pending = [data]
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            assert all(type(key) in (str, int) for key in value)
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
        else:
            assert value is None or type(value) in (str, int, float, bool), repr(value)


# Errors ------------------------------------------------------------------------------


def test_rule_error_prints_as_file_line_column_message():
    error = RuleError("rules/x.yaml", 3, 5, "cards.skip.points: write a whole number")
    assert str(error) == "rules/x.yaml:3:5: cards.skip.points: write a whole number"


def test_rule_file_error_sorts_errors_by_file_line_and_column():
    errors = [
        RuleError("b.yaml", 1, 1, "late file"),
        RuleError("a.yaml", 2, 9, "second line"),
        RuleError("a.yaml", 2, 3, "earlier column"),
        RuleError("a.yaml", 1, 7, "first line"),
    ]
    raised = RuleFileError(errors)
    assert [error.message for error in raised.errors] == [
        "first line",
        "earlier column",
        "second line",
        "late file",
    ]
    assert str(raised).splitlines()[0] == "a.yaml:1:7: first line"


def test_rule_file_error_survives_pickling():
    raised = RuleFileError([RuleError("a.yaml", 1, 1, "bad")])
    assert pickle.loads(pickle.dumps(raised)).errors == raised.errors


# Plain data and scalars --------------------------------------------------------------


def test_loads_nested_mappings_and_lists_as_plain_data():
    loaded = load("name: classic\ncards:\n  skip: {points: 20, colors: [red, blue]}\n")
    assert loaded.data == {
        "name": "classic",
        "cards": {"skip": {"points": 20, "colors": ["red", "blue"]}},
    }
    assert loaded.filename == FILENAME


@pytest.mark.parametrize(
    "word", ["yes", "no", "on", "off", "y", "n", "Yes", "NO", "On", "oFF", "Y"]
)
def test_yes_no_on_off_stay_strings(word):
    assert load(f"value: {word}").data == {"value": word}


@pytest.mark.parametrize(
    ("text", "expected"),
    [("true", True), ("false", False), ("True", True), ("FALSE", False), ("tRuE", True)],
)
def test_only_true_and_false_in_any_case_are_booleans(text, expected):
    assert load(f"value: {text}").data == {"value": expected}


@pytest.mark.parametrize("text", ["2001-12-14", "2001-12-14t21:59:43.10-05:00", "2002-12-14 1:2:3"])
def test_dates_and_timestamps_stay_strings(text):
    assert load(f"value: {text}").data == {"value": text}


@pytest.mark.parametrize(
    "text",
    ["12", "-3", "+4", "0", "1_000", "0x1F", "017", "0b101", "1:30", "-1:30", "1.5", "-.5e+3",
     "1.", ".inf", "-.INF", "190:20:30.15", "~", "null", "NULL", "", "1e5", "12abc", "0o17", "='"],
)  # fmt: skip
def test_numbers_and_nulls_resolve_like_safe_load(text):
    expected = yaml.safe_load(f"value: {text}")
    assert load(f"value: {text}").data == expected


def test_nan_resolves_to_float_nan():
    assert math.isnan(load("value: .NaN").data["value"])


def test_quoted_and_block_scalars_are_always_strings():
    loaded = load("a: '12'\nb: \"true\"\nc: |\n  null\nd: 'no'\n")
    assert loaded.data == {"a": "12", "b": "true", "c": "null\n", "d": "no"}


def test_standard_tags_convert_values():
    loaded = load(
        "a: !!str 12\nb: !!int '7'\nc: !!float 1\nd: !!bool 'TRUE'\ne: !!null ''\n"
        "f: !!map {x: 1}\ng: !!seq [1]\nh: !<tag:yaml.org,2002:str> 5\n"
    )
    assert loaded.data == {
        "a": "12",
        "b": 7,
        "c": 1.0,
        "d": True,
        "e": None,
        "f": {"x": 1},
        "g": [1],
        "h": "5",
    }
    assert type(loaded.data["c"]) is float


def test_standard_tags_refuse_values_that_do_not_fit():
    assert error_lines(
        "a: !!int x\nb: !!bool yes\nc: !!float abc\nd: !!null 0\ne: !!seq x\nf: !!int [1]\n"
    ) == [
        "rules/x.yaml:1:4: 'x' is not a valid !!int",
        "rules/x.yaml:2:4: 'yes' is not a valid !!bool (write true or false)",
        "rules/x.yaml:3:4: 'abc' is not a valid !!float",
        "rules/x.yaml:4:4: '0' is not a valid !!null",
        "rules/x.yaml:5:4: !!seq cannot be used on a single value",
        "rules/x.yaml:6:4: !!int cannot be used on a list",
    ]


def test_integer_with_too_many_digits_is_an_error_not_a_crash():
    assert only_error("points: 1" + "0" * 5000).startswith("rules/x.yaml:1:9: cannot read '100")


# Tags --------------------------------------------------------------------------------


def test_object_constructing_tags_are_refused_without_running_anything(monkeypatch):
    def fail(*_args):
        raise AssertionError("a tag ran code")

    monkeypatch.setattr(os, "system", fail)
    assert only_error("run: !!python/object/apply:os.system [echo hi]\n") == (
        "rules/x.yaml:1:6: tags are not allowed (!!python/object/apply:os.system);"
        " only !!str, !!int, !!float, !!bool, !!null, !!map and !!seq may be written"
    )


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("!custom x", "!custom"),
        ("! x", "!"),
        ("!!binary aGk=", "!!binary"),
        ("!!timestamp 2001-12-14", "!!timestamp"),
        ("!!set {a: null}", "!!set"),
        ("!!omap [a: 1]", "!!omap"),
        ("!!python/name:os.system ''", "!!python/name:os.system"),
        ("!<tag:example.com,2000:app/x> y", "tag:example.com,2000:app/x"),
    ],
)
def test_non_standard_tags_are_refused(text, shown):
    assert only_error(text).startswith(f"rules/x.yaml:1:1: tags are not allowed ({shown})")


# Keys ----------------------------------------------------------------------------------


def test_duplicate_keys_are_all_reported_at_their_second_occurrence():
    text = "a: 1\nb: 2\na: 3\nnested:\n  x: 1\n  x: 2\nb: 4\n"
    assert error_lines(text) == [
        "rules/x.yaml:3:1: duplicate key 'a' (first at line 1)",
        "rules/x.yaml:6:3: duplicate key 'x' (first at line 5)",
        "rules/x.yaml:7:1: duplicate key 'b' (first at line 2)",
    ]


def test_integer_keys_stay_integers():
    loaded = load("scores: {2: 100, 3: 200}\n")
    assert loaded.data == {"scores": {2: 100, 3: 200}}
    assert loaded.mark(("scores", 3)) == (1, 18)


def test_integer_keys_with_the_same_value_are_duplicates():
    assert only_error("{2: a, 0x2: b}") == "rules/x.yaml:1:8: duplicate key 2 (first at line 1)"


def test_keys_that_are_not_strings_or_integers_are_refused():
    assert error_lines("{true: 1, ~: 2, 1.5: 3, [a]: 4, {b: 1}: 5, '1': 6, 1: 7}") == [
        "rules/x.yaml:1:2: mapping keys must be strings or integers, not a boolean"
        " (quote the key if it is text)",
        "rules/x.yaml:1:11: mapping keys must be strings or integers, not null"
        " (quote the key if it is text)",
        "rules/x.yaml:1:17: mapping keys must be strings or integers, not a float"
        " (quote the key if it is text)",
        "rules/x.yaml:1:25: mapping keys must be strings or integers, not a list",
        "rules/x.yaml:1:33: mapping keys must be strings or integers, not a mapping",
    ]


def test_many_kinds_of_error_are_reported_together():
    lines = error_lines("a: 1\na: 2\nb: !foo x\nc: *nowhere\n{d: 1}: 3\n")
    assert lines == [
        "rules/x.yaml:2:1: duplicate key 'a' (first at line 1)",
        "rules/x.yaml:3:4: tags are not allowed (!foo); only !!str, !!int, !!float, !!bool,"
        " !!null, !!map and !!seq may be written",
        "rules/x.yaml:4:4: alias *nowhere has no anchor &nowhere before it",
        "rules/x.yaml:5:1: mapping keys must be strings or integers, not a mapping",
    ]


# Marks -----------------------------------------------------------------------------------

MARKED = """\
name: classic
cards:
  skip:
    points: 20
    colors:
      - red
      - blue
  wild: {points: 50}
"""


def test_marks_of_mapping_entries_are_at_their_keys():
    loaded = load(MARKED)
    assert loaded.mark(("name",)) == (1, 1)
    assert loaded.mark(("cards", "skip")) == (3, 3)
    assert loaded.mark(("cards", "skip", "points")) == (4, 5)
    assert loaded.mark(("cards", "wild", "points")) == (8, 10)


def test_value_marks_are_at_the_values():
    loaded = load(MARKED)
    assert loaded.value_mark(("name",)) == (1, 7)
    assert loaded.value_mark(("cards", "skip")) == (4, 5)
    assert loaded.value_mark(("cards", "skip", "points")) == (4, 13)
    assert loaded.value_mark(("cards", "wild")) == (8, 9)


def test_list_items_are_marked_at_the_item():
    loaded = load(MARKED)
    assert loaded.mark(("cards", "skip", "colors", 1)) == (7, 9)
    assert loaded.value_mark(("cards", "skip", "colors", 1)) == (7, 9)


def test_every_value_has_a_mark():
    loaded = load(MARKED)
    assert set(loaded.marks) == set(loaded.value_marks)
    assert ("cards", "skip", "colors", 0) in loaded.marks
    assert loaded.marks[()] == (1, 1)


def test_missing_paths_fall_back_to_the_longest_existing_prefix():
    loaded = load(MARKED)
    assert loaded.mark(("cards", "skip", "missing")) == (3, 3)
    assert loaded.mark(("cards", "skip", "colors", 5, "x")) == (5, 5)
    assert loaded.value_mark(("cards", "wild", "missing")) == (8, 9)
    assert loaded.mark(("nowhere", "at", "all")) == (1, 1)
    assert loaded.mark(()) == (1, 1)


def test_mark_accepts_a_pydantic_style_loc_as_a_list():
    assert load(MARKED).mark(["cards", "skip", "points"]) == (4, 5)


def test_error_at_builds_a_rule_error_at_the_mark():
    loaded = load(MARKED)
    error = loaded.error_at(("cards", "skip", "points"), "cards.skip.points: too many")
    assert str(error) == "rules/x.yaml:4:5: cards.skip.points: too many"


def test_marks_count_crlf_and_bom_like_the_parser():
    loaded = load(b"\xef\xbb\xbfa: 1\r\nb:\r\n  c: 2\r\n")
    assert loaded.data == {"a": 1, "b": {"c": 2}}
    assert loaded.mark(("b", "c")) == (3, 3)
    assert load("\ufeffa: 1\n").data == {"a": 1}


# Anchors, aliases, merge keys --------------------------------------------------------


def test_aliases_copy_the_anchored_value():
    loaded = load("base: &base {points: 20, tags: [a]}\ncopy: *base\n")
    assert loaded.data["copy"] == {"points": 20, "tags": ["a"]}
    loaded.data["copy"]["tags"].append("b")
    assert loaded.data["base"]["tags"] == ["a"]


def test_aliased_value_is_marked_at_the_alias_and_its_entries_where_written():
    loaded = load("base: &base {points: 20}\ncopy: *base\n")
    assert loaded.mark(("copy",)) == (2, 1)
    assert loaded.value_mark(("copy",)) == (2, 7)
    assert loaded.mark(("copy", "points")) == (1, 14)


def test_an_anchor_may_be_redefined_and_aliases_use_the_latest():
    assert load("a: &x 1\nb: &x 2\nc: *x\n").data == {"a": 1, "b": 2, "c": 2}


def test_undefined_and_recursive_aliases_are_errors():
    assert (
        only_error("a: *missing")
        == "rules/x.yaml:1:4: alias *missing has no anchor &missing before it"
    )
    assert only_error("&a [1, *a]") == "rules/x.yaml:1:8: alias *a is inside the node it refers to"
    assert only_error("&a {x: *a}") == "rules/x.yaml:1:8: alias *a is inside the node it refers to"


def test_merge_key_copies_keys_the_mapping_does_not_set():
    loaded = load("base: &base {points: 20, color: red}\nskip:\n  <<: *base\n  points: 30\n")
    assert loaded.data["skip"] == {"color": "red", "points": 30}
    assert loaded.mark(("skip", "color")) == (1, 26)
    assert loaded.mark(("skip", "points")) == (4, 3)


def test_merge_from_a_list_prefers_earlier_mappings():
    loaded = load("a: &a {x: 1, y: 1}\nb: &b {y: 2, z: 2}\nc: {<<: [*a, *b], x: 0}\n")
    assert loaded.data["c"] == {"y": 1, "z": 2, "x": 0}


def test_merges_chain_through_merged_mappings():
    loaded = load("a: &a {x: 1}\nb: &b {<<: *a, y: 2}\nc: {<<: *b, z: 3}\n")
    assert loaded.data["c"] == {"x": 1, "y": 2, "z": 3}


def test_quoted_merge_key_is_an_ordinary_key():
    assert load("'<<': 1").data == {"<<": 1}


def test_merge_key_needs_mappings():
    assert error_lines("a: &a {x: 1}\nb: {<<: 1}\nc: {<<: [*a, 2]}\nd: {<<: *a, <<: *a}\n") == [
        "rules/x.yaml:2:9: merge key '<<' takes a mapping or a list of mappings",
        "rules/x.yaml:3:14: merge key '<<' takes a mapping or a list of mappings",
        "rules/x.yaml:4:13: duplicate key '<<' (first at line 4)",
    ]


# Documents and syntax ------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "   \n", "# only a comment\n", "---\n", "--- ~\n...\n"])
def test_an_empty_document_gives_none(text):
    loaded = load(text)
    assert loaded.data is None
    assert loaded.mark(("anything",)) == loaded.mark(())


def test_several_documents_are_refused():
    assert only_error("a: 1\n---\nb: 2\n") == (
        "rules/x.yaml:2:1: a rule file holds one YAML document, not several"
    )


def test_syntax_errors_point_at_the_problem():
    assert only_error("a: 1\nb: 2\nc: d: e\n") == (
        "rules/x.yaml:3:5: a ': ' YAML cannot read here: put a text holding ': ' in quotes,"
        " or check the indent (YAML: mapping values are not allowed here)"
    )


def test_syntax_errors_mention_their_context():
    assert only_error("a: [1, 2\nb: 3\n") == (
        "rules/x.yaml:2:2: the [ opened at line 1, column 4 is not closed: a ']' is missing"
        " before this (YAML: expected ',' or ']', but got ':')"
    )


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("a:\n  b: 1\n c: 2\n", "3:2: this line is indented differently"),
        ("a: 1\n\tb: 2\n", "2:1: a tab: YAML indents with spaces only"),
        ('a: "open\n', "the quoted text opened at line 1, column 4 is never closed"),
        ("a: {b: 1\nc: 2\n", "the { opened at line 1, column 4 is not closed"),
    ],
)
def test_the_common_slips_are_said_in_plain_words(text, plain):
    """A modder's typo gets what is wrong in words, with the parser's own after."""
    message = only_error(text)
    assert plain in message and "(YAML: " in message, message


def test_a_rare_syntax_error_keeps_the_parsers_words_and_context():
    assert only_error("a: @x\n") == (
        "rules/x.yaml:1:4: found character '@' that cannot start any token"
        " (while scanning for the next token at line 1, column 1)"
    )


def test_errors_found_before_a_syntax_error_are_kept():
    assert error_lines("a: 1\na: 2\nb: [\n") == [
        "rules/x.yaml:2:1: duplicate key 'a' (first at line 1)",
        "rules/x.yaml:4:1: the file ends where a value was expected"
        " (YAML: expected the node content, but found '<stream end>')",
    ]


# Bad bytes and characters -----------------------------------------------------------------


def test_invalid_utf8_is_reported_with_its_place():
    assert error_lines(b"a: 1\nb: caf\xe9\n") == [
        "rules/x.yaml:2:7: not UTF-8 text: byte 0xE9 cannot be decoded"
    ]


def test_characters_yaml_refuses_are_reported_with_their_place():
    assert error_lines("a: 1\nb: x\x00y\nc: \x07\n") == [
        "rules/x.yaml:2:5: character U+0000 is not allowed in a YAML file",
        "rules/x.yaml:3:4: character U+0007 is not allowed in a YAML file",
    ]


def test_a_flood_of_bad_characters_is_summarised():
    errors = refused(b"\x00" * 50)
    assert len(errors) == 11
    assert errors[-1].message == "40 more characters that are not allowed, from here on"


# Hostile input: refused within the limits, with a place ---------------------------------


def billion_laughs() -> str:
    lines = ["lol0: &lol0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for level in range(1, 10):
        refs = ", ".join([f"*lol{level - 1}"] * 10)
        lines.append(f"lol{level}: &lol{level} [{refs}]")
    return "\n".join(lines) + "\n"


def test_alias_bomb_is_refused():
    errors = refused(billion_laughs())
    assert len(errors) == 1
    assert errors[0].message.startswith("document too large after expanding aliases")


def test_merge_chain_bomb_is_refused():
    lines = ["m0: &m0 {k0: 0}"]
    lines += [f"m{i}: &m{i} {{<<: *m{i - 1}, k{i}: {i}}}" for i in range(1, 2000)]
    errors = refused("\n".join(lines))
    assert errors[0].message.startswith("document too large after expanding aliases")


def test_alias_expansion_within_the_budget_is_allowed():
    text = "a: &a [" + ", ".join(["x"] * 100) + "]\nb: [" + ", ".join(["*a"] * 50) + "]\n"
    assert len(load(text).data["b"]) == 50


@pytest.mark.slow
def test_too_many_values_without_aliases_are_refused():
    errors = refused("[" + "0," * MAX_NODES + "0]")
    assert errors[0].message == f"document has more than {MAX_NODES} values"


def test_one_value_past_a_smaller_limit_is_refused(monkeypatch):
    """The refusal above at a limit the quick run can reach in milliseconds."""
    monkeypatch.setattr(yamlsafe, "MAX_NODES", 1000)
    assert load("[" + "0," * 998 + "0]").data == [0] * 999
    errors = refused("[" + "0," * 1000 + "0]")
    assert errors[0].message == "document has more than 1000 values"


def test_nesting_up_to_the_limit_is_allowed():
    data = load("[" * MAX_DEPTH + "]" * MAX_DEPTH).data
    for _ in range(MAX_DEPTH - 1):
        data = data[0]
    assert data == []


def test_nesting_past_the_limit_is_refused_at_the_offending_node():
    text = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    assert only_error(text) == "rules/x.yaml:1:65: nesting is too deep (more than 64 levels)"


def test_twenty_thousand_nested_flow_sequences_are_refused():
    errors = refused("[" * 20_000 + "]" * 20_000)
    assert str(errors[0]) == "rules/x.yaml:1:65: nesting is too deep (more than 64 levels)"


def test_twenty_thousand_nested_flow_mappings_are_refused():
    errors = refused("{a: " * 20_000 + "}" * 20_000)
    assert errors[0].message == "nesting is too deep (more than 64 levels)"


def test_twenty_thousand_nested_block_mappings_are_refused():
    # Indenting one more space per level makes this text far larger than the limit.
    errors = refused("".join(" " * level + "a:\n" for level in range(20_000)))
    assert errors[0].message == f"file is too large (over {MAX_INPUT_BYTES} bytes)"


def test_deep_block_mappings_under_the_size_limit_are_refused_by_depth():
    text = "".join(" " * level + "a:\n" for level in range(1_400))
    assert len(text) < MAX_INPUT_BYTES
    errors = refused(text)
    assert str(errors[0]) == "rules/x.yaml:65:65: nesting is too deep (more than 64 levels)"


def test_twenty_thousand_nested_block_lists_are_refused():
    errors = refused("- " * 20_000 + "x\n")
    assert errors[0].message == "nesting is too deep (more than 64 levels)"


def test_a_megabyte_of_random_bytes_is_refused():
    errors = refused(os.urandom(1_000_000))
    assert errors and all(error.line >= 1 and error.column >= 1 for error in errors)


def test_two_megabytes_are_refused():
    errors = refused(b"a: 1\n" * 400_000)
    assert [str(error) for error in errors] == [
        f"rules/x.yaml:1:1: file is too large (over {MAX_INPUT_BYTES} bytes)"
    ]


def test_size_limit_counts_utf8_bytes_of_text():
    refused("ü" * (MAX_INPUT_BYTES // 2 + 1))


def test_input_at_the_size_limit_is_allowed():
    text = "a: '" + "x" * (MAX_INPUT_BYTES - 6) + "'\n"
    assert len(text.encode()) == MAX_INPUT_BYTES
    assert len(load(text).data["a"]) == MAX_INPUT_BYTES - 6


# Files ---------------------------------------------------------------------------------------


def test_load_yaml_file_reads_and_names_the_file(tmp_path):
    path = tmp_path / "classic.yaml"
    path.write_text("points: 20\npoints: 30\n", encoding="utf-8")
    with pytest.raises(RuleFileError) as caught:
        load_yaml_file(path, display_name="rules/classic.yaml")
    assert str(caught.value) == "rules/classic.yaml:2:1: duplicate key 'points' (first at line 1)"


def test_load_yaml_file_uses_the_path_as_given_by_default(tmp_path):
    path = tmp_path / "ok.yaml"
    path.write_bytes(b"a: [1, 2]\n")
    loaded = load_yaml_file(str(path))
    assert loaded.data == {"a": [1, 2]}
    assert loaded.filename == str(path)


def test_missing_file_cannot_be_read(tmp_path):
    with pytest.raises(RuleFileError) as caught:
        load_yaml_file(tmp_path / "missing.yaml", display_name="rules/missing.yaml")
    assert (
        str(caught.value) == "rules/missing.yaml:1:1: cannot read file: No such file or directory"
    )


def test_directory_cannot_be_read(tmp_path):
    with pytest.raises(RuleFileError) as caught:
        load_yaml_file(tmp_path)
    [error] = caught.value.errors
    assert (error.line, error.column) == (1, 1)
    assert error.message.startswith("cannot read file: ")


def test_huge_file_is_refused_without_reading_it_all(tmp_path):
    # A sparse file far larger than memory: reading it whole would fail.
    path = tmp_path / "huge.yaml"
    with path.open("wb") as file:
        file.truncate(64 * 1024**3)
    with pytest.raises(RuleFileError) as caught:
        load_yaml_file(path, "huge.yaml")
    assert caught.value.errors[0].message == f"file is too large (over {MAX_INPUT_BYTES} bytes)"


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    with pytest.raises(RuleFileError) as caught:
        load_yaml_file(path, "pipe.yaml")
    assert str(caught.value) == "pipe.yaml:1:1: not a regular file"


def test_a_device_is_refused():
    with pytest.raises(RuleFileError) as caught:
        load_yaml_file("/dev/zero", "zero.yaml")
    assert str(caught.value) == "zero.yaml:1:1: not a regular file"


# Fuzzing -------------------------------------------------------------------------------------

YAML_PIECES = [
    "a", "b", "1", "0x", "1:2", "-", ":", ": ", " ", "  ", "\n", "\r\n", "\t", "[", "]", "{",
    "}", ",", "?", "&a ", "*a", "&b ", "*b", "<<", "!!str ", "!!int ", "!x ", "!", "'", '"',
    "#", "|", ">", "---", "...", "%YAML 1.1\n", "%TAG ! tag:x,1:\n", "\\", "~", "yes", "true",
    ".inf", "\ufeff", "\x00", "é", "\u2028",
]  # fmt: skip


def assert_loads_or_refuses(text: str | bytes) -> None:
    try:
        loaded = load_yaml(text, FILENAME)
    except RuleFileError as refused:
        assert refused.errors
        for error in refused.errors:
            assert error.file == FILENAME
            assert error.line >= 1 and error.column >= 1
            assert error.message
    else:
        assert_plain(loaded.data)
        assert () in loaded.marks


@settings(max_examples=examples(300))
@given(st.text(max_size=300))
def test_fuzz_random_text(text):
    assert_loads_or_refuses(text)


@settings(max_examples=examples(300))
@given(st.binary(max_size=300))
def test_fuzz_random_bytes(data):
    assert_loads_or_refuses(data)


@settings(max_examples=examples(1000))
@given(st.lists(st.sampled_from(YAML_PIECES), max_size=60).map("".join))
def test_fuzz_yaml_like_text(text):
    assert_loads_or_refuses(text)


# NEL and the Unicode line/paragraph separators are line breaks to YAML:
# PyYAML's own dump-then-load changes them too, so they prove nothing here.
_YAML_TEXT = st.characters(
    codec="utf-8", exclude_categories=("Cs", "Cc"), exclude_characters="\x85\u2028\u2029"
)

plain_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(_YAML_TEXT, max_size=20)
)
plain_documents = st.recursive(
    plain_scalars,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(_YAML_TEXT, max_size=8) | st.integers(), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=examples(300))
@given(plain_documents, st.booleans())
def test_safe_dump_output_loads_back_unchanged(document, flow_style):
    text = yaml.safe_dump(document, default_flow_style=flow_style, allow_unicode=True)
    assert load(text).data == document


def test_a_file_is_parsed_once_and_again_when_it_changes(tmp_path, monkeypatch):
    # The New game screen loads a base under each house rule, a frame each:
    # a file's parse is kept by its content, and every caller gets its own data.
    from game.rules import yamlsafe

    path = tmp_path / "mine.yaml"
    path.write_text("name: Mine\ndealing: {hand_size: 7}\n", encoding="utf-8")
    parses = []
    real = yamlsafe.load_yaml
    monkeypatch.setattr(yamlsafe, "load_yaml", lambda *a: parses.append(a) or real(*a))
    first = yamlsafe.load_yaml_file(path)
    again = yamlsafe.load_yaml_file(path)
    assert len(parses) == 1 and first.data == again.data
    first.data["dealing"]["hand_size"] = 9
    assert yamlsafe.load_yaml_file(path).data["dealing"]["hand_size"] == 7
    path.write_text("name: Mine\ndealing: {hand_size: 5}\n", encoding="utf-8")
    assert yamlsafe.load_yaml_file(path).data["dealing"]["hand_size"] == 5
    assert len(parses) == 2
