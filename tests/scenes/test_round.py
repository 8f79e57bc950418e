"""Whole rounds played through the UI's input path (posted keys and clicks)."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from game.engine import Play
from game.play.match import MatchSession, SeatConfig
from game.scenes.play import PlayScene
from game.ui.card_art import BACK, CardArt
from tests.scenes.players import Couch, start_match, table_matches_engine
from tests.support.spies import recorded

FOUR = [SeatConfig("Ana"), SeatConfig("Bo", "bot"), SeatConfig("Selin"), SeatConfig("Cy", "bot")]


def test_two_humans_two_bots_play_a_round_to_the_score(driver):
    screen = start_match(driver.app, FOUR, seed=21)
    session = screen.session
    couch = Couch(driver)
    checked = 0
    for _ in range(6000):
        if driver.top_name == "RoundScoreScene":
            break
        top = driver.top
        state = top.session.state if isinstance(top, PlayScene) else None
        if (
            state is not None
            and top.controls.idle
            and not state.over
            and state.pending.kind != "next_round"
        ):
            table_matches_engine(top)
            checked += 1
        couch.step()
    assert driver.top_name == "RoundScoreScene"
    assert checked > 10
    kinds = Counter(e["t"] for e in session.log)
    assert kinds["round_end"] == 1
    assert kinds["play"] > 5
    # Humans really played: some plays came from seats 0 and 2.
    assert any(e["t"] == "play" and e["p"] in (0, 2) for e in session.log)
    score = driver.top
    end = next(e for e in session.log if e["t"] == "round_end")
    assert score.points == [end["points"][str(s)] for s in range(4)]
    # Space goes on: the score flips at once, then the next round is dealt.
    driver.key(pygame.K_SPACE)
    driver.key(pygame.K_SPACE, frames=3)
    assert driver.top_name in ("DealScene", "PlayScene", "CurtainScene", "MatchEndScene")
    assert session.state.round_no == 2 or session.state.over


def test_curtain_between_humans_hides_the_next_hand(driver, monkeypatch):
    requests: list[tuple[str, tuple[int, int]]] = []
    real_face, real_rotated = CardArt.face, CardArt.rotated

    def face(self, card, size=None):
        requests.append((card, tuple(size or self.card_size)))
        return real_face(self, card, size)

    def rotated(self, card, size=None, angle=0.0):
        if card != BACK:
            requests.append((card, tuple(size or self.card_size)))
        return real_rotated(self, card, size, angle)

    monkeypatch.setattr(CardArt, "face", face)
    monkeypatch.setattr(CardArt, "rotated", rotated)

    acted: list[int] = []
    real_apply = MatchSession.apply

    def apply(self, action):
        if not self.is_bot(action.seat):
            acted.append(action.seat)
        return real_apply(self, action)

    monkeypatch.setattr(MatchSession, "apply", apply)

    screen = start_match(driver.app, FOUR, seed=4)
    couch = Couch(driver)
    hand_sizes = {tuple(spot.card_size) for spot in screen.table.layout.seats}
    timeline: list = []  # ("curtain", seat) and ("act", seat), in order
    watch = {"recording": False, "curtain": None, "shown_after": 0}
    leaks = []
    app = driver.app
    real_frame = app.frame

    def frame(dt, events):
        """Every frame: what was drawn face up, and was anybody allowed to see it?"""
        requests.clear()
        before = len(acted)
        real_frame(dt, events)
        timeline.extend(("act", seat) for seat in acted[before:])
        top = app.top
        on_curtain = type(top).__name__ == "CurtainScene"
        if on_curtain and top is not watch["curtain"]:
            watch["curtain"] = top
            timeline.append(("curtain", top.seat))
        if watch["curtain"] is not None and not on_curtain:
            watch["recording"] = True  # the cut for the dealer (public) is over by now
        if not watch["recording"] or type(top).__name__ == "RoundScoreScene":
            return  # the round is over: its hands are laid open to score
        faces_at_hand_size = [r for r in requests if r[1] in hand_sizes]
        if screen.table.viewer is None or on_curtain:
            leaks.extend(faces_at_hand_size)
        elif faces_at_hand_size:
            watch["shown_after"] += 1

    app.frame = frame
    for _ in range(4000):
        if driver.top_name == "RoundScoreScene":
            break
        couch.step()
    shown_after = watch["shown_after"]
    assert not leaks, f"a hand was drawn face up with nobody looking: {leaks[:5]}"
    assert shown_after > 0, "the spy never saw a hand face up: it is not watching"
    # Between two different humans' actions there is always a curtain for the second.
    curtains = 0
    last_actor = None
    pending_curtain = None
    for kind, seat in timeline:
        if kind == "curtain":
            pending_curtain = seat
            curtains += 1
        else:
            if last_actor is not None and seat != last_actor:
                assert pending_curtain == seat, f"{seat} acted after {last_actor} with no curtain"
            last_actor = seat
            pending_curtain = None
    assert curtains >= 2


def test_a_human_challenger_sees_the_hand_privately(driver):
    """A challenge shows the challenged hand to the challenger only (behind the curtain)."""
    seen = []
    for seed in range(1, 30):
        driver.app.stack.clear()
        screen = start_match(driver.app, FOUR, seed=seed)
        session = screen.session
        couch = Couch(driver)
        for _ in range(4000):
            name = driver.top_name
            if name == "RoundScoreScene":
                break
            if name == "RevealScene":
                challenge = next(e for e in reversed(session.log) if e["t"] == "reveal")
                # Only the challenger is looking: their hand is the one face up.
                assert screen.table.viewer == challenge["to"]
                assert driver.top.cards == challenge["cards"]
                seen.append(challenge)
            couch.step()
        if seen:
            return
    raise AssertionError("no seed had a human challenge a Wild Draw Four")


def test_one_human_with_bots_never_sees_a_curtain(driver):
    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy")]
    start_match(driver.app, seats, seed=9)
    couch = Couch(driver)
    for _ in range(3000):
        assert driver.top_name != "CurtainScene"
        if driver.top_name == "RoundScoreScene":
            break
        couch.step()
    assert driver.top_name == "RoundScoreScene"


def test_an_illegal_card_shakes_and_says_why(driver):
    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy")]
    for seed in range(1, 40):
        driver.app.stack.clear()
        screen = start_match(driver.app, seats, seed=seed)
        session = screen.session

        def ready():
            top = driver.top
            return driver.top_name == "RoundScoreScene" or (
                isinstance(top, PlayScene) and top.controls.actor() is not None
            )

        assert driver.until(ready, limit=500)
        scene = driver.top
        if not isinstance(scene, PlayScene):
            continue
        hand = scene.table.sprites(scene.table.bottom)
        bad = [i for i, s in enumerate(hand) if s.name not in scene.controls.lit.lift]
        if not bad:
            continue
        before = len(session.log)
        target = bad[0]
        while scene.controls.selected != target:
            driver.key(pygame.K_RIGHT)
        driver.key(pygame.K_RETURN)
        assert len(session.log) == before, "an illegal card must not be played"
        assert scene.table.animator.shake is not None
        assert scene.table.animator.shake[:2] == (0, target)
        card_id = session.card_id(0, hand[target].name)
        from game.engine import why_illegal

        why = why_illegal(session.state, Play(0, card_id))
        assert scene.table.callouts.toast_text is not None
        assert scene.table.callouts.toast_text.lower() == why.lower()
        return
    raise AssertionError("no seed gave a hand with an unplayable card")


def test_bots_catch_a_human_who_forgets_uno(driver):
    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy", "Dee")]
    screen = start_match(driver.app, seats, seed=2)
    session = screen.session
    couch = Couch(driver, call_uno=False)

    def caught():
        return any(e["t"] == "catch" and e["p"] == 0 for e in session.log)

    assert driver.until(caught, limit=20000, each=couch.play_on)
    catch = next(e for e in session.log if e["t"] == "catch" and e["p"] == 0)
    assert catch["by"] != 0


def test_a_human_catches_a_bot_with_the_c_key(driver, monkeypatch):
    from game.bots import timing

    # Bots wait long before catching, so the human gets the chance.
    monkeypatch.setitem(timing.PACE, "instant", 30.0)
    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot", "random") for n in ("Bo", "Cy", "Dee")]
    screen = start_match(driver.app, seats, seed=7)
    session = screen.session
    couch = Couch(driver)

    def human_can_catch():
        top = driver.top
        return (
            isinstance(top, PlayScene)
            and top.controls.idle
            and top.controls.board.catch_button.visible
            and top.session.state.uno_window not in (-1, 0)
        )

    assert driver.until(human_can_catch, limit=30000, each=couch.play_on)
    target = session.state.uno_window
    driver.key(pygame.K_c, frames=2)
    catches = [e for e in session.log if e["t"] == "catch"]
    assert catches and catches[-1] == {"t": "catch", "by": 0, "p": target}


@pytest.mark.parametrize("players", [6, 10])
def test_the_round_score_button_covers_no_row_at_many_seats(driver, players):
    """Every seat's row shows in full above the Next round / Final results
    button, and the panel stays on the screen (at 6 seats and more the button
    used to hide the last row's cards and points)."""
    seats = [SeatConfig("Ana")] + [SeatConfig(f"Bot {i}", "bot") for i in range(1, players)]
    start_match(driver.app, seats, seed=3)
    couch = Couch(driver)
    assert driver.until(lambda: driver.top_name == "RoundScoreScene", limit=20000, each=couch.step)
    scene = driver.top
    screen = pygame.Rect(0, 0, 1280, 720)
    assert screen.contains(scene.box)
    rows = [scene.row_rect(seat) for seat in range(players)]
    assert all(scene.box.contains(row) for row in rows)
    assert not any(row.colliderect(scene.button.rect) for row in rows)


@pytest.mark.parametrize(
    ("rules", "ending"),
    [
        (["classic"], "the first to reach it wins"),
        (["classic", "house/loser-scores"], "whoever reaches it is out"),
        (["duo"], "the lowest total wins"),
    ],
)
def test_the_round_score_says_what_reaching_the_target_does(driver, monkeypatch, rules, ending):
    """It said "playing to 500" where reaching 500 puts a player out (Losers
    score) or loses the match (UNO Duo)."""
    from game.ui import text

    seats = [SeatConfig("Ana"), SeatConfig("Bo", "bot")]
    start_match(driver.app, seats, seed=3, rules=rules)
    couch = Couch(driver)
    assert driver.until(lambda: driver.top_name == "RoundScoreScene", each=couch.step)
    written = recorded(monkeypatch, text, "render")
    driver.top.draw(driver.app.screen)
    (target,) = [w for w in written if w.startswith("Target: ")]
    assert ending in target, target


def test_a_player_knocked_out_is_marked_out_on_the_score_and_the_plate(driver, monkeypatch):
    """Losers score (house/loser-scores): reaching the target puts a player
    out; the round score's row and the name plate say OUT, not a count of 0."""
    from game.ui import widgets

    tags: list[str] = []
    real = widgets.pill

    def spy(words, *args, **kw):
        tags.append(driver.top_name)
        return real(words, *args, **kw)

    monkeypatch.setattr(widgets, "pill", spy)
    seats = [SeatConfig("Ana")] + [SeatConfig(n, "bot") for n in ("Bo", "Cy", "Dee")]
    losers = ["classic", "house/loser-scores"]
    screen = start_match(driver.app, seats, seed=3, rules=losers, target=40)
    couch = Couch(driver)
    state = screen.session.state
    for _round in range(8):
        assert driver.until(lambda: driver.top_name == "RoundScoreScene", each=couch.step)
        driver.frames(3)
        if any(state.eliminated):
            break
        assert "RoundScoreScene" not in tags
        driver.key(pygame.K_SPACE, frames=2)
        driver.key(pygame.K_SPACE, frames=2)
    assert any(state.eliminated) and not state.over
    assert "RoundScoreScene" in tags
    tags.clear()
    driver.key(pygame.K_SPACE, frames=2)
    driver.key(pygame.K_SPACE, frames=2)
    assert driver.until(lambda: driver.top_name in ("PlayScene", "CurtainScene") and tags)


def test_the_round_score_lists_each_hand_in_the_rule_files_order(driver):
    """A hand is listed as a sorted hand reads, whatever order the table holds
    it in: after Quit and Continue the same hands were listed in another
    order (found by QA)."""
    seats = [SeatConfig("Ana")] + [SeatConfig(f"Bot {i}", "bot") for i in range(1, 4)]
    start_match(driver.app, seats, seed=3)
    couch = Couch(driver)
    assert driver.until(lambda: driver.top_name == "RoundScoreScene", limit=20000, each=couch.step)
    scene = driver.top
    book = scene.screen.table.book
    assert any(len(hand) > 1 for hand in scene.hands)
    for hand in scene.hands:
        assert hand == sorted(hand, key=book.sort_key)
