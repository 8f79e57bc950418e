"""A phone table never shows a hand on the TV: the privacy watch
(tests/scenes/privacy_watch.py) over tables whose people play on phones.

Two scripted phones (WebSocket clients on loopback) and a bot play a round
through the real scenes, the phones challenging every Wild Draw Four, catching
and forgetting UNO, with Seven-O's swaps and passed hands (classic) and in
UNO Flip; with --thorough also the 112-card edition's Shuffle Hands with
stacking and jump-in, and UNO Duo. On every TV frame no card of a phone's
hand is drawn face up, no curtain is raised for a phone seat and no
challenged hand is shown: the hand a challenge shows goes to the
challenger's phone alone.
"""

from __future__ import annotations

import pytest

from game.phones.link import match_screen
from game.phones.server import Notice
from game.play.match import MatchSession, SeatConfig
from game.scenes.deal import DealScene
from game.scenes.phones import PhonesScene
from tests.phones.players import ScriptedPhones, Style
from tests.scenes.privacy_watch import watch_app

PHONES = frozenset({0, 1})
SEATS = [SeatConfig("Ana"), SeatConfig("Bo"), SeatConfig("Cy", "bot")]
PHONE_STYLE = Style(challenge=True, catch=True, forget_uno=True, hints=True)
# (rules, seats, style, seeds tried until a phone has challenged)
TABLES = [
    pytest.param(["classic", "house/seven-o"], SEATS, PHONE_STYLE, (1, 2, 8), id="classic-seven-o"),
    pytest.param(["flip"], SEATS, PHONE_STYLE, (1, 3, 6), id="flip"),
    pytest.param(
        ["uno112", "house/stacking", "house/jump-in"],
        SEATS,
        Style(challenge=True, catch=True, jump_in=True),
        (5, 3, 6),
        id="uno112-stacking-jump-in",
        marks=pytest.mark.slow,
    ),
    pytest.param(
        ["duo"], SEATS[:2], Style(challenge=True), (2, 3, 7), id="duo", marks=pytest.mark.slow
    ),
]


def play_round(driver, rules, seats, style, seed, monkeypatch, learning=False, enough=None):
    app = driver.app
    app.stack.clear()
    session = MatchSession(
        rules, seats, seed=seed, single_round=True, learning=learning, per_seat=learning
    )
    screen = match_screen(app, session)
    assert screen.phones is not None
    app.push(DealScene(app, screen=screen))
    app.push(PhonesScene(app, screen=screen))
    watch = watch_app(app, screen, monkeypatch, phones=PHONES)
    with ScriptedPhones(screen.phones.table, style=style) as phones:
        for _ in range(30_000):
            driver.frames(1)
            assert screen.table.viewer not in PHONES, "a phone's hand is face up on the TV"
            if watch.leaks or driver.top_name == "RoundScoreScene":
                break
            if enough is not None and enough(phones, watch):
                break
        else:
            raise AssertionError("the round did not end")
        phones.caught_up()
    app.close_phones()
    return session, phones, watch


@pytest.mark.parametrize(("rules", "seats", "style", "seeds"), TABLES)
def test_no_tv_frame_shows_a_phones_hand_or_its_challenge(on_phones, rules, seats, style, seeds):
    challenged = False
    for seed in seeds:
        with pytest.MonkeyPatch.context() as monkeypatch:
            session, phones, watch = play_round(on_phones, rules, seats, style, seed, monkeypatch)
        assert not watch.leaks, "\n".join(f"frame {x.frame}: {x.what}" for x in watch.leaks[:5])
        assert watch.frame > 100, "the watch saw nothing"
        reveals = [
            (at, e) for at, e in enumerate(session.log) if e["t"] == "reveal" and e["to"] in PHONES
        ]
        for at, event in reveals:
            shown = {
                m["id"]
                for state in phones.received[event["to"]]
                if state["type"] == "state"
                for m in state["private"]
            }
            assert at in shown, "the challenged hand never reached the challenger's phone"
            other = phones.received[1 - event["to"]] if len(seats) > 1 else []
            assert all(m["id"] != at for s in other if s["type"] == "state" for m in s["private"])
        if reveals:
            challenged = True
            break
    assert challenged, "no phone challenged in any seed tried"


@pytest.mark.parametrize(
    ("rules", "seed"), [(["classic"], 2), (["flip"], 5)], ids=["classic", "flip"]
)
def test_learning_on_phones_teaches_each_player_on_their_own_phone(on_phones, rules, seed):
    """Learning as you play with hands on phones: a lesson about a phone's hand
    reaches that phone alone and never the TV (the watch checks every frame);
    what the whole table sees reaches the TV and every phone; each player is
    taught each rule once."""

    def enough(phones, watch) -> bool:
        public = {f"lesson:{key}" for _seat, key in watch.taught}
        return len(public) >= 2 and all(_told(phones, seat) - public for seat in PHONES)

    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr("game.scenes.lesson.ON_ITS_OWN", 1.0)
        session, phones, watch = play_round(
            on_phones, rules, SEATS, PHONE_STYLE, seed, monkeypatch, True, enough
        )
    assert not watch.leaks, "\n".join(f"frame {x.frame}: {x.what}" for x in watch.leaks[:5])
    assert watch.taught and all(seat is None for seat, _key in watch.taught)
    told = {seat: _told(phones, seat) for seat in PHONES}
    assert all(told[seat] for seat in PHONES), told
    public = {f"lesson:{key}" for _seat, key in watch.taught}
    assert public <= told[0] and public <= told[1]
    assert told[0] - public and told[1] - public, "no phone was told a lesson of its own"
    images = phones.table.server.images
    pictured = [
        card["image"]
        for seat in PHONES
        for state in phones.received[seat]
        if state["type"] == "state"
        for m in state["private"]
        if str(m["id"]).startswith("lesson:")
        for card in m["cards"]
    ]
    assert pictured and all(image in images for image in pictured), "a lesson's card has no face"


def _told(phones, seat: int) -> set[str]:
    """The lessons `seat`'s phone was told, by id."""
    return {
        str(m["id"])
        for state in list(phones.received[seat])
        if state["type"] == "state"
        for m in state["private"]
        if str(m["id"]).startswith("lesson:")
    }


def test_a_seat_played_on_the_tv_turns_face_down_when_its_phone_is_back(on_phones):
    """Its phone away a while, Bo's seat was played on the TV behind his
    curtain; when the phone comes back his hand is its again, not the TV's."""
    app = on_phones.app
    screen = match_screen(app, MatchSession(["classic"], SEATS, seed=5, single_round=True))
    link = screen.phones
    assert link is not None
    notices = link.table.server.notices
    for seat in PHONES:
        notices.put(Notice(seat, "here"))
    link.update(0.0, None)
    link._play_on_tv(1)
    screen.curtain_lifted(1)
    assert screen.table.viewer == 1  # Bo, at the TV
    notices.put(Notice(1, "here"))
    link.update(0.0, None)
    assert screen.table.viewer is None
    screen.curtain_lifted(1)  # a key pressed at the TV does not turn it up again
    assert screen.table.viewer is None
