"""SplitMix64: the small, fully specified generator behind every deal of this project.

Stable forever (golden tests pin its output): the state advances by 0x9E3779B97F4A7C15 and each output is the
state passed through the mixer of Steele, Lea and Flood (2014). `below(n)` maps a 64-bit output to 0..n-1 with
Lemire's multiply-shift, so no platform's `random` module is involved anywhere.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
MIX_1 = 0xBF58476D1CE4E5B9
MIX_2 = 0x94D049BB133111EB

T = TypeVar("T")


class SplitMix64:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * MIX_1) & MASK64
        z = ((z ^ (z >> 27)) * MIX_2) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in 0..n-1 (n >= 1)."""
        return (self.next64() * n) >> 64

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates from the last index down: item i swaps with item `below(i + 1)`."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in [0, 1) from the top 53 bits."""
        return (self.next64() >> 11) / float(1 << 53)
