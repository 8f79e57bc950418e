"""The game's own seeded generator, carried inside the game state.

It wraps a private Mersenne Twister (`random.Random(seed)`, never the
module-level generator): MT19937 and `getrandbits` are specified bit for bit
and have not changed across Python versions, and they run in C, which
matters when simulations shuffle millions of decks. Everything built on top
(bounded integers, shuffles) is written here, because `random.shuffle` and
`randrange` are library details that may change; so the same seed gives the
same game on any machine. `GameState.clone` copies the generator with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Protocol, TypeVar

T = TypeVar("T")


class RandomSource(Protocol):
    """What the game state needs of its generator: an `Rng`, or in scenario
    tests a rigged stand-in that decides the deck."""

    def below(self, n: int) -> int: ...

    def shuffle(self, items: list[int]) -> None: ...

    def clone(self) -> RandomSource: ...


class Rng:
    __slots__ = ("_mt",)

    def __init__(self, seed: int) -> None:
        # Random() seeds from abs(seed); keep seeds n and -n apart.
        self._mt = Random(seed if seed >= 0 else (-seed) + (1 << 64))

    def clone(self) -> Rng:
        twin = Rng(0)
        twin._mt.setstate(self._mt.getstate())
        return twin

    def next_u64(self) -> int:
        return self._mt.getrandbits(64)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n): rejection sampling on the fewest bits."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        bits = n.bit_length()
        r = self._mt.getrandbits(bits)
        while r >= n:
            r = self._mt.getrandbits(bits)
        return r

    def shuffle(self, items: list[int]) -> None:
        """Fisher-Yates in place."""
        getrandbits = self._mt.getrandbits
        for i in range(len(items) - 1, 0, -1):
            bound = i + 1
            bits = bound.bit_length()
            j = getrandbits(bits)
            while j >= bound:
                j = getrandbits(bits)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]
