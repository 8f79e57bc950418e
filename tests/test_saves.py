"""The save file without the screens: written at every decision,
read back as hostile, resumed only by re-executing its log under the rules it
was made with; the writer that keeps the frame free of disk waits."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from game.bots import make_bot
from game.engine import GameState
from game.files.reading import keep_aside
from game.log import Incomplete, Reexecution
from game.play.match import MatchSession, SeatConfig
from game.player_files.save_format import SaveHeader, peek
from game.player_files.saves import SAVE_FILE, SaveProblem, SaveSlot
from game.player_files.writer import FileWriter

SEATS = [SeatConfig("Ana"), SeatConfig("Bo", "bot", "random"), SeatConfig("Cy")]


def play(session: MatchSession, actions: int, seed: int = 1) -> None:
    """Bots decide for every seat (the humans too) for `actions` actions."""
    bots = {i: make_bot("basic", seed + i, session.rules) for i in range(session.players)}
    for _ in range(actions):
        state = session.state
        if state.over:
            return
        seat = state.pending.seat
        session.apply(bots[seat].choose(session.look(seat), session.legal(seat)))


def saved_session(folder: Path, actions: int = 120, **kw) -> tuple[SaveSlot, MatchSession]:
    slot = SaveSlot(folder)
    session = MatchSession(kw.pop("rules", ["classic"]), SEATS, seed=kw.pop("seed", 4), **kw)
    slot.keep(session)
    play(session, actions)
    slot.close()
    return slot, session


def hands(state: GameState) -> list[list[str]]:
    names = state.cards.names
    return [sorted(names[c] for c in hand) for hand in state.hands]


def test_the_save_is_the_log_behind_a_header(tmp_path):
    slot, session = saved_session(tmp_path)
    lines = (tmp_path / SAVE_FILE).read_text().splitlines()
    header = json.loads(lines[0])
    assert header["format"] == "couch-uno-save" and header["version"] == 1
    assert header["seats"][1] == {"name": "Bo", "kind": "bot", "level": "random"}
    assert header["rules_label"] == "Classic UNO" and header["target"] == "default"
    assert [json.loads(line) for line in lines[1:]] == session.log
    saved = slot.saved()
    assert saved is not None and saved.events == len(session.log)
    assert saved.scores == list(session.state.scores)
    assert saved.round_no == session.state.round_no


def test_resuming_re_executes_to_the_same_state(tmp_path):
    slot, session = saved_session(tmp_path, actions=400, seed=12)
    resumed = slot.resume()
    state = resumed.state
    assert resumed.log == session.log
    assert hands(state) == hands(session.state)
    assert state.scores == session.state.scores and state.round_no == session.state.round_no
    assert (state.pending.kind, state.pending.seat) == (
        session.state.pending.kind,
        session.state.pending.seat,
    )
    assert len(state.draw_pile) == len(session.state.draw_pile)


def test_a_resumed_match_goes_on_saving_one_match(tmp_path):
    slot, session = saved_session(tmp_path, actions=150)
    resumed = slot.resume()
    header = resumed.saved.header
    again = resumed.session()
    slot2 = SaveSlot(tmp_path)
    slot2.keep(again, header)
    play(again, 150, seed=99)
    slot2.close()
    lines = (tmp_path / SAVE_FILE).read_text().splitlines()
    assert json.loads(lines[0])["id"] == header.id
    events = [json.loads(line) for line in lines[1:]]
    assert events[: len(session.log)] == session.log and len(events) > len(session.log)
    with pytest.raises(Incomplete):
        for _ in Reexecution(enumerate(events, start=1)):
            pass


def test_saving_costs_the_frame_no_disk_wait(tmp_path, monkeypatch):
    """The frame hands the text over; the disk is waited on by the worker."""
    import game.player_files.writer as writer

    entered = threading.Event()
    release = threading.Event()

    def slow_write(path, text):
        entered.set()
        release.wait(60)
        Path(path).write_text(text)

    monkeypatch.setattr(writer, "write_text_atomic", slow_write)
    slot = SaveSlot(tmp_path)
    flush = slot.writer.flush

    def no_waiting(timeout=None):
        raise AssertionError("a decision waited for the disk")

    monkeypatch.setattr(slot.writer, "flush", no_waiting)
    session = MatchSession(["classic"], SEATS, seed=3)
    slot.keep(session)
    assert entered.wait(5)
    play(session, 200)  # a round's end among them: the statistics are counted too
    assert any(e["t"] == "round_end" for e in session.log)
    assert slot.writer.pending(tmp_path / SAVE_FILE)  # the disk is still "stuck"
    release.set()
    assert flush()
    assert peek(tmp_path / SAVE_FILE).events == len(session.log)


def test_the_writer_runs_jobs_in_the_order_of_their_last_version(tmp_path, monkeypatch):
    import game.player_files.writer as writer_module

    started, release = threading.Event(), threading.Event()
    real = writer_module.write_text_atomic

    def held(path, text):
        if Path(path).name == "c":
            started.set()
            release.wait(5)
        real(path, text)

    monkeypatch.setattr(writer_module, "write_text_atomic", held)
    order: list[tuple[str, str | None]] = []
    writer = FileWriter(on_done=lambda path, text, error: order.append((path.name, text)))
    a, b, c = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    writer.put(c, "first")
    assert started.wait(5)  # the worker is busy with c: the rest queue up
    writer.put(a, "1")
    writer.put(b, "x")
    writer.put(a, "2")  # replaces a's "1" and goes behind b
    writer.put(a, None)  # a removal replaces it again
    release.set()
    assert writer.flush()
    assert order == [("c", "first"), ("b", "x"), ("a", None)]
    assert not a.exists() and b.read_text() == "x" and c.read_text() == "first"


def test_a_failed_write_is_said_once_and_the_old_save_kept(tmp_path):
    slot, session = saved_session(tmp_path, actions=20)
    while slot.take_notice() is not None:
        pass
    path = tmp_path / SAVE_FILE
    before = path.read_bytes()
    path.unlink()
    path.mkdir()  # something that is not a file stands where the save goes
    for _ in range(5):
        play(session, 2)
        slot.writer.flush()
    assert slot.write_error is not None and not slot.saving_now
    assert "cannot be saved" in (slot.take_notice() or "")
    assert slot.take_notice() is None  # once, not at every decision
    path.rmdir()
    play(session, 2)
    slot.close()
    assert slot.saving_now and slot.take_notice() == "The match is saved again"
    assert peek(path).events == len(session.log) and path.read_bytes() != before


def test_a_finished_match_clears_its_save(tmp_path):
    slot = SaveSlot(tmp_path)
    session = MatchSession(["classic"], SEATS, seed=2, single_round=True)
    slot.keep(session)
    play(session, 5000)
    assert session.state.over
    slot.close()
    assert not (tmp_path / SAVE_FILE).exists()
    assert slot.stats.player("Ana").matches == 1


def test_a_save_of_an_ended_match_is_counted_and_cleared(tmp_path):
    """The game stopped between the match's end and clearing its save."""
    slot = SaveSlot(tmp_path)
    session = MatchSession(["classic"], SEATS, seed=2, single_round=True)
    slot.keep(session)
    play(session, 5000)
    slot.close()
    header = slot.recorder.header
    text = header.line() + "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in session.log)
    (tmp_path / SAVE_FILE).write_text(text)
    (tmp_path / "players.json").unlink()
    fresh = SaveSlot(tmp_path)
    assert fresh.saved() is None and fresh.problem is None
    assert not (tmp_path / SAVE_FILE).exists()
    assert fresh.stats.player("Ana").matches == 1


@pytest.mark.parametrize(
    ("data", "kind"),
    [
        (b"", "damaged"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "foreign"),
        (b'{"t":"game","rules":["classic"]}\n', "foreign"),
        (b'{"format":"couch-uno-save","version":2}\n{"t":"game"}\n', "version"),
        (b'{"format":"couch-uno-save","version":1,"id":"x"}\n', "damaged"),
        (b"[" * 100_000 + b"\n", "foreign"),
    ],
)
def test_what_is_not_a_save_is_refused_in_words(tmp_path, data, kind):
    path = tmp_path / SAVE_FILE
    path.write_bytes(data)
    with pytest.raises(SaveProblem) as refused:
        peek(path)
    assert refused.value.kind == kind
    assert refused.value.reason and "\n" not in refused.value.reason


def test_a_header_is_checked_field_by_field(tmp_path):
    slot, _ = saved_session(tmp_path, actions=5)
    path = tmp_path / SAVE_FILE
    head, rest = path.read_bytes().split(b"\n", 1)
    good = json.loads(head)
    assert SaveHeader.parse(head).names == ["Ana", "Bo", "Cy"]
    for field, value, wrong in [
        ("id", "../../etc", "id"),
        ("seats", [{"name": "Ana", "kind": "god", "level": "basic"}] * 3, "seats"),
        ("target", -5, "target"),
        ("target", True, "target"),
        ("single_round", "yes", "single_round"),
        ("rules", [], "rules"),
        ("rules", ["classic\x1b"], "rules"),
        ("rules_label", "", "rules_label"),
        ("fingerprint", "0" * 10, "fingerprint"),
        ("id", None, "id"),
    ]:
        bad = dict(good, **{field: value})
        path.write_bytes(json.dumps(bad).encode() + b"\n" + rest)
        with pytest.raises(SaveProblem) as refused:
            peek(path)
        assert refused.value.kind == "damaged", field
        assert refused.value.reason == f"its header is damaged ({wrong})"
    for gone in (["id"], ["single_round", "rules"]):
        bad = {k: v for k, v in good.items() if k not in gone}
        with pytest.raises(SaveProblem) as refused:
            SaveHeader.parse(json.dumps(bad).encode())
        missing = ", ".join(sorted(gone))
        assert refused.value.reason == f"its header is damaged (missing {missing})"
    names = dict(good, seats=[dict(s, name=s["name"] + "x") for s in good["seats"]])
    path.write_bytes(json.dumps(names).encode() + b"\n" + rest)
    with pytest.raises(SaveProblem, match="different seats"):
        peek(path)


def test_a_fifo_is_not_waited_on(tmp_path):
    path = tmp_path / SAVE_FILE
    os.mkfifo(path)
    with pytest.raises(SaveProblem, match="not a regular file"):
        peek(path)


def test_a_save_kept_aside_keeps_every_byte_and_never_overwrites(tmp_path):
    path = tmp_path / SAVE_FILE
    names = set()
    for n in range(3):
        path.write_bytes(b"damaged %d" % n)
        kept = keep_aside(path)
        assert kept is not None and kept.read_bytes() == b"damaged %d" % n
        names.add(kept.name)
    assert len(names) == 3 and not path.exists()
    assert all(n.startswith("match.kept-") and n.endswith(".save") for n in names)


def test_resuming_checks_every_event_against_the_format(tmp_path):
    slot, _ = saved_session(tmp_path, actions=30)
    path = tmp_path / SAVE_FILE
    lines = path.read_text().splitlines()
    deal = next(i for i, line in enumerate(lines) if line.startswith('{"t":"deal",'))
    event = json.loads(lines[deal])
    event["cards"] = [1]  # a card is a string (a field the format does not name is welcome)
    lines[deal] = json.dumps(event)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(SaveProblem, match="damaged"):
        slot.resume()
    assert not path.exists()
    assert slot.problem is not None and "kept as match.kept-" in slot.problem


def test_the_title_reads_a_save_without_loading_the_engine(tmp_path):
    import subprocess
    import sys

    saved_session(tmp_path, actions=10)
    code = (
        "import sys; from pathlib import Path; from game.player_files.saves import SaveSlot;"
        f"s = SaveSlot(Path({str(tmp_path)!r})).saved(); assert s is not None;"
        "print(sorted(m for m in sys.modules if m.startswith('game.engine') or m == 'game.log'))"
    )
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_a_save_is_written_within_a_bounded_time_of_its_decision(tmp_path):
    """Saves keep up with a fast table: the file on disk is never more than
    the writes in flight behind the match (bounded by counting, not timing)."""
    slot = SaveSlot(tmp_path)
    session = MatchSession(["classic"], SEATS, seed=8)
    slot.keep(session)
    for _ in range(50):
        play(session, 4)
        slot.writer.flush()
        assert peek(tmp_path / SAVE_FILE).events == len(session.log)


def test_the_rules_fingerprint_follows_play_not_wording(tmp_path):
    from game.player_files.save_format import rules_fingerprint
    from game.rules.loader import load_rules

    def fingerprint(text: str) -> str:
        path = tmp_path / f"r{abs(hash(text))}.yaml"
        path.write_text("extends: classic\n" + text)
        return rules_fingerprint(load_rules([str(path)]))

    base = fingerprint("")
    assert base == rules_fingerprint(load_rules(["classic"]))
    assert fingerprint("name: Ours\ndescription: house rules of flat 3\n") == base
    assert fingerprint("cards: {skip: {label: Miss a go}}\n") == base
    # A teach: text is words too: a save from before it existed, or before a
    # file gave one, still resumes.
    assert fingerprint("cards: {skip: {teach: Skip the one about to win.}}\n") == base
    assert fingerprint("cards: {skip: {copies: 3}}\n") != base
    assert fingerprint("dealing: {hand_size: 8}\n") != base
    assert fingerprint("uno: {penalty: 4}\n") != base


def test_the_header_names_the_house_rules_in_the_players_language(tmp_path):
    """The title and the Players screen show the save's rules label: the rule
    set's and each house rule's name from its file, in the language played
    in, never a file id; read back as written."""
    from game import i18n

    i18n.set_language("tr")
    rules = ["classic", "house/jump-in", "house/late-catch"]
    slot, session = saved_session(tmp_path, actions=60, rules=rules)
    saved = slot.saved()
    assert saved is not None
    assert saved.header.rules_label == "Klasik UNO + Araya girme + Geç yakalama"
    assert saved.header.rules == tuple(rules)  # the files, to load them again
    i18n.set_language("en")
    resumed = slot.resume()
    assert resumed.log == session.log


def test_a_save_from_before_house_rule_names_still_resumes(tmp_path):
    """A header written when the label held the house rules' ids is still a
    header: it is read, shown as it was written, and the match resumes."""
    slot, session = saved_session(tmp_path, actions=60, rules=["classic", "house/jump-in"])
    path = tmp_path / SAVE_FILE
    first, rest = path.read_text().split("\n", 1)
    header = json.loads(first)
    assert header["rules_label"] == "Classic UNO + Jump-in"
    header["rules_label"] = "Classic UNO + jump-in"  # as older versions wrote it
    path.write_text(json.dumps(header, separators=(",", ":")) + "\n" + rest)
    fresh = SaveSlot(tmp_path)
    saved = fresh.saved()
    assert saved is not None and saved.header.rules_label == "Classic UNO + jump-in"
    assert fresh.resume().log == session.log


def test_a_flip_match_saved_on_its_dark_side_resumes_there(tmp_path):
    # A two-sided deck's save is its log: the pairs of faces come back from
    # the seed, and the flips from re-executing the plays.
    slot = SaveSlot(tmp_path)
    session = MatchSession(["flip"], SEATS, seed=3)
    slot.keep(session)
    bots = {i: make_bot("basic", 7 + i, session.rules) for i in range(session.players)}
    for _ in range(5000):
        state = session.state
        if state.side == 1 and state.pending.kind == "play":
            break
        session.apply(
            bots[state.pending.seat].choose(
                session.look(state.pending.seat), session.legal(state.pending.seat)
            )
        )
    slot.close()
    assert session.state.side == 1
    resumed = slot.resume().state
    assert resumed.side == 1 and resumed.cards.names == session.state.cards.names
    assert hands(resumed) == hands(session.state)
    assert [resumed.cards.names[c] for c in resumed.draw_pile] == [
        session.state.cards.names[c] for c in session.state.draw_pile
    ]


def test_a_match_learning_as_you_play_resumes_without_teaching_again(tmp_path):
    """The header keeps what the tutor taught up to the last decision; a
    resumed match's tutor remembers it (docs/playing.md, Learning as you play)."""
    slot, session = saved_session(tmp_path, actions=80, learning=True)
    taught = session.taught()
    assert taught is not None and taught["taught"]
    saved = slot.saved()
    assert saved is not None and saved.header.learning and saved.header.tutor == taught
    again = slot.resume().session()
    assert again.learning and again.tutor is not None
    assert again.taught() == taught
    keys = {key for key, _seat in taught["taught"]}
    assert all(again.tutor.taught(key) for key in keys)


def test_a_save_from_before_learning_resumes_without_it(tmp_path):
    """A header of minor 0 has no learning fields: it reads as not learning."""
    slot, session = saved_session(tmp_path, actions=30)
    path = tmp_path / SAVE_FILE
    first, rest = path.read_text().split("\n", 1)
    header = json.loads(first)
    for key in ("minor", "learning", "per_seat", "tutor"):
        header.pop(key)
    path.write_text(json.dumps(header, separators=(",", ":")) + "\n" + rest)
    fresh = SaveSlot(tmp_path)
    saved = fresh.saved()
    assert saved is not None and not saved.header.learning and saved.header.tutor is None
    again = fresh.resume().session()
    assert not again.learning and again.tutor is None
