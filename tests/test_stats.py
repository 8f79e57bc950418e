"""Per-name statistics: counted from the engine's events, once
per round however often a match is resumed, stored as carefully as the save."""

from __future__ import annotations

import json

import pytest

from game.bots import make_bot
from game.engine import new_game
from game.play.sim import play_out
from game.player_files.players import load_stats, stats_text
from game.player_files.stats import MAX_MATCHES, PlayerRecord, PlayerStats, rule_names, rules_key
from game.rules.loader import load_rules

NAMES = ["Ana", "Bo", "Cy"]


def rounds(*ends: tuple[int, list[dict]]) -> list[dict]:
    """A match's events: `game`, then per round its calls and its end."""
    events: list[dict] = [{"t": "game", "rules": ["classic"], "seed": 1, "players": 3}]
    for n, (winner, calls) in enumerate(ends, start=1):
        events.append({"t": "round", "n": n, "dealer": 0})
        events += calls
        events.append({"t": "round_end", "winner": winner, "points": {}, "scores": [0, 0, 0]})
    return events


UNO_0 = {"t": "uno", "p": 0}
CATCH_2_BY_0 = {"t": "catch", "by": 0, "p": 2}
CATCH_0_BY_1 = {"t": "catch", "by": 1, "p": 0}


def test_rounds_calls_and_catches_are_counted_for_people_only():
    stats = PlayerStats()
    events = rounds((0, [UNO_0, CATCH_2_BY_0]), (2, [CATCH_0_BY_1, UNO_0]))
    assert stats.count("m1", NAMES, [0, 2], "Classic UNO", events)
    ana, cy = stats.player("Ana"), stats.player("cy")  # names in any case
    assert stats.player("Bo") is None  # seat 1 is a bot
    assert (ana.rounds, ana.rounds_won, ana.uno_calls, ana.catches, ana.uno_missed) == (
        2,
        1,
        2,
        1,
        1,
    )
    assert (cy.rounds, cy.rounds_won, cy.uno_calls, cy.catches, cy.uno_missed) == (2, 1, 0, 0, 1)
    assert ana.matches == 0  # no game_end yet
    assert ana.favourite == "Classic UNO"


def test_counting_again_counts_only_what_is_new():
    stats = PlayerStats()
    one = rounds((0, [UNO_0]))
    two = rounds((0, [UNO_0]), (1, [UNO_0]))
    stats.count("m1", NAMES, [0], "Classic UNO", one)
    assert not stats.count("m1", NAMES, [0], "Classic UNO", one)  # resumed: nothing new
    stats.count("m1", NAMES, [0], "Classic UNO", two + [{"t": "round", "n": 3, "dealer": 1}])
    ana = stats.player("Ana")
    assert (ana.rounds, ana.rounds_won, ana.uno_calls) == (2, 1, 2)
    end = {"t": "game_end", "winner": 0, "scores": [500, 0, 0]}
    stats.count("m1", NAMES, [0], "Classic UNO", two + [end])
    stats.count("m1", NAMES, [0], "Classic UNO", two + [end])
    assert (ana.matches, ana.matches_won, ana.rounds) == (1, 1, 2)
    # Another match under the same name adds to it.
    stats.count("m2", NAMES, [0], "UNO Duo", rounds((1, []), (1, [])))
    assert (ana.rounds, ana.rounds_won) == (4, 1)
    assert ana.rules == {"Classic UNO": 2, "UNO Duo": 2}


def test_a_team_wins_the_match_together():
    stats = PlayerStats()
    names = ["Ana", "Bo", "Cy", "Dee"]
    events = rounds((2, [])) + [{"t": "game_end", "winner": 2, "scores": [0] * 4, "team": [0, 2]}]
    stats.count("m", names, [0, 1, 2, 3], "Classic UNO + teams", events)
    won = {p.name: p.matches_won for p in stats.ranked()}
    assert won == {"Ana": 1, "Bo": 0, "Cy": 1, "Dee": 0}


def test_real_matches_count_what_their_logs_say():
    rules = load_rules(["classic"])
    stats = PlayerStats()
    totals = {"rounds_won": [0, 0, 0], "uno": [0, 0, 0], "caught": [0, 0, 0]}
    for seed in range(1, 4):
        state, events = new_game(rules, 3, seed, NAMES, single_round=True)
        play_out(state, [make_bot("random", seed * 10 + i) for i in range(3)], events)
        stats.count(f"m{seed}", NAMES, [0, 1, 2], "Classic UNO", events)
        for e in events:
            if e["t"] == "round_end":
                totals["rounds_won"][e["winner"]] += 1
            elif e["t"] == "uno":
                totals["uno"][e["p"]] += 1
            elif e["t"] == "catch":
                totals["caught"][e["p"]] += 1
    for seat, name in enumerate(NAMES):
        player = stats.player(name)
        assert player.matches == player.rounds == 3
        assert player.rounds_won == totals["rounds_won"][seat]
        assert player.uno_calls == totals["uno"][seat]
        assert player.uno_missed == totals["caught"][seat]


def test_the_file_round_trips_and_remembers_a_bounded_number_of_matches(tmp_path):
    stats = PlayerStats()
    for n in range(MAX_MATCHES + 20):
        stats.count(f"m{n}", NAMES, [0], "Classic UNO", rounds((0, [UNO_0])))
    assert len(stats.counted) == MAX_MATCHES
    path = tmp_path / "players.json"
    path.write_text(stats_text(stats))
    again = load_stats(path)
    assert not again.notices
    assert again.player("Ana").to_dict() == stats.player("Ana").to_dict()
    assert again.counted == stats.counted


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "couch-uno-players", "version": 1, "pla',
        "[1, 2, 3]",
        '{"format": "couch-uno-players", "version": 9, "players": [], "counted": {}}',
        "\udcff".encode("utf-8", "surrogatepass").decode("latin-1"),
    ],
)
def test_a_file_that_is_not_one_is_kept_aside_and_counting_starts_again(tmp_path, text):
    path = tmp_path / "players.json"
    path.write_text(text, encoding="latin-1")
    damaged = path.read_bytes()
    stats = load_stats(path)
    assert stats.notices and "could not be read" in stats.notices[0]
    assert "Counting starts again" in stats.notices[0]
    assert not stats.players and not path.exists()
    [kept] = [p for p in tmp_path.iterdir() if p.name.startswith("players.kept-")]
    assert kept.read_bytes() == damaged and kept.name in stats.notices[0]


def test_a_wrong_count_leaves_out_that_count_alone_and_the_file_is_written_again(tmp_path):
    """One count of one player that is wrong sets aside only that count: the
    file as it was is kept aside, everything else is read, and the file is
    written again at once (else the next start would find none)."""
    path = tmp_path / "players.json"
    path.write_text(
        players_file([{**ENTRY, "matches": -1}, {**ENTRY, "name": "Bo"}], {"m1": {"rounds": 2}})
    )
    damaged = path.read_bytes()
    stats = load_stats(path)
    [notice] = stats.notices
    assert notice.startswith(
        "Part of the players' statistics could not be read: a count of Ana is not a whole number"
    )
    ana, bo = stats.player("Ana"), stats.player("Bo")
    assert (ana.matches, ana.rounds, ana.rules) == (0, 3, {"classic": 3})
    assert (bo.matches, bo.rounds) == (1, 3)
    assert stats.counted["m1"].rounds == 2
    [kept] = [p for p in tmp_path.iterdir() if p.name.startswith("players.kept-")]
    assert kept.read_bytes() == damaged and kept.name in notice
    again = load_stats(path)
    assert not again.notices and again.player("Bo").matches == 1


def test_an_entry_of_only_a_name_reads_as_nothing_counted_yet(tmp_path):
    """A field a file does not hold (an older build's file) reads as its default."""
    path = tmp_path / "players.json"
    path.write_text(players_file([{"name": "A"}]))
    stats = load_stats(path)
    assert not stats.notices and stats.player("A") == PlayerRecord("A")


ENTRY = {
    "name": "Ana",
    "matches": 1,
    "matches_won": 0,
    "rounds": 3,
    "rounds_won": 1,
    "uno_calls": 0,
    "uno_missed": 0,
    "catches": 0,
    "rules": {"classic": 3},
}


def players_file(players: object = None, counted: object = None, **more: object) -> str:
    return json.dumps(
        {
            "format": "couch-uno-players",
            "version": 1,
            "players": [ENTRY] if players is None else players,
            "counted": {} if counted is None else counted,
            **more,
        }
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{", "it is not readable JSON"),
        ('{"format": "other"}', "it is not a Couch UNO players file"),
        (players_file(version=2), "it is of version 2, not 1"),
        (players_file(version=True), "it is of version True, not 1"),
        (players_file([ENTRY] * 501), "its list of players is damaged"),
        (players_file({"a": 1}), "its list of players is damaged"),
        (players_file([7]), "a player's entry is not a mapping"),
        (players_file([{**ENTRY, "name": "  "}]), "a player has no name"),
        (players_file([{**ENTRY, "name": 5}]), "a player has no name"),
        (players_file([{**ENTRY, "name": "  "}, {**ENTRY, "name": "Bo"}]), "a player has no name"),
        (players_file([{**ENTRY, "matches": "1"}]), "a count of Ana is not a whole number"),
        (players_file([{**ENTRY, "catches": True}]), "a count of Ana is not a whole number"),
        (players_file([{**ENTRY, "rounds": 2**60}]), "a count of Ana is not a whole number"),
        (players_file([{**ENTRY, "rules": {"": 1}}]), "the rule sets of Ana are damaged"),
        (players_file([{**ENTRY, "rules": {"classic": -1}}]), "the rule sets of Ana are damaged"),
        (players_file([ENTRY, {**ENTRY, "name": "ana"}]), "it lists ana twice"),
        (players_file(counted={"m": {"rounds": "1"}}), "its list of counted matches is damaged"),
        (players_file(counted={"m" * 65: {"rounds": 1, "over": False}}), "counted matches"),
        (players_file(counted=[1]), "its list of counted matches is damaged"),
    ],
)
def test_a_damaged_file_says_what_is_wrong(tmp_path, text, reason):
    """The file is checked against its declaration (game/player_files/stats.py,
    game/player_files/players.py); the notice says the first thing wrong in the
    player's words, and nothing wrong is read. (A version written `true`
    once read as version 1.)"""
    path = tmp_path / "players.json"
    path.write_text(text)
    stats = load_stats(path)
    assert stats.notices and reason in stats.notices[0], stats.notices
    assert all(
        type(getattr(p, f)) is int and getattr(p, f) >= 0
        for p in stats.players.values()
        for f in ("matches", "catches", "rounds")
    )


def test_a_rule_set_is_counted_by_its_files_so_languages_share_one_count():
    # Counted under the words of the language played in, a family that
    # switched language had one rule set split in two, and the wrong favourite.
    stats = PlayerStats()
    played = rules_key(("classic", "house/jump-in"))
    stats.count("m1", NAMES, [0], played, rounds((1, [])))
    stats.count("m2", NAMES, [0], played, rounds((1, []), (1, [])))
    stats.count("m3", NAMES, [0], rules_key(("duo",)), rounds((1, []), (1, [])))
    ana = stats.player("Ana")
    assert ana.rules == {"classic + house/jump-in": 3, "duo": 2}
    assert rule_names(ana.favourite) == ("classic", "house/jump-in")


def test_a_first_match_is_one_with_no_match_finished_under_that_name():
    """Learn as you play is on in New game for someone's first match
    (game/ui/new_game.py): a name with rounds but no finished match is still
    a newcomer's; a name in any case is the same person."""
    stats = PlayerStats()
    assert stats.first_match("Ana")
    stats.players["ana"] = PlayerRecord(name="Ana", rounds=3)
    assert stats.first_match("ana")
    stats.players["ana"].matches = 1
    assert not stats.first_match("ANA ")
