"""Worlds the search plays out agree with everything the seat sees.

`TableSampler.world` deals the cards a seat cannot see into the other hands
and the draw pile. Whatever it deals, the seat's view of the world must be
its view of the real table (its hand, every hand's size, the discard pile,
the colour, the decision it faces), the seat must be offered the same
actions, every card must be somewhere exactly once, and what the seat
knows of a hand (cards shown to it) must be in that hand.
"""

from __future__ import annotations

from collections import Counter

import pytest

from game.bots.deck import deck_facts
from game.bots.inference import PlayModel
from game.engine import legal_actions, view
from game.engine.rng import Rng
from game.rules.loader import load_rules
from tests.support.bots import play
from tests.support.rules import day_night

SHOWN = ("seat", "hand", "hand_sizes", "discard", "top", "color", "direction", "pending")


@pytest.mark.parametrize(
    ("names", "players"),
    [(["classic"], 2), (["classic"], 4), (["uno112", "house/seven-o"], 5), (["duo"], 2)],
    ids=lambda x: "+".join(x) if isinstance(x, list) else str(x),
)
def test_worlds_agree_with_what_the_seat_sees(names, players):
    rules = load_rules(names)
    rng = Rng(7)
    worlds = 0

    def before(state, seat, bot, actions, out_of_turn):
        nonlocal worlds
        sampler = bot.sampler
        seen = view(state, seat)
        if out_of_turn or not sampler.can_sample(seen):
            return
        sampler.prepare(seen, bot.knowledge)
        for _ in range(3):
            world = sampler.world(rng)
            mine = view(world, seat)
            assert {k: mine[k] for k in SHOWN} == {k: seen[k] for k in SHOWN}
            assert set(legal_actions(world, seat)) == set(legal_actions(state, seat))
            every = [c for hand in world.hands for c in hand] + world.draw_pile + world.discard
            assert sorted(every) == list(range(state.cards.size))
            for other in range(players):
                known, _ = bot.knowledge.constraints(other)
                if other != seat:
                    held = Counter(bot.deck.nid[c] for c in world.hands[other])
                    assert not known - held
            worlds += 1

    play(rules, ["strong"] * players, seed=3, rounds=2, before=before)
    assert worlds > 30


def test_real_hands_explain_the_plays_better_than_random_deals():
    """Worlds are weighed by how well they explain the other seats' plays
    this round (`PlayModel`). Against basic bots, who play as
    the playout policy does, the real hands must explain them clearly better
    than a random deal of the same unseen cards does; were the clues lost
    or misread, the two would be alike."""
    rng = Rng(11)
    ratios: list[float] = []

    def check(state, sampler):
        if not sampler.plays.seats:
            return
        real = sampler.plays.likelihood([list(hand) for hand in state.hands], rng)
        dealt = [sampler.plays.likelihood(sampler._deal(rng).hands, rng) for _ in range(20)]
        ratios.append(real / (sum(dealt) / len(dealt)))

    _at_searched_decisions(check)
    ratios.sort()
    assert len(ratios) > 40
    assert ratios[len(ratios) // 2] > 1.5


def test_a_wild_played_unpressed_says_nothing_else_fitted():
    """The playout policy keeps a wild unless nothing else fits or the next
    seat is down to two cards: a hand that held a fitting red card explains
    an unpressed wild worse than a hand that held none."""
    rules = load_rules(["classic"])
    deck = deck_facts(rules)
    index = deck.index
    top = index["red:5"]
    wild = index["wild:wild"]
    fits = deck.fits(deck.colors.index("red"), top)
    named = deck.colors.index("blue")
    model = PlayModel(deck)
    clue = (fits, False, wild, named, (), ())
    blues = [index["blue:3"], index["blue:7"]]  # blue is the colour held most
    with_red = [index["red:2"], *blues, wild]
    without = [index["green:2"], *blues, wild]
    assert model.likelihood(without, clue) > 3 * model.likelihood(with_red, clue)
    pressed = (fits, True, wild, named, (), ())
    assert model.likelihood(with_red, pressed) > model.likelihood(with_red, clue)


def test_worlds_guess_the_colors_of_the_hands_better_than_random_deals():
    """The worlds follow a chain drawn to the deals that best explain the
    other seats' plays (`game.bots.inference.HandChain`). Against basic bots,
    who play as the playout policy does, the hands those worlds deal must be
    closer to the real ones (in how many cards of each colour they hold)
    than random deals of the same unseen cards."""
    rules = load_rules(["classic"])
    deck = deck_facts(rules)
    rng = Rng(13)
    misses = {"chain": 0, "random": 0}

    def colors(hand):
        return Counter(deck.color[deck.nid[card]] for card in hand)

    def miss(hands, state, seats):
        return sum(((colors(hands[s]) - colors(state.hands[s])).total()) for s in seats)

    def check(state, sampler):
        seats = sampler.plays.seats
        for _ in range(10):
            misses["chain"] += miss(sampler.world(rng).hands, state, seats)
            misses["random"] += miss(sampler._deal(rng).hands, state, seats)

    _at_searched_decisions(check)
    assert misses["random"] > 1000
    assert misses["chain"] < 0.93 * misses["random"], misses


def _at_searched_decisions(check) -> None:
    """Play classic rounds of a strong bot in seat 0 against three basic bots
    (who play as the playout policy does) and call `check(state, sampler)` at
    each decision of seat 0's that the search would take, its sampler prepared."""
    rules = load_rules(["classic"])

    def before(state, seat, bot, actions, out_of_turn):
        if seat != 0 or out_of_turn:
            return
        sampler = bot.sampler
        seen = view(state, seat)
        if not sampler.can_sample(seen):
            return
        sampler.prepare(seen, bot.knowledge)
        check(state, sampler)

    play(rules, ["strong", "basic", "basic", "basic"], seed=5, rounds=6, before=before)


def test_flip_worlds_deal_only_what_is_really_hidden():
    # A two-sided deck: the other faces of the other hands and of the pile's
    # top card are seen by all, so every world shows them where they are.
    # UNO Flip pairs its faces at random for the match: which face in play
    # hides behind a public face is hidden too, so worlds pair them anew
    # rather than by the match's pairing.
    rules = load_rules(["flip"])
    rng = Rng(7)
    worlds = set()
    paired_anew = 0

    def before(state, seat, bot, actions, out_of_turn):
        seen = view(state, seat)
        bot.see_faces(seen)
        sampler = bot.sampler
        if out_of_turn or not sampler.can_sample(seen):
            return
        sampler.prepare(seen, bot.knowledge)
        for _ in range(3):
            world = sampler.world(rng)
            mine = view(world, seat)
            shown = (*SHOWN, "side", "public", "pile_back")
            assert {k: mine[k] for k in shown} == {k: seen[k] for k in shown}
            assert set(legal_actions(world, seat)) == set(legal_actions(state, seat))
            every = [c for hand in world.hands for c in hand] + world.draw_pile + world.discard
            assert sorted(every) == list(range(state.cards.size))
            worlds.add(state.side)
            nonlocal paired_anew
            paired_anew += any(
                state.back.face_names[c] not in seen["public"][other]
                for other in range(state.players)
                if other != seat
                for c in world.hands[other]
            )

    play(rules, ["strong"] * 3, seed=3, rounds=3, before=before)
    assert worlds == {0, 1}
    assert paired_anew > 0


def test_printed_pairs_deal_worlds_by_the_printed_pairs():
    # A deck that lists its pairs: the faces behind a public face are known,
    # so every card a world puts in another hand is printed with that face.
    rules = day_night()
    rng = Rng(5)
    checked = 0

    def before(state, seat, bot, actions, out_of_turn):
        nonlocal checked
        seen = view(state, seat)
        bot.see_faces(seen)
        sampler = bot.sampler
        if out_of_turn or not sampler.can_sample(seen):
            return
        sampler.prepare(seen, bot.knowledge)
        world = sampler.world(rng)
        for other in range(state.players):
            if other != seat:
                faces = sorted(state.back.face_names[c] for c in world.hands[other])
                assert faces == sorted(seen["public"][other])
        checked += 1

    play(rules, ["strong"] * 3, seed=2, rounds=2, before=before)
    assert checked > 0
