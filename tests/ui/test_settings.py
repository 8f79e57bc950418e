"""The settings file: whatever it holds, reading it
never crashes or hangs, wrong fields fall back to defaults with a notice, a
damaged file is kept aside, and saving replaces the file whole or not at all."""

from __future__ import annotations

import errno
import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui import settings as settings_module
from game.ui.settings import FILE_NAME, PACINGS, TEXT_SIZE_NAMES, Settings
from tests.depth import examples

GOOD = {
    "pacing": "fast",
    "muted": True,
    "fullscreen": False,
    "setup": {
        "rules": "classic",
        "house": ["house/stacking"],
        "seats": [
            {"name": "Ana", "kind": "human", "level": "basic"},
            {"name": "Bo", "kind": "bot", "level": "random"},
        ],
        "target": 200,
    },
}


def write(folder, data) -> None:
    text = data if isinstance(data, str) else json.dumps(data)
    (folder / FILE_NAME).write_text(text, encoding="utf-8")


def assert_well_typed(loaded: Settings) -> None:
    assert loaded.pacing in PACINGS
    assert type(loaded.muted) is bool and type(loaded.fullscreen) is bool
    assert type(loaded.color_patterns) is bool and type(loaded.reduced_motion) is bool
    assert loaded.text_size in TEXT_SIZE_NAMES
    setup = loaded.setup
    assert isinstance(setup, dict)
    assert set(setup) <= {"rules", "house", "seats", "target"}
    if "rules" in setup:
        assert isinstance(setup["rules"], str)
    if "house" in setup:
        assert all(isinstance(h, str) for h in setup["house"])
    if "seats" in setup:
        assert 2 <= len(setup["seats"]) <= 10
        for seat in setup["seats"]:
            assert isinstance(seat, dict)
            assert all(isinstance(seat.get(k, ""), str) for k in ("name", "kind", "level"))
    if "target" in setup:
        assert setup["target"] in ("default", "single") or (
            type(setup["target"]) is int and 1 <= setup["target"] <= 10_000
        )


def kept_aside(folder):
    """The damaged settings files kept aside in `folder`."""
    return sorted(folder.glob("settings.kept-*.json"))


def test_a_good_file_loads_without_notices(tmp_path):
    write(tmp_path, GOOD)
    loaded = Settings.load(tmp_path)
    assert (loaded.pacing, loaded.muted, loaded.setup) == ("fast", True, GOOD["setup"])
    assert loaded.notices == []
    assert kept_aside(tmp_path) == []


def test_the_eyes_settings_are_kept_between_sessions(tmp_path):
    """Colour-blind mode, reduced motion and text size are saved with
    the others, and a file from before they existed leaves them off."""
    chosen = Settings(color_patterns=True, reduced_motion=True, text_size="large")
    assert chosen.save(tmp_path)
    loaded = Settings.load(tmp_path)
    assert (loaded.color_patterns, loaded.reduced_motion, loaded.text_size) == (
        True,
        True,
        "large",
    )
    write(tmp_path, GOOD)
    older = Settings.load(tmp_path)
    assert (older.color_patterns, older.reduced_motion, older.text_size) == (
        False,
        False,
        "normal",
    )
    assert older.notices == []


def test_a_hundred_thousand_nested_brackets_give_defaults(tmp_path):
    write(tmp_path, "[" * 100_000)
    loaded = Settings.load(tmp_path)
    assert loaded == Settings()
    assert loaded.notices


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("muted", "false"),
        ("fullscreen", "no"),
        ("muted", 1),
        ("pacing", "ludicrous"),
        ("color_patterns", "yes"),
        ("reduced_motion", 1),
        ("text_size", "huge"),
        ("text_size", 2),
    ],
)
def test_words_and_numbers_are_not_booleans(tmp_path, field, value):
    write(tmp_path, {**GOOD, field: value})
    loaded = Settings.load(tmp_path)
    assert getattr(loaded, field) == getattr(Settings(), field)
    assert any(field in notice for notice in loaded.notices)


@pytest.mark.parametrize("value", [[], {"en": True}, ["en"], "klingon"])
def test_a_language_that_is_no_language_name_falls_back_with_a_notice(tmp_path, value):
    """Any JSON value may stand where the language's name should be, a list
    or an object too: it falls back to the system's language, never crashes."""
    write(tmp_path, {**GOOD, "language": value})
    loaded = Settings.load(tmp_path)
    assert loaded.language == ""
    assert [n.template for n in loaded.notices][0].startswith("language must be one of")


@pytest.mark.parametrize(
    "setup",
    [
        {"seats": ["Ana", "Bo"]},
        {"house": 5},
        {"house": [5]},
        {"rules": ["classic"]},
        {"target": "lots"},
        {"target": True},
        {"target": 10**30},
        {"seats": [{"name": 5}] * 3},
        {"seats": [{"name": "x" * 1000}] * 3},
        "classic",
    ],
)
def test_wrong_types_inside_setup_are_dropped_with_a_notice(tmp_path, setup):
    write(tmp_path, {**GOOD, "setup": setup})
    loaded = Settings.load(tmp_path)
    assert_well_typed(loaded)
    assert loaded.notices


def test_a_damaged_file_is_kept_aside_not_overwritten(tmp_path):
    write(tmp_path, '{"pacing": "fast", "setup": {"seats": ')
    loaded = Settings.load(tmp_path)
    assert loaded.notices
    [kept] = kept_aside(tmp_path)
    assert kept.read_text() == '{"pacing": "fast", "setup": {"seats": '
    assert loaded.save(tmp_path)
    assert kept.exists()
    assert Settings.load(tmp_path).notices == []


def test_a_second_damaged_file_is_kept_beside_the_first_not_over_it(tmp_path):
    """Each damaged file is kept under a name of its own, as saves and statistics are."""
    write(tmp_path, '{"pacing": "warp"}')
    Settings.load(tmp_path)
    write(tmp_path, '{"muted": "yes"}')
    second = Settings.load(tmp_path)
    kept = kept_aside(tmp_path)
    assert sorted(p.read_text() for p in kept) == ['{"muted": "yes"}', '{"pacing": "warp"}']
    newest = next(p for p in kept if p.read_text() == '{"muted": "yes"}')
    assert second.notices[-1] == f"the damaged file was kept as {newest.name}"


def test_a_fifo_for_a_settings_file_neither_blocks_loading_nor_saving(tmp_path):
    os.mkfifo(tmp_path / FILE_NAME)
    loaded = Settings.load(tmp_path)
    assert loaded == Settings() and loaded.notices
    assert loaded.save(tmp_path) is False


def test_a_full_disk_leaves_the_saved_settings_whole(tmp_path, monkeypatch):
    write(tmp_path, GOOD)
    before = (tmp_path / FILE_NAME).read_text()

    def full(_fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    changed = Settings.load(tmp_path)
    changed.pacing = "slow"
    assert changed.save(tmp_path) is False
    assert (tmp_path / FILE_NAME).read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == [FILE_NAME]


def test_saving_goes_through_the_atomic_writer(tmp_path, monkeypatch):
    written = []
    monkeypatch.setattr(settings_module, "write_text_atomic", lambda p, t: written.append(p))
    assert Settings().save(tmp_path)
    assert written == [tmp_path / FILE_NAME]


# A mutation fuzz: every mutant of a good file loads, well typed ----------------------

GOOD_TEXT = json.dumps(GOOD, indent=2)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@st.composite
def mutants(draw) -> str:
    kind = draw(st.sampled_from(["bytes", "field", "setup-field", "seat"]))
    if kind == "bytes":
        text = bytearray(GOOD_TEXT.encode())
        for _ in range(draw(st.integers(1, 8))):
            at = draw(st.integers(0, len(text) - 1))
            action = draw(st.sampled_from(["flip", "cut", "insert"]))
            if action == "flip":
                text[at] = draw(st.integers(0, 255))
            elif action == "cut":
                del text[at:]
                break
            else:
                text[at:at] = draw(st.binary(min_size=1, max_size=4))
        return text.decode("utf-8", "replace")
    data = json.loads(GOOD_TEXT)
    if kind == "field":
        data[draw(st.sampled_from(["pacing", "muted", "fullscreen", "setup"]))] = draw(json_values)
    elif kind == "setup-field":
        data["setup"][draw(st.sampled_from(["rules", "house", "seats", "target"]))] = draw(
            json_values
        )
    else:
        seat = data["setup"]["seats"][0]
        seat[draw(st.sampled_from(["name", "kind", "level"]))] = draw(json_values)
    return json.dumps(data)


@settings(max_examples=examples(300))
@given(mutant=mutants())
def test_fuzz_every_mutant_of_a_settings_file_loads_well_typed(tmp_path_factory, mutant):
    folder = tmp_path_factory.mktemp("prefs")
    (folder / FILE_NAME).write_text(mutant, encoding="utf-8", errors="surrogateescape")
    loaded = Settings.load(folder)
    assert_well_typed(loaded)
    assert loaded.save(folder)
    assert_well_typed(Settings.load(folder))
