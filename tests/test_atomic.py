"""game/files/atomic.py: a file is replaced whole or not at all."""

import os

import pytest

from game.files.atomic import NotAFile, atomic_writer, write_text_atomic


def test_the_new_content_replaces_the_old(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("old")
    write_text_atomic(path, "new")
    assert path.read_text() == "new"
    assert os.listdir(tmp_path) == ["settings.json"]


def test_a_failure_while_writing_keeps_the_old_file_and_leaves_no_temporary(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("old")
    with pytest.raises(RuntimeError), atomic_writer(path) as out:
        out.write("half")
        raise RuntimeError("disk full")
    assert path.read_text() == "old"
    assert os.listdir(tmp_path) == ["settings.json"]


def test_a_fifo_in_place_of_the_file_is_refused_not_waited_on(tmp_path):
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    with pytest.raises(NotAFile):
        write_text_atomic(path, "x")


def test_a_folder_in_place_of_the_file_is_refused(tmp_path):
    (tmp_path / "settings.json").mkdir()
    with pytest.raises(NotAFile):
        write_text_atomic(tmp_path / "settings.json", "x")
