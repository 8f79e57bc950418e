"""The replay viewer: plays a simulated log to its end, steps, and reports a
log that does not re-execute, one that stops short, and one that is not a log."""

from __future__ import annotations

import json

import pygame
import pytest

from game.bots import make_bot
from game.log import log_text, verify_file
from game.play.sim import play_match
from game.rules.loader import load_rules
from game.scenes.replay import SPEEDS, ReplayScene
from tests.support.spies import recorded


def write_log(path, games: int = 1, players: int = 4, seed: int = 3, rules=("classic",)):
    rule_set = load_rules(list(rules))
    events = []
    for g in range(games):
        bots = [make_bot("basic", seed + g * 10 + i) for i in range(players)]
        events += play_match(rule_set, players, seed + g, bots, single_round=True).events
    path.write_text(log_text(events))
    return path


def fast(scene: ReplayScene) -> None:
    scene.speed_index = len(SPEEDS) - 1  # 16x
    scene._apply_speed()


def test_replay_plays_every_match_in_a_log(driver, tmp_path):
    log = write_log(tmp_path / "two.jsonl", games=2)
    scene = ReplayScene(driver.app, str(log))
    driver.app.push(scene)
    fast(scene)
    assert driver.until(lambda: scene.match == 1 and scene.finished, limit=20000)
    assert scene.error is None and scene.note is None
    driver.frames(5, dt=1.0)  # past the 3 s pause after the last match: it stays
    assert scene.match_count == 2 and scene.match == 1
    table = scene.table
    # The table shows what the engine's own state says: hands, top card (all face up).
    state = scene.replay.state
    names = state.cards.names
    assert state.over
    for seat in range(4):
        assert sorted(table.hand_names(seat)) == sorted(names[c] for c in state.hands[seat])
    assert table.top_card == names[state.discard[-1]]
    assert table.privacy.show_all
    assert scene.scores == state.scores


def test_replay_pauses_steps_and_moves_between_matches(driver, tmp_path):
    log = write_log(tmp_path / "one.jsonl", games=2)
    scene = ReplayScene(driver.app, str(log))
    driver.app.push(scene)
    driver.key(pygame.K_SPACE)
    assert scene.paused
    before = scene.pos
    driver.frames(30)
    assert scene.pos == before
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    assert scene.pos == before + 2
    driver.key(pygame.K_UP)
    assert scene.speed == 2.0
    driver.key(pygame.K_n)
    assert scene.match == 1 and scene.pos == 1
    driver.key(pygame.K_n)  # past the last: back to the first
    assert scene.match == 0 and scene.match_count == 2
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_r)
    assert scene.match == 0 and scene.pos == 1
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is None


def test_a_log_that_does_not_re_execute_stops_at_its_line(driver, tmp_path):
    log = write_log(tmp_path / "bad.jsonl")
    lines = log.read_text().splitlines()
    # A card played that the player does not hold.
    for i, line in enumerate(lines):
        event = json.loads(line)
        if event["t"] == "play" and i > 12:
            event["card"] = "red:9" if event["card"] != "red:9" else "blue:9"
            lines[i] = json.dumps(event, separators=(",", ":"))
            break
    log.write_text("\n".join(lines) + "\n")
    scene = ReplayScene(driver.app, str(log))
    driver.app.push(scene)
    fast(scene)
    assert driver.until(lambda: scene.error is not None, limit=5000)
    assert f"bad.jsonl:{i + 1}: the engine would have written" in scene.error
    assert scene.pos == i  # every event before it was shown, not the bad one
    driver.frames(3)  # draws the message


@pytest.mark.parametrize("line", range(2, 10))
def test_a_bad_line_among_the_first_events_is_named_not_waited_on(driver, tmp_path, line):
    """Among a match's first events (the cut, the deal, the first card) the
    engine has no table yet; the viewer showed a blank one at "event 0, line 0"
    forever. It names the line, as verify does."""
    log = write_log(tmp_path / "bad.jsonl")
    lines = log.read_text().splitlines()
    lines[line - 1] = '{"t":"turn","p":"x"}'
    log.write_text("\n".join(lines) + "\n")
    scene = ReplayScene(driver.app, str(log))
    driver.app.push(scene)
    driver.frames(3)
    assert scene.error == f"{log}:{line}: turn.p should be a seat number, not a string"
    assert [str(p) for p in verify_file(str(log)).problems] == [scene.error]


def test_an_interrupted_log_shows_its_last_match_as_incomplete(driver, tmp_path):
    log = write_log(tmp_path / "cut.jsonl")
    lines = log.read_text().splitlines()
    log.write_text("\n".join(lines[:60]) + "\n")
    scene = ReplayScene(driver.app, str(log))
    driver.app.push(scene)
    fast(scene)
    assert driver.until(lambda: scene.finished, limit=5000)
    assert scene.error is None and "stops before this match ends" in scene.note
    assert scene.pos == 60
    driver.frames(3)


def test_what_is_not_a_log_is_reported_not_raised(driver, tmp_path):
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text("{not json\n")
    scene = ReplayScene(driver.app, str(garbage))
    assert scene.error and "garbage.jsonl:1:" in scene.error
    driver.app.push(scene)
    driver.frames(2)
    hostile = tmp_path / "hostile.jsonl"
    hostile.write_text('{"t":"game","players":"abc"}\n')
    scene = ReplayScene(driver.app, str(hostile))
    assert scene.error and "hostile.jsonl:1: game.players" in scene.error
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert "holds no match" in ReplayScene(driver.app, str(empty)).error
    assert "folder" in ReplayScene(driver.app, str(tmp_path)).error


def test_the_panel_never_says_round_0(driver, tmp_path):
    # Before round 1 (the cut for the deal) the panel said "round 0" (found by QA).
    log = write_log(tmp_path / "one.jsonl", games=1)
    scene = ReplayScene(driver.app, str(log))
    driver.app.push(scene)
    driver.frames(2)
    assert scene.round_no == 0
    # (the "/1" appears once the log's matches are counted)
    assert scene.whereabouts().endswith(", before the first round")
    assert driver.until(lambda: scene.round_no == 1, limit=5000)
    assert scene.whereabouts().endswith(", round 1")


def test_the_keys_are_wrapped_whole_in_any_language_and_size(driver, tmp_path, monkeypatch):
    """In Greek, large text, a controller in hand, the lines of keys shrank to
    about 10 px and still lost what R does (found by QA)."""
    from game import i18n
    from game.ui import text

    log = write_log(tmp_path / "one.jsonl", games=1)
    scene = ReplayScene(driver.app, str(log))
    driver.app.push(scene)
    i18n.set_language("el")
    text.set_size("large")
    driver.app.prompts.device = "pad"
    leaving = i18n._("Start quit; keys N next match, R restart")
    fitted = recorded(monkeypatch, text, "fit")
    try:
        drawn = []
        real_render = text.render

        def render(words, size, *args, **kw):
            drawn.append((words, size))
            return real_render(words, size, *args, **kw)

        monkeypatch.setattr(text, "render", render)
        scene.draw(driver.app.screen)
    finally:
        text.set_size("normal")
    assert leaving not in fitted  # never shrunk or cut to fit
    assert (leaving, 15) in drawn


@pytest.mark.parametrize("rules", [("flip",), ("flip", "house/flip-in-place")])
def test_a_flip_log_replays_with_the_table_turned_and_the_pile_top_shown(driver, tmp_path, rules):
    """UNO Flip: the replay turns the table on each flip (the discard pile in
    place, or as a stack), and the draw pile shows its top card's other face,
    as the re-executing engine says."""
    log = write_log(tmp_path / "flip.jsonl", players=3, seed=5, rules=rules)
    flips = sum(1 for line in log.read_text().splitlines() if line.startswith('{"t":"flip"'))
    assert flips, "the simulated round had no flip"
    scene = ReplayScene(driver.app, str(log))
    driver.app.push(scene)
    fast(scene)
    assert driver.until(lambda: scene.finished, limit=20000)
    assert scene.error is None and scene.note is None
    state = scene.replay.state
    table = scene.table
    names = state.cards.names
    for seat in range(3):
        assert sorted(table.hand_names(seat)) == sorted(names[c] for c in state.hands[seat])
    assert table.top_card == names[state.discard[-1]]
    assert table.model.discard == [names[c] for c in state.discard]
    assert table.model.side == state.cards.side_name or (
        table.model.side is None and state.side == 0
    )
    pile = state.back.face_names[state.draw_pile[-1]] if state.draw_pile else None
    assert table.model.pile_back == pile


def test_the_score_line_names_every_player_of_a_four_player_replay(driver, tmp_path, monkeypatch):
    """The panel's scores named the best three of four (found on the couch)."""
    from game.ui import text

    log = write_log(tmp_path / "one.jsonl", games=1, players=4)
    scene = ReplayScene(driver.app, str(log))
    driver.app.push(scene)
    fast(scene)
    assert driver.until(lambda: any(scene.scores), limit=20000)
    drawn = recorded(monkeypatch, text, "render", "fit")
    scene.draw(driver.app.screen)
    assert len(scene.names) == 4
    scores = [w for w in drawn if f"{scene.names[0]} " in w and f"{scene.names[1]} " in w]
    assert scores, drawn
    assert all(f"{name} " in scores[0] for name in scene.names), scores
