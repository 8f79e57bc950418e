"""What a seat learns from what it saw: never more than is true.

`SeatKnowledge` narrows down the other hands (cards shown, cards known to
have moved with a hand, names a seat could not have held when it drew).
The property checked, on real games of every shipped rule set: the real
hands always fit the beliefs — every card believed in a hand is there, and
the rest of the hand can be matched to the belief's groups without breaking
any exclusion. A search dealing from the beliefs then always has the true
deal among its worlds. The hidden-event view (`seen_events`) is checked too.
"""

from __future__ import annotations

from collections import Counter

import pytest

from game.bots.deck import deck_facts
from game.bots.inference import rewind
from game.bots.knowledge import SeatKnowledge
from game.engine import Choose, new_game, view
from game.engine.rng import Rng
from game.engine.seen import seen_events
from game.rules.loader import load_rules
from game.rules.names import available_rule_sets
from tests.support.acting import choose
from tests.support.bots import play
from tests.support.rules import day_night
from tests.support.rules import rules as rule_set
from tests.support.table import card_in_hand, hand, turn_up

BASES = [n for n in available_rule_sets() if not n.startswith("house/")]
MIXES = [[b] for b in BASES] + [
    ["classic", "house/seven-o"],
    ["classic", "house/draw-until-playable"],
    ["classic", "house/no-action-finish"],
    ["classic", "house/jump-in"],
    ["classic", "house/multi-card"],
    ["classic", "house/stacking"],
    ["uno112", "house/shuffle-hands-redeal"],
    ["uno112", "house/swap-hands-card"],
    ["duo", "house/jump-in"],
]


def matchable(slots: list[int], cards: list[int]) -> bool:
    """Whether each slot (an excluded-names mask) can take its own card."""
    owner: dict[int, int] = {}

    def place(slot: int, tried: set[int]) -> bool:
        for j, name in enumerate(cards):
            if slots[slot] >> name & 1 or j in tried:
                continue
            tried.add(j)
            if j not in owner or place(owner[j], tried):
                owner[j] = slot
                return True
        return False

    return len(slots) == len(cards) and all(place(i, set()) for i in range(len(slots)))


def beliefs_fit(knowledge, state, seat: int) -> list[str]:
    deck = knowledge.deck
    wrong = []
    for other in range(state.players):
        if other == seat:
            continue
        real = Counter(deck.nid[c] for c in state.hands[other])
        known, groups = knowledge.constraints(other)
        if known - real:
            wrong.append(f"seat {other} is believed to hold {known - real} it does not")
            continue
        slots = [excluded for count, excluded in groups for _ in range(count)]
        if not matchable(slots, list((real - known).elements())):
            names = [deck.names[n] for n in (real - known).elements()]
            wrong.append(f"seat {other}: {names} do not fit the groups {groups}")
    return wrong


@pytest.mark.parametrize("names", MIXES, ids=lambda names: "+".join(names))
def test_beliefs_never_rule_out_the_real_hands(names):
    rules = rule_set(*names)
    counts = rules.model.allowed_counts()
    checked = narrowed = 0

    def before(state, seat, bot, actions, out_of_turn):
        nonlocal checked, narrowed
        if out_of_turn:
            return
        seen = view(state, seat)
        bot.see_faces(seen)  # a two-sided deck: the faces in play (as `choose` does first)
        knowledge = bot.knowledge
        knowledge.sync(seen)
        wrong = beliefs_fit(knowledge, state, seat)
        assert not wrong, wrong
        checked += 1
        narrowed += any(
            excluded for other in range(state.players) for _, excluded in knowledge.groups[other]
        )

    for seed in range(2):
        players = min(counts[seed % len(counts)], 4)
        play(rules, ["strong"] * players, seed, rounds=2, before=before)
    assert checked > 30
    assert narrowed > checked // 10, "the beliefs never learn anything"


def test_seen_events_hide_what_the_seat_cannot_see():
    events = [
        {"t": "deal", "p": 0, "cards": ["red:1", "red:2"]},
        {"t": "deal", "p": 1, "cards": ["blue:1", "blue:2"]},
        {"t": "draw", "p": 1, "cards": ["green:3"], "why": "turn"},
        {"t": "challenge", "by": 2, "p": 1, "guilty": True},
        {"t": "reveal", "p": 1, "to": 2, "cards": ["blue:1"]},
        {"t": "draft", "p": 1, "card": "red:9", "kept": True},
        {"t": "draft", "p": 1, "card": "red:8", "kept": False},
        {"t": "hands", "hands": [["red:1"], ["blue:2", "blue:1"], []]},
        {"t": "play", "p": 1, "card": "blue:2", "color": "blue"},
    ]
    seen = seen_events(events, 0)
    assert seen[0] == events[0]
    assert seen[1]["cards"] == [None, None]
    assert seen[2]["cards"] == [None] and seen[2]["why"] == "turn"
    assert seen[4]["cards"] == [None]
    assert seen_events(events, 2)[4] == events[4]  # the challenger sees the hand
    assert seen[5]["card"] is None and seen[6]["card"] == "red:8"  # the draft discard is face up
    assert seen[7]["hands"] == [["red:1"], [None, None], []]
    assert seen[8] is events[8]
    assert seen_events(events, 1)[1] == events[1]
    assert events[1]["cards"] == ["blue:1", "blue:2"], "the originals are left alone"


# A two-sided deck's memory starts again at every flip (the strong bot's
# `see_faces`), so a clue never reaches back across one; a knowledge fed a
# whole round, as here, would count one side's faces by the other's names.
ONE_SIDED = [names for names in MIXES if not rule_set(*names).model.sides]


@pytest.mark.parametrize("names", ONE_SIDED, ids=lambda names: "+".join(names))
def test_a_hand_taken_back_through_its_clues_is_the_hand_it_played_from(names):
    """The search weighs a guessed hand by every play its seat made this round
    (`game.bots.inference.PlayHistory`), taking the hand back in time: what it
    played since goes back in, what it gained since comes out. A knowledge
    fed the events unhidden, where every card gained has its name, must take
    each real hand back to exactly the hand each clue was played from; seat
    0's own knowledge, which sees the other seats' draws as hidden cards, to
    a hand of its size. A missed draw, penalty, stack or drawn card played
    at once would break one or the other."""
    rules = rule_set(*names)
    counts = rules.model.allowed_counts()
    checked = 0
    for seed in range(2):
        checked += _clue_hands_checked(rules, min(counts[seed % len(counts)], 4), seed)
    assert checked > 50


def _clue_hands_checked(rules, players: int, seed: int) -> int:
    """Play a game of strong bots, checking seat 0's clues before every
    decision (see the test above); how many clues were checked."""
    deck = deck_facts(rules)
    rng = Rng(3)
    checked = 0
    knowing = {"all": SeatKnowledge(deck, 0), "seen": SeatKnowledge(deck, 0)}
    held: list[Counter[int]] = []
    played_from: dict[int, Counter[int]] = {}
    keep: list[tuple] = []  # the clues, alive, so that no id is reused

    def after(state, action, events):
        knowing["all"].observe(action, events)
        knowing["seen"].observe(action, seen_events(events, 0))
        for knowledge in knowing.values():
            for other in range(1, state.players):
                for clue in knowledge.clues_of(other):
                    if id(clue) not in played_from:  # played by this action
                        played_from[id(clue)] = held[other]
                        keep.append(clue)
        held[:] = [Counter(deck.nid[c] for c in hand) for hand in state.hands]

    def before(state, seat, bot, actions, out_of_turn):
        nonlocal checked
        for how, knowledge in knowing.items():
            for other in range(1, state.players):
                gained, lost = knowledge.since_clue(other)
                hand = [deck.nid[c] for c in state.hands[other]]
                rewind(hand, gained, lost, rng)
                for clue in reversed(knowledge.clues_of(other)):
                    hand.append(clue[2])
                    if how == "all":
                        assert Counter(hand) == played_from[id(clue)]
                    else:
                        assert len(hand) == played_from[id(clue)].total()
                    rewind(hand, clue[4], clue[5], rng)
                    checked += 1

    play(rules, ["strong"] * players, seed, rounds=2, before=before, after=after)
    return checked


def test_a_color_dump_on_the_first_card_gives_no_clue():
    """docs/rules.md, UNO Duo, Starting the round: a Reverse turned up first lets
    the first player play all their cards of that colour. The `turn` that
    opens that decision is no ordinary turn: the cards dumped were not picked
    from the hand because they fitted, so they are no clues to it."""
    duo = load_rules(["duo"])
    hands = {0: ["green:1", "green:2"], 1: ["red:1", "blue:2", "red:7"]}
    state, events = turn_up(duo, "red:reverse", hands=hands, dealer=0)
    knowledge = SeatKnowledge(deck_facts(duo), 0)
    opening = [
        {"t": "game", "rules": ["duo"], "seed": 0, "players": 2, "names": ["A", "B"]},
        {"t": "round", "n": 1, "dealer": 0},
        {"t": "deal", "p": 1, "cards": hand(state, 1)},
        {"t": "deal", "p": 0, "cards": hand(state, 0)},
    ]
    knowledge.observe(None, opening + events)
    for value in ("all", card_in_hand(state, 1, "red:7")):
        state, events = choose(state, 1, value)
        knowledge.observe(Choose(1, value), events)
    assert hand(state, 1) == ["blue:2"]
    assert knowledge.clues_of(1) == []


def _public_faces_read(rules):
    """A new match of `rules` as seat 0 sees it, its memory synced; per other
    seat, the chance it holds a card no card printed with its public faces
    behind is, and the chance it holds its real hand's names."""
    state, _ = new_game(rules, 3, seed=4)
    seen = view(state, 0)
    deck = deck_facts(rules, seen["cards"])
    knowledge = SeatKnowledge(deck, 0)
    knowledge.sync(seen)
    chances = []
    for seat in (1, 2):
        behind = {
            deck.nid[c]
            for c in range(state.cards.size)
            if state.back.face_names[c] in seen["public"][seat]
        }
        elsewhere = deck.all_mask & ~sum(1 << n for n in behind)
        real = sum(1 << deck.nid[c] for c in state.hands[seat])
        unseen = knowledge.unseen(seen)
        chances.append(
            (knowledge.p_holds(seat, elsewhere, unseen), knowledge.p_holds(seat, real, unseen))
        )
    return seen, state, chances


def test_the_public_faces_of_a_printed_two_sided_hand_say_what_it_may_hold():
    # A deck whose pairs are printed (listed in its file): the other face of
    # each card in another hand is seen by all, so a card there is one of the
    # cards printed with that face behind.
    seen, state, chances = _public_faces_read(day_night())
    assert seen["back"] is state.back
    for elsewhere, real in chances:
        assert elsewhere == 0.0 and real > 0.0


def test_the_public_faces_of_a_flip_hand_say_nothing_of_its_faces_in_play():
    # UNO Flip pairs its faces at random for each match: which face hides
    # behind a public one is as hidden as the hand, so the seat's view has no
    # pairing and its memory infers nothing from the public faces.
    seen, _, chances = _public_faces_read(load_rules(["flip"]))
    assert seen["back"] is None and seen["public"][1]
    for elsewhere, _ in chances:
        assert elsewhere > 0.5
