"""Bots never peek: a decision depends only on what the seat may know.

The check: "permute the hidden cards among the other hands and the draw pile,
keeping everything the seat has seen, and the decision (with the same bot
seed) does not change". For every level and every shipped rule set, games
are played through the simulator's loop; before a bot decides, a twin of it
(the same memory and the same generator state) is asked the same question
on a table whose hidden cards were dealt anew. What the seat has seen stays:
its own hand, the discard pile, every card it ever held or was shown this
round (a hand it passed on or a hand revealed to it stays where it is), the
draft discard. The view the seat gets must be the same, and so must the
answer.
"""

from __future__ import annotations

import copy
import functools
import random

import pytest

from game.bots import BOTS
from game.bots.basic import BasicBot
from game.bots.deck import deck_facts
from game.engine import view
from game.engine.actions import Play
from game.engine.cards import card_table
from game.rules.loader import load_rules
from tests.depth import work
from tests.support import bots as drive
from tests.support.rules import rules as rule_set
from tests.support.rules import shipped_variants

# A house rule is checked on the first base it loads on (Shuffle Hands needs
# the 112-card deck's card); these mixes are checked too, as cards move hands
# about or reveal them there.
MIXES = [
    ["classic", "house/seven-o", "house/jump-in"],
    ["uno112", "house/swap-hands-card", "house/stacking"],
    ["flip", "house/flip-stacking", "house/jump-in"],
]


def rule_sets() -> list[list[str]]:
    """Every shipped rule set: each base, each house rule layered on a base, the mixes."""
    return shipped_variants() + MIXES


LEVELS = [level for level in BOTS if level != "random"]


def twin(bot, rules, state):
    """A copy of `bot` with its memory and generator, sharing the rule set
    and the match's card tables (and the facts bots keep of them)."""
    shared = [rules, card_table(rules), deck_facts(rules), *state.tables]
    shared += [deck_facts(rules, table) for table in state.tables]
    return copy.deepcopy(bot, {id(x): x for x in shared})


class Witness:
    """Follows the real table: which cards each seat has seen this round."""

    def __init__(self, players: int) -> None:
        self.seen: list[set[int]] = [set() for _ in range(players)]

    def after(self, state, events) -> None:
        for event in events:
            if event["t"] == "round":
                for seen in self.seen:
                    seen.clear()
            elif event["t"] == "reveal":
                self.seen[event["to"]].update(state.hands[event["p"]])
        for seat, seen in enumerate(self.seen):
            seen.update(state.hands[seat])
            seen.update(state.draft_discard)


def reshuffled(state, seat: int, seen: set[int], rng: random.Random):
    """`state` with every card `seat` has not seen dealt anew among the
    places it cannot see: the other hands and the draw pile. In a two-sided
    deck everyone sees the other face of the cards in other hands and of the
    draw pile's top card: a card moves only to a place that held a card with
    the same other face, so what is seen stays."""
    twin_state = state.clone()
    places = []
    for other in range(state.players):
        if other != seat:
            hand = twin_state.hands[other]
            places += [(hand, i) for i, card in enumerate(hand) if card not in seen]
    pile = twin_state.draw_pile
    places += [(pile, i) for i, card in enumerate(pile) if card not in seen]
    back = state.back
    groups: dict[str | None, list] = {}
    for where, i in places:
        groups.setdefault(None if back is None else back.face_names[where[i]], []).append(
            (where, i)
        )
    moved = 0
    for group in groups.values():
        cards = [where[i] for where, i in group]
        rng.shuffle(cards)
        for (where, i), card in zip(group, cards, strict=True):
            where[i] = card
        moved += len(cards) if len(cards) > 1 else 0
    return twin_state, moved


def _cases():
    """Every level on every rule set. The quick run keeps every level on each
    base and each mix, and each house rule alone with one level, taking the
    levels in turn (the expert's search makes its games the costly ones)."""
    houses = 0
    for names in rule_sets():
        one_house = len(names) == 2
        for index, level in enumerate(LEVELS):
            quick = not one_house or index == houses % len(LEVELS)
            marks = () if quick else pytest.mark.slow
            yield pytest.param(names, level, marks=marks, id=f"{'+'.join(names)}-{level}")
        houses += one_house


def check_game(rules, level: str, seed: int, first_bot=None, rounds: int = 2) -> tuple[int, int]:
    """Play `rounds` rounds; before each decision of seat 0, ask twins of its
    bot on the real table and on one with the hidden cards dealt anew.
    Returns (decisions checked, decisions where some hidden card moved)."""
    counts = rules.model.allowed_counts()
    players = next((c for c in counts if c >= 3), counts[0])
    levels = [level] + ["basic"] * (players - 1)
    rng = random.Random(seed)
    witness = Witness(players)
    checked = moved = 0

    def before(state, seat, bot, actions, out_of_turn):
        nonlocal checked, moved
        if seat != 0:
            return
        shuffled, count = reshuffled(state, seat, witness.seen[seat], rng)
        assert view(shuffled, seat) == view(state, seat)
        ask = "interject" if out_of_turn else "choose"
        mine = getattr(twin(bot, rules, state), ask)(functools.partial(view, state, seat), actions)
        theirs = getattr(twin(bot, rules, state), ask)(
            functools.partial(view, shuffled, seat), actions
        )
        assert mine == theirs, f"{level} chose {mine} but {theirs} once hidden cards moved"
        checked += 1
        moved += count > 1

    drive.play(
        rules,
        levels,
        seed=seed,
        rounds=rounds,
        before=before,
        after=lambda state, action, events: witness.after(state, events),
        first_bot=first_bot,
    )
    return checked, moved


@pytest.mark.parametrize(("names", "level"), _cases())
def test_decisions_do_not_depend_on_hidden_cards(names, level):
    """Games of a round (two for the bases) until a dozen decisions were
    checked; thorough: three games of three rounds, and a hundred decisions."""
    rules = rule_set(*names)
    rounds = work(3, 2 if len(names) == 1 else 1)
    wanted = work(100, 12)
    checked = moved = 0
    base = len(level) * 7 + len(names)
    for seed in range(base, base + work(12, 6)):
        more, shifted = check_game(rules, level, seed, None, rounds)
        checked, moved = checked + more, moved + shifted
        if checked >= wanted and seed - base + 1 >= work(3, 1):
            break
    assert checked >= wanted and moved >= checked // 2, (checked, moved)


class PeekingBot(BasicBot):
    """A cheat: plays the card that fits the next hand worst, looking at it."""

    def choose(self, look, actions):
        state = look.args[0]
        plays = [a for a in actions if isinstance(a, Play)]
        if not plays:
            return super().choose(look, actions)
        nxt = state.next_seat(look.args[1])
        colors = [state.cards.color[c] for c in state.hands[nxt]]
        return min(plays, key=lambda a: colors.count(state.cards.color[a.card]))


def test_the_check_catches_a_bot_that_peeks():
    rules = load_rules(["classic"])
    with pytest.raises(AssertionError, match="once hidden cards moved"):
        for seed in range(5):
            check_game(rules, "basic", seed, first_bot=PeekingBot(seed, rules))


def test_the_check_catches_a_bot_that_peeks_behind_the_public_faces_of_a_flip_hand():
    # The other faces of a hand are public; the faces its holder sees are not.
    rules = load_rules(["flip"])
    with pytest.raises(AssertionError, match="once hidden cards moved"):
        for seed in range(5):
            check_game(rules, "basic", seed, first_bot=PeekingBot(seed, rules))
