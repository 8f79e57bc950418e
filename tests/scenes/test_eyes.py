"""The settings for the players' eyes, played through the real
scenes: colour-blind mode shows every colour's shape on each screen that shows
colours, reduced motion moves no card and shakes nothing yet leaves the table
as the engine says, and the Settings screen changes all three at once."""

from __future__ import annotations

import json
from collections import Counter, defaultdict

import pygame
import pytest

from game.app import App
from game.looks import CLASSIC_PATTERNS
from game.play.match import SeatConfig
from game.scenes.play import PlayScene
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.table.sprite import Sprite
from game.ui import accessibility, patterns, text
from game.ui.settings import FILE_NAME, Settings
from tests.scenes.players import Couch, start_match, table_matches_engine

FOUR = [SeatConfig("Ana"), SeatConfig("Bo", "bot"), SeatConfig("Selin"), SeatConfig("Cy", "bot")]


@pytest.fixture(autouse=True)
def plain_eyes():
    """Every test after this one starts with the default look again."""
    yield
    accessibility.apply(Settings())


def eyes_app(driver, **eyes) -> App:
    """The driver's app, started again with these settings (as a player's file would)."""
    app = App(driver.app.window, Settings(**eyes))
    driver.app = app
    return app


def test_reduced_motion_flies_no_card_shakes_none_and_the_table_ends_right(driver, monkeypatch):
    tweens: list[tuple[str, float, float]] = []
    real_move = Sprite.move_to

    def move_to(self, x, y, angle, size, dur, delay=0.0, **kw):
        if dur > 0 or delay > 0:
            tweens.append((self.name, dur, delay))
        return real_move(self, x, y, angle, size, dur, delay, **kw)

    monkeypatch.setattr(Sprite, "move_to", move_to)
    # Normal pacing: the animations would run at full length but for the setting.
    app = eyes_app(driver, pacing="normal", reduced_motion=True)
    screen = start_match(app, FOUR, seed=21)
    table = screen.table
    couch = Couch(driver)
    checked = refused = 0
    for _ in range(6000):
        if driver.top_name == "RoundScoreScene":
            break
        top = driver.top
        animator = table.animator
        assert animator.shake is None
        moving = [s for hand in animator.hands for s in hand if s.moving]
        assert not moving and not any(s.moving for s in animator.loose + animator.discard)
        if isinstance(top, PlayScene) and top.controls.idle and not top.session.state.over:
            if top.session.state.pending.kind != "next_round":
                table_matches_engine(top)
                checked += 1
            seat = top.controls.hand_seat
            hand = table.sprites(seat) if seat is not None else []
            bad = [i for i, s in enumerate(hand) if s.name not in top.controls.lit.lift]
            if top.controls.actor() is not None and bad and not refused:
                # A refused card is outlined where it lies instead of shaking.
                top.controls.selected = bad[0]
                driver.key(pygame.K_RETURN)
                assert animator.shake is None and animator.refused is not None
                assert animator.refused[:2] == (seat, bad[0])
                refused += 1
        couch.step()
        driver.frames(1, dt=0.2)
    assert driver.top_name == "RoundScoreScene"
    assert checked > 10 and refused == 1
    assert tweens == [], tweens[:5]
    kinds = Counter(e["t"] for e in screen.session.log)
    assert kinds["play"] > 5 and kinds["deal"] >= 1


def test_full_motion_does_fly_cards(driver, monkeypatch):
    """The same table without the setting: the check above can fail."""
    flights: list[str] = []
    real_move = Sprite.move_to

    def move_to(self, x, y, angle, size, dur, delay=0.0, **kw):
        if dur > 0:
            flights.append(self.name)
        return real_move(self, x, y, angle, size, dur, delay, **kw)

    monkeypatch.setattr(Sprite, "move_to", move_to)
    app = eyes_app(driver, pacing="normal")
    start_match(app, FOUR, seed=21)
    driver.frames(10, dt=0.2)
    assert flights


def test_every_screen_with_colors_shows_their_shapes(driver, monkeypatch):
    """Colour-blind mode and large text through a round of two humans: the
    curtain, the table (cards, the ring, the words), the colour wheel, the
    history and the round score each draw the colours' shapes."""
    drawn: dict[str, set[str]] = defaultdict(set)
    real_mark = patterns.mark

    def mark(name, side, *args, **kw):
        drawn[type(driver.app.top).__name__].add(name)
        return real_mark(name, side, *args, **kw)

    monkeypatch.setattr(patterns, "mark", mark)
    app = eyes_app(driver, pacing="instant", color_patterns=True, text_size="large")
    assert app.art.patterns and text.scale() > 1
    screen = start_match(app, FOUR, seed=21)
    couch = Couch(driver)
    seen: Counter[str] = Counter()
    for _ in range(3000):
        if driver.top_name == "RoundScoreScene":
            break
        top = driver.top
        if not seen["HistoryScene"] and isinstance(top, PlayScene) and top.controls.actor():
            driver.key(pygame.K_h, frames=2)
            assert driver.top_name == "HistoryScene"
            seen["HistoryScene"] += 1
            driver.key(pygame.K_ESCAPE)
        seen[driver.top_name] += 1
        couch.step()
    driver.frames(3)
    assert driver.top_name == "RoundScoreScene", seen
    assert seen["ColorWheelScene"] and seen["CurtainScene"], seen
    classic = set(CLASSIC_PATTERNS.values())
    assert drawn["ColorWheelScene"] >= classic, drawn  # every slice
    assert drawn["PlayScene"] >= classic, drawn  # cards, the ring, the words
    for scene in ("CurtainScene", "RoundScoreScene", "HistoryScene"):
        assert drawn[scene], (scene, dict(drawn))
    assert any(e["t"] == "play" and e.get("color") for e in screen.session.log)


def test_the_settings_screen_changes_the_eyes_at_once_and_saves_them(driver, prefs):
    app = driver.app
    app.push(TitleScene(app))
    driver.frames(2)
    app.push(SettingsScene(app))
    scene = driver.top
    size = text.font(32).get_height()
    for row in ("patterns", "motion", "text_size"):
        while scene.rows[scene.index] != row:
            driver.key(pygame.K_DOWN)
        driver.key(pygame.K_RIGHT)
        rect = scene.rects[scene.index]
        assert scene.list_area.contains(rect), (row, rect)  # scrolled into view
    assert app.art.patterns
    assert accessibility.still()
    assert text.font(32).get_height() > size
    saved = json.loads((prefs / FILE_NAME).read_text())
    assert saved["color_patterns"] is True
    assert saved["reduced_motion"] is True
    assert saved["text_size"] == "large"
    # Every row is reachable and drawn inside the list, whatever the size.
    for _ in scene.rows:
        driver.key(pygame.K_DOWN)
        assert scene.list_area.contains(scene.rects[scene.index])
    # And back: the same rows undo each one.
    for row in ("patterns", "motion", "text_size"):
        while scene.rows[scene.index] != row:
            driver.key(pygame.K_UP)
        driver.key(pygame.K_LEFT)
    assert not app.art.patterns and not accessibility.still() and text.scale() == 1.0
    saved = json.loads((prefs / FILE_NAME).read_text())
    assert (saved["color_patterns"], saved["reduced_motion"], saved["text_size"]) == (
        False,
        False,
        "normal",
    )


def test_color_blind_mode_repaints_a_table_already_shown(driver):
    """Turned on from the pause menu, the mode reaches the cards on the table."""
    screen = start_match(driver.app, FOUR, seed=21)
    driver.frames(30)
    table = screen.table
    surface = driver.app.screen
    table.draw(surface)
    plain = surface.copy()
    driver.app.settings.color_patterns = True
    accessibility.apply(driver.app.settings, driver.app.art)
    table.draw(surface)
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("reduced", [True, False])
def test_reduced_motion_stills_the_match_end_confetti(driver, reduced):
    """The cards raining on the match end fall only with full motion: the
    setting says nothing moves that need not."""
    app = eyes_app(driver, pacing="instant", reduced_motion=reduced)
    start_match(app, [SeatConfig("Ana"), SeatConfig("Bo", "bot")], seed=9, single_round=True)
    couch = Couch(driver)
    assert driver.until(lambda: driver.top_name == "RoundScoreScene", each=couch.step)
    driver.key(pygame.K_SPACE)
    assert driver.top_name == "MatchEndScene"
    assert driver.top.crown() == "MATCH WINNER"  # one seat, no team
    before = [(c.x, c.y) for c in driver.top.confetti]
    driver.frames(30)
    after = [(c.x, c.y) for c in driver.top.confetti]
    assert (before == after) == reduced


def test_long_names_stay_readable_in_large_text(driver, monkeypatch):
    """Fourteen wide letters (the longest name setup takes) in large text: the
    round score widens its names' column rather than shrink a name to 12 px,
    and a name plate shortens a name rather than shrink it past reading."""
    from game.table.name_plates import NAME_SMALLEST

    sizes: dict[str, list[int]] = defaultdict(list)
    real_fit = text.fit

    def fit(line, size, room, *args, **kw):
        img = real_fit(line, size, room, *args, **kw)
        if line.startswith("MMMM"):
            where = "RoundScoreScene" if driver.top_name == "RoundScoreScene" else "plate"
            sizes[where].append(img.get_height())
        return img

    monkeypatch.setattr(text, "fit", fit)
    app = eyes_app(driver, pacing="instant", text_size="large")
    long_name = "M" * 14
    seats = [SeatConfig("Ana"), SeatConfig(long_name, "bot"), SeatConfig("Cy", "bot")]
    start_match(app, seats, seed=21, single_round=True)
    couch = Couch(driver)
    assert driver.until(lambda: driver.top_name == "RoundScoreScene", each=couch.step)
    driver.frames(3)
    readable = text.render("M", 20).get_height()  # large text at 20: 25 px
    assert sizes["RoundScoreScene"] and min(sizes["RoundScoreScene"]) >= readable, sizes
    assert driver.top.name_room() > 182  # wider than the column of short names
    at_least = text.render("M", NAME_SMALLEST).get_height()
    assert sizes["plate"] and min(sizes["plate"]) >= at_least, sizes


def test_a_long_name_knocked_out_stays_readable_beside_its_out_tag(driver, monkeypatch):
    """Losers score: a knocked-out player's row carries an OUT tag beside the
    name; the names' column widens for the tag too, so fourteen wide letters
    in large text are not shrunk past reading to make room for it."""
    heights: list[int] = []
    real_fit = text.fit

    def fit(line, size, room, *args, **kw):
        img = real_fit(line, size, room, *args, **kw)
        if line == "W" * 14 and driver.top_name == "RoundScoreScene":
            heights.append(img.get_height())
        return img

    monkeypatch.setattr(text, "fit", fit)
    app = eyes_app(driver, pacing="instant", text_size="large")
    seats = [SeatConfig("W" * 14, "bot"), SeatConfig("Bo", "bot"), SeatConfig("Cy", "bot")]
    screen = start_match(app, seats, seed=3, rules=["classic", "house/loser-scores"], target=40)
    out = screen.session.state.eliminated
    for _round in range(12):
        assert driver.until(lambda: driver.top_name == "RoundScoreScene")
        if out[0]:
            break
        driver.key(pygame.K_SPACE, frames=2)
        driver.key(pygame.K_SPACE, frames=2)
    assert out[0], "the long name was never knocked out"
    heights.clear()
    driver.frames(2)
    readable = text.render("W", 20).get_height()  # large text at 20, as above
    assert heights and min(heights) >= readable, heights
