"""Files from "the future": every file the game writes and reads back, as a
newer build of the same version writes it (an optional field this build does
not know, a higher `minor`). By the rule of docs/files.md ("Growing a
format") this build reads it without a notice and sets nothing aside, and a
file it writes back keeps the newer build's fields; a wrong value in a
field it knows sets aside that field alone."""

from __future__ import annotations

import json

from game.player_files.players import load_stats, stats_text
from game.player_files.resume import resume
from game.player_files.save_format import SaveHeader, peek
from game.player_files.saves import SAVE_FILE, SaveSlot
from game.player_files.stats import rules_key
from game.ui.settings import FILE_NAME, Settings
from tests.test_saves import saved_session
from tests.test_stats import ENTRY, NAMES, rounds


def kept_aside(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".kept-" in p.name)


def test_players_file_from_the_future_keeps_every_statistic_and_its_new_fields(tmp_path):
    path = tmp_path / "players.json"
    future = {
        "format": "couch-uno-players",
        "version": 1,
        "minor": 3,
        "players": [{**ENTRY, "longest_streak": 4, "colour": {"fav": "red"}}],
        "counted": {"m0": {"rounds": 2, "over": True, "seconds": 610}},
        "since": "2031-05-01",
    }
    path.write_text(json.dumps(future))
    stats = load_stats(path)
    assert stats.notices == [] and kept_aside(tmp_path) == []
    assert stats.player("Ana").rounds == 3 and stats.counted["m0"].over
    stats.count("m1", NAMES, [0], rules_key(["classic"]), rounds((0, [])))
    written = json.loads(stats_text(stats))
    assert written["minor"] == 3 and written["since"] == "2031-05-01"
    [ana] = written["players"]
    assert (ana["rounds"], ana["longest_streak"], ana["colour"]) == (4, 4, {"fav": "red"})
    assert written["counted"]["m0"] == {"rounds": 2, "over": True, "seconds": 610}


def test_players_file_from_the_future_through_the_slot_is_written_back_whole(tmp_path):
    """The game's own path: the slot reads the file, counts a match, writes it."""
    (tmp_path / "players.json").write_text(
        json.dumps(
            {
                "format": "couch-uno-players",
                "version": 1,
                "minor": 1,
                "players": [{**ENTRY, "longest_streak": 4}],
                "counted": {},
            }
        )
    )
    slot = SaveSlot(tmp_path, threaded=False)
    assert slot.stats.player("Ana").rounds == 3 and slot.take_notice() is None
    seats = (("Ana", "human", "basic"), ("Bo", "bot", "basic"), ("Cy", "bot", "basic"))
    header = SaveHeader("0" * 32, ("classic",), "Classic UNO", "0" * 64, seats, None, False)
    slot.count(header, rounds((0, [])))
    slot.close()
    again = json.loads((tmp_path / "players.json").read_text())
    assert again["minor"] == 1
    assert (again["players"][0]["rounds"], again["players"][0]["longest_streak"]) == (4, 4)


def test_settings_from_the_future_are_read_and_their_new_keys_written_back(tmp_path):
    future = {
        "pacing": "fast",
        "muted": True,
        "haptics": {"strength": 3},
        "setup": {"rules": "classic", "seats_style": "round"},
    }
    (tmp_path / FILE_NAME).write_text(json.dumps(future))
    settings = Settings.load(tmp_path)
    assert settings.notices == [] and kept_aside(tmp_path) == []
    assert (settings.pacing, settings.muted, settings.setup["rules"]) == ("fast", True, "classic")
    settings.text_size = "large"
    assert settings.save(tmp_path)
    written = json.loads((tmp_path / FILE_NAME).read_text())
    assert written["haptics"] == {"strength": 3} and written["text_size"] == "large"


def test_a_wrong_setting_falls_back_alone_and_the_others_survive_the_next_start(tmp_path):
    (tmp_path / FILE_NAME).write_text(json.dumps({"muted": True, "pacing": 5, "later": 1}))
    first = Settings.load(tmp_path)
    assert first.muted and first.pacing == "normal"
    assert first.notices[0].startswith("pacing must be one of")
    assert len(kept_aside(tmp_path)) == 1
    second = Settings.load(tmp_path)  # the next start
    assert second.notices == [] and second.muted and second.others == {"later": 1}


def test_a_save_from_the_future_is_offered_and_resumes(tmp_path):
    slot, session = saved_session(tmp_path, actions=40)
    path = tmp_path / SAVE_FILE
    head, *log = path.read_text().splitlines()
    header = json.loads(head)
    header.update(minor=2, spectators=["Dee"], clock={"started": 0})
    header["seats"][0]["avatar"] = "cat"
    game = json.loads(log[0])
    log[0] = json.dumps({**game, "table_theme": "felt"}, separators=(",", ":"))
    path.write_text("\n".join([json.dumps(header), *log]) + "\n")
    saved = peek(path)
    assert saved is not None and saved.header.names == ["Ana", "Bo", "Cy"]
    assert SaveSlot(tmp_path).saved() is not None and kept_aside(tmp_path) == []
    resumed = resume(path)
    assert resumed.state.hands == session.state.hands
