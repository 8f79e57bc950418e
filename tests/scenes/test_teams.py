"""Teams of two on screen (rules/house/teams.yaml, docs/rules.md, source 001):
the name plates say each seat's team and the round score groups partners and
writes the team's total, both taken from the engine's `team_of`."""

from __future__ import annotations

import pygame

from game.engine.scoring import team_of
from game.play.match import SeatConfig
from game.table.highlights import NO_HIGHLIGHTS
from game.ui import teams, text
from tests.scenes.players import Couch, start_match

FOUR = [SeatConfig("Ana"), SeatConfig("Bo", "bot"), SeatConfig("Selin"), SeatConfig("Cy", "bot")]
TEAMS = ["classic", "house/teams"]


def _badge_shown(plate: pygame.Surface, team: int) -> bool:
    """Whether the plate carries the team's badge colour at its left end."""
    color = teams.COLORS[team]
    h = plate.get_height()
    return any(
        plate.get_at((x, y))[:3] == tuple(color)[:3] for x in range(4, h) for y in range(4, h - 4)
    )


def test_each_plate_carries_its_team_and_partners_share_it(driver):
    """Partners (the engine's team_of) share one team; other seats have another,
    and each plate shows its team's badge."""
    screen = start_match(driver.app, FOUR, seed=5, rules=TEAMS)
    driver.frames(3)
    state = screen.session.state
    marks = screen.table.teams
    assert marks is not None
    for seat in range(4):
        assert {marks[s] for s in team_of(state, seat)} == {marks[seat]}
    assert len(set(marks)) == 2
    plates = screen.table.plates
    for seat in range(4):
        plate = plates._plate(seat, NO_HIGHLIGHTS)
        assert _badge_shown(plate, marks[seat]), seat
        assert not _badge_shown(plate, 1 - marks[seat]), seat


def test_six_seats_make_three_teams_of_opposite_partners(driver):
    seats = FOUR + [SeatConfig("Dee", "bot"), SeatConfig("Eli", "bot")]
    screen = start_match(driver.app, seats, seed=3, rules=TEAMS)
    state = screen.session.state
    marks = screen.table.teams
    assert marks == [0, 1, 2, 0, 1, 2]  # seat s and s + 3 sit opposite
    assert all(marks[s] == marks[p] for s in range(6) for p in team_of(state, s))


def test_without_teams_no_plate_has_a_team(driver):
    screen = start_match(driver.app, FOUR, seed=5)
    driver.frames(3)
    assert screen.table.teams is None
    plates = screen.table.plates
    for seat in range(4):
        plate = plates._plate(seat, NO_HIGHLIGHTS)
        assert not any(_badge_shown(plate, team) for team in range(len(teams.COLORS)))


def test_the_round_score_groups_partners_and_writes_the_engines_team_total(driver, monkeypatch):
    screen = start_match(driver.app, FOUR, seed=5, rules=TEAMS)
    couch = Couch(driver)
    assert driver.until(lambda: driver.top_name == "RoundScoreScene", limit=20000, each=couch.step)
    scene = driver.top
    scene.t = 1e9  # every card turned, the totals counted up
    state = screen.session.state
    groups = scene.team_rows()
    assert len(groups) == 2
    for _team, seats in groups:
        assert set(seats) == set(team_of(state, seats[0]))
        # Partners sit in adjacent rows.
        rows = sorted(scene.row_rect(s).y for s in seats)
        assert rows[1] - rows[0] == scene.row_h
        # The team's total is the engine's score of each partner.
        for seat in seats:
            assert scene.team_total(seats) == state.scores[seat]
    assert any(state.scores[s] > 0 for s in range(4))  # someone won points to share
    # What is written in the total column: one figure per team, not one per seat.
    written: list[str] = []
    original = text.render

    def spy(words, size, *args, **kw):
        if size == 28:
            written.append(words)
        return original(words, size, *args, **kw)

    monkeypatch.setattr(text, "render", spy)
    scene.draw(driver.app.screen)
    assert written == [str(scene.team_total(seats)) for _team, seats in groups]


def test_the_winners_tint_stops_short_of_the_teams_figures(driver):
    # The figures sit level with the band's middle, which is the edge between
    # two partners' rows: the winner's gold edge ran through them.
    start_match(driver.app, FOUR, seed=5, rules=TEAMS)
    couch = Couch(driver)
    assert driver.until(lambda: driver.top_name == "RoundScoreScene", limit=20000, each=couch.step)
    scene = driver.top
    scene.t = 1e9
    surface = driver.app.screen
    scene.draw(surface)
    band = next(
        pygame.Rect(scene.row_rect(seats[0])).union(scene.row_rect(seats[-1]))
        for _team, seats in scene.team_rows()
        if scene.winner in seats
    )
    figures = pygame.Rect(scene.box.right - 290, band.y, 270, band.h)
    edge = pygame.Color(255, 213, 79)
    gold = [
        (x, y)
        for x in range(figures.left, figures.right)
        for y in range(figures.top, figures.bottom)
        if surface.get_at((x, y))[:3] == edge[:3]
    ]
    assert not gold, gold[:5]
