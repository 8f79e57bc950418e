"""What the expert's search is worth with better knowledge of the hidden hands.

    python bench/expert_information.py [--rounds 1000] [--players 4] [--seed 1]
                                       [--jobs 2] [--steps 2600] [--sources ...]

The expert (game/bots/expert.py) plays each candidate out over *worlds*:
guesses at the cards it cannot see. This measures, in single classic rounds
of one expert against basic bots (the tournament's seating and deals), how
its share of rounds moves with where the worlds come from:

- `sampled`: the expert as it ships (what its seat saw, and the deals
  drawn to those that best explain the others' plays);
- `uniform`: the real hidden cards dealt again at random into the other
  hands (sizes kept): no knowledge of them at all;
- `colours known`: the real hidden cards dealt again at random, but each
  place keeps a card of the colour it holds: how many cards of each colour
  every hand holds, exactly, which is more than any inference from the
  plays could learn (it peeks);
- `kinds known`: the same, keeping instead whether each place holds a
  number card or not (an action card or a wild): where every action card
  and wild is (it peeks);
- `true hands`: the other hands exactly as they are, only the draw pile
  shuffled. This one peeks, on purpose: it is the ceiling that better
  inference of the hands could approach, never a bot to play against.

The peeking variants read the real table through the `look` the match
driver hands a bot (a `functools.partial(view, state, seat)`); nothing in
the game does that. Figures are shares of rounds with 95% intervals.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from workload import size  # noqa: E402

from game.bots import make_bot  # noqa: E402
from game.bots.expert import STEP_BUDGET, ExpertBot  # noqa: E402
from game.bots.sampling import FreshRng  # noqa: E402
from game.play import tournament  # noqa: E402

SOURCES = ("sampled", "uniform", "colours known", "kinds known", "true hands")


class InformedExpert(ExpertBot):
    """An expert whose worlds come from the real table (see the module text)."""

    def __init__(self, seed: int, rules, source: str, steps: int) -> None:
        super().__init__(seed, rules, steps=steps)
        self.source = source

    def deciding(self, look, actions):
        real = look.args[0]
        seat = self.seat
        source = self.source

        def world(rng):
            state = real.clone(events=False)
            pile = list(state.draw_pile)
            if source in KEPT:
                state.hands = [list(hand) for hand in state.hands]
                rng.shuffle(pile)  # the pile's order (its colours too) stays unknown
                _redeal_keeping(state, seat, pile, rng, KEPT[source](state.cards))
            elif source == "uniform":
                hands = [list(hand) for hand in state.hands]
                for other, hand in enumerate(hands):
                    if other != seat:
                        pile.extend(hand)
                rng.shuffle(pile)
                for other, hand in enumerate(hands):
                    if other != seat:
                        hands[other], pile = pile[: len(hand)], pile[len(hand) :]
                state.hands = hands
            else:
                rng.shuffle(pile)
            state.draw_pile = pile
            state.rng = FreshRng(rng.next_u64())
            return state

        self.advisor.sampler.world = world  # type: ignore[method-assign]
        return (yield from super().deciding(look, actions))


# What a peeking redeal keeps in each place, per card id.
KEPT = {
    "colours known": lambda cards: cards.color,
    "kinds known": lambda cards: [category == "number" for category in cards.category],
}


def _redeal_keeping(state, seat: int, pile: list[int], rng, kept: list) -> None:
    """Shuffle the hidden cards among the places (the other hands and
    `pile`) that hold a card alike in `kept`, in place."""
    places = [
        (hand, i)
        for other, hand in enumerate(state.hands)
        if other != seat
        for i in range(len(hand))
    ]
    places.extend((pile, i) for i in range(len(pile)))
    alike: dict[object, list[int]] = {}
    for cards, i in places:
        alike.setdefault(kept[cards[i]], []).append(cards[i])
    for cards in alike.values():
        rng.shuffle(cards)
    for cards, i in places:
        cards[i] = alike[kept[cards[i]]].pop()


SOURCE = "sampled"
STEPS = STEP_BUDGET


def _make_bot(level: str, seed: int, rules):
    if level == "expert" and SOURCE != "sampled":
        return InformedExpert(seed, rules, SOURCE, STEPS)
    if level == "expert":
        return ExpertBot(seed, rules, steps=STEPS)
    return make_bot(level, seed, rules)


def measure(source: str, args) -> tuple[int, int, float]:
    """Rounds the expert's seats won, rounds played, seconds."""
    global SOURCE, STEPS
    SOURCE = source
    STEPS = args.steps
    tournament.make_bot = _make_bot  # the pool is forked: the workers inherit it
    levels = ("expert",) + ("basic",) * (args.players - 1)
    setup = tournament.Setup(("classic",), args.players, levels, args.rounds, args.seed, True)
    standings = tournament.Standings()
    started = time.perf_counter()
    work = [(setup, game) for game in range(args.rounds)]
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for result in pool.imap(tournament._play_one, work, chunksize=8):
            standings.add(result)
    figures = standings.levels["expert"]
    return figures.wins, figures.seat_rounds, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=size(1000, 1))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=size(2, 1))
    parser.add_argument(
        "--steps", type=int, default=size(STEP_BUDGET, 100), help="the search's budget"
    )
    parser.add_argument("--sources", nargs="+", choices=SOURCES, default=SOURCES)
    args = parser.parse_args()
    print(
        f"classic, {args.players} seats, expert ({args.steps} steps a decision) "
        f"against basic bots, {args.rounds} rounds"
    )
    print(f"{'worlds from':<14} {'expert wins':>12} {'95% CI':>14} {'seconds':>8}")
    for source in args.sources:
        wins, rounds, seconds = measure(source, args)
        share, low, high = tournament.wilson(wins, rounds)
        print(
            f"{source:<14} {share * 100:>11.1f}% "
            f"{f'{low * 100:.1f}-{high * 100:.1f}%':>14} {seconds:>8.0f}"
        )


if __name__ == "__main__":
    main()
