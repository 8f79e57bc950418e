"""The Players screen's columns are the fields of a player's entry declared
shown (game/player_files/stats.py): a field added there with its heading's
words gets a column, and its values, with no change to the screen."""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_
from game.player_files import stats
from game.player_files.records import Shown, stored
from game.player_files.stats import COUNT, PlayerRecord, shown_cells
from game.scenes.players import PlayersScene, number_columns
from game.ui import text
from tests.support.spies import recorded


@dataclass
class WithWilds(PlayerRecord):
    """A player's entry with one field more, as a contributor would add it."""

    wilds: int = stored(0, COUNT, "wild cards played", shown=Shown(N_("Wilds")))


def test_the_columns_are_the_fields_declared_shown():
    # (The first five: a field added after them needs no change here.)
    heads = [head for head, _room, _end in number_columns()]
    assert heads[:5] == ["Matches", "Rounds", "UNO!", "Missed", "Caught"]
    player = PlayerRecord("Ana", matches=5, matches_won=3, rounds=9, rounds_won=4, catches=2)
    assert shown_cells(player)[:5] == ["3 / 5", "4 / 9", "0", "0", "2"]


def test_a_field_declared_shown_gets_its_column_with_no_change_to_the_screen(driver, monkeypatch):
    monkeypatch.setattr(stats, "PlayerRecord", WithWilds)
    assert [head for head, _room, _end in number_columns()][-1] == "Wilds"
    drawn = recorded(monkeypatch, text, "render", "fit")
    driver.app.saves.stats.players["ana"] = WithWilds("Ana", matches=1, wilds=7)
    driver.app.push(PlayersScene(driver.app))
    driver.frames()
    assert "Wilds" in drawn and "7" in drawn
    ends = [end for _head, _room, end in number_columns()]
    assert ends == sorted(ends) and ends[-1] <= 880, "six columns still end before the rules"
