"""The game's generator (game/engine/rng.py) draws the same numbers for the
same seed on any machine and in any version of the engine: its shuffle is
Fisher-Yates over `getrandbits` with rejection sampling, exactly as
written below, however the engine computes it."""

from __future__ import annotations

from random import Random

import pytest

from game.engine.rng import Rng


def _fisher_yates(mt: Random, items: list[int]) -> None:
    """The shuffle as first written: each place from the last down swaps with
    a uniform index up to it, drawn on the fewest bits, redrawn when too high."""
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = mt.getrandbits(bits)
        while j >= bound:
            j = mt.getrandbits(bits)
        items[i], items[j] = items[j], items[i]


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 108, 112, 300, 1000])
def test_a_shuffle_draws_what_fisher_yates_draws_and_leaves_the_generator_there(size):
    for seed in (1, 7, -3):
        rng, reference = Rng(seed), Random(seed if seed >= 0 else (-seed) + (1 << 64))
        mine, theirs = list(range(size)), list(range(size))
        for _ in range(20):
            rng.shuffle(mine)
            _fisher_yates(reference, theirs)
            assert mine == theirs
        assert rng.next_u64() == reference.getrandbits(64)


def test_a_twin_shuffles_as_its_original_would():
    rng = Rng(5)
    twin = rng.clone()
    one, other = list(range(60)), list(range(60))
    rng.shuffle(one)
    twin.shuffle(other)
    assert one == other
