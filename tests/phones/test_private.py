"""A phone seat's private moments reach its phone, and only its phone.

Two scripted phones and a bot play rounds of classic (with Seven-O: a 7
swaps hands, a 0 passes them on), the 112-card edition (Shuffle Hands,
stacking), UNO Duo and UNO Flip (with jump-in) through the phones' server,
the phones challenging every Wild Draw Four, catching, forgetting UNO and
asking for hints. The hand a challenge shows the challenger, the new hand
after a swap or a shuffle, the cards a caught seat draws: each reaches that
seat's phone in its state's `private` moments with the engine's cards, and
never another phone. A hint comes back to the phone that asked, as an option
of its offer. (tests/scenes/test_phones_privacy.py plays phone tables
through the TV's scenes and watches that the TV shows none of it.)
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from types import SimpleNamespace

import pygame
import pytest

from game.engine.event_kinds import EVENT_KINDS, EVERYONE, seen_by
from game.engine.seen import seen_events
from game.phones.offer import PhoneLooks, card_image, every_face
from game.phones.private import MOMENTS, NO_MOMENT, PrivateMoments
from game.phones.protocol import parse
from game.phones.table import PhoneTable
from game.play.match import MatchSession
from game.play.seats import SeatConfig
from game.rules.loader import load_rules
from game.ui.card_book import CardBook
from tests.depth import thorough
from tests.phones.players import ScriptedPhones, Style, drive, round_over, step

pytestmark = pytest.mark.xdist_group("phone-rounds")
PHONES = (0, 1)
SEATS = [SeatConfig("Ana"), SeatConfig("Bo"), SeatConfig("Cy", "bot", "basic")]
EVERYTHING = Style(challenge=True, catch=True, forget_uno=True, hints=True)


@dataclass(frozen=True)
class Table:
    rules: list[str]
    seats: list[SeatConfig]
    style: Style
    wanted: frozenset[str]  # the moments a round of it must reach (`moments`)
    seeds: tuple[int, ...]  # the first is known to reach them; the rest in case it does not


TABLES = {
    "classic-seven-o": Table(
        ["classic", "house/seven-o"],
        SEATS,
        EVERYTHING,
        frozenset({"guilty", "swap", "hands", "catch", "hint"}),
        (1, 2, 8, 7, 6),
    ),
    "flip": Table(["flip"], SEATS, EVERYTHING, frozenset({"innocent"}), (1, 3, 6, 7, 4)),
}
THOROUGH = {
    "uno112-stacking-jump-in": Table(
        ["uno112", "house/stacking", "house/jump-in"],
        SEATS,
        Style(challenge=True, catch=True, jump_in=True, hints=True),
        frozenset({"hands", "stack", "hint"}),
        (5, 3, 6, 2, 4),
    ),
    "duo": Table(
        ["duo"], SEATS[:2], Style(challenge=True), frozenset({"guilty", "hands"}), (2, 3, 7, 5)
    ),
    "uno112-jump-in": Table(
        ["uno112", "house/stacking", "house/jump-in"],
        SEATS,
        Style(challenge=True, catch=True, jump_in=True),
        frozenset({"hands", "jump_in"}),
        (3, 2, 6, 4, 5),
    ),
    "classic": Table(
        ["classic"], SEATS, EVERYTHING, frozenset({"guilty", "innocent", "catch"}), (2, 6, 19)
    ),
    "uno112-swap": Table(
        ["uno112", "house/swap-hands-card"],
        SEATS,
        EVERYTHING,
        frozenset({"swap", "innocent"}),
        (3, 4, 5, 6),
    ),
    "flip-stacking": Table(
        ["flip", "house/stacking"],
        SEATS,
        EVERYTHING,
        frozenset({"guilty", "innocent", "stack"}),
        (5, 8, 7, 1),
    ),
}


def _draws(card: str) -> bool:
    return "draw" in card.partition("/")[0]


def moments(log: list[dict]) -> set[str]:
    """What happened to a phone seat in `log`: a challenge it made (guilty or
    innocent, as its reveal), a swap or a redistribution of hands, a catch,
    a stack of draw cards onto another, a jump-in."""
    found = set()
    last_play: dict | None = None
    for at, event in enumerate(log):
        kind = event["t"]
        if kind == "reveal" and event["to"] in PHONES:
            challenge = next(e for e in reversed(log[:at]) if e["t"] == "challenge")
            found.add("guilty" if challenge["guilty"] else "innocent")
        elif kind == "swap" and {event["p"], event["with"]} & set(PHONES):
            found.add("swap")
        elif kind == "hands":
            found.add("hands")
        elif kind == "catch" and {event["p"], event["by"]} & set(PHONES):
            found.add("catch")
        elif kind == "jump_in" and event["p"] in PHONES:
            found.add("jump_in")
        elif kind == "play":
            stacked = last_play is not None and _draws(last_play["card"])
            if stacked and _draws(event["card"]) and event["p"] in PHONES:
                found.add("stack")
            last_play = event
        elif kind == "draw":
            last_play = None
    return found


@dataclass
class Played:
    session: MatchSession
    phones: ScriptedPhones
    found: set[str]


def play(table: Table, seed: int) -> Played:
    session = MatchSession(table.rules, table.seats, seed=seed, single_round=True)
    phone_table = PhoneTable(
        list(PHONES), sorted(every_face(session.state)), CardBook(session.rules), PhoneLooks()
    )
    phone_table.start()
    try:
        with ScriptedPhones(phone_table, style=table.style) as phones:
            drive(session, phone_table)
            phones.caught_up()
    finally:
        phone_table.stop()
    found = moments(session.log)
    if any(m["type"] == "hint" for seat in PHONES for m in phones.received[seat]):
        found.add("hint")
    return Played(session, phones, found)


def cases():
    quick = [pytest.param((name, table), id=name) for name, table in TABLES.items()]
    slow = [
        pytest.param((name, table), id=name, marks=pytest.mark.slow)
        for name, table in THOROUGH.items()
    ]
    return quick + slow


@pytest.fixture(scope="module", params=cases())
def played(request) -> Iterator[Played]:
    """A round of the table that reaches every moment it wants: the known
    seed, else the next (the phones answer over a socket, so a round may go
    another way); with --thorough every seed is played and the last kept."""
    pygame.init()  # the phones' card faces are painted with the TV's painter
    name, table = request.param
    reached: list[set[str]] = []
    kept = None
    for seed in table.seeds:
        game = play(table, seed)
        reached.append(game.found)
        if table.wanted <= game.found:
            kept = game
            if not thorough():
                break
    assert kept is not None, f"{name}: no seed reached {sorted(table.wanted)}: {reached}"
    yield kept


def _private(messages: list[dict]) -> dict[int, dict]:
    """Every private moment the phone was sent, by id (the last copy of each)."""
    return {m["id"]: m for state in messages if state["type"] == "state" for m in state["private"]}


def test_a_seats_private_moments_reach_its_phone_with_the_engines_cards(played):
    log = played.session.log
    checked = 0
    for seat in PHONES:
        shown = _private(played.phones.received[seat])
        seen = seen_events(log, seat)
        for at, event in enumerate(seen):
            cards = None
            if event["t"] == "reveal" and event["to"] == seat:
                cards = event["cards"]
            elif event["t"] == "hands":
                cards = event["hands"][seat]
            elif event["t"] == "draw" and event["p"] == seat:
                cards = event["cards"]
            elif event["t"] == "swap" and seat in (event["p"], event["with"]):
                assert shown[at]["title"] == "Your new hand"
                checked += 1
            if cards is not None:
                assert at in shown, (seat, event)
                assert [c["image"] for c in shown[at]["cards"]] == [card_image(c) for c in cards]
                checked += 1
    assert checked > 3


def test_no_phone_is_sent_another_seats_private_moment(played):
    log = played.session.log
    for seat in PHONES:
        other = 1 - seat
        for at in _private(played.phones.received[seat]):
            event = log[at]
            assert event["t"] in ("reveal", "hands", "draw", "swap"), event
            if event["t"] == "reveal":
                assert event["to"] == seat and event["p"] != seat
            elif event["t"] == "draw":
                assert event["p"] == seat != other
            elif event["t"] == "swap":
                assert seat in (event["p"], event["with"])


def test_a_challenged_hand_is_shown_to_the_challengers_phone(played):
    log = played.session.log
    reveals = [(at, e) for at, e in enumerate(log) if e["t"] == "reveal" and e["to"] in PHONES]
    if not reveals:
        pytest.skip("no phone challenged at this table")
    for at, event in reveals:
        moment = _private(played.phones.received[event["to"]])[at]
        assert moment["title"] == f"{played.session.state.names[event['p']]}'s hand"
        assert "challenges" in moment["words"]
        faces = [card.partition("/")[0] for card in event["cards"]]
        assert [c["image"] for c in moment["cards"]] == [card_image(c) for c in faces]


def test_a_hint_is_an_option_of_the_offer_it_answers(played):
    for seat in PHONES:
        state = None
        hints = 0
        for message in played.phones.received[seat]:
            if message["type"] == "state":
                state = message
            elif message["type"] == "hint":
                assert state is not None
                option = message["option"]
                if option is not None:
                    assert 0 <= option < len(state["options"])
                    assert message["words"].startswith("Hint")
                hints += 1
        if played.phones.style.hints:
            assert hints > 0


def test_a_phone_may_ask_for_a_hint_and_nothing_more():
    assert parse('{"type": "hint"}').type == "hint"
    for bad in ('{"type": "hint", "seat": 2}', '{"type": "hint", "option": 1}'):
        with pytest.raises(ValueError, match="not a message"):
            parse(bad)


def test_every_event_the_engine_may_show_a_seat_alone_is_a_moment_or_said_not_to_be():
    """Who sees an event's cards is its declaration (game/engine/event_kinds.py);
    the phone keeps words for each such event, or says why it needs none."""
    private = {
        name
        for name, kind in EVENT_KINDS.items()
        if kind.moves_hands is not None or any(seen is not EVERYONE for seen in kind.cards.values())
    }
    assert set(MOMENTS) | set(NO_MOMENT) == private
    assert not set(MOMENTS) & set(NO_MOMENT)


def test_a_moment_is_the_seat_s_only_where_the_engine_says_it_saw_the_cards(monkeypatch):
    """The phone asks the engine who saw a reveal: declared seen by its
    challenger and its shower, it reaches both phones and no other."""
    shown_both = replace(EVENT_KINDS["reveal"], cards={"cards": seen_by("p", "to")})
    monkeypatch.setitem(EVENT_KINDS, "reveal", shown_both)
    moments = PrivateMoments(range(3), CardBook(load_rules(["classic"])))
    table = SimpleNamespace(names=["Ana", "Bo", "Cy"])
    moments.follow([{"t": "reveal", "p": 1, "to": 2, "cards": ["red:1"]}], table)  # type: ignore[arg-type]
    assert [len(moments.moments(seat)) for seat in range(3)] == [0, 1, 1]


def test_a_phone_s_moments_and_lessons_are_told_again_in_a_new_language():
    """Settings on the TV change the language mid-round: each phone is sent
    its state again at once, though nobody has moved, with every private
    moment it holds (the cards it drew, a lesson about its hand) and the
    server's own words in the new language; the cards stay the engine's."""
    from game import i18n
    from game.lessons.specs import title_and_words
    from game.phones.offer import phone_words
    from game.table.lessons import LessonDesk

    pygame.init()
    seats = [SeatConfig("Ana"), SeatConfig("Cy", "bot", "basic")]
    session = MatchSession(["classic"], seats, seed=4, single_round=True, learning=True)
    table = PhoneTable(
        [0], sorted(every_face(session.state)), CardBook(session.rules), PhoneLooks()
    )
    desk = LessonDesk(session, None, lambda seat: seat == 0, lambda: False)  # type: ignore[arg-type]
    was = i18n.language()
    i18n.set_language("en")

    def held() -> tuple[list[dict], list[dict]]:
        kept = table.private.moments(0)
        lessons = [m for m in kept if str(m["id"]).startswith("lesson:")]
        return lessons, [m for m in kept if m["title"] == "Cards you drew"]

    table.start()
    try:
        with ScriptedPhones(table) as phones:
            for _ in range(2_000):
                lessons, drawn = held()
                if lessons and drawn or round_over(session):
                    break
                session.queue.clear()  # no TV here: the table has shown what it was told
                table.sync(session.state, session.log, desk.for_phones(), session.reworded)
                moved = step(session, table)
                if not moved:
                    time.sleep(0.002)
            assert lessons and drawn, "the phone was told no lesson of its own, or drew nothing"
            phones.caught_up()
            before = phones.latest[0]
            i18n.set_language("fi")
            table.book.speak("fi")  # as the pause's Settings tell the match's book
            table.sync(session.state, session.log, (), session.reworded)
            phones.caught_up()
            after = phones.latest[0]
    finally:
        table.stop()
        i18n.set_language(was)
    told = {m["id"]: m for m in after["private"]}
    assert after["offer"] != before["offer"], "the phone was not told again"
    assert set(told) == {m["id"] for m in before["private"]}
    i18n.set_language("fi")
    try:
        tutor = session.tutor
        assert tutor is not None
        finnish = {card_image(c): table.book.label(c) for c in every_face(session.state)}
        shown = [card for m in before["private"] for card in m["cards"]]
        assert any(finnish[card["image"]] != card["label"] for card in shown), "no Finnish names"
        for lesson in lessons:
            spec = tutor.specs[lesson["id"].removeprefix("lesson:")]
            title, words = title_and_words(session.rules, spec)
            assert told[lesson["id"]]["title"] == title != lesson["title"]
            assert _same_cards_in(finnish, told[lesson["id"]]["cards"], lesson["cards"])
        for moment in drawn:
            assert told[moment["id"]]["title"] == i18n._("Cards you drew") != moment["title"]
            assert _same_cards_in(finnish, told[moment["id"]]["cards"], moment["cards"])
        assert table.server.words == phone_words()
    finally:
        i18n.set_language(was)


def _same_cards_in(labels: dict[str, str], now: list[dict], before: list[dict]) -> bool:
    """The same pictures, each named by `labels` (picture -> label)."""
    return [c["image"] for c in now] == [c["image"] for c in before] and all(
        c["label"] == labels[c["image"]] for c in now
    )
