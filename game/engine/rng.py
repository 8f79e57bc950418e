"""A small seeded generator whose whole state is one integer.

The game state carries this generator, so a saved state or a replayed action
list reproduces every shuffle exactly. Python's `random` is avoided on
purpose: its algorithms may change between versions, and a global generator
would make two games in one process depend on each other.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64: fast in pure Python, and identical on every machine."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def clone(self) -> Rng:
        return Rng(self.state)

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # Rejection sampling: drop the incomplete last block of 2**64.
        limit = _MASK - (_MASK + 1) % n
        while True:
            r = self.next_u64()
            if r <= limit:
                return r % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.below(len(items))]
