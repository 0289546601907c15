"""The deal of a Hearts game: SplitMix64 and Fisher–Yates (as `heartcards.cards.SplitMix64` defines them), replayed
on 32-bit halves so that the compiled module (mypyc) deals in a few microseconds.

`deal_hands(seed, d)` is pinned by golden tests and by every saved game: it must equal the plain
`SplitMix64(stream_seed).shuffle(deck)` of the reference (`reference_hands`, which a test compares deal for deal).
mypyc multiplies as machine words only below 2**30, so each 64-bit product is worked on 16-bit limbs.
"""

from __future__ import annotations

from typing import Final

from heartcards.cards import SplitMix64

HAND_SIZE: Final = 13
DEAL_MIX: Final = 0xD1B54A32D192ED03
MASK64: Final = (1 << 64) - 1
MASK32: Final = (1 << 32) - 1
GAMMA_HIGH: Final = 0x9E3779B9
GAMMA_LOW: Final = 0x7F4A7C15
MIX_1: Final = 0xBF58476D1CE4E5B9
MIX_2: Final = 0x94D049BB133111EB
MIX_1_LIMBS: Final[list[int]] = [(MIX_1 >> shift) & 0xFFFF for shift in (0, 16, 32, 48)]
MIX_2_LIMBS: Final[list[int]] = [(MIX_2 >> shift) & 0xFFFF for shift in (0, 16, 32, 48)]
COMPILED: Final = not __file__.endswith(".py")
"""True when mypyc compiled this module: then 32-bit halves (machine words) beat 64-bit Python ints."""


def stream_seed(seed: int, deal_number: int) -> int:
    """The seed of deal `deal_number`'s own stream, so a deal does not depend on how the earlier ones were played."""
    return SplitMix64((seed ^ (deal_number * DEAL_MIX)) & MASK64).next64()


def reference_hands(seed: int, deal_number: int) -> tuple[int, int, int, int]:
    """`deal_hands` the plain way, through `SplitMix64.shuffle` (the definition the fast path must match)."""
    deck = list(range(52))
    SplitMix64(stream_seed(seed, deal_number)).shuffle(deck)
    return _hands_of(deck)


def deal_hands(seed: int, deal_number: int) -> tuple[int, int, int, int]:
    """The four hands (card masks) of deal `deal_number` of the game with this seed, before passing: the deck
    0..51 shuffled by the deal's stream, thirteen cards a seat in deck order."""
    return halves_hands(seed, deal_number) if COMPILED else reference_hands(seed, deal_number)


def halves_hands(seed: int, deal_number: int) -> tuple[int, int, int, int]:
    """`reference_hands` computed on 32-bit halves: compiled, it never leaves machine words."""
    state = stream_seed(seed, deal_number)
    high = state >> 32
    low = state & MASK32
    deck = list(range(52))
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
        # j = (z * (i + 1)) >> 64, Lemire's multiply-shift
        j = (_times_small(z_high, i + 1) + (_times_small(z_low, i + 1) >> 32)) >> 32
        deck[i], deck[j] = deck[j], deck[i]
    return _hands_of(deck)


def _hands_of(deck: list[int]) -> tuple[int, int, int, int]:
    hands = [0, 0, 0, 0]
    for position in range(52):
        hands[position // HAND_SIZE] |= 1 << deck[position]
    return hands[0], hands[1], hands[2], hands[3]


def _multiply_halves(high: int, low: int, constant: list[int]) -> tuple[int, int]:
    """(high, low) * constant mod 2**64 on 32-bit halves, the constant as four 16-bit limbs (low first): every
    product has two factors below 2**16."""
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
