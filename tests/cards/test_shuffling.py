"""The fast shuffles are `SplitMix64.shuffle`, deck for deck: on Python ints, on 32-bit halves, and whichever runs."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from heartcards.cards import SplitMix64
from heartcards.cards.prng import GOLDEN_GAMMA, MASK64, MIX_1, MIX_2
from heartcards.cards.shuffling import (
    GAMMA_HIGH,
    GAMMA_LOW,
    MIX_1_0,
    MIX_1_1,
    MIX_1_2,
    MIX_1_3,
    MIX_2_0,
    MIX_2_1,
    MIX_2_2,
    MIX_2_3,
    FastSplitMix64,
    fast_shuffle,
    shuffle_halves,
    shuffle_words,
)

SHUFFLES = (fast_shuffle, shuffle_halves, shuffle_words)


def undo_xorshift(z: int, shift: int) -> int:
    """The x with x ^ (x >> shift) == z."""
    x = z
    for _ in range(64 // shift + 1):
        x = z ^ (x >> shift)
    return x


def seed_whose_first_output_is(z: int) -> int:
    """SplitMix64's mixer is a bijection of 64-bit words: undo each step (xor-shifts, products by odd constants)."""
    z = undo_xorshift(z, 31)
    z = (undo_xorshift((z * pow(MIX_2, -1, 1 << 64)) & MASK64, 27) * pow(MIX_1, -1, 1 << 64)) & MASK64
    return (undo_xorshift(z, 30) - GOLDEN_GAMMA) & MASK64


def reference(seed: int, deck: list[int]) -> list[int]:
    shuffled = deck.copy()
    SplitMix64(seed).shuffle(shuffled)
    return shuffled


def test_the_gamma_halves_are_the_golden_gamma() -> None:
    assert (GAMMA_HIGH << 32) | GAMMA_LOW == GOLDEN_GAMMA


@given(st.integers(min_value=-(2**70), max_value=2**70), st.integers(min_value=0, max_value=60))
def test_each_shuffle_is_the_reference(seed: int, size: int) -> None:
    deck = [3 * item + 1 for item in range(size)]
    expected = reference(seed, deck)
    for shuffle in SHUFFLES:
        shuffled = deck.copy()
        shuffle(seed, shuffled)
        assert shuffled == expected, shuffle.__name__


def test_each_shuffle_is_the_reference_on_a_grid() -> None:
    """Seeds whose halves carry, wrap or sit at the edges, where a slip in a low bit or a carry shows."""
    seeds = [0, 1, 2026, -7, 2**32 - 1, 2**32, 2**63 + 5, 2**64 - 1, 2**70 - 1]
    seeds += [SplitMix64(number).next64() for number in range(200)]
    for seed in seeds:
        expected = reference(seed, list(range(52)))
        for shuffle in SHUFFLES:
            shuffled = list(range(52))
            shuffle(seed, shuffled)
            assert shuffled == expected, (shuffle.__name__, seed)


def test_each_shuffle_picks_exactly_at_the_edges_of_the_multiply_shift() -> None:
    """Lemire's j = (z * 52) >> 64 steps up at z = ceil(m * 2**64 / 52). The fast forms build that product from 32-bit
    halves, where a lost carry or a slip in a low bit moves j only next to such an edge, which random seeds reach
    about once in 10**8 steps: here the first output of the generator sits on either side of every edge."""
    for m in range(1, 52):
        edge = -(-(m << 64) // 52)
        for z, j in ((edge - 1, m - 1), (edge, m)):
            seed = seed_whose_first_output_is(z)
            assert SplitMix64(seed).next64() == z
            expected = reference(seed, list(range(52)))
            assert expected[51] == j  # the first step swaps the last card with card j
            for shuffle in SHUFFLES:
                shuffled = list(range(52))
                shuffle(seed, shuffled)
                assert shuffled == expected, (shuffle.__name__, m, z)


def test_the_first_swaps_of_a_known_seed() -> None:
    """Known values: SplitMix64(0)'s first output (Vigna's splitmix64.c) picks j = that output * 52 >> 64."""
    for shuffle in SHUFFLES:
        deck = list(range(52))
        shuffle(0, deck)
        assert deck[51] == (0xE220A8397B1DCDAF * 52) >> 64


def test_the_mixers_limbs_are_the_mixers() -> None:
    assert sum(limb << (16 * k) for k, limb in enumerate((MIX_1_0, MIX_1_1, MIX_1_2, MIX_1_3))) == MIX_1
    assert sum(limb << (16 * k) for k, limb in enumerate((MIX_2_0, MIX_2_1, MIX_2_2, MIX_2_3))) == MIX_2


@given(st.integers(min_value=-(2**70), max_value=2**70), st.integers(min_value=1, max_value=2**70))
def test_the_fast_generator_draws_what_splitmix64_draws(seed: int, bound: int) -> None:
    fast, plain = FastSplitMix64(seed), SplitMix64(seed)
    assert [fast.next64() for _ in range(3)] == [plain.next64() for _ in range(3)]
    for n in (1, 2, 13, 39, (1 << 16) - 1, 1 << 16, bound):
        assert fast.below(n) == plain.below(n)
    deck, reference_deck = list(range(40)), list(range(40))
    fast.shuffle(deck)
    plain.shuffle(reference_deck)
    assert deck == reference_deck
    assert fast.next64() == plain.next64()
