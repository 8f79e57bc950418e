"""What a phone is told of the table (game/phones/story.py, game/phones/offer.py):
the TV's own narration, the direction, the draw pile, the other hands' public
faces, and the round's result, in the game's language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import i18n
from game.engine import legal_actions, view
from game.phones.offer import PhoneLooks, phone_state
from game.phones.story import MOST, SeatStory
from game.play.match import MatchSession
from game.play.seats import SeatConfig
from game.table.model import TableModel
from game.table.narrate import Narrator
from game.ui.card_book import CardBook

BOTS = [SeatConfig(name, "bot", "basic") for name in ("Ana", "Bo", "Cy")]


def play(session: MatchSession, until) -> None:
    for _ in range(5000):
        if until(session):
            return
        seat = session.state.pending.seat
        session.apply(session.bots[seat].choose(session.look(seat), session.legal(seat)))
    raise AssertionError("never got there")


def round_over(session: MatchSession) -> bool:
    pending = session.state.pending
    return session.state.over or (pending is not None and pending.kind == "next_round")


@pytest.fixture
def english() -> Iterator[None]:
    was = i18n.language()
    i18n.set_language("en")
    yield
    i18n.set_language(was)


@pytest.mark.parametrize("rules", ["classic", "flip"])
def test_a_phone_is_told_what_the_tv_says(rules, english):
    session = MatchSession([rules], BOTS, seed=4, single_round=True)
    book = CardBook(session.rules)
    story = SeatStory(book, 0, session.state.names, len(session.state.cards.face_names))
    play(session, lambda s: len(s.log) > 60)
    story.follow(session.log)
    tv = Narrator(book, TableModel(3, list(session.state.names), 0))
    said = []
    for event in session.log:
        tv.model.apply(event)
        line = tv.tell(event)
        if line is not None:
            said.append(line.text)
    assert [line["words"] for line in story.recent()] == said[-MOST:]
    numbers = [line["n"] for line in story.recent()]
    assert numbers == list(range(len(said) - MOST + 1, len(said) + 1))
    # More events later: only those are read.
    play(session, lambda s: len(s.log) > 80 or round_over(s))
    story.follow(session.log)
    assert story.recent()[-1]["n"] > numbers[-1]


def test_the_round_s_result_and_the_match_s_end(english):
    session = MatchSession(["classic"], BOTS, seed=4, single_round=True)
    book = CardBook(session.rules)
    story = SeatStory(book, 1, session.state.names, len(session.state.cards.face_names))
    story.follow(session.log)
    assert story.result() is None
    play(session, round_over)
    story.follow(session.log)
    result = story.result()
    assert result is not None
    winner = session.state.winner
    assert result["title"] == f"{session.state.names[winner]} wins the round!"
    assert result["match"] == f"{session.state.names[winner]} wins the match!"
    assert [row["total"] for row in result["rows"]] == session.state.scores
    assert [row["winner"] for row in result["rows"]] == [s == winner for s in range(3)]


def test_the_story_follows_the_game_s_language(english):
    session = MatchSession(["classic"], BOTS, seed=4, single_round=True)
    book = CardBook(session.rules)
    story = SeatStory(book, 0, session.state.names, len(session.state.cards.face_names))
    play(session, lambda s: len(s.log) > 30)
    story.follow(session.log)
    before = [line["words"] for line in story.recent()]
    i18n.set_language("fi")
    story.follow(session.log)
    after = [line["words"] for line in story.recent()]
    assert len(after) == len(before) and after != before


def test_a_flip_phone_sees_the_other_hands_public_faces_and_the_table(english):
    session = MatchSession(["flip"], BOTS, seed=4, single_round=True)
    book = CardBook(session.rules)
    play(session, lambda s: len(s.log) > 30)
    message, actions = phone_state(session.state, 0, book, PhoneLooks())
    assert actions == list(legal_actions(session.state, 0))
    seen = view(session.state, 0)
    for seat, player in enumerate(message["players"]):
        labels = sorted(book.label(face) for face in seen["public"][seat])
        assert sorted(face["label"] for face in player["faces"]) == labels
        assert len(player["faces"]) == (0 if seat == 0 else seen["hand_sizes"][seat])
    table = message["table"]
    n = seen["draw_pile"]
    assert table["pile_words"] == f"Draw pile: {n} card{'s' if n != 1 else ''}"
    way = "clockwise" if seen["direction"] > 0 else "counter-clockwise"
    assert table["direction_words"] == f"Play goes {way}"
