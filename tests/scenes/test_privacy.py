"""Hot-seat privacy as a property: over random couch games played through the
real scenes, no frame shows a card to someone who may not see it.

Each game has 2-4 humans and bots (classic, the 112-card deck with Shuffle
Hands or Swap Hands, UNO Duo, Seven-O, jump-in, teams, UNO Flip) and is played past the
start of its second round, where the curtain once went missing. A match
resumed from its save, with one to four humans, stopped at any
moment, shows no hand before its owner has lifted a curtain, and none to
anyone else after.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.play.match import SeatConfig
from tests.depth import examples, work
from tests.scenes.players import Couch, press_continue, reopen, start_match
from tests.scenes.privacy_watch import watch_app

VARIANTS = [
    (["classic"], (2, 3, 4, 5)),
    (["uno112"], (2, 3, 4, 5)),
    (["uno112", "house/swap-hands-card"], (2, 3, 4)),
    (["uno112", "house/shuffle-hands-redeal"], (3, 4)),
    (["duo"], (2,)),
    (["classic", "house/seven-o"], (2, 3, 4)),
    (["classic", "house/jump-in"], (3, 4)),
    (["classic", "house/teams"], (4,)),
    (["flip"], (2, 3, 4)),
]
NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay"]


def couch_seats(rng: random.Random, players: int) -> list[SeatConfig]:
    humans = rng.randint(2, min(4, players))
    chosen = set(rng.sample(range(players), humans))
    return [
        SeatConfig(NAMES[i], "human" if i in chosen else "bot", rng.choice(["basic", "random"]))
        for i in range(players)
    ]


def play_watched(driver, rules, seats, seed, human_turns_in_round_2=6, learning=False):
    with pytest.MonkeyPatch.context() as monkeypatch:
        return _play_watched(
            driver, monkeypatch, rules, seats, seed, human_turns_in_round_2, learning
        )


def _play_watched(driver, monkeypatch, rules, seats, seed, human_turns_in_round_2, learning):
    app = driver.app
    app.stack.clear()
    screen = start_match(app, seats, seed=seed, rules=rules, target=5000, learning=learning)
    watch = watch_app(app, screen, monkeypatch)
    couch = Couch(driver)
    session = screen.session
    turns_after = 0
    for _ in range(12000):
        before = len(session.log)
        couch.play_on()
        if session.state.round_no >= 2:
            turns_after += sum(
                1
                for e in session.log[before:]
                if e["t"] in ("play", "draw", "pass") and not session.is_bot(e["p"])
            )
            if turns_after >= human_turns_in_round_2:
                break
        if watch.leaks:
            break
    return watch, session


# Each example plays a whole round and more: three in the quick run, 25 with --thorough.
@settings(max_examples=examples(25, 3), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(1, 10_000),
    pick=st.integers(0, 10_000),
    learning=st.booleans(),
)
def test_no_frame_shows_a_card_to_someone_who_may_not_see_it(driver, variant, seed, pick, learning):
    """Learning as you play too: a lesson about a hand shows only to its owner."""
    rules, counts = variant
    rng = random.Random(pick)
    seats = couch_seats(rng, rng.choice(counts))
    watch, session = play_watched(driver, rules, seats, seed, learning=learning)
    assert not watch.leaks, "\n".join(f"frame {x.frame}: {x.what}" for x in watch.leaks[:5])
    assert session.state.round_no >= 2, "the game never reached its second round"
    assert watch.curtains > 0 and watch.faces_seen > 0, "the watch saw nothing"


def test_the_second_round_starts_behind_a_curtain(driver):
    """Seen: after the shared round-score screen, round 2 showed a hand face up
    when its owner had been the last to look in round 1."""
    seats = [SeatConfig("Ana"), SeatConfig("Bo", "bot"), SeatConfig("Selin")]
    # Seed 3 is known to give it (each seed tried is a round and more played);
    # the rest stay as the fallback should the engine deal differently.
    for seed in [3, *(s for s in range(1, 40) if s != 3)]:
        watch, session = play_watched(driver, ["classic"], seats, seed, 2)
        assert not watch.leaks, "\n".join(f"frame {x.frame}: {x.what}" for x in watch.leaks[:5])
        assert session.state.round_no >= 2
        first = next(
            e["p"] for e in _round_2(session.log) if e["t"] == "turn" and not session.is_bot(e["p"])
        )
        if first == _last_human_to_act_in_round_1(session):
            return  # the case that used to leak was played, and did not
    raise AssertionError("no seed gave round 2 to round 1's last looker")


def _round_2(log: list[dict]) -> list[dict]:
    start = max(i for i, e in enumerate(log) if e["t"] == "round" and e["n"] == 2)
    return log[start:]


def _last_human_to_act_in_round_1(session) -> int | None:
    start = max(i for i, e in enumerate(session.log) if e["t"] == "round" and e["n"] == 2)
    acts = [
        e["p"]
        for e in session.log[:start]
        if e["t"] in ("play", "draw", "pass") and not session.is_bot(e["p"])
    ]
    return acts[-1] if acts else None


@settings(max_examples=examples(15), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(1, 10_000),
    pick=st.integers(0, 10_000),
    stop=st.integers(0, 150),
    learning=st.booleans(),
)
def test_a_resumed_match_shows_no_hand_before_its_curtain(
    driver, variant, seed, pick, stop, learning
):
    rules, counts = variant
    # Moves played on after the resume: past every human's first curtain and
    # turn even with four of them; twice that with --thorough.
    after_resume = work(80, 40)
    rng = random.Random(pick)
    players = rng.choice(counts)
    humans = set(rng.sample(range(players), rng.randint(1, min(4, players))))
    seats = [
        SeatConfig(NAMES[i], "human" if i in humans else "bot", rng.choice(["basic", "random"]))
        for i in range(players)
    ]
    driver.app.stack.clear()
    screen = start_match(driver.app, seats, seed=seed, rules=rules, target=5000, learning=learning)
    couch = Couch(driver)
    driver.until(lambda: len(screen.session.log) >= stop, each=couch.play_on, limit=3000)
    reopen(driver)
    with pytest.MonkeyPatch.context() as monkeypatch:
        resumed = press_continue(driver)
        watch = watch_app(driver.app, resumed, monkeypatch, resumed=True)
        session = resumed.session
        acted = len(session.log)
        for _ in range(1500):
            couch.play_on()
            if watch.leaks or len(session.log) - acted > after_resume:
                break
    assert not watch.leaks, "\n".join(f"frame {x.frame}: {x.what}" for x in watch.leaks[:5])
    assert watch.curtains > 0 and watch.faces_seen > 0, "the watch saw nothing"


def test_a_wild_draw_fours_lesson_reaches_only_its_holder(driver, monkeypatch):
    """Learning as you play, two people and a bot, a deal arranged so that a
    person holds a Wild Draw Four: the tutor's lesson about it is that
    person's, shown behind their own curtain, and no frame of the match
    shows a card (or a lesson) to anyone else."""
    seats = [SeatConfig("Ana"), SeatConfig("Bo"), SeatConfig("Cy", "bot")]
    seed, holder = _a_deal_with_a_wild_draw_four_for(seats, people=(0, 1))
    driver.app.stack.clear()
    screen = start_match(driver.app, seats, seed=seed, target=5000, learning=True)
    watch = watch_app(driver.app, screen, monkeypatch)
    couch = Couch(driver)
    for _ in range(6000):
        couch.play_on()
        if watch.leaks or (holder, "card:wild_draw_four") in watch.taught:
            break
    assert not watch.leaks, "\n".join(f"frame {x.frame}: {x.what}" for x in watch.leaks[:5])
    assert (holder, "card:wild_draw_four") in watch.taught
    assert watch.curtains > 0 and watch.faces_seen > 0


def _a_deal_with_a_wild_draw_four_for(seats, people) -> tuple[int, int]:
    """A seed whose deal gives one of `people`, and only one, a Wild Draw Four."""
    from game.play.match import MatchSession

    for seed in range(1, 400):
        state = MatchSession(["classic"], seats, seed=seed).state
        names = state.cards.names
        holding = [
            seat
            for seat in range(state.players)
            if any(names[card] == "wild:wild_draw_four" for card in state.hands[seat])
        ]
        if len(holding) == 1 and holding[0] in people:
            return seed, holding[0]
    raise AssertionError("no deal of 400 gave a person a Wild Draw Four")
