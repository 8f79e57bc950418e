"""game/log.py: writing and reading replay logs, and rebuilding the table.

The contradictions are made by tampering with real logs (a golden classic
match, and a random-bot game for catches): each test changes one event and
checks that the replay stops exactly there, with a message that says why.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots import make_bot
from game.log import (
    LogError,
    TableReplay,
    encode_event,
    iter_snapshots,
    read_log,
    replay_events,
    replay_file,
    write_log,
)
from game.rules.loader import load_rules
from game.sim import play_match
from tests.depth import examples

GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.fixture(scope="module")
def classic():
    return load_rules(["classic"])


@pytest.fixture(scope="module")
def match() -> list[dict]:
    """A whole classic match of four basic bots (a golden log)."""
    return read_log(GOLDEN / "classic-seed2-4p.jsonl")


@pytest.fixture(scope="module")
def caught_game(classic) -> list[dict]:
    """A classic match of random bots in which someone is caught without UNO."""
    for seed in range(200):
        bots = [make_bot("random", seed + 1 + s) for s in range(3)]
        events = play_match(classic, 3, seed, bots, single_round=True).events
        if any(e["t"] == "catch" for e in events):
            return events
    pytest.fail("no random game with a catch in 200 seeds")


def index_of(events, test, start: int = 0) -> int:
    for i in range(start, len(events)):
        if test(events[i]):
            return i
    raise AssertionError("no such event in the log")


def replay_upto(events, stop: int, rules=None) -> TableReplay:
    replay = TableReplay(rules)
    for event in events[:stop]:
        replay.apply(event)
    return replay


def rejects(events, at: int, *words: str, rules=None) -> LogError:
    """Replaying `events` fails at index `at`, with all `words` in the message."""
    replay = TableReplay(rules)
    with pytest.raises(LogError) as caught:
        for event in events:
            replay.apply(event)
    err = caught.value
    assert err.index == at, f"failed at event {err.index}, not {at}: {err}"
    for word in words:
        assert word in str(err), f"{word!r} not in: {err}"
    assert replay.index == at  # the replay stopped before the bad event
    return err


def tampered(events, index: int, **fields) -> list[dict]:
    events = copy.deepcopy(events)
    events[index].update(fields)
    return events


# --- writing and reading --------------------------------------------------------------


def test_write_then_read_gives_back_the_events(tmp_path, match):
    path = tmp_path / "game.jsonl"
    write_log(path, match)
    assert read_log(path) == match
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert len(lines) == len(match) and text.endswith("\n")
    assert lines[0].startswith('{"t":"game",')
    assert all(", " not in line and '": ' not in line for line in lines)  # compact
    assert all(json.loads(line) == e for line, e in zip(lines, match, strict=True))


def test_encoding_is_stable_and_ascii():
    event = {"t": "game", "names": ["Zoë", "李"], "seed": 1, "target": None}
    line = encode_event(event)
    assert line == '{"t":"game","names":["Zo\\u00eb","\\u674e"],"seed":1,"target":null}'
    assert json.loads(line) == event


def test_writing_what_is_not_json_is_a_log_error(tmp_path):
    with pytest.raises(LogError, match="event 1"):
        write_log(tmp_path / "x.jsonl", [{"t": "game"}, {"t": "play", "card": {1, 2}}])
    with pytest.raises(LogError, match="string 't'"):
        write_log(tmp_path / "x.jsonl", [{"type": "game"}])
    with pytest.raises(LogError):
        write_log(tmp_path / "x.jsonl", [{"t": "round", "n": float("nan")}])


def write_bytes(tmp_path, data: bytes) -> Path:
    path = tmp_path / "log.jsonl"
    path.write_bytes(data)
    return path


GOOD = b'{"t":"game","players":2}\n{"t":"round","n":1}\n'


@pytest.mark.parametrize(
    ("data", "line", "words"),
    [
        (GOOD + b'{"t":"turn","p"', 3, ["truncated"]),
        (GOOD + b'{"t":"turn",,}\n{"t":"pass"}\n', 3, ["not valid JSON", "column"]),
        (b'{"t":"game"}\n\n{"t":"round"}\n', 2, ["blank line"]),
        (GOOD + b"[1, 2]\n", 3, ["JSON object", "list"]),
        (GOOD + b'{"p":1}\n', 3, ["'t'"]),
        (GOOD + b'{"t":7}\n', 3, ["'t'"]),
        (b'{"t":"game","names":["\xff"]}\n', 1, ["UTF-8"]),
        (b'{"t":"game"}\n' + b"[" * 100000 + b"\n", 2, []),
    ],
    ids=["truncated", "bad-json", "blank", "not-object", "no-t", "t-not-string", "utf8", "deep"],
)
def test_a_corrupt_log_names_its_line(tmp_path, data, line, words):
    path = write_bytes(tmp_path, data)
    with pytest.raises(LogError) as caught:
        read_log(path)
    err = caught.value
    assert err.line == line
    assert f"line {line}" in str(err) and str(path) in str(err)
    for word in words:
        assert word in str(err)


def test_reading_edge_cases(tmp_path):
    assert read_log(write_bytes(tmp_path, b"")) == []
    assert read_log(write_bytes(tmp_path, GOOD.rstrip(b"\n"))) == [
        {"t": "game", "players": 2},
        {"t": "round", "n": 1},
    ]  # no newline after the last line: still complete JSON
    assert len(read_log(write_bytes(tmp_path, GOOD.replace(b"\n", b"\r\n")))) == 2
    with pytest.raises(LogError, match="cannot read"):
        read_log(tmp_path / "missing.jsonl")
    with pytest.raises(LogError, match="cannot read"):
        read_log(tmp_path)  # a folder


def test_replay_file_names_the_line_of_a_contradiction(tmp_path, match):
    i = index_of(match, lambda e: e["t"] == "round_end")
    path = tmp_path / "bad.jsonl"
    write_log(path, tampered(match, i, scores=[1, 2, 3, 4]))
    with pytest.raises(LogError) as caught:
        replay_file(path)
    assert caught.value.line == i + 1 and caught.value.index == i
    assert f"line {i + 1}" in str(caught.value) and "scores" in str(caught.value)


# --- the table, step by step ---------------------------------------------------------


def test_replay_rebuilds_a_whole_match(match):
    replay = replay_events(match)  # the rules come from the log's own 'game' event
    assert replay.strict and replay.rules_note is None
    table = replay.snapshot()
    assert table["over"] and table["phase"] == "over"
    assert table["scores"] == match[-1]["scores"] and table["winner"] == match[-1]["winner"]
    assert table["deck_size"] == 108 and table["index"] == len(match)


def test_snapshots_are_plain_data_at_every_step(match):
    replay = TableReplay()
    json.dumps(replay.snapshot())  # before any event too
    snapshots = list(iter_snapshots(match[:300]))
    assert len(snapshots) == 300
    for snap in snapshots:
        assert json.loads(json.dumps(snap)) == snap
    start = index_of(match, lambda e: e["t"] == "start")
    table = snapshots[start]
    players = match[0]["players"]
    assert table["hand_sizes"] == [7] * players
    assert table["discard"] == [match[start]["card"]] and table["top"] == match[start]["card"]
    assert table["draw_pile"] == 108 - 7 * players - 1
    assert table["dealer"] == match[index_of(match, lambda e: e["t"] == "round")]["dealer"]
    # Snapshots are copies: changing one changes nothing else.
    table["hands"][0].append("red:1")
    assert snapshots[start]["hands"][0] != replay_upto(match, start + 1).snapshot()["hands"][0]


def test_snapshot_follows_turn_colour_direction_and_uno(match):
    replay = TableReplay()
    seen = Counter()
    for event in match:
        replay.apply(event)
        table = replay.snapshot()
        kind = event["t"]
        if kind == "turn":
            assert table["turn"] == event["p"]
            seen[kind] += 1
        elif kind == "play":
            assert table["color"] == event["color"] and table["top"] == event["card"]
            seen[kind] += 1
        elif kind == "direction":
            assert table["direction"] == event["direction"]
            seen[kind] += 1
        elif kind == "uno":
            assert table["uno"][event["p"]]
            seen[kind] += 1
        elif kind == "reveal":
            assert table["reveal"] == {k: event[k] for k in ("p", "to", "cards")}
            seen[kind] += 1
        elif kind == "round_end":
            assert table["round_winner"] == event["winner"] and table["turn"] is None
            assert table["round_points"] == event["points"]
            seen[kind] += 1
    assert set(seen) == {"turn", "play", "direction", "uno", "reveal", "round_end"}


def test_classic_deck_is_rebuilt_from_the_rules(classic, match):
    replay = replay_upto(match, 1, classic)
    deck = replay.rules.deck
    assert sum(deck.values()) == 108
    for colour in ("red", "yellow", "green", "blue"):
        assert deck[f"{colour}:0"] == 1
        assert all(deck[f"{colour}:{n}"] == 2 for n in range(1, 10))
        assert all(deck[f"{colour}:{a}"] == 2 for a in ("skip", "reverse", "draw_two"))
    assert deck["wild:wild"] == 4 and deck["wild:wild_draw_four"] == 4


def test_a_refused_event_leaves_the_replay_as_it_was(match):
    i = index_of(match, lambda e: e["t"] == "play", start=20)
    replay = replay_upto(match, i)
    before = replay.snapshot()
    with pytest.raises(LogError):
        replay.apply({**match[i], "card": "wild:no_such_card"})
    assert replay.snapshot() == before
    replay.apply(match[i])  # and it goes on from there
    assert replay.index == i + 1


def test_without_rules_the_cards_are_still_followed(match):
    replay = TableReplay(load_rules=False)
    for event in match:
        replay.apply(event)
    table = replay.snapshot()
    assert not table["rules_known"] and table["draw_pile"] is None and table["deck_size"] is None
    assert table["scores"] == match[-1]["scores"]
    i = index_of(match, lambda e: e["t"] == "play")
    bad = tampered(match, i, card="wild:wild", color="red")
    with pytest.raises(LogError, match="does not hold"):
        TableReplay(load_rules=False).apply_all(bad)


def test_rules_that_cannot_be_loaded_are_noted(match):
    events = tampered(match, 0, rules=["no/such/rule-set"])
    replay = replay_events(events)
    assert replay.rules is None and "could not be loaded" in replay.rules_note
    assert replay.snapshot()["scores"] == match[-1]["scores"]


def test_unknown_events_are_passed_over(match):
    events = copy.deepcopy(match)
    events.insert(5, {"t": "chat", "p": 1, "text": "good luck"})
    assert replay_events(events).snapshot()["scores"] == match[-1]["scores"]


# --- contradictions ----------------------------------------------------------------------


def test_a_seat_plays_a_card_it_does_not_hold(match):
    i = index_of(match, lambda e: e["t"] == "play", start=30)
    seat = match[i]["p"]
    hand = replay_upto(match, i).hands[seat]
    missing = next(f"{c}:{n}" for c in ("red", "blue") for n in range(10) if f"{c}:{n}" not in hand)
    rejects(tampered(match, i, card=missing, color=missing.split(":")[0]), i, "does not hold")


def test_a_card_drawn_twice_breaks_conservation(match):
    i = index_of(match, lambda e: e["t"] == "draw", start=50)
    replay = replay_upto(match, i)
    # A card none of whose copies is left in the draw pile: drawing it would
    # make one card too many at the table.
    gone = next(card for card in sorted(replay.rules.deck) if card not in replay.pile)
    rejects(tampered(match, i, cards=[gone]), i, f"no {gone} is left in the draw pile")


def test_scores_must_add_up(match):
    i = index_of(match, lambda e: e["t"] == "round_end")
    scores = list(match[i]["scores"])
    scores[0] += 5
    rejects(tampered(match, i, scores=scores), i, "not the totals")


def test_round_points_must_follow_the_scheme(match):
    i = index_of(match, lambda e: e["t"] == "round_end")
    winner = match[i]["winner"]
    points = dict(match[i]["points"])
    points[str(winner)] += 10
    scores = [s + (10 if n == winner else 0) for n, s in enumerate(match[i]["scores"])]
    rejects(tampered(match, i, points=points, scores=scores), i, "winner_takes_points")


def test_final_scores_must_match(match):
    rejects(tampered(match, len(match) - 1, scores=[0, 0, 0, 0]), len(match) - 1, "final scores")


def test_a_round_winner_holds_no_cards(match):
    i = index_of(match, lambda e: e["t"] == "round_end")
    loser = (match[i]["winner"] + 1) % match[0]["players"]
    points = {str(s): 0 for s in range(match[0]["players"])}
    rejects(tampered(match, i, winner=loser, points=points, scores=[0] * 4), i, "holding")


def test_drawing_while_holding_a_playable_card(match):
    i = index_of(match, lambda e: e["t"] == "play", start=10)
    replay = replay_upto(match, i)
    in_pile = next(iter(replay.pile))
    events = match[:i] + [{"t": "draw", "p": match[i]["p"], "cards": [in_pile], "why": "turn"}]
    rejects(events, i, "while holding a card it may play")


def test_playing_out_of_turn(match):
    i = index_of(match, lambda e: e["t"] == "turn", start=10)
    seat = match[i]["p"]
    other = (seat + 1) % match[0]["players"]
    replay = replay_upto(match, i + 1)
    card = replay.hands[other][0]
    colour = "red" if card.startswith("wild") else card.split(":")[0]
    events = match[: i + 1] + [{"t": "play", "p": other, "card": card, "color": colour}]
    rejects(events, i + 1, f"seat {seat}'s turn")


def _mismatching(replay, seat):
    """A card of the seat's hand that matches neither colour nor symbol, if any."""
    top_face = replay.discard[-1].split(":")[1]
    for card in replay.hands[seat]:
        colour, face = card.split(":")
        if colour != "wild" and colour != replay.color and face != top_face:
            return card
    return None


def test_a_card_that_does_not_match(match):
    for i in range(len(match)):
        if match[i]["t"] == "play":
            replay = replay_upto(match, i)
            wrong = _mismatching(replay, match[i]["p"])
            if wrong is not None:
                break
    else:
        raise AssertionError("no play with a non-matching card in the hand")
    rejects(tampered(match, i, card=wrong, color=wrong.split(":")[0]), i, "matches neither")


def test_a_penalty_of_the_wrong_size(match):
    i = index_of(match, lambda e: e["t"] == "draw" and e["why"] == "penalty")
    rejects(tampered(match, i, cards=match[i]["cards"][:-1]), i, "penalty is")


def test_a_reveal_that_is_not_the_hand(match):
    i = index_of(match, lambda e: e["t"] == "reveal")
    rejects(tampered(match, i, cards=match[i]["cards"][1:]), i, "shows")


def test_a_challenge_verdict_that_is_wrong(match):
    i = index_of(match, lambda e: e["t"] == "challenge")
    rejects(tampered(match, i, guilty=not match[i]["guilty"]), i, "'guilty'")


def test_a_reshuffle_of_the_wrong_size():
    events = read_log(GOLDEN / "classic-seed4-7p.jsonl")
    i = index_of(events, lambda e: e["t"] == "reshuffle")
    rejects(tampered(events, i, cards=events[i]["cards"] + 1), i, "lie under the top")


def test_a_direction_that_does_not_change(match):
    i = index_of(match, lambda e: e["t"] == "direction")
    rejects(tampered(match, i, direction=-match[i]["direction"]), i, "already in force")


def test_the_wrong_dealer_or_a_short_hand(match):
    i = index_of(match, lambda e: e["t"] == "round")
    other = (match[i]["dealer"] + 1) % match[0]["players"]
    rejects(tampered(match, i, dealer=other), i, "cut highest")
    j = index_of(match, lambda e: e["t"] == "deal")
    rejects(tampered(match, j, cards=match[j]["cards"][:6]), j, "a hand is 7 cards")
    k = index_of(match, lambda e: e["t"] == "round", start=i + 1)
    rejects(tampered(match, k, dealer=match[i]["dealer"]), k, "the deal passes")


def test_a_caught_seat_must_draw(caught_game):
    i = index_of(caught_game, lambda e: e["t"] == "catch")
    draw = caught_game[i + 1]
    assert draw["t"] == "draw" and draw["why"] == "uno" and len(draw["cards"]) == 2
    replay_events(caught_game)  # the untouched game is fine
    events = caught_game[: i + 1] + caught_game[i + 2 :]
    rejects(events, i + 1, "should draw")
    rejects(tampered(caught_game, i + 1, cards=draw["cards"][:1]), i + 1, "a caught seat draws")


def test_a_catch_needs_one_card_and_no_uno(caught_game):
    i = index_of(caught_game, lambda e: e["t"] == "catch")
    start = index_of(caught_game, lambda e: e["t"] == "start")
    seat = caught_game[i]["p"]
    events = caught_game[: start + 1] + [{"t": "catch", "by": (seat + 1) % 3, "p": seat}]
    rejects(events, start + 1, "does not hold one card")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda ev: [{"t": "round", "n": 1, "dealer": 0}, *ev], ["begin with a 'game'"]),
        (lambda ev: [*ev, {"t": "turn", "p": 0}], ["after 'game_end'"]),
        (lambda ev: [ev[0], ev[0], *ev[1:]], ["second 'game'"]),
    ],
    ids=["no-game", "after-end", "two-games"],
)
def test_the_log_has_one_match_from_game_to_game_end(match, change, words):
    events = change(copy.deepcopy(match))
    with pytest.raises(LogError) as caught:
        replay_events(events)
    for word in words:
        assert word in str(caught.value)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("p", "two", ["seat number"]),
        ("p", 9, ["does not exist"]),
        ("card", "red7", ["not a card"]),
        ("card", "purple:7", ["not a card of these rules"]),
        ("color", "wild", ["not a colour"]),
    ],
)
def test_malformed_fields(match, field, value, words):
    i = index_of(match, lambda e: e["t"] == "play")
    rejects(tampered(match, i, **{field: value}), i, *words)


def test_error_messages_name_the_event(match):
    i = index_of(match, lambda e: e["t"] == "round_end")
    err = rejects(tampered(match, i, scores=[9, 9, 9, 9]), i)
    assert str(err).startswith(f"event {i} (round_end): ")
    assert err.event["t"] == "round_end" and err.line is None


# --- any tampering: a LogError or a clean replay, never a crash ----------------------------

FIELDS = ("t", "p", "card", "cards", "color", "why", "scores", "points")
FIELDS += ("winner", "n", "dealer", "direction", "by", "guilty", "with")
ODD_VALUES = st.sampled_from(["red:7", "wild:wild", "blue:skip", 0, 1, 3, -1, []])
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=6,
)


@st.composite
def tamperings(draw, size: int):
    """One change to a log: set or delete a field, drop, duplicate or swap events."""
    kind = draw(st.sampled_from(["set", "delete_field", "drop", "duplicate", "swap"]))
    index = draw(st.integers(0, size - 1))
    field = draw(st.sampled_from(FIELDS))
    value = draw(JSON_VALUES | ODD_VALUES)
    return kind, index, field, value


@settings(max_examples=examples(150))
@given(data=st.data())
def test_a_tampered_log_is_refused_or_replayed_never_crashes(match, data):
    events = copy.deepcopy(match[:400])
    kind, i, field, value = data.draw(tamperings(len(events)))
    if kind == "set":
        events[i][field] = value
    elif kind == "delete_field":
        events[i].pop(field, None)
    elif kind == "drop":
        del events[i]
    elif kind == "duplicate":
        events.insert(i, copy.deepcopy(events[i]))
    else:
        j = min(i + 1, len(events) - 1)
        events[i], events[j] = events[j], events[i]
    replay = TableReplay()
    try:
        for event in events:
            replay.apply(event)
    except LogError as err:
        assert err.index is not None and str(err).startswith(f"event {err.index}")
    json.dumps(replay.snapshot())
