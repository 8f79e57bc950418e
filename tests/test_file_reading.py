"""The one careful reader of a file anyone may have made (game/files/reading.py):
a folder, a FIFO, a device or a file too large is refused in words, never
waited on and never a traceback; a damaged file is kept aside under a name
of its own."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.files import reading as file_reading
from game.files.reading import FileRefused, keep_aside, read_small_file

ROOT = Path(__file__).resolve().parents[1]


def refused(path, limit=100) -> FileRefused:
    with pytest.raises(FileRefused) as caught:
        read_small_file(path, limit)
    return caught.value


def test_a_small_regular_file_is_read_and_a_missing_one_is_none(tmp_path):
    (tmp_path / "a.json").write_bytes(b"{}")
    assert read_small_file(tmp_path / "a.json", 100) == b"{}"
    assert read_small_file(tmp_path / "none.json", 100) is None


def test_a_folder_is_refused_in_words(tmp_path):
    (tmp_path / "players.json").mkdir()
    assert refused(tmp_path / "players.json").words() == "it is a folder"


def test_a_fifo_is_refused_without_waiting_on_it(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    assert refused(tmp_path / "pipe").words() == "it is not a regular file"


def test_a_device_is_refused():
    assert refused(Path("/dev/zero")).words() == "it is not a regular file"


def test_a_file_past_the_limit_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "big"
    with path.open("wb") as out:
        out.truncate(64 * 1024 * 1024 * 1024)  # sparse: reading it whole would fail
    assert refused(path, 8 * 1024 * 1024).words() == "it is larger than 8 MiB"
    path.write_bytes(b"x" * 101)
    assert refused(path, 100).words() == "it is larger than 100 bytes"


def test_a_name_no_file_can_have_is_refused(tmp_path):
    assert refused(tmp_path / "nul\0.json").words() == "its name is not a valid file name"


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_a_file_the_game_may_not_read_is_said_in_words(tmp_path):
    path = tmp_path / "locked.json"
    path.write_bytes(b"{}")
    path.chmod(0)
    assert refused(path).words() == (
        "it cannot be read: the system does not allow the game to use it"
    )


def test_files_kept_aside_get_names_of_their_own(tmp_path):
    path = tmp_path / "settings.json"
    kept = []
    for n in range(3):
        path.write_text(f"damaged {n}")
        kept.append(keep_aside(path))
    assert len({p.name for p in kept}) == 3 and not path.exists()
    assert [p.read_text() for p in kept] == ["damaged 0", "damaged 1", "damaged 2"]
    assert all(p.name.startswith("settings.kept-") and p.suffix == ".json" for p in kept)
    (tmp_path / "folder.json").mkdir()
    assert keep_aside(tmp_path / "folder.json") is None  # only a regular file is moved


def test_no_other_module_opens_a_file_of_the_player_its_own_way():
    """The game's readers of the save, the statistics, the settings, rule files
    and replay logs all go through game/files/reading.py: opening without
    blocking, and the regular-file check on the descriptor, exist once."""
    own_way = [
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "game").rglob("*.py")
        if "O_NONBLOCK" in path.read_text(encoding="utf-8") and path != Path(file_reading.__file__)
    ]
    assert own_way == []
