"""Lessons over games the bots play (game/play/sim.py): each is given at most once
a match (once per seat on phones), a public one names only cards every seat
sees and a seat's own only cards in its hand, and every lesson of a rule
set comes up in a few rounds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots import make_bot
from game.engine import new_game, view
from game.engine.seen import seen_events
from game.engine.state import GameState
from game.lessons import Lesson, Tutor, lessons_of
from game.play.sim import play_out, seat_bots, tell_bots
from tests.depth import examples
from tests.support.rules import day_night, rules

# Rounds enough for every lesson of these rule sets to come up (a modder's
# 26-card deck meets its Night wild only after a Flip turns it up in a hand).
ROUNDS = 40
RULE_SETS = {
    "classic": ("classic", "house/stacking", "house/jump-in", "house/seven-o", "house/multi-card"),
    "flip": ("flip", "house/stacking"),
    "duo": ("duo",),
    "uno112": ("uno112",),
    "uno112-blank": ("uno112-blank", "house/seven-o"),
    "day-night": (),
}


def rule_set(name: str):
    return day_night() if name == "day-night" else rules(*RULE_SETS[name])


def face_up(events: Sequence[Mapping[str, Any]], seat: int) -> set[str]:
    """The cards `seat` saw put face up in `events`: played, turned up first,
    on top of the pile after a flip."""
    found = set()
    for event in seen_events(events, seat):
        if event["t"] in ("play", "start"):
            found.add(event["card"])
        elif event["t"] == "flip":
            found.add(event["top"])
    return found


def kinds_named(state: GameState, face: str) -> set[str]:
    """The kinds of card whose face is `face` (`red:draw_two`), on either side."""
    return {
        table.kind[card].name
        for table in state.tables or (state.cards,)
        for card, name in enumerate(table.face_names)
        if name == face
    }


def check_cards(state: GameState, events: Sequence[Mapping[str, Any]], lessons: list[Lesson]):
    """Each lesson's cards: a card lesson's are of its kind; a seat's own
    lesson names cards in its hand; a public one only cards every seat saw
    face up (on the pile, or put there by these events)."""
    for lesson in lessons:
        if lesson.key.startswith("card:"):
            kind = lesson.key.split(":")[1]
            assert all(kind in kinds_named(state, card) for card in lesson.cards), lesson
        if lesson.seat is not None:
            hand = view(state, lesson.seat)["hand_cards"]
            assert set(lesson.cards) <= set(hand), (lesson, hand)
            continue
        for seat in range(state.players):
            seen = set(view(state, seat)["discard"]) | face_up(events, seat)
            assert set(lesson.cards) <= seen, (lesson, seat, seen)


def play_taught(rules, players: int, seed: int, per_seat: bool, single_round: bool = True):
    """A match (or its first round) of basic bots, with a tutor told every
    action; returns every lesson given, checked for privacy as it is."""
    state, events = new_game(rules, players, seed, single_round=single_round)
    tutor = Tutor(rules, players, per_seat)
    given = tutor.moments(state, events)
    check_cards(state, events, given)
    bots = [make_bot("basic", seed + seat) for seat in range(players)]
    tell_bots(bots, seat_bots(state, bots), None, events)

    def watch(after: GameState, so_far: list, done: int) -> bool:
        new = so_far[done:]
        lessons = tutor.moments(after, new)
        check_cards(after, new, lessons)
        given.extend(lessons)
        return False

    play_out(state, bots, events, watch=watch)
    return given, tutor


@settings(max_examples=examples(60, quick=15), deadline=None)
@given(
    name=st.sampled_from(sorted(RULE_SETS)),
    seed=st.integers(0, 10_000),
    players=st.integers(2, 4),
    per_seat=st.booleans(),
)
def test_each_lesson_is_given_once_and_shows_only_what_its_seat_may_see(
    name, seed, players, per_seat
):
    played = rule_set(name)
    counts = played.model.allowed_counts()
    players = min(max(players, counts[0]), counts[-1])
    given, _ = play_taught(played, players, seed, per_seat)
    public: set[str] = set()
    private: set[tuple[str, int]] = set()
    for lesson in given:
        if lesson.seat is None:
            assert lesson.key not in public, lesson.key
            public.add(lesson.key)
        else:
            assert lesson.key not in public, lesson.key  # taught to everyone already
            mine = (lesson.key, lesson.seat if per_seat else -1)
            assert mine not in private, mine
            private.add(mine)
        assert lesson.title and lesson.words


def test_every_lesson_of_a_rule_set_comes_up_in_a_few_rounds():
    """Each lesson a rule set has (its card kinds', its turn's, its house
    rules') is given within a few rounds of bots: none waits on a moment
    that never comes."""
    for name in sorted(RULE_SETS):
        played = rule_set(name)
        wanted = {spec.key for spec in lessons_of(played)}
        players = min(4, played.model.allowed_counts()[-1])
        taught: set[str] = set()
        for seed in range(ROUNDS):
            _, tutor = play_taught(played, players, seed, False)
            taught |= {key for key in wanted if tutor.taught(key)}
            if wanted <= taught:
                break
        assert wanted <= taught, f"{name}: never taught {sorted(wanted - taught)}"
