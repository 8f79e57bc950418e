"""Two phones and a bot play classic UNO through the phones' server, as the
game's loop would; over the whole match no message to a phone carries a card
its seat may not see."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass

import pygame
import pytest

from game.engine import view
from game.engine.seen import seen_events
from game.phones.offer import PhoneLooks, every_face
from game.phones.table import PhoneTable
from game.play.match import MatchSession
from game.play.seats import SeatConfig
from game.ui.card_book import CardBook
from tests.phones.players import ScriptedPhones, drive

# Both tests read the round `played` keeps per rule set: on one worker it is played once.
pytestmark = pytest.mark.xdist_group("phone-rounds")
SEATS = [SeatConfig("Ana"), SeatConfig("Bo"), SeatConfig("Cy", "bot", "basic")]
# UNO Duo is for two: both seats on phones, its draft and colour dumps included.
TABLES = {"classic": SEATS, "duo": SEATS[:2], "flip": SEATS}


@dataclass
class PlayedRound:
    session: MatchSession
    phones: ScriptedPhones
    sent: list[tuple[int, str, set[str]]]  # (seat, message, the faces the seat may see)


@pytest.fixture(scope="module", params=sorted(TABLES))
def played(request) -> Iterator[PlayedRound]:
    """One round per rule set, played by two scripted phones and a bot, with
    every message to a phone kept beside what its seat could see when it was
    sent: the tests below read the same round."""
    pygame.init()  # card faces are painted with the TV's painter, which needs its fonts
    rules = request.param
    session = MatchSession([rules], TABLES[rules], seed=11, single_round=True)
    table = PhoneTable(
        [0, 1], sorted(every_face(session.state)), CardBook(session.rules), PhoneLooks()
    )
    sent: list[tuple[int, str, set[str]]] = []
    send = table.server.send
    # What each seat was ever shown this round: its hands, the cards put face
    # up, the cards it drew and a hand revealed to it, as the engine showed
    # them to it (a phone's private moments show them again).
    shown: dict[int, set[str]] = {0: set(), 1: set()}

    def watched(seat, message):
        state = session.state
        faces = state.cards.face_names
        own = {faces[c] for c in state.hands[seat]}
        public = {faces[state.top]} if state.discard else set()
        # UNO Flip: the other side of every other hand's cards faces the table.
        public |= {face for hand in view(state, seat)["public"] for face in hand}
        if state.draft_card >= 0 and state.pending is not None and state.pending.seat == seat:
            own.add(faces[state.draft_card])  # the card a drafting seat looks at
        shown[seat] |= own | {faces[c] for c in state.discard}
        for event in seen_events(session.log, seat):
            if event["t"] in ("reveal", "draw"):
                shown[seat].update(card for card in event["cards"] if card is not None)
            elif event["t"] == "hands":
                shown[seat].update(event["hands"][seat])
        sent.append((seat, json.dumps(message), own | public | shown[seat]))
        send(seat, message)

    table.server.send = watched
    table.start()
    try:
        with ScriptedPhones(table) as phones:
            drive(session, table)
    finally:
        table.stop()
    yield PlayedRound(session, phones, sent)


def test_two_phones_and_a_bot_play_a_whole_round(played):
    session, phones = played.session, played.phones
    assert session.state.pending is None or session.state.pending.kind == "next_round"
    assert any(e["t"] == "play" and e["p"] in (0, 1) for e in session.log)
    for seat in (0, 1):
        states = [m for m in phones.received[seat] if m["type"] == "state"]
        assert states and all(m["seat"] == seat for m in states)


IMAGE = re.compile(r"/card/([^\"/]+)\.png")


def test_no_phone_is_ever_sent_a_card_its_seat_may_not_see(played):
    assert len(played.sent) > 20
    for seat, message, seen in played.sent:
        shown = {name.replace("~", ":") for name in IMAGE.findall(message)}
        assert shown <= seen, (seat, shown - seen)
