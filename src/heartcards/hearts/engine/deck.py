"""The deal of a Hearts game: the deck 0..51 shuffled by SplitMix64 and Fisher–Yates (as `heartcards.cards.SplitMix64`
defines them), through the cards' fast shuffle so that the compiled core deals in a few microseconds.

`deal_hands(seed, d)` is pinned by golden tests and by every saved game: it must equal the plain
`SplitMix64(stream_seed).shuffle(deck)` (a test compares them deal for deal).
"""

from __future__ import annotations

from typing import Final

from heartcards.cards import SplitMix64
from heartcards.cards.shuffling import fast_shuffle

HAND_SIZE: Final = 13
DEAL_MIX: Final = 0xD1B54A32D192ED03
MASK64: Final = (1 << 64) - 1


def stream_seed(seed: int, deal_number: int) -> int:
    """The seed of deal `deal_number`'s own stream, so a deal does not depend on how the earlier ones were played."""
    return SplitMix64((seed ^ (deal_number * DEAL_MIX)) & MASK64).next64()


def deal_hands(seed: int, deal_number: int) -> tuple[int, int, int, int]:
    """The four hands (card masks) of deal `deal_number` of the game with this seed, before passing: the deck
    0..51 shuffled by the deal's stream, thirteen cards a seat in deck order."""
    deck = list(range(52))
    fast_shuffle(stream_seed(seed, deal_number), deck)
    return hands_of(deck)


def hands_of(deck: list[int]) -> tuple[int, int, int, int]:
    """The four hands (card masks) dealt from `deck`: thirteen cards a seat in deck order."""
    # Four locals and no list: compiled, `hands[i] |= x` is a generic in-place operation on boxed objects.
    first = second = third = fourth = 0
    for position in range(HAND_SIZE):
        first |= 1 << deck[position]
        second |= 1 << deck[position + HAND_SIZE]
        third |= 1 << deck[position + 2 * HAND_SIZE]
        fourth |= 1 << deck[position + 3 * HAND_SIZE]
    return first, second, third, fourth
