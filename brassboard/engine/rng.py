"""The seeded random generator every game state owns.

SplitMix64: one 64-bit integer of state, so a state clones and serialises cheaply, and a match replays exactly
from its seed. Draws use rejection sampling, so every die face is exactly equally likely.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        self.state = (seed * 0x2545F4914F6CDD1D + 0x1234567) & _MASK if state is None else state & _MASK

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``."""
        return low + self.below(high - low + 1)

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        return Rng(state=self.state)
