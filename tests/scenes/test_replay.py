"""The replay viewer: plays a simulated log to its end, steps, and reports a broken log."""

from __future__ import annotations

import json

import pygame

from game.bots import make_bot
from game.rules.loader import load_rules
from game.scenes.replay import ReplayScene
from game.sim import play_match


def write_log(path, games: int = 1, players: int = 4, seed: int = 3):
    rules = load_rules(["classic"])
    lines = []
    for g in range(games):
        bots = [make_bot("basic", seed + g * 10 + i) for i in range(players)]
        result = play_match(rules, players, seed + g, bots, single_round=True)
        lines += [json.dumps(e) for e in result.events]
    path.write_text("\n".join(lines) + "\n")
    return path


def test_replay_plays_every_match_in_a_log(driver, tmp_path):
    log = write_log(tmp_path / "two.jsonl", games=2)
    scene = ReplayScene(driver.app, str(log))
    driver.app.push(scene)
    scene.speed_index = len(scene.matches) and 6  # 16x
    scene._apply_speed()
    assert len(scene.matches) == 2
    assert driver.until(lambda: scene.match == 1 and scene.finished, limit=20000)
    assert scene.error is None
    table = scene.table
    # The table shows what the log says: hands, top card (every hand face up).
    snap = scene.replay.snapshot()
    assert [sorted(table.hand_names(s)) for s in range(4)] == [sorted(h) for h in snap["hands"]]
    assert table.top_card == snap["top"]
    assert table.privacy.show_all


def test_replay_pauses_and_steps(driver, tmp_path):
    log = write_log(tmp_path / "one.jsonl")
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
    driver.key(pygame.K_ESCAPE)
    assert driver.app.top is None


def test_a_broken_log_is_reported_not_raised(driver, tmp_path):
    log = write_log(tmp_path / "bad.jsonl")
    lines = log.read_text().splitlines()
    # A card played that was never dealt: the replay check catches it.
    for i, line in enumerate(lines):
        event = json.loads(line)
        if event["t"] == "play":
            event["card"] = "purple:99"
            lines[i] = json.dumps(event)
            break
    log.write_text("\n".join(lines) + "\n")
    scene = ReplayScene(driver.app, str(log))
    driver.app.push(scene)
    scene.speed_index = 6
    scene._apply_speed()
    assert driver.until(lambda: scene.error is not None, limit=5000)
    driver.frames(3)  # draws the message
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text("{not json\n")
    scene2 = ReplayScene(driver.app, str(garbage))
    assert scene2.error and "line 1" in scene2.error
    driver.app.push(scene2)
    driver.frames(2)
