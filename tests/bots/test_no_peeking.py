"""Bots never peek: a decision depends only on what the seat may know.

The check: "permute the hidden cards among the other hands and the draw pile,
keeping everything the seat has seen, and the decision (with the same bot
seed) does not change". A two-sided deck whose faces are paired at random
(rules/README.md, `pairs:`) also hides which faces share a card: the twin
table pairs the hidden cards anew, keeping every face the seat sees (the other
faces of the other hands, the pile's top card) where it is.

For every level and every shipped rule set, games are played through the
simulator's loop; before a bot decides, a twin of it (the same memory and
the same generator state) is asked the same question on a table whose hidden
cards were dealt anew. What the seat has seen stays: its own hand, the
discard pile, every card it ever held or was shown this round (a hand it
passed on or a hand revealed to it stays where it is), the draft discard.
The view the seat gets must be the same, and so must the answer.
"""

from __future__ import annotations

import copy
import functools
import random
from collections import Counter
from pathlib import Path

import pytest

from game.bots import BOTS
from game.bots.basic import BasicBot
from game.bots.deck import deck_facts
from game.engine import view
from game.engine.actions import Play
from game.engine.cards import CardTable, card_table, faces_alone
from game.engine.sides import face_codes
from game.rules.loader import load_rules
from tests.depth import work
from tests.support import bots as drive
from tests.support.rules import DAY_NIGHT, shipped_variants
from tests.support.rules import rules as rule_set

# A house rule is checked on the first base it loads on (Shuffle Hands needs
# the 112-card deck's card); these mixes are checked too, as cards move hands
# about or reveal them there.
MIXES = [
    ["classic", "house/seven-o", "house/jump-in"],
    ["uno112", "house/swap-hands-card", "house/stacking"],
    ["flip", "house/stacking", "house/seven-o", "house/jump-in"],
    [str(DAY_NIGHT)],  # a two-sided deck whose pairs are printed
]


def rule_sets() -> list[list[str]]:
    """Every shipped rule set: each base, each house rule layered on a base, the mixes."""
    return shipped_variants() + MIXES


LEVELS = [level for level in BOTS if level != "random"]


def twin(bot, rules, state):
    """A copy of `bot` with its memory and generator, sharing the rule set
    and the match's card tables (and the facts bots keep of them)."""
    tables = [*state.tables, *(faces_alone(table) for table in state.tables)]
    shared = [rules, card_table(rules), deck_facts(rules), *tables]
    shared += [deck_facts(rules, table) for table in tables]
    return copy.deepcopy(bot, {id(x): x for x in shared})


class Witness:
    """Follows the real table: which cards each seat has seen this round."""

    def __init__(self, players: int) -> None:
        self.seen: list[set[int]] = [set() for _ in range(players)]
        # Per seat, the (card, side) faces it has seen this match: a card of
        # a two-sided deck seen on both sides has its pairing known.
        self.faces: list[set[tuple[int, int]]] = [set() for _ in range(players)]

    def after(self, state, events) -> None:
        for event in events:
            if event["t"] == "round":
                for seen in self.seen:
                    seen.clear()
            elif event["t"] == "reveal":
                self.seen[event["to"]].update(state.hands[event["p"]])
        other = (state.side + 1) % len(state.tables)
        for seat, seen in enumerate(self.seen):
            seen.update(state.hands[seat])
            seen.update(state.draft_discard)
            faces = self.faces[seat]
            faces.update((card, state.side) for card in (*seen, *state.discard))
            if len(state.tables) > 1:
                public = [c for s, hand in enumerate(state.hands) if s != seat for c in hand]
                public += state.draw_pile[-1:]
                faces.update((card, other) for card in public)

    def paired(self, seat: int) -> set[int]:
        """The cards whose both faces `seat` has seen this match."""
        sides: dict[int, set[int]] = {}
        for card, side in self.faces[seat]:
            sides.setdefault(card, set()).add(side)
        return {card for card, seen in sides.items() if len(seen) > 1}


def reshuffled(state, seat: int, seen: set[int], rng: random.Random, paired=frozenset()):
    """`state` with every card `seat` has not seen dealt anew among the
    places it cannot see: the other hands and the draw pile. In a two-sided
    deck everyone sees the other face of the cards in other hands and of the
    draw pile's top card: with printed pairs a card moves only to a place
    that held a card with the same other face; with random pairs the hidden
    cards (but those in `paired`, seen on both sides) are paired anew."""
    if len(state.tables) > 1 and state.rules.model.pairs == "random":
        return repaired(state, seat, seen | paired, rng)
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


def repaired(state, seat: int, kept: set[int], rng: random.Random):
    """`state` with the cards `seat` cannot place (not in `kept`) dealt
    anew among the places it cannot see, whatever their faces in play, and
    the faces not in play paired anew: each place keeps the other face the
    seat sees there (the other hands, the pile's top), every other hidden
    card takes one of the other faces left, at random."""
    twin_state = state.clone()
    back = state.back
    pile = twin_state.draw_pile
    places = []  # (where, index, the other face seen there or None)
    for other in range(state.players):
        if other != seat:
            hand = twin_state.hands[other]
            places += [(hand, i, back.face_names[c]) for i, c in enumerate(hand) if c not in kept]
    top = len(pile) - 1
    places += [
        (pile, i, back.face_names[c] if i == top else None)
        for i, c in enumerate(pile)
        if c not in kept
    ]
    before = [where[i] for where, i, _ in places]
    cards = before[:]
    rng.shuffle(cards)
    faces = back.face_names[:]
    spare = [faces[c] for c in cards]
    for face in (seen for _, _, seen in places if seen is not None):
        spare.remove(face)
    rng.shuffle(spare)
    for (where, i, seen), card in zip(places, cards, strict=True):
        where[i] = card
        faces[card] = seen if seen is not None else spare.pop()
    other_side = (state.side + 1) % 2
    free: dict[str, list[int]] = {}
    for index, code in enumerate(face_codes(state.rules.model, back.side_name)):
        free.setdefault(code, []).append(index)
    order = [free[face].pop() for face in faces]
    twin_back = CardTable(state.rules, other_side, order, state.cards.face_names)
    # The faces in play as they were, each card named with its new other face
    # (a match's table names both): a seat that reads the pairing there reads
    # the twin's.
    in_play = state.cards
    twin_front = CardTable(state.rules, in_play.side, in_play.order, twin_back.face_names)
    tables = [twin_front, twin_back] if state.side == 0 else [twin_back, twin_front]
    twin_state.tables = tuple(tables)
    twin_state.cards = twin_front
    return twin_state, sum(1 for old, new in zip(before, cards, strict=True) if old != new)


def _cases():
    """Every level on every rule set. The quick run keeps every level on each
    base and each mix, and each house rule alone with one level, taking the
    levels but the expert in turn (the expert's search makes its games the
    costly ones; it is checked on every base and every mix)."""
    cases = []
    houses = 0
    in_turn = [level for level in LEVELS if level != "expert"]
    for names in rule_sets():
        one_house = len(names) == 2
        for level in LEVELS:
            quick = not one_house or level == in_turn[houses % len(in_turn)]
            marks = () if quick else pytest.mark.slow
            shown = "+".join(Path(n).stem for n in names)
            cases.append(pytest.param(names, level, marks=marks, id=f"{shown}-{level}"))
        houses += one_house
    return cases


def check_game(
    rules, level: str, seed: int, first_bot=None, rounds: int = 2, look=view
) -> tuple[int, int]:
    """Play `rounds` rounds; before each decision of seat 0, ask twins of its
    bot on the real table and on one with the hidden cards dealt anew (each
    given the seat's view of its table, `look`: the engine's, unless a test
    hands a leaky one to prove the check catches what leaks).
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
        shuffled, count = reshuffled(state, seat, witness.seen[seat], rng, witness.paired(seat))
        seen = look(state, seat)
        assert look(shuffled, seat) == seen, "the view changed once hidden cards moved"
        ask = "interject" if out_of_turn else "choose"
        mine = getattr(twin(bot, rules, state), ask)(functools.partial(look, state, seat), actions)
        theirs = getattr(twin(bot, rules, state), ask)(
            functools.partial(look, shuffled, seat), actions
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
    """Games of a round until a dozen decisions were checked; thorough: three
    games of three rounds, and a hundred decisions."""
    rules = rule_set(*names)
    rounds = work(3, 1)
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


class PairPeekingBot(BasicBot):
    """A cheat that never looks at a hand: it reads which faces share a card
    (hidden in UNO Flip, paired at random) to learn the next hand's colours
    from its public faces, and plays the card that fits them worst."""

    def choose(self, look, actions):
        state = look.args[0]
        seen = look()
        plays = [a for a in actions if isinstance(a, Play)]
        if not plays or state.back is None:
            return super().choose(look, actions)
        nxt = state.next_seat(look.args[1])
        behind = {}
        for card, face in enumerate(state.back.face_names):
            behind.setdefault(face, []).append(state.cards.color[card])
        colors = [c for face in seen["public"][nxt] for c in behind[face]]
        return min(plays, key=lambda a: (colors.count(state.cards.color[a.card]), a.card))


def test_the_check_catches_a_bot_that_reads_which_faces_share_a_card():
    # The public faces are fair to read; their pairing with the faces in play
    # is not, where the deck pairs them at random.
    rules = load_rules(["flip"])
    with pytest.raises(AssertionError, match="once hidden cards moved"):
        for seed in range(5):
            check_game(rules, "basic", seed, first_bot=PairPeekingBot(seed, rules))


class CardNamePeekingBot(BasicBot):
    """A cheat that reads only its view: which faces share a card, from the
    names the view's card table gives its cards (`red:7/teal:5`), to learn
    the next hand's colours from its public faces."""

    def choose(self, look, actions):
        seen = look()
        plays = [a for a in actions if isinstance(a, Play)]
        cards = seen["cards"]
        if not plays or seen["side"] is None:
            return super().choose(look, actions)
        behind = {}
        for card, name in enumerate(cards.names):
            behind.setdefault(name.partition("/")[2], []).append(cards.color[card])
        nxt = (seen["seat"] + seen["direction"]) % seen["players"]
        colors = [c for face in seen["public"][nxt] for c in behind.get(face, [])]
        return min(plays, key=lambda a: (colors.count(cards.color[a.card]), a.card))


def leaky_view(state, seat):
    """The view as it was before it kept the pairing: the match's own card table."""
    return {**view(state, seat), "cards": state.cards}


def test_the_check_catches_a_bot_that_reads_the_pairing_in_the_views_card_table():
    rules = load_rules(["flip"])
    with pytest.raises(AssertionError, match="once hidden cards moved"):
        for seed in range(5):
            check_game(
                rules, "basic", seed, first_bot=CardNamePeekingBot(seed, rules), look=leaky_view
            )


class IdPeekingBot(BasicBot):
    """A cheat that reads only its view: on the Dark side it looks its own
    card ids up in the rule file's order of Light faces (which only the other
    seats see) and keeps for the flip back the cards it takes for Light wilds,
    playing the others first. It writes down each guess (card, Light face)."""

    def __init__(self, seed, rules):
        super().__init__(seed, rules)
        self.guesses: list[tuple[int, str]] = []

    def choose(self, look, actions):
        seen = look()
        plays = [a for a in actions if isinstance(a, Play)]
        if seen["side"] != "dark" or not plays:
            return super().choose(look, actions)
        light = card_table(seen["cards"].rules, 0).face_names
        self.guesses += [(card, light[card]) for card in seen["hand"]]
        return min(plays, key=lambda a: (light[a.card].startswith("wild:"), a.card))


def test_a_bot_that_reads_its_card_ids_learns_nothing_of_the_faces_only_others_see():
    """Which faces share a card of UNO Flip is hidden, so on the Dark side a
    seat does not see its own cards' Light faces. The check above compares
    decisions on twin tables; a bot that reads a fixed order (the rule
    file's) decides alike on both, so this one counts what it learns: its
    guesses of its own Light faces, from its card ids, are right no more
    often than a blind guess could be (one at the face with most copies)."""
    rules = load_rules(["flip"])
    faces = card_table(rules, 0).face_names
    chance = max(Counter(faces).values()) / len(faces)
    right = guessed = 0
    for seed in range(8):
        cheat = IdPeekingBot(seed, rules)
        guesses: dict[int, bool] = {}  # each card once: a hand is guessed at every turn

        def note(state, action, events, cheat=cheat, guesses=guesses):
            light = state.tables[0].face_names
            guesses.update((card, light[card] == face) for card, face in cheat.guesses)
            cheat.guesses.clear()

        drive.play(rules, ["basic"] * 3, seed=seed, rounds=2, first_bot=cheat, after=note)
        right, guessed = right + sum(guesses.values()), guessed + len(guesses)
    assert guessed >= 60, guessed
    assert right / guessed < 3 * chance, (right, guessed, chance)


def test_the_view_names_no_other_face_where_the_deck_pairs_them_at_random():
    """Each card of the view's table is named by its face in play alone, and
    the table is the same whatever the pairing (a twin table paired anew)."""
    rules = load_rules(["flip"])
    checked = 0

    def check(state):
        nonlocal checked
        seen = view(state, 0)
        cards = seen["cards"]
        assert cards.names == cards.face_names and not any("/" in n for n in cards.names)
        assert cards.face_names == state.cards.face_names
        twin_state, _ = repaired(state, 0, set(state.hands[0]), random.Random(checked))
        assert view(twin_state, 0)["cards"] is cards
        checked += 1

    for seed in range(3):
        drive.play(
            rules, ["basic"] * 3, seed=seed, after=lambda state, action, events: check(state)
        )
    assert checked > 30
