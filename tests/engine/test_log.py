"""game/log: writing and reading replay log files.

The writer (one for the game, `simulate` and the tests), the streamed reader
that validates every field of every event against docs/replay-format.md
before use, and the limits that keep a shared file from costing more than
it may. Each hostile log once seen has a test here.
"""

from __future__ import annotations

import json
import os
import tracemalloc
from pathlib import Path

import pytest

from game.files.plain_text import printable
from game.log import (
    MAX_LINE_BYTES,
    MAX_LOG_BYTES,
    LogError,
    LogWriter,
    encode_event,
    iter_matches,
    log_text,
    read_events,
    read_log,
    write_log,
)
from game.log.format import Malformed, read_event
from tests.depth import work

GOLDEN = Path(__file__).resolve().parent / "golden"
MATCH = GOLDEN / "classic-seed2-4p.jsonl"
GAME = {
    "t": "game",
    "rules": ["classic"],
    "seed": 1,
    "players": 2,
    "names": ["A", "B"],
    "target": 500,
}


@pytest.fixture(scope="module")
def match() -> list[dict]:
    return read_log(MATCH)


def write_bytes(tmp_path, data: bytes, name: str = "log.jsonl") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def refusal(path: Path) -> LogError:
    with pytest.raises(LogError) as caught:
        read_log(path)
    return caught.value


# --- writing ---------------------------------------------------------------------


def test_write_then_read_gives_back_the_events(tmp_path, match):
    path = tmp_path / "game.jsonl"
    write_log(path, match)
    assert read_log(path) == match
    assert path.read_bytes() == MATCH.read_bytes()  # compact, keys in engine order
    assert not list(tmp_path.glob(".*.tmp"))  # the atomic writer left nothing behind


def test_encoding_is_stable_and_ascii():
    event = {"t": "game", "names": ["Zoë", "李", "\x1b[2J"], "seed": 1, "target": None}
    line = encode_event(event)
    assert line == (
        '{"t":"game","names":["Zo\\u00eb","\\u674e","\\u001b[2J"],"seed":1,"target":null}'
    )
    assert json.loads(line) == event


@pytest.mark.parametrize(
    ("events", "words"),
    [
        ([GAME, {"t": "play", "p": 0, "card": {1, 2}, "color": "red"}], "event 1"),
        ([{"type": "game"}], "no string field 't'"),
        ([GAME, {"t": "round", "n": float("nan"), "dealer": 0}], "event 1"),
        ([GAME, {"t": "turn", "p": 2}], "seats 0 to 1"),
        ([GAME, {"t": "chat", "text": "hi"}], "not an event of the format"),
        ([GAME, {"t": "turn", "p": 0, "q": 1}], "'q' is not a field of a turn event"),
        (["not an event"], "not an object"),
    ],
    ids=["not-json", "no-t", "nan", "no-such-seat", "unknown-event", "unknown-field", "not-object"],
)
def test_the_writer_refuses_what_the_reader_would(tmp_path, events, words):
    path = tmp_path / "x.jsonl"
    path.write_text("old\n")
    with pytest.raises(LogError, match=words):
        write_log(path, events)
    assert path.read_text() == "old\n"  # whole or not at all


def test_a_failed_write_keeps_the_old_log(tmp_path, match, monkeypatch):
    path = tmp_path / "last_match.jsonl"
    write_log(path, match[:10])
    before = path.read_bytes()

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError):
        write_log(path, match)
    assert path.read_bytes() == before


class FlakyFile:
    """A raw file that writes `budget` bytes, then fails like a full disk
    (or is interrupted like Ctrl-C), having written part of what it was given."""

    def __init__(self, real, budget: int, error: BaseException) -> None:
        self.real, self.budget, self.error = real, budget, error

    def write(self, data) -> int:
        if self.budget <= 0:
            raise self.error
        part = bytes(data[: min(len(data), self.budget, 1000)])
        self.budget -= len(part)
        return self.real.write(part)

    def __getattr__(self, name):
        return getattr(self.real, name)


@pytest.mark.parametrize("error", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_the_match_writer_cuts_back_to_whole_matches(tmp_path, match, error):
    path = tmp_path / "sim.jsonl"
    writer = LogWriter(path)
    writer.write_match(match)
    writer._file = FlakyFile(writer._file, 5000, error)  # half of the next match, then fails
    with pytest.raises(type(error)):
        writer.write_match(match)
    writer.close()
    assert path.read_bytes() == log_text(match).encode("ascii")
    assert [e["t"] for e in read_log(path)][-1] == "game_end"


def test_the_match_writer_leaves_an_old_log_until_it_is_closed(tmp_path, match):
    """A log already there is not emptied when the new one is opened: a run
    that writes nothing (a full disk from the first match) leaves it whole."""
    path = tmp_path / "sim.jsonl"
    write_log(path, match)
    before = path.read_bytes()
    writer = LogWriter(path)
    writer._file = FlakyFile(writer._file, 5000, OSError(28, "No space left on device"))
    with pytest.raises(OSError):
        writer.write_match(match)
    assert path.read_bytes() == before
    writer.close()
    assert path.read_bytes() == before and not writer.kept
    assert [p.name for p in tmp_path.iterdir()] == ["sim.jsonl"]  # no temporary left


def test_the_match_writer_refuses_what_is_not_a_file(tmp_path):
    with pytest.raises(OSError):
        LogWriter(tmp_path)  # a folder
    with pytest.raises(FileNotFoundError):
        LogWriter(tmp_path / "no" / "such.jsonl")
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="not a regular file"):
        LogWriter(fifo)  # would block forever on open


# --- reading: every line checked, the first bad one named ---------------------------

OK = (encode_event(GAME) + "\n").encode()


@pytest.mark.parametrize(
    ("data", "line", "words"),
    [
        (OK + b'{"t":"turn","p"', 2, ["truncated"]),
        (OK + b'{"t":"turn",,}\n{"t":"pass"}\n', 2, ["not valid JSON", "column"]),
        (OK + b"\n" + OK, 2, ["blank line"]),
        (OK + b"[1, 2]\n", 2, ["JSON object", "list"]),
        (OK + b'{"p":1}\n', 2, ["'t'"]),
        (OK + b'{"t":7}\n', 2, ["'t'"]),
        (b'{"t":"game","names":["\xff"]}\n', 1, ["UTF-8"]),
        (b"\xef\xbb\xbf" + OK, 1, ["byte-order mark", "without one"]),
        (OK + b"[" * 100000 + b"\n", 2, ["nested too deeply"]),
        (b'{"t":"turn","p":0}\n', 1, ["starts with its 'game'"]),
        (OK + b'{"t":"turn","p":0} x\n', 2, ["extra data"]),
        (OK + b'{"t":"turn","p":0,"q":1,"p":1}\n', 2, ["'p' appears twice"]),
        (OK + b'{"t":"turn","p":true,"q":1}\n', 2, ["turn.p should be a seat number"]),
        (OK + b'{"t":"fly","p":0}\n', 2, ["'fly' is not an event of the format"]),
        (OK + b'{"t":"turn","p":true}\n', 2, ["turn.p should be a seat number"]),
        (OK + b'{"t":"play","p":0,"card":"red7","color":"red"}\n', 2, ["not a card"]),
        (OK + b'{"t":"draw","p":0,"cards":[],"why":"turn"}\n', 2, ["1 to 10000 cards"]),
        (OK + b'{"t":"draw","p":0,"cards":["red:1"],"why":"luck"}\n', 2, ["should be one of"]),
        (OK + b'{"t":"direction","direction":2}\n', 2, ["1 or -1"]),
        (OK + b'{"t":"round_end","winner":0,"points":{"0":1},"scores":[1,0]}\n', 2, ["'0' to '1'"]),
        (OK + b'{"t":"game_end","winner":0,"scores":[0,0]}\n{"t":"turn","p":0}\n', 3, ["game_end"]),
    ],
    ids=[
        "truncated",
        "bad-json",
        "blank",
        "not-object",
        "no-t",
        "t-not-string",
        "utf8",
        "byte-order-mark",
        "deep",
        "no-game-first",
        "extra-data",
        "duplicate-field",
        "unknown-field-beside-a-wrong-one",
        "unknown-event",
        "bool-seat",
        "bad-card",
        "empty-draw",
        "bad-why",
        "bad-direction",
        "points-not-every-seat",
        "after-game-end",
    ],
)
def test_a_corrupt_log_names_its_line(tmp_path, data, line, words):
    path = write_bytes(tmp_path, data)
    err = refusal(path)
    assert err.line == line
    assert str(err).startswith(f"{path}:{line}: ")
    for word in words:
        assert word in str(err)


def test_a_key_written_twice_is_refused_not_the_last_one_kept(tmp_path):
    """JSON parsers keep the last of two keys: "seed":1,"seed":9 read as seed 9
    while a person reading the line sees 1. The log format refuses it, at any depth."""
    game = OK.replace(b'"seed":1,', b'"seed":1,"seed":9,')
    err = refusal(write_bytes(tmp_path, game))
    assert (err.line, err.reason) == (1, "the key 'seed' appears twice in one object")
    end = b'{"t":"round_end","winner":0,"points":{"1":3,"1":4},"scores":[3,0]}\n'
    err = refusal(write_bytes(tmp_path, OK + end))
    assert (err.line, err.reason) == (2, "the key '1' appears twice in one object")


# Each of these once ended in a traceback or gigabytes of memory.
HOSTILE = {
    "players-abc": (b'{"t":"game","players":"abc"}', "game.players should be a whole number"),
    "float-overflow": (
        b'{"t":"game","rules":["classic"],"seed":1e400,"players":2,"names":["a","b"],'
        b'"target":null}',
        "not a whole number",
    ),
    "a-list": (b"[4]", "an event is a JSON object, not a list"),
    "a-billion-players": (
        b'{"t":"game","rules":["classic"],"seed":1,"players":1000000000,"target":null}',
        "game.players should be from 2 to 20",
    ),
    "5000-digits": (
        b'{"t":"game","rules":["classic"],"seed":' + b"9" * 5000 + b',"players":2}',
        "a number of 5000 digits",
    ),
    "names-not-strings": (
        b'{"t":"game","rules":["classic"],"seed":1,"players":2,"names":[1,{}],"target":null}',
        "game.names[0] should be a string",
    ),
    "names-missing": (
        b'{"t":"game","rules":["classic"],"seed":1,"players":2,"target":null}',
        "game.names is missing",
    ),
    "rules-not-strings": (
        b'{"t":"game","rules":[["classic"]],"seed":1,"players":2,"names":["a","b"],"target":null}',
        "game.rules[0] should be a string",
    ),
    "rules-with-nul": (
        b'{"t":"game","rules":["clas\\u0000sic"],"seed":1,"players":2,"names":["a","b"],'
        b'"target":null}',
        "control or format character",
    ),
    "nan": (b'{"t":"game","seed":NaN}', "NaN is not a number the format allows"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_first_lines_are_refused_in_words(tmp_path, case):
    data, words = HOSTILE[case]
    err = refusal(write_bytes(tmp_path, data + b"\n"))
    assert err.line == 1 and words in str(err), str(err)


def test_fields_the_format_does_not_name_are_read_and_left_out(tmp_path, match):
    """docs/replay-format.md: more fields are welcome (a log from a newer version
    or another tool). Read, they are checked for nothing and left out, so that
    what reads the log sees the events the engine writes; the fields the
    format names are checked all the same."""
    lines = MATCH.read_bytes().splitlines(keepends=True)
    lines[0] = lines[0].replace(b'{"t":"game",', b'{"t":"game","tool":"other 2.0",')
    turn = next(i for i, line in enumerate(lines) if line.startswith(b'{"t":"turn",'))
    lines[turn] = lines[turn].replace(b'{"t":"turn",', b'{"t":"turn","ms":[1,{"a":null}],')
    assert read_log(write_bytes(tmp_path, b"".join(lines))) == match
    nested = OK + b'{"t":"turn","p":0,"note":{"x":1,"x":2}}\n'
    assert "'x' appears twice" in str(refusal(write_bytes(tmp_path, nested)))


HOSTILE_VALUES = [
    None,
    True,
    0,
    -1,
    7,
    2**70,
    "",
    "red7",
    "a:b:c",
    "\x1b[2J",
    [],
    [1],
    [[1]],
    {},
    {"9": 1},
]


def test_every_refusal_of_a_field_is_in_our_words(match):
    """Each field of each event of a real match replaced by each hostile value,
    or left out: the refusal names the field and says what is wrong in the
    format's words (game/engine/event_fields.py), never pydantic's."""
    players = match[0]["players"]
    seen: set[str] = set()
    for event in match:
        if event["t"] in seen:
            continue
        seen.add(event["t"])
        for name in [key for key in event if key != "t"]:
            changed = [{**event, name: value} for value in HOSTILE_VALUES]
            changed.append({key: value for key, value in event.items() if key != name})
            for wrong in changed:
                try:
                    read_event(wrong, players)
                except Malformed as err:
                    assert err.reason.startswith(f"{event['t']}."), err.reason
                    assert "Input should" not in err.reason and "pydantic" not in err.reason
                    assert "docs/replay-format.md says" not in err.reason, err.reason


def test_a_card_name_of_the_wrong_type_is_refused_before_use(tmp_path):
    deal = b'{"t":"deal","p":0,"cards":["red:1",7]}\n'
    err = refusal(write_bytes(tmp_path, OK + b'{"t":"round","n":1,"dealer":1}\n' + deal))
    assert err.line == 3 and "deal.cards[1] should be a string" in str(err)


def test_a_huge_log_is_refused_before_it_is_read(tmp_path):
    """A 200 MB log: refused by its size, without reading it (a sparse file)."""
    path = tmp_path / "huge.jsonl"
    with path.open("wb") as out:
        out.truncate(200 * 1024 * 1024)
    tracemalloc.start()
    try:
        err = refusal(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "200.0 MiB" in str(err) and f"{MAX_LOG_BYTES // (1024 * 1024)}.0 MiB" in str(err)
    assert err.line is None and peak < 1024 * 1024


def test_a_long_line_or_a_binary_file_is_refused_at_once(tmp_path):
    line = write_bytes(tmp_path, OK + b"a" * (MAX_LINE_BYTES + 10), "line.jsonl")
    err = refusal(line)
    assert err.line == 2 and "longer than 1.0 MiB" in str(err)
    binary = write_bytes(tmp_path, bytes(range(256)) * 64, "binary.jsonl")
    assert refusal(binary).line == 1


def test_only_regular_files_are_read(tmp_path):
    assert "no such file" in str(refusal(tmp_path / "missing.jsonl"))
    assert "folder" in str(refusal(tmp_path))
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    assert "not a regular file" in str(refusal(fifo))  # opening it would block
    assert "not a valid file name" in str(refusal(Path("nul\0.jsonl")))


def test_text_from_the_file_is_escaped_in_messages(tmp_path):
    evil = b'{"t":"\\u001b[2J\\u0007fake.jsonl:1:1: ok"}\n'
    err = refusal(write_bytes(tmp_path, OK + evil))
    assert "\x1b" not in str(err) and "\x07" not in str(err)
    assert "\\x1b[2J\\x07fake" in str(err)
    assert printable("a\nb\u202ec") == "a\\x0ab\\u202ec"
    assert printable("x" * 500, 10) == "x" * 10 + "…"


def test_reading_edge_cases(tmp_path):
    assert read_log(write_bytes(tmp_path, b"")) == []
    no_newline = OK + b'{"t":"round","n":1,"dealer":0}'
    assert len(read_log(write_bytes(tmp_path, no_newline))) == 2  # still complete JSON
    assert len(read_log(write_bytes(tmp_path, OK.replace(b"\n", b"\r\n") * 2))) == 2


def test_every_event_of_a_real_match_passes_the_check(match):
    """The writer checks every event too (the page's tables against the
    declaration: tests/engine/test_event_schema.py)."""
    assert log_text(match) == MATCH.read_text()


# --- matches -------------------------------------------------------------------------


def test_a_file_of_several_matches_is_read_match_by_match(tmp_path, match):
    path = tmp_path / "three.jsonl"
    path.write_text(log_text(match) * 3)
    matches = iter_matches(path)
    first = next(matches)
    assert first.number == 1 and first.start.line == 1 and first.game == match[0]
    assert [e for _, e in first.events()] == match and first.complete
    second = next(matches)  # the second is skipped unread when the third is asked for
    third = next(matches)
    assert second.start.line == len(match) + 1 and third.number == 3
    lines = [line for line, _ in third.events()]
    assert lines[0] == 2 * len(match) + 1 and lines[-1] == 3 * len(match)
    assert next(matches, None) is None
    again = next(iter_matches(path, second.start))  # from a match's place
    assert again.start.line == second.start.line and [e for _, e in again.events()] == match


def test_an_interrupted_last_match_is_incomplete(tmp_path, match):
    path = tmp_path / "cut.jsonl"
    path.write_text(log_text(match) + log_text(match[:50]))
    found = list(iter_matches(path))
    assert [m.number for m in found] == [1, 2]
    assert found[0].complete and not found[1].complete
    assert found[1].last.line == len(match) + 50


def test_reading_is_streamed(tmp_path, match):
    """Memory stays that of a line, not of the file: 10 matches read through
    (40 with --thorough; tracemalloc makes every allocation dear)."""
    matches = work(40, 10)
    path = tmp_path / "many.jsonl"
    path.write_text(log_text(match) * matches)
    tracemalloc.start()
    try:
        count = sum(1 for _ in read_events(path))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == matches * len(match)
    assert peak < path.stat().st_size // 20, peak
