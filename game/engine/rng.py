"""The game's own seeded generator, carried inside the game state.

It wraps a private Mersenne Twister (`random.Random(seed)`, never the
module-level generator): MT19937 and `getrandbits` are specified bit for bit
and have not changed across Python versions, and they run in C, which
matters when simulations shuffle millions of decks. Everything built on top
(bounded integers, shuffles) is written here, because `random.shuffle` and
`randrange` are library details that may change; so the same seed gives the
same game on any machine. `GameState.clone` copies the generator with it,
lazily: see `Rng.clone`.
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
    __slots__ = ("_mt", "_shared")

    def __init__(self, seed: int = 0, *, twin_of: Rng | None = None) -> None:
        if twin_of is None:
            # Random() seeds from abs(seed); keep seeds n and -n apart.
            self._mt = Random(seed if seed >= 0 else (-seed) + (1 << 64))
            self._shared = False
        else:
            self._mt = twin_of._mt
            self._shared = twin_of._shared = True

    def clone(self) -> Rng:
        """A twin that draws the same numbers from here on.

        Copying a Mersenne Twister's state costs as much as a few dozen game
        actions, and a game cloned for a playout seldom draws (only to
        reshuffle), so the twins share one generator until either of them
        draws: that one takes its own copy first (`_unshare`)."""
        return Rng(twin_of=self)

    def _unshare(self) -> None:
        """Before drawing from a generator a twin may still hold: copy it."""
        mine = Random.__new__(Random)  # no seeding: the state is set next
        mine.setstate(self._mt.getstate())
        self._mt = mine
        self._shared = False

    def next_u64(self) -> int:
        if self._shared:
            self._unshare()
        return self._mt.getrandbits(64)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n): rejection sampling on the fewest bits."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if self._shared:
            self._unshare()
        bits = n.bit_length()
        r = self._mt.getrandbits(bits)
        while r >= n:
            r = self._mt.getrandbits(bits)
        return r

    def shuffle(self, items: list[int]) -> None:
        """Fisher-Yates in place: for each place from the last down, a uniform
        index up to it (`below`'s rejection sampling, its bit counts looked up)."""
        if self._shared:
            self._unshare()
        getrandbits = self._mt.getrandbits
        for i, bits in _fisher_yates_steps(len(items)):
            j = getrandbits(bits)
            while j > i:
                j = getrandbits(bits)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]


# A shuffle's steps by deck size: (place, the bits of a draw up to it). A
# game shuffles the same few sizes millions of times.
_STEPS: dict[int, list[tuple[int, int]]] = {}


def _fisher_yates_steps(size: int) -> list[tuple[int, int]]:
    steps = _STEPS.get(size)
    if steps is None:
        steps = [(i, (i + 1).bit_length()) for i in range(size - 1, 0, -1)]
        if len(_STEPS) < 256:  # sizes a game shuffles; a stranger one is not kept
            _STEPS[size] = steps
    return steps
