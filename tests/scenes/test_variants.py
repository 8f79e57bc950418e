"""Every shipped variant played through the UI: UNO Duo's draft, 112 cards, house rules."""

from __future__ import annotations

from collections import Counter

import pytest

from game.play.match import SeatConfig
from game.rules.loader import load_rules
from game.scenes.curtain import CurtainScene
from game.scenes.play import PlayScene
from tests.scenes.players import Couch, start_match, table_matches_engine
from tests.support.rules import shipped_variants

TWO_HUMANS = [SeatConfig("Ana"), SeatConfig("Selin")]
HUMAN_AND_BOTS = [SeatConfig("Ana"), SeatConfig("Bo", "bot"), SeatConfig("Cy", "bot")]


def play_round(driver, session) -> Counter:
    couch = Couch(driver)
    seen: Counter = Counter()
    for _ in range(8000):
        if driver.top_name == "RoundScoreScene":
            break
        seen[driver.top_name] += 1
        top = driver.top
        state = session.state
        if isinstance(top, PlayScene) and top.controls.idle and state.pending.kind != "next_round":
            table_matches_engine(top)
        couch.step()
    assert driver.top_name == "RoundScoreScene"
    return seen


def test_uno_duo_draft_between_two_humans(driver):
    screen = start_match(driver.app, TWO_HUMANS, seed=3, rules=["duo"])
    session = screen.session
    seen = play_round(driver, session)
    drafts = [e for e in session.log if e["t"] == "draft"]
    assert len([e for e in drafts if e["kept"]]) == 14  # 7 each, kept through the overlay
    assert seen["ChoiceScene"] >= 14
    assert seen["CurtainScene"] > 0


# House rules whose rounds ask and show nothing another variant's round does not
# (a scoring scheme, a catch window, a limit on drawing or finishing, a second
# reading of a Flip rule): their rounds through the UI run with --thorough, and
# the engine plays each of them in every run (tests/engine/test_mixing.py).
NOTHING_NEW_ON_SCREEN = {
    "house/app-2-4",
    "house/cumulative",
    "house/draw-until-playable",
    "house/flip-in-place",
    "house/flip-first-card-plain",
    "house/late-catch",
    "house/loser-scores",
    "house/no-action-finish",
    "house/reverse-no-skip-2p",
    "house/rounds-won",
    "house/stacking-cross",
    "house/wd4-no-playable",
}


def _variants():
    for names in shipped_variants():
        quick = names[-1] not in NOTHING_NEW_ON_SCREEN
        yield pytest.param(names, marks=() if quick else pytest.mark.slow, id="+".join(names))


@pytest.mark.parametrize("rules", list(_variants()))
def test_variant_rounds_through_the_ui(driver, rules):
    loaded = load_rules(rules)
    lo, hi = loaded.model.players.min, loaded.model.players.max
    if hi <= 2:
        seats = TWO_HUMANS
    else:
        seats = HUMAN_AND_BOTS + [SeatConfig("Dee", "bot")][: max(0, lo - 3)]
        seats = seats + [SeatConfig(f"Bot{i}", "bot") for i in range(len(seats), lo)]
    screen = start_match(driver.app, seats[:hi], seed=5, rules=rules)
    session = screen.session
    play_round(driver, session)


def test_the_match_end_crowns_both_partners_of_the_winning_team(driver):
    """With house/teams the partners sitting opposite win together (docs/rules.md,
    source 001): the match end names the team and ranks both partners first,
    not one seat as winner with its partner above it in white."""
    from game.play.match import SeatConfig
    from tests.scenes.players import Couch, start_match

    seats = [
        SeatConfig("Ana"),
        SeatConfig("Bo", "bot"),
        SeatConfig("Selin"),
        SeatConfig("Cy", "bot"),
    ]
    start_match(driver.app, seats, seed=5, rules=["classic", "house/teams"], target=200)
    couch = Couch(driver)
    assert driver.until(lambda: driver.top_name == "MatchEndScene", limit=40000, each=couch.play_on)
    scene = driver.top
    winner = scene.winner
    partner = (winner + 2) % 4
    assert set(scene.winners) == {winner, partner}
    assert set(scene.ranking()[:2]) == {winner, partner}
    names = scene.session.state.names
    assert names[winner] in scene.title() and names[partner] in scene.title()
    assert scene.crown() == "MATCH WINNERS"


def test_nobody_is_on_uno_while_the_duo_draft_is_dealing_single_cards(driver):
    """In UNO Duo's draft a hand of one card is a hand being built, not a last
    card (docs/rules.md §3 'Draft instead of a deal'): the curtain between
    the drafters names nobody as on UNO; once play starts it names whoever is."""
    screen = start_match(driver.app, TWO_HUMANS, seed=3, rules=["duo"])
    session = screen.session
    couch = Couch(driver)
    one_card = lambda: (  # noqa: E731
        driver.top_name == "CurtainScene"
        and session.state.pending.kind == "draft"
        and 1 in [len(hand) for hand in screen.table.model.hands]
    )
    assert driver.until(one_card, each=couch.step)
    assert driver.top.on_uno() == []
    model = screen.table.model
    driver.until(lambda: model.top is not None, each=couch.step)
    model.hands[0] = model.hands[0][:1]  # the table as it would look with Ana on her last card
    assert CurtainScene(driver.app, screen, 1).on_uno() == ["Ana"]


def test_with_losers_score_the_match_end_ranks_fewer_points_higher(driver):
    """With house/loser-scores every point is a penalty and reaching the target puts
    a player out (docs/rules.md §1, source 001): under the last one left, the
    others rank from the fewest points to the most, as the engine breaks a tie
    when all go over together, not with the heaviest hand second."""
    seats = [SeatConfig("Ana"), SeatConfig("Selin"), SeatConfig("Bo", "bot"), SeatConfig("Cy")]
    # A low target keeps the match short; with seed 9 three still go over at once.
    start_match(driver.app, seats, seed=9, rules=["classic", "house/loser-scores"], target=25)
    couch = Couch(driver)
    assert driver.until(lambda: driver.top_name == "MatchEndScene", limit=40000, each=couch.play_on)
    scene = driver.top
    order = scene.ranking()
    assert order[0] == scene.winner
    others = [scene.scores[s] for s in order[1:]]
    assert others == sorted(others) and len(set(others)) > 1


def test_the_duo_curtain_tells_the_other_drafters_picks_not_your_own(driver):
    """Each draft pick is a drafter's own turn, as docs/rules.md §3 'Draft instead of a deal'
    has it: the curtain's 'Since your last turn' starts after it, so a drafter
    is not told what they themselves just kept and turned away."""
    screen = start_match(driver.app, TWO_HUMANS, seed=3, rules=["duo"])
    session = screen.session
    couch = Couch(driver)
    drafted = lambda: sum(e["t"] == "draft" for e in session.log) >= 6  # noqa: E731
    assert driver.until(lambda: drafted() and driver.top_name == "CurtainScene", each=couch.step)
    curtain = driver.top
    me, names = curtain.seat, session.state.names
    lines = curtain.since()
    assert lines and all(line.startswith(names[1 - me]) for line in lines), lines
