"""A modder's cards and colour, at home in every screen: the hand
(faces painted from `art:`/`corner:`, the focused card named), the messages,
the colour wheel and the ring, the rules on the pause screen, the round
score and a replay all read the rule file, not a list of classic names."""

from __future__ import annotations

import json

import pygame
import pytest

from game.bots import make_bot
from game.play.match import SeatConfig
from game.play.sim import play_match
from game.rules.loader import load_rules
from game.scenes.choose import ColorWheelScene
from game.scenes.pause import PauseScene
from game.scenes.replay import ReplayScene
from game.ui import text
from game.ui.card_art import CardArt
from game.ui.rule_catalog import forget_loaded
from game.ui.tones import tone_color
from tests.scenes.players import Couch, start_match

MOD = """\
extends: classic
name: Modded
colors: [red, yellow, green, blue, purple]
color_looks:
  purple: {rgb: "#8e24aa", label: Violet}
cards:
  bomb:
    label: Bomb Squad
    copies: 1
    points: 20
    effects: [skip]
  zap:
    label: Zapper
    art: star
    corner: Z
    category: wild
    wild: true
    copies: 3
    points: 30
    effects:
      - choose_color
      - draw: {who: next, count: 1}
    first_card: return
"""
VIOLET = (0x8E, 0x24, 0xAA)
SEATS = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy")]


@pytest.fixture
def mod(tmp_path, monkeypatch):
    """The rule file in a folder of its own, which is the working folder (as for a
    player who runs the game next to their files)."""
    (tmp_path / "mod.yaml").write_text(MOD, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    forget_loaded()
    yield tmp_path
    forget_loaded()


@pytest.fixture
def looks_drawn(monkeypatch):
    """Every look a face is painted from, as the screens ask for it."""
    seen = []
    real_face, real_rotated = CardArt.face, CardArt.rotated

    def face(self, look, size=None):
        seen.append(look)
        return real_face(self, look, size)

    def rotated(self, look, size=None, angle=0.0):
        seen.append(look)
        return real_rotated(self, look, size, angle)

    monkeypatch.setattr(CardArt, "face", face)
    monkeypatch.setattr(CardArt, "rotated", rotated)
    return seen


def ana_holds(card: str) -> int:
    """A seed whose deal gives Ana (seat 0) `card`."""
    rules = load_rules(["mod.yaml"])
    from game.play.match import MatchSession

    for seed in range(1, 200):
        session = MatchSession(["mod.yaml"], SEATS, seed=seed, rules=rules)
        state = session.state
        if card in [state.cards.names[c] for c in state.hands[0]]:
            return seed
    raise AssertionError(f"no seed deals {card} to Ana")


def until_ana_plays(driver, screen) -> object:
    def ready() -> bool:
        top = driver.top
        return type(top).__name__ == "PlayScene" and top.controls.actor() == 0

    assert driver.until(ready, each=lambda: _skip_overlays(driver))
    return driver.top


def _skip_overlays(driver) -> None:
    if driver.top_name in ("CurtainScene", "ColorWheelScene", "ChoosePlayerScene"):
        driver.key(pygame.K_RETURN)


def test_the_hand_paints_and_names_the_modded_card(driver, mod, looks_drawn):
    seed = ana_holds("wild:zap")
    screen = start_match(driver.app, SEATS, seed=seed, rules=["mod.yaml"])
    play = until_ana_plays(driver, screen)
    table = screen.table
    hand = table.hand_names(table.bottom)
    assert "wild:zap" in hand  # dealt, and still held at her first turn (seeded)
    play.controls.selected = hand.index("wild:zap")
    looks_drawn.clear()
    driver.frames(3)
    zap = [look for look in looks_drawn if getattr(look, "text", None) == "Zapper"]
    assert zap and {(look.art, look.corner) for look in zap} == {("star", "Z")}
    label, where = table.renderer.caption(play.controls.lit)
    assert label == "Zapper"
    card = table.card_rect(table.bottom, hand.index("wild:zap"))
    assert where.bottom <= card.top and where.left < card.centerx < where.right
    # A hand nobody may see names nothing.
    table.set_viewer(None, bottom=False)
    assert table.renderer.caption(play.controls.lit) is None


def test_the_modded_color_on_the_wheel_the_ring_and_in_messages(driver, mod, monkeypatch):
    screen = start_match(driver.app, SEATS, seed=3, rules=["mod.yaml"])
    driver.frames()
    table = screen.table
    colors = list(screen.session.state.cards.colors)
    said: list[str] = []
    real_shadowed = text.shadowed

    def shadowed(words, *args, **kw):
        said.append(words)
        return real_shadowed(words, *args, **kw)

    monkeypatch.setattr(text, "shadowed", shadowed)
    picked: list[str] = []
    driver.app.push(ColorWheelScene(driver.app, table=table, colors=colors, on_pick=picked.append))
    wheel = driver.top
    wheel.focus = "purple"
    driver.frames()
    assert wheel.colors == colors  # every colour of the rule set, in its order
    cx, cy = wheel.center
    x, y = wheel.middle("purple")
    outer = (round(cx + (x - cx) * 1.45), round(cy + (y - cy) * 1.45))
    seen = tuple(driver.app.screen.get_at(outer))[:3]
    assert sum(abs(a - b) for a, b in zip(seen, VIOLET, strict=True)) < 24, seen
    assert "Violet" in said  # the focused slice, named
    driver.key(pygame.K_RETURN)
    assert picked == ["purple"]
    # The table's words and their ink.
    book = table.book
    line = table.narrator.tell({"t": "play", "p": 1, "card": "wild:zap", "color": "purple"})
    assert line is not None and line.text == "Bo plays Zapper and names Violet"
    ink = tone_color(line.tone, book)
    assert tuple(ink)[:3] == tuple(pygame.Color(VIOLET).lerp((255, 255, 255), 0.35))[:3]
    assert table.narrator.tell({"t": "play", "p": 2, "card": "purple:7", "color": "purple"})
    assert table.narrator.history[-1].text == "Cy plays Violet 7"
    # The ring round the discard pile shows the colour in force in the file's shade.
    rings = []
    real_ring = CardArt.color_ring

    def color_ring(self, radius, color, mark=None):
        rings.append(tuple(pygame.Color(color))[:3])
        return real_ring(self, radius, color, mark)

    monkeypatch.setattr(CardArt, "color_ring", color_ring)
    table.model.color = "purple"
    table.draw(driver.app.screen)
    assert rings[-1] == VIOLET


def test_the_pause_screen_reads_the_modded_rules(driver, mod):
    screen = start_match(driver.app, SEATS, seed=3, rules=["mod.yaml"])
    driver.frames()
    driver.app.push(PauseScene(driver.app, screen=screen))
    lines = driver.top.lines
    assert any("colours Red, Yellow, Green, Blue, Violet" in line for line in lines)
    assert any(line.startswith("Zapper (3 cards, 30 points)") for line in lines)
    assert any(line.startswith("Bomb Squad (5 cards, 20 points)") for line in lines)


def test_the_round_score_names_the_card_under_the_pointer(driver, mod):
    screen = start_match(driver.app, SEATS, seed=5, rules=["mod.yaml"])
    couch = Couch(driver)
    assert driver.until(lambda: driver.top_name == "RoundScoreScene", each=couch.step)
    score = driver.top
    score.t = 1e9  # every card turned
    driver.frames()
    assert score.shown, "no card was left in a hand"
    rect, seat, index = score.shown[-1]
    driver.app.frame(
        1 / 30,
        [pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))],
    )
    found = score.pointed()
    assert found is not None
    card = score.hands[seat][index]
    points = screen.session.card_points(card)
    plural = "s" if points != 1 else ""
    assert found[0] == f"{screen.book.label(card)}: {points} point{plural}"


def test_a_replay_paints_and_names_the_modded_cards(driver, mod, looks_drawn, monkeypatch):
    rules = load_rules(["mod.yaml"])
    bots = [make_bot("basic", 40 + i) for i in range(3)]
    for seed in range(1, 40):
        events = play_match(rules, 3, seed, bots, single_round=True).events
        if any(e["t"] == "play" and e["card"] == "wild:zap" for e in events):
            break
    else:
        raise AssertionError("no round saw a Zapper played")
    assert events[0]["rules"] == ["mod.yaml"]
    (mod / "zap.jsonl").write_text("".join(json.dumps(e) + "\n" for e in events))
    told: list[str] = []
    from game.table.narrate import Narrator

    real_tell = Narrator.tell

    def tell(self, event):
        line = real_tell(self, event)
        if line is not None:
            told.append(line.text)
        return line

    monkeypatch.setattr(Narrator, "tell", tell)
    driver.app.push(ReplayScene(driver.app, path="zap.jsonl"))
    scene = driver.top
    scene.speed_index = 6  # 16x
    scene._apply_speed()
    assert driver.until(lambda: scene.finished or scene.error is not None, limit=20000)
    assert scene.error is None
    assert any("plays Zapper" in line for line in told)
    assert not any("zap" in line for line in told)
    assert any(getattr(look, "art", None) == "star" and look.corner == "Z" for look in looks_drawn)
