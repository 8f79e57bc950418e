"""What the system says about a file reaches a player in words, in their
language: "[Errno 13] Permission denied: '…/.match.save.dv5yoifo.tmp'" named
a number and a temporary file the player never made."""

from __future__ import annotations

import errno

import pytest

from game import i18n
from game.files import atomic
from game.files.atomic import NotAFile
from game.files.os_words import os_problem
from game.i18n import say
from game.player_files.saves import SAVE_FILE
from game.ui.settings import Settings
from tests.test_saves import play, saved_session


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (OSError(errno.ENOSPC, "No space left on device"), "the disk is full"),
        (
            PermissionError(errno.EACCES, "Permission denied", "/x/.match.save.dv5yoifo.tmp"),
            "the system does not allow the game to use it",
        ),
        (
            FileExistsError(errno.EEXIST, "File exists", "/x/prefs"),
            "a file stands where a folder should be",
        ),
        (OSError(errno.EROFS, "Read-only file system"), "the disk can only be read"),
        (
            NotAFile("/x/match.save is not a regular file; not overwriting it"),
            "something that is not a file stands where the file goes",
        ),
        (OSError(errno.EXDEV, "Invalid cross-device link"), "the system refused it (EXDEV)"),
    ],
)
def test_an_os_error_is_said_in_words(error, words):
    assert os_problem(error) == words


def test_a_failed_save_is_said_in_the_players_words_and_language(tmp_path, monkeypatch):
    slot, session = saved_session(tmp_path, actions=20)
    while slot.take_notice() is not None:
        pass

    def refused(*args, **kwargs):
        temporary = tmp_path / f".{SAVE_FILE}.dv5yoifo.tmp"
        raise PermissionError(errno.EACCES, "Permission denied", str(temporary))

    monkeypatch.setattr(atomic.tempfile, "mkstemp", refused)
    i18n.set_language("fi")
    play(session, 2)
    slot.writer.flush()
    notice = slot.take_notice() or ""
    finnish = i18n.translations("fi").gettext
    assert finnish("the system does not allow the game to use it") != (
        "the system does not allow the game to use it"
    )
    assert notice == finnish("The match cannot be saved: {why}").format(
        why=finnish("the system does not allow the game to use it")
    )
    assert (
        "Errno" not in notice
        and ".tmp" not in notice
        and notice != ("The match cannot be saved: the system does not allow the game to use it")
    )


def test_a_file_where_the_settings_folder_goes_is_said_in_words(tmp_path, monkeypatch):
    (tmp_path / "prefs").write_text("not a folder")
    monkeypatch.setenv("COUCH_UNO_PREFS", str(tmp_path / "prefs"))
    [notice] = Settings.load().notices
    assert say(notice) == (
        "no settings folder (a file stands where a folder should be); using defaults"
    )
