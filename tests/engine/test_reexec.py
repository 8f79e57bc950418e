"""Checking a log by re-execution (game/log/reexec.py).

The engine plays the match again from the log's `game` event and must write
every event of the log exactly. Here: every shipped rule set and random
house-rule mixes verify; a tampered log is refused at the line of the first
event that differs, with what the engine would have written there; identical
cards, interrupted logs and rules that cannot be loaded; and a mutation fuzz
of whole log files (every mutant refused in words or played, never a
traceback).
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from game.bots import make_bot
from game.engine import Play, apply, legal_actions, new_game, out_of_turn_seats
from game.log import (
    Divergence,
    Incomplete,
    LogError,
    MatchRefused,
    Reexecution,
    iter_matches,
    log_text,
    read_log,
    verify_file,
)
from game.play.sim import play_match
from game.rules.errors import RuleFileError
from game.rules.loader import layer_base, load_rules
from game.rules.names import available_rule_sets, resolve_name
from tests.depth import examples
from tests.support.rules import whole_matches

RULE_FILES = available_rule_sets()
BASES = [name for name in RULE_FILES if not name.startswith("house/")]
HOUSE = [name for name in RULE_FILES if name.startswith("house/")]

GOLDEN = Path(__file__).resolve().parent / "golden"


def shipped(name: str) -> list[str]:
    """A shipped rule file as it is played: a base alone, a house rule on its base."""
    base = layer_base(resolve_name(name))
    return [name] if base is None else [base, name]


def match_events(names, players, seed, level="basic", single_round=False) -> list[dict]:
    rules = load_rules(names)
    bots = [make_bot(level, seed + 1 + seat) for seat in range(players)]
    return play_match(rules, players, seed, bots, single_round=single_round).events


def check(events, rules=None) -> Reexecution:
    run = Reexecution(enumerate(events, start=1), rules=rules)
    for _ in run:
        pass
    return run


def refused_at(events, line: int, *words: str) -> Divergence:
    with pytest.raises(Divergence) as caught:
        check(events)
    err = caught.value
    assert err.line == line, f"refused at line {err.line}, not {line}: {err}"
    assert str(err).startswith(f"{line}: the engine would have written ")
    for word in words:
        assert word in str(err), f"{word!r} not in {err}"
    return err


@pytest.fixture(scope="module")
def match() -> list[dict]:
    return read_log(GOLDEN / "classic-seed2-4p.jsonl")


def index_of(events, test, start: int = 0) -> int:
    return next(i for i in range(start, len(events)) if test(events[i]))


def tampered(events, index: int, **fields) -> list[dict]:
    events = copy.deepcopy(events)
    events[index].update(fields)
    return events


# --- every rule set ------------------------------------------------------------------


@pytest.mark.parametrize("name", RULE_FILES)
def test_every_shipped_rule_set_verifies(name, tmp_path):
    names = shipped(name)
    try:
        rules = load_rules(names)
    except RuleFileError as err:  # a house rule that needs another base than its own
        pytest.skip(str(err))
    players = 4 if 4 in rules.model.allowed_counts() else rules.model.allowed_counts()[0]
    path = tmp_path / "match.jsonl"
    events = match_events(names, players, len(name), single_round=not whole_matches(names))
    path.write_text(log_text(events))
    verdict = verify_file(path)
    assert verdict.matches == 1 and not verdict.problems, verdict.problems


@st.composite
def mixes(draw):
    base = draw(st.sampled_from(BASES))
    return [base, *draw(st.lists(st.sampled_from(HOUSE), max_size=3, unique=True))]


@settings(max_examples=examples(200, quick=15), suppress_health_check=list(HealthCheck))
@given(
    names=mixes(),
    seed=st.integers(0, 2**31),
    pick=st.integers(0, 50),
    level=st.sampled_from(["basic", "random"]),
    single_round=st.booleans(),
)
def test_random_house_rule_mixes_verify(names, seed, pick, level, single_round):
    try:
        rules = load_rules(names)
    except RuleFileError:
        reject()
    counts = rules.model.allowed_counts()
    try:
        events = match_events(names, counts[pick % len(counts)], seed, level, single_round)
    except AttributeError:  # the basic bot's own crash, not the log's
        reject()
    run = check(events)
    assert run.over and run.state is not None and run.state.scores == events[-1]["scores"]


def test_a_mix_with_choices_of_every_kind_verifies():
    """Jump-in, seven-o swaps and rotations, several cards at once: out-of-turn
    plays, choices of a player, actions that write nothing."""
    names = ["classic", "house/jump-in", "house/multi-card", "house/seven-o"]
    kinds = set()
    for seed in range(4):
        events = match_events(names, 4, seed, "random", single_round=True)
        check(events)
        kinds |= {event["t"] for event in events}
    assert {"jump_in", "chose", "swap", "hands"} <= kinds


# --- tampering ----------------------------------------------------------------------


def test_the_untouched_match_re_executes(match):
    run = check(match)
    assert run.over and run.state.winner == match[-1]["winner"]


def test_a_card_the_seat_does_not_hold(match):
    i = index_of(match, lambda e: e["t"] == "play", start=30)
    seat = match[i]["p"]
    state = reexecute_prefix(match, i)
    held = {state.cards.names[c] for c in state.hands[seat]}
    missing = next(f"{c}:{n}" for c in ("red", "blue") for n in range(10) if f"{c}:{n}" not in held)
    refused_at(
        tampered(match, i, card=missing, color=missing.split(":")[0]),
        i + 1,
        f"seat {seat} holds no {missing}",
    )


def reexecute_prefix(events, stop: int):
    run = Reexecution(enumerate(events[:stop], start=1))
    with pytest.raises(Incomplete):
        for _ in run:
            pass
    return run.state


def test_a_card_that_does_not_match(match):
    for i, event in enumerate(match):
        if event["t"] != "play" or i < 20:
            continue
        state = reexecute_prefix(match, i)
        names, top = state.cards.names, state.cards.names[state.discard[-1]]
        color = state.cards.colors[state.color]
        wrong = next(
            (
                names[c]
                for c in state.hands[event["p"]]
                if not names[c].startswith(("wild", color))
                and names[c].split(":")[1] != top.split(":")[1]
            ),
            None,
        )
        if wrong is not None:
            break
    else:
        raise AssertionError("no play with a card that does not match in the hand")
    refused_at(tampered(match, i, card=wrong, color=wrong.split(":")[0]), i + 1, "doesn't match")


@pytest.mark.parametrize(
    ("change", "line_of"),
    [
        (lambda ev, i: tampered(ev, i, scores=[1, 2, 3, 4]), lambda i: i + 1),
        (lambda ev, i: ev[:i] + ev[i + 1 :], lambda i: i + 1),
        (lambda ev, i: ev[: i + 1] + ev[i:], lambda i: i + 2),
        (lambda ev, i: ev[: i - 1] + [ev[i], ev[i - 1]] + ev[i + 1 :], lambda i: i),
        (lambda ev, i: [*ev[:i], {"t": "uno", "p": 0}, *ev[i:]], lambda i: i + 1),
    ],
    ids=["scores", "dropped", "duplicated", "swapped", "inserted"],
)
def test_a_tampered_log_is_refused_at_its_line(match, change, line_of):
    i = index_of(match, lambda e: e["t"] == "round_end")
    refused_at(change(match, i), line_of(i))


def test_a_changed_game_event_is_refused_at_its_first_difference(match):
    refused_at(tampered(match, 0, seed=3), 2)  # another seed cuts other cards
    end = index_of(match, lambda e: e["t"] == "round_end" and max(e["scores"]) >= 50)
    refused_at(tampered(match, 0, target=50), end + 2, '"t":"game_end"')  # the match ends here
    assert check(tampered(match, 0, names=["A", "B", "C", "D"])).over  # names are the log's own
    with pytest.raises(Incomplete):
        check(match[:1])


def test_what_the_engine_would_have_written_is_listed(match):
    i = index_of(match, lambda e: e["t"] == "draw" and e["why"] == "penalty")
    err = refused_at(tampered(match, i, cards=match[i]["cards"][:1]), i + 1)
    assert err.expected == (match[i],) and err.found["cards"] == match[i]["cards"][:1]


def test_events_after_the_end_are_refused(match):
    with pytest.raises(Divergence, match="the match is over here"):
        check([*match, {"t": "turn", "p": 0}])


def test_rules_that_cannot_be_loaded_refuse_the_match(match):
    with pytest.raises(MatchRefused, match="cannot be loaded") as caught:
        check(tampered(match, 0, rules=["no/such/rule-set"]))
    assert caught.value.line == 1
    duo = tampered(match, 0, rules=["duo"])
    with pytest.raises(MatchRefused, match="the engine cannot start this match"):
        check(duo)  # four seats for a two-seat game


# --- identical cards --------------------------------------------------------------------


def reveal_game() -> list[dict]:
    """A classic game of random bots in which a challenged hand was shown in order."""
    for seed in range(400):
        events = match_events(["classic"], 3, seed, "random", single_round=True)
        if any(e["t"] == "reveal" and len(set(e["cards"])) > 1 for e in events):
            return events
    pytest.fail("no game with a revealed hand in 400 seeds")


def test_either_copy_of_an_identical_card_leaves_the_same_hand():
    """The log writes a card by name, so the copy played must not matter: the
    first copy in the hand leaves (GameState.lay_down), and the events and
    every hand's order come out the same whichever copy the player chose."""
    rules = load_rules(["classic"])
    for seed in range(200):
        state, _ = new_game(rules, 3, seed, single_round=True)
        seat = state.pending.seat
        names = state.cards.names
        plays = [a for a in legal_actions(state, seat) if isinstance(a, Play)]
        by_name: dict[str, list[Play]] = {}
        for play in plays:
            by_name.setdefault(names[play.card] + str(play.color), []).append(play)
        twins = next((p for p in by_name.values() if len(p) > 1), None)
        if twins is None:
            continue
        outcomes = []
        for play in twins[:2]:
            after, events = apply(state, play)
            outcomes.append((events, [[names[c] for c in hand] for hand in after.hands]))
        assert outcomes[0] == outcomes[1]
        return
    pytest.fail("no opening hand with two playable copies of a card in 200 seeds")


@pytest.mark.parametrize("names", [["classic"], ["uno112"], ["classic", "house/seven-o"]])
def test_a_log_never_needs_two_readings_of_identical_cards(names):
    """Random bots pick any copy of a card; the check still follows one reading.
    (UNO Duo is left out: two of its answers write the same first event, which
    the next event tells apart, so it briefly follows two readings.)"""
    rules = load_rules(names)
    players = rules.model.allowed_counts()[0]
    for seed in range(examples(10)):
        run = check(match_events(names, players, seed, "random", single_round=True))
        assert run.over and run.most_readings == 1


def test_a_revealed_hand_in_an_order_the_engine_cannot_reach_is_refused():
    events = reveal_game()
    i = index_of(events, lambda e: e["t"] == "reveal" and len(set(e["cards"])) > 1)
    cards = events[i]["cards"]
    j = next(k for k in range(1, len(cards)) if cards[k] != cards[0])
    swapped = [cards[j], *cards[1:j], cards[0], *cards[j + 1 :]]
    refused_at(tampered(events, i, cards=swapped), i + 1)


# --- logs cut short ----------------------------------------------------------------------


def test_an_interrupted_log_gives_every_event_then_says_incomplete(match):
    for stop in (40, 150, len(match) - 1):
        run = Reexecution(enumerate(match[:stop], start=1))
        given_back = []
        with pytest.raises(Incomplete) as caught:
            for item in run:
                given_back.append(item)
        assert [e for _, e in given_back] == match[:stop]
        assert caught.value.line == stop


def test_a_log_cut_mid_line_gives_every_event_before_the_cut(match, tmp_path):
    """The check reads ahead to a round's end (does a hand show again?). A line
    it could not read there stopped a replay at the check's place, events
    before the bad line unshown; now the error waits for the check to get there."""
    lines = log_text(match).splitlines(keepends=True)
    for stop in (40, 150, len(match) - 1):
        path = tmp_path / f"cut{stop}.jsonl"
        path.write_text("".join(lines[:stop]) + lines[stop][: len(lines[stop]) // 2])
        given_back = []
        with pytest.raises(LogError) as caught:
            for item in Reexecution(next(iter_matches(path)).events()):
                given_back.append(item)
        assert not isinstance(caught.value, Incomplete)  # a bad line, not a clean stop
        assert caught.value.line == stop + 1
        assert [e for _, e in given_back] == match[:stop]
    # After the game_end, a bad line is refused too, not passed over.
    path = tmp_path / "after.jsonl"
    path.write_text("".join(lines) + '{"t": "ga')
    with pytest.raises(LogError) as caught:
        for _ in Reexecution(next(iter_matches(path)).events()):
            pass
    assert caught.value.line == len(lines) + 1


LINES = log_text(read_log(GOLDEN / "classic-seed2-4p.jsonl")).splitlines(keepends=True)


@settings(max_examples=examples(100), deadline=None)
@given(line=st.integers(1, len(LINES) - 1), keep=st.floats(0.05, 0.95))
def test_wherever_a_line_is_cut_every_event_before_it_is_given(line, keep, tmp_path_factory):
    """A log cut inside any line (an editor's save cut short, a disk full)."""
    cut = LINES[line]
    path = tmp_path_factory.mktemp("cut") / "cut.jsonl"
    # Short of its closing brace: a whole object without its newline is a last
    # line the reader takes (an editor's file often ends so), and then the
    # match is only incomplete.
    path.write_text("".join(LINES[:line]) + cut[: max(1, min(len(cut) - 2, int(len(cut) * keep)))])
    given_back = []
    with pytest.raises(LogError) as caught:
        for item in Reexecution(next(iter_matches(path)).events()):
            given_back.append(item)
    assert not isinstance(caught.value, Incomplete)
    assert caught.value.line == line + 1
    assert len(given_back) == line


def test_a_random_walk_of_legal_actions_re_executes_at_every_length():
    """Any legal action of any seat, out-of-turn ones included, at random."""
    rules = load_rules(["classic", "house/jump-in", "house/seven-o"])
    rnd = random.Random(5)
    state, events = new_game(rules, 4, 9)
    for _ in range(300):
        if state.over:
            break
        seats = [state.pending.seat, *out_of_turn_seats(state)]
        action = rnd.choice([a for s in seats for a in legal_actions(state, s)])
        state, more = apply(state, action)
        events += more
    for stop in range(2, len(events), 37):
        with pytest.raises(Incomplete):
            check(events[:stop], rules)


# --- mutation fuzz ---------------------------------------------------------------------------

HOSTILE_TEXT = [
    b"1e400",
    b"9" * 5000,
    b"[4]",
    b'"\\u0000"',
    b'"\\u001b[2J"',
    b"null",
    b"-1",
    b'{"t":"game","players":1000000000}',
    b"[" * 3000,
    b'"' + b"x" * 3000 + b'"',
    b"\xff\xfe",
    b"\n",
    b"",
]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=6,
)
FIELDS = ["t", "p", "card", "cards", "color", "why", "scores", "points", "winner", "n"]
FIELDS += ["dealer", "direction", "by", "guilty", "with", "players", "names", "rules", "seed"]


@pytest.fixture(scope="module")
def logs() -> list[bytes]:
    """Small real logs of rule sets with different events: classic, uno112, duo, and
    classic with jump-in, seven-o and several cards at once."""
    found = [log_text(read_log(GOLDEN / "classic-seed11-2p.jsonl")[:400]).encode()]
    for names, players in [
        (["uno112"], 3),
        (["duo"], 2),
        (["classic", "house/jump-in", "house/seven-o", "house/multi-card"], 4),
    ]:
        events = match_events(names, players, seed=2, level="random", single_round=True)
        found.append(log_text(events[:400]).encode())
    return found


@st.composite
def mutations(draw, size: int):
    kind = draw(
        st.sampled_from(["bytes", "cut", "insert", "lines", "field", "field-delete", "twice"])
    )
    at = draw(st.integers(0, size))
    return (
        kind,
        at,
        draw(st.sampled_from(HOSTILE_TEXT)),
        draw(JSON_VALUES),
        draw(st.sampled_from(FIELDS)),
        draw(st.integers(0, 2**32)),
    )


def mutate(data: bytes, mutation) -> bytes:
    kind, at, text, value, field, salt = mutation
    rnd = random.Random(salt)
    if kind == "bytes":
        buf = bytearray(data)
        for _ in range(rnd.randint(1, 4)):
            buf[rnd.randrange(len(buf))] = rnd.randrange(256)
        return bytes(buf)
    if kind == "cut":
        return data[:at]
    if kind == "insert":
        return data[:at] + text + data[at:]
    lines = data.split(b"\n")[:-1]
    i = rnd.randrange(len(lines))
    if kind == "lines":
        j = rnd.randrange(len(lines))
        choice = rnd.randrange(3)
        if choice == 0:
            del lines[i]
        elif choice == 1:
            lines.insert(j, lines[i])
        else:
            lines[i], lines[j] = lines[j], lines[i]
    elif kind == "twice":
        lines = lines + lines[: rnd.randrange(len(lines))]
    else:
        event = json.loads(lines[i])
        if kind == "field":
            event[field] = value
        else:
            event.pop(field, None)
        lines[i] = json.dumps(event, separators=(",", ":")).encode()
    return b"\n".join(lines) + b"\n"


@settings(max_examples=examples(300, quick=30), suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_every_mutant_is_refused_in_words_or_re_executes(logs, data, tmp_path_factory):
    original = data.draw(st.sampled_from(logs))
    mutant = mutate(original, data.draw(mutations(len(original))))
    path = tmp_path_factory.mktemp("fuzz") / "mutant.jsonl"
    path.write_bytes(mutant)
    verdict = verify_file(path)  # must not raise
    for problem in verdict.problems:
        text = str(problem)
        assert isinstance(problem, LogError) and text.startswith(f"{path}:"), text
        assert text.isprintable(), text
    if mutant == original:
        assert not verdict.problems or "stops before" in str(verdict.problems[0])


def test_a_match_too_costly_to_check_is_refused(match, monkeypatch):
    """The work is bounded: a log crafted to keep many readings of identical
    cards alive is refused once it costs more engine steps per event than real
    logs do (here the bound is lowered so that a real match reaches it)."""
    import game.log.reexec as reexec

    monkeypatch.setattr(reexec, "WORK_FLOOR", 10)
    monkeypatch.setattr(reexec, "WORK_PER_EVENT", 0)
    with pytest.raises(MatchRefused, match="too costly") as caught:
        check(match)
    assert caught.value.line is not None
