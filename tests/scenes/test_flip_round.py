"""UNO Flip played through the real scenes: two people and two bots on one
screen, every decision put in through the keyboard, until the table has turned
over and a round is scored on the side in play."""

from __future__ import annotations

from game.engine.card_names import turned
from game.play.match import SeatConfig
from game.scenes.play import PlayScene
from game.ui import text
from tests.scenes.players import Couch, start_match, table_matches_engine
from tests.scenes.privacy_watch import watch_app
from tests.support.spies import recorded

FAMILY = [SeatConfig("Ana"), SeatConfig("Bo", "bot"), SeatConfig("Selin"), SeatConfig("Cy", "bot")]


def test_a_family_plays_a_flip_round_both_sides_and_the_score_says_which(driver, monkeypatch):
    screen = start_match(driver.app, FAMILY, seed=10, rules=["flip"])
    session = screen.session
    watch = watch_app(driver.app, screen, monkeypatch)
    couch = Couch(driver)
    sides_seen: set[str | None] = set()
    checked = 0
    for _ in range(20000):
        if driver.top_name == "RoundScoreScene":
            break
        top = driver.top
        if isinstance(top, PlayScene) and top.controls.idle and not session.queue:
            state = session.state
            if not state.over and state.pending is not None and state.pending.kind != "next_round":
                table_matches_engine(top)
                sides_seen.add(top.table.model.side)
                back = state.back
                pile = back.face_names[state.draw_pile[-1]] if back and state.draw_pile else None
                assert top.table.model.pile_back == pile, "the draw pile shows another card"
                checked += 1
        couch.step()
    assert driver.top_name == "RoundScoreScene"
    assert not watch.leaks, watch.leaks[:3]
    assert checked > 10
    assert {None, "dark"} <= sides_seen, "both sides were not played"
    end = next(e for e in session.log if e["t"] == "round_end")
    written = recorded(monkeypatch, text, "render")
    driver.top.draw(driver.app.screen)
    label = "Dark" if end["side"] == "dark" else "Light"
    assert f"Scored on the {label} side" in written


def test_opponents_show_their_other_faces_between_turns(driver, monkeypatch):
    """With Ana and bots, every frame draws the bots' cards by their other
    faces and Ana's by the faces in play."""
    seats = [SeatConfig("Ana"), SeatConfig("Bo", "bot"), SeatConfig("Cy", "bot")]
    screen = start_match(driver.app, seats, seed=4, rules=["flip"])
    drawn: list[tuple[str, object, bool]] = []

    def saw(card: str, origin: object, place: object, face: bool) -> None:
        if driver.top_name != "RoundScoreScene":  # where hands are laid open
            drawn.append((card, place, face))

    screen.privacy.witness = saw
    couch = Couch(driver)
    plays = 0
    while plays < 6 and driver.top_name != "RoundScoreScene":
        couch.step()
        plays = sum(1 for e in screen.session.log if e["t"] == "play")
    driver.frames(2)
    at_rest = [(c, p, f) for c, p, f in drawn if p in (1, 2)]
    assert at_rest and not any(face for _c, _p, face in at_rest)
    table = screen.table
    assert driver.top_name != "RoundScoreScene", "the round ended: no hands to look at"
    for seat in (1, 2):
        shown = {c for c, p, _f in drawn[-200:] if p == seat}
        assert {turned(c) for c in table.hand_names(seat)} <= shown
