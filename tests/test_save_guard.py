"""A save that stops the game when it is continued is not offered again
(game/player_files/guard.py): the title keeps it aside and says why."""

from __future__ import annotations

import pytest

import game.player_files.resume as resume_module
from game.play.match import MatchSession
from game.player_files.saves import SAVE_FILE, SaveProblem, SaveSlot
from tests.test_saves import SEATS, play, saved_session


def _kept(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".kept-" in p.name)


def test_a_save_whose_replay_fails_in_the_game_is_kept_aside_in_words(tmp_path, monkeypatch):
    slot, _ = saved_session(tmp_path, actions=40)

    def broken(*args, **kwargs):
        raise IndexError("tuple index out of range")

    monkeypatch.setattr(resume_module.Reexecution, "__iter__", broken)
    with pytest.raises(SaveProblem):
        slot.resume()
    assert "failed replaying" in (slot.problem or "") and "IndexError" in slot.problem
    assert not (tmp_path / SAVE_FILE).exists() and len(_kept(tmp_path)) == 1
    assert SaveSlot(tmp_path).saved() is None


def test_a_game_that_stops_while_continuing_a_save_does_not_offer_it_again(tmp_path):
    saved_session(tmp_path, actions=40)
    crashed = SaveSlot(tmp_path)
    crashed.resume()  # ... and the game dies before the match's next decision is saved
    again = SaveSlot(tmp_path)
    assert again.saved() is None
    assert "stopped with an error" in (again.problem or "")
    assert len(_kept(tmp_path)) == 1
    # Said once: the next start has no save and nothing to say.
    assert SaveSlot(tmp_path).saved() is None and SaveSlot(tmp_path).problem is None


def test_a_continued_match_left_normally_is_offered_again(tmp_path):
    saved_session(tmp_path, actions=40)
    slot = SaveSlot(tmp_path)
    slot.resume()
    slot.close()  # back to the title or quitting
    assert SaveSlot(tmp_path).saved() is not None


def test_a_continued_match_that_went_on_is_not_judged_by_its_old_mark(tmp_path):
    saved_session(tmp_path, actions=40)
    slot = SaveSlot(tmp_path)
    resumed = slot.resume()
    session = resumed.session()
    slot.keep(session, resumed.saved.header)
    play(session, 5, seed=7)
    slot.writer.flush()
    # The game dies now, past the point it was continued from: the save stands.
    fresh = SaveSlot(tmp_path)
    assert fresh.saved() is not None and fresh.problem is None


def test_a_match_whose_saving_stopped_is_counted_and_not_offered_once_it_ends(
    tmp_path, monkeypatch
):
    import game.player_files.record as record
    from game.log.format import Malformed

    slot = SaveSlot(tmp_path)
    session = MatchSession(["classic"], SEATS, seed=3, single_round=True)
    slot.keep(session)
    play(session, 10)
    slot.writer.flush()
    assert (tmp_path / SAVE_FILE).exists()

    def refused(event, players):
        raise Malformed("an event the format refuses")

    monkeypatch.setattr(record, "check_event", refused)
    play(session, 5000)
    assert session.state.over
    slot.close()
    assert not (tmp_path / SAVE_FILE).exists()
    assert SaveSlot(tmp_path).saved() is None
    assert slot.stats.players  # the match was counted (its humans)
