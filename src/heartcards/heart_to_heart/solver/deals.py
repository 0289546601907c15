"""Deals by the thousand: the engine's shuffle replayed on plain ints, and winnability over a range of numbers.

`normal_values(n)` equals `Deal.from_number(n).order` as rank values (a test checks it deal for deal): SplitMix64
and Fisher–Yates as engine/deal.py documents them, inlined so that a deal costs microseconds, not tens of them.
"""

from __future__ import annotations

from typing import Final

from heartcards.heart_to_heart.engine.deal import N_SEED
from heartcards.heart_to_heart.engine.layout import HEART_SIZE
from heartcards.heart_to_heart.engine.reach import order_winnable

MASK64: Final = (1 << 64) - 1
MASK32: Final = (1 << 32) - 1
GOLDEN_GAMMA: Final = 0x9E3779B97F4A7C15
MIX_1: Final = 0xBF58476D1CE4E5B9
MIX_2: Final = 0x94D049BB133111EB
# The 64-bit constants in 32-bit halves or 16-bit limbs, machine words once compiled.
GAMMA_HIGH: Final = 0x9E3779B9
GAMMA_LOW: Final = 0x7F4A7C15
MIX_1_LIMBS: Final[list[int]] = [(MIX_1 >> shift) & 0xFFFF for shift in (0, 16, 32, 48)]
MIX_2_LIMBS: Final[list[int]] = [(MIX_2 >> shift) & 0xFFFF for shift in (0, 16, 32, 48)]
UNSHUFFLED_VALUES: Final[list[int]] = [rank for rank in range(1, 14) for _ in range(4)]
COMPILED: Final = not __file__.endswith(".py")
"""True when mypyc compiled this module: then 32-bit halves (machine words) beat 64-bit Python ints."""


def normal_values(number: int) -> list[int]:
    """The rank values of deal `HH1-N-…` number `number`, in deal order."""
    state = (N_SEED + number) & MASK64
    deck = UNSHUFFLED_VALUES.copy()
    for i in range(51, 0, -1):
        state = (state + GOLDEN_GAMMA) & MASK64
        z = ((state ^ (state >> 30)) * MIX_1) & MASK64
        z = ((z ^ (z >> 27)) * MIX_2) & MASK64
        z ^= z >> 31
        # (z * (i + 1)) >> 64 without a 128-bit product: split z in 32-bit halves.
        j = ((z >> 32) * (i + 1) + (((z & MASK32) * (i + 1)) >> 32)) >> 32
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _multiply_halves(high: int, low: int, constant: list[int]) -> tuple[int, int]:
    """(high, low) * constant mod 2**64 on 32-bit halves, the constant as four 16-bit limbs (low first): every
    product has two factors below 2**16, which compiled code multiplies as machine words (mypyc only does so below
    2**30)."""
    a0 = low & 0xFFFF
    a1 = low >> 16
    a2 = high & 0xFFFF
    a3 = high >> 16
    c0 = constant[0]
    c1 = constant[1]
    c2 = constant[2]
    c3 = constant[3]
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


def normal_values_halves(number: int) -> list[int]:
    """`normal_values` computed on 32-bit halves: compiled, it never leaves machine words."""
    seed = (N_SEED + number) & MASK64
    high = seed >> 32
    low = seed & MASK32
    deck = UNSHUFFLED_VALUES.copy()
    for i in range(51, 0, -1):
        low += GAMMA_LOW
        high = (high + GAMMA_HIGH + (low >> 32)) & MASK32
        low &= MASK32
        # z ^= z >> 30; z *= MIX_1
        z_high, z_low = _multiply_halves(high ^ (high >> 30), low ^ (((high << 2) | (low >> 30)) & MASK32), MIX_1_LIMBS)
        # z ^= z >> 27; z *= MIX_2
        z_high, z_low = _multiply_halves(
            z_high ^ (z_high >> 27), z_low ^ (((z_high << 5) | (z_low >> 27)) & MASK32), MIX_2_LIMBS
        )
        # z ^= z >> 31
        z_low ^= ((z_high << 1) | (z_low >> 31)) & MASK32
        z_high ^= z_high >> 31
        j = (_times_small(z_high, i + 1) + (_times_small(z_low, i + 1) >> 32)) >> 32
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def stuck_at_start(values: list[int]) -> bool:
    """Stalemate at move 0: only the point is free, and no copy of its rank is in the stock or waste."""
    return values[HEART_SIZE - 1] not in values[HEART_SIZE:]


def decide_normal_range(start: int, count: int) -> tuple[int, int]:
    """(winnable, stuck at move 0) counts over N deals start..start+count-1."""
    winnable = 0
    stuck = 0
    for number in range(start, start + count):
        values = normal_values_halves(number) if COMPILED else normal_values(number)
        if stuck_at_start(values):
            stuck += 1
        elif order_winnable(values):
            winnable += 1
    return winnable, stuck
