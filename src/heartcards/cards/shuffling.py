"""SplitMix64's Fisher–Yates shuffle (exactly `SplitMix64(seed).shuffle(deck)`) written for speed: the deals of both
games go through here, by the million when the solver counts winnable deals.

`shuffle_words` inlines it on Python ints, the fastest form for the interpreter. `shuffle_halves` replays it on 32-bit
halves, because mypyc multiplies as machine words only below 2**30: each 64-bit product is worked on 16-bit limbs,
so compiled it never leaves machine words and deals in a few microseconds. `fast_shuffle` is the faster of the two
where it runs. Tests hold both to `SplitMix64.shuffle`, deck for deck.
"""

from __future__ import annotations

from typing import Final

from heartcards.cards.prng import GOLDEN_GAMMA, MASK64, MIX_1, MIX_2

MASK32: Final = (1 << 32) - 1
# The 64-bit constants in 32-bit halves or 16-bit limbs, machine words once compiled. The halves are written out as
# literals, which mypyc inlines as constants.
GAMMA_HIGH: Final = 0x9E3779B9
GAMMA_LOW: Final = 0x7F4A7C15
# MIX_1 and MIX_2 as four 16-bit limbs, low first: literals, so compiled they are immediate operands where a list
# of limbs cost four boxed reads a product (the shuffle tests hold them to the 64-bit constants).
MIX_1_0: Final = 0xE5B9
MIX_1_1: Final = 0x1CE4
MIX_1_2: Final = 0x476D
MIX_1_3: Final = 0xBF58
MIX_2_0: Final = 0x11EB
MIX_2_1: Final = 0x1331
MIX_2_2: Final = 0x49BB
MIX_2_3: Final = 0x94D0
COMPILED: Final = not __file__.endswith(".py")
"""True when mypyc compiled this module (with the rest of the core): then 32-bit halves beat 64-bit Python ints."""


def fast_shuffle(seed: int, deck: list[int]) -> None:
    """Shuffle `deck` in place as `SplitMix64(seed).shuffle(deck)` does, by the faster way where this runs."""
    if COMPILED:
        shuffle_halves(seed, deck)
    else:
        shuffle_words(seed, deck)


def shuffle_words(seed: int, deck: list[int]) -> None:
    """`SplitMix64(seed).shuffle(deck)` inlined on Python ints."""
    state = seed & MASK64
    for i in range(len(deck) - 1, 0, -1):
        state = (state + GOLDEN_GAMMA) & MASK64
        z = ((state ^ (state >> 30)) * MIX_1) & MASK64
        z = ((z ^ (z >> 27)) * MIX_2) & MASK64
        z ^= z >> 31
        # j = (z * (i + 1)) >> 64, Lemire's multiply-shift, without a 128-bit product: z in 32-bit halves.
        j = ((z >> 32) * (i + 1) + (((z & MASK32) * (i + 1)) >> 32)) >> 32
        deck[i], deck[j] = deck[j], deck[i]


def shuffle_halves(seed: int, deck: list[int]) -> None:
    """`SplitMix64(seed).shuffle(deck)` on 32-bit halves (decks of fewer than 2**16 items)."""
    high = (seed >> 32) & MASK32
    low = seed & MASK32
    for i in range(len(deck) - 1, 0, -1):
        low += GAMMA_LOW
        high = (high + GAMMA_HIGH + (low >> 32)) & MASK32
        low &= MASK32
        z_high, z_low = _mix_halves(high, low)
        # j = (z * (i + 1)) >> 64, Lemire's multiply-shift
        j = (_times_small(z_high, i + 1) + (_times_small(z_low, i + 1) >> 32)) >> 32
        deck[i], deck[j] = deck[j], deck[i]


def _mix_halves(high: int, low: int) -> tuple[int, int]:
    """SplitMix64's output for the state (high, low), on 32-bit halves: the two xor-shift-multiply rounds and the
    final xor-shift."""
    # z ^= z >> 30; z *= MIX_1
    z_high, z_low = _multiply_halves(
        high ^ (high >> 30), low ^ (((high << 2) | (low >> 30)) & MASK32), MIX_1_0, MIX_1_1, MIX_1_2, MIX_1_3
    )
    # z ^= z >> 27; z *= MIX_2
    z_high, z_low = _multiply_halves(
        z_high ^ (z_high >> 27),
        z_low ^ (((z_high << 5) | (z_low >> 27)) & MASK32),
        MIX_2_0,
        MIX_2_1,
        MIX_2_2,
        MIX_2_3,
    )
    # z ^= z >> 31
    return z_high ^ (z_high >> 31), z_low ^ (((z_high << 1) | (z_low >> 31)) & MASK32)


def _multiply_halves(high: int, low: int, c0: int, c1: int, c2: int, c3: int) -> tuple[int, int]:
    """(high, low) * constant mod 2**64 on 32-bit halves, the constant as four 16-bit limbs c0..c3 (low first):
    every product has two factors below 2**16, which compiled code multiplies as machine words."""
    a0 = low & 0xFFFF
    a1 = low >> 16
    a2 = high & 0xFFFF
    a3 = high >> 16
    total = a0 * c0
    limb0 = total & 0xFFFF
    total = (total >> 16) + a0 * c1 + a1 * c0
    limb1 = total & 0xFFFF
    total = (total >> 16) + a0 * c2 + a1 * c1 + a2 * c0
    limb2 = total & 0xFFFF
    total = (total >> 16) + a0 * c3 + a1 * c2 + a2 * c1 + a3 * c0
    return ((total & 0xFFFF) << 16) | limb2, (limb1 << 16) | limb0


def _times_small(half: int, factor: int) -> int:
    """A 32-bit half times a factor below 2**16, as two products of 16-bit factors."""
    return ((half >> 16) * factor << 16) + (half & 0xFFFF) * factor


class FastSplitMix64:
    """`SplitMix64` with the same outputs, for the bots' hot loops: compiled, its state is two 32-bit halves and a
    draw never leaves machine words, where `SplitMix64` is an interpreted class working on 64-bit Python ints.
    Pure Python, it works on whole words like `SplitMix64`."""

    def __init__(self, seed: int) -> None:
        state = seed & MASK64
        self.high = state >> 32
        self.low = state & MASK32

    def _halves(self) -> tuple[int, int]:
        """The next output as (high, low) 32-bit halves."""
        low = self.low + GAMMA_LOW
        high = (self.high + GAMMA_HIGH + (low >> 32)) & MASK32
        low &= MASK32
        self.high = high
        self.low = low
        if not COMPILED:
            z = (high << 32) | low
            z = ((z ^ (z >> 30)) * MIX_1) & MASK64
            z = ((z ^ (z >> 27)) * MIX_2) & MASK64
            z ^= z >> 31
            return z >> 32, z & MASK32
        return _mix_halves(high, low)

    def next64(self) -> int:
        high, low = self._halves()
        return (high << 32) | low

    def below(self, n: int) -> int:
        """A number in 0..n-1 (n >= 1), as `SplitMix64.below`: Lemire's multiply-shift."""
        high, low = self._halves()
        if n < 1 << 16:
            return (_times_small(high, n) + (_times_small(low, n) >> 32)) >> 32
        return (((high << 32) | low) * n) >> 64

    def shuffle(self, items: list[int]) -> None:
        """Fisher–Yates from the last index down, as `SplitMix64.shuffle`."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
