"""Can the heart still be cleared? An exact answer that looks only at what matters.

Recycling is unlimited, so any stock or waste card can be brought to the waste top without touching the heart: for
winnability the reserve (stock and waste) is just a count per rank, packed three bits a rank into one int. A rank with
no more heart cards left than reserve copies can only gain from removing a free card, so such cards go greedily; so
do whole groups of a rank that are all free at once. Only the other ranks branch, and lost states are memoised.
Removed sets are looked up by their index among the 623 that can occur, with the free mask of each precomputed.
"""

from __future__ import annotations

from typing import Final

from heartcards.heart_to_heart.engine.layout import ALL_REMOVED, COVER_MASKS, HEART_SIZE, REMOVED_SETS, free_mask

# Module constants are Final: compiled code then reads them directly instead of looking them up by name.
RANK_COUNT: Final = 13
RANK_BITS: Final = 3
HEART: Final = HEART_SIZE
SETS: Final[list[int]] = list(REMOVED_SETS)
"""REMOVED_SETS again, as a Final list for the compiled core."""
COVERS: Final[list[int]] = list(COVER_MASKS)
SET_COUNT: Final = len(SETS)
INDEX_OF: Final[dict[int, int]] = {mask: index for index, mask in enumerate(SETS)}
"""INDEX_OF[removed set]: its index in REMOVED_SETS."""
WON_INDEX: Final = INDEX_OF[ALL_REMOVED]
FREE: Final[list[int]] = [free_mask(mask) for mask in SETS]
"""FREE[index]: bitmask of the free positions of removed set `index`."""
TOP_BIT_8: Final[list[int]] = [-1] + [value.bit_length() - 1 for value in range(1, 256)]


def popcount(mask: int) -> int:
    """The set bits of a mask in 0 .. 2**32 - 1, by SWAR arithmetic: compiled, this stays in machine words, where
    `int.bit_count()` would be a boxed method call."""
    mask -= (mask >> 1) & 0x55555555
    mask = (mask & 0x33333333) + ((mask >> 2) & 0x33333333)
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F
    return ((mask * 0x01010101) & 0xFFFFFFFF) >> 24  # both factors below 2**30: a machine multiply


def top_bit(mask: int) -> int:
    """The index of the highest set bit of a mask in 0 .. 2**32 - 1 (-1 for 0): `mask.bit_length() - 1`."""
    if mask >> 16:
        if mask >> 24:
            return 24 + TOP_BIT_8[mask >> 24]
        return 16 + TOP_BIT_8[mask >> 16]
    if mask >> 8:
        return 8 + TOP_BIT_8[mask >> 8]
    return TOP_BIT_8[mask]


def _below_masks() -> list[int]:
    """BELOW[p]: every position that p covers, directly or not (the cards p must leave before they can go)."""
    above: list[int] = [0] * HEART_SIZE  # positions covering p, directly or not
    for p in reversed(range(HEART_SIZE)):
        for q in range(HEART_SIZE):
            if (COVER_MASKS[p] >> q) & 1:
                above[p] |= (1 << q) | above[q]
    below = [0] * HEART_SIZE
    for p in range(HEART_SIZE):
        for q in range(HEART_SIZE):
            if (above[p] >> q) & 1:
                below[q] |= 1 << p
    return below


BELOW: Final[list[int]] = _below_masks()
CHAINED: Final[list[int]] = [0] * HEART_SIZE
"""CHAINED[p]: positions that can never be free at the same time as p (one lies under the other)."""
for _p in range(HEART_SIZE):
    for _q in range(HEART_SIZE):
        if (BELOW[_p] >> _q) & 1:
            CHAINED[_p] |= 1 << _q
            CHAINED[_q] |= 1 << _p


def pack_counts(counts: list[int]) -> int:
    """Reserve counts per rank (index 0 = ace) packed three bits a rank."""
    packed = 0
    for rank in range(RANK_COUNT):
        packed |= counts[rank] << (RANK_BITS * rank)
    return packed


def pairable(cards: int) -> int:
    """The most disjoint pairs among `cards` (a position mask) whose two cards are never one on top of the other."""
    positions = [p for p in range(HEART_SIZE) if (cards >> p) & 1]
    count = len(positions)
    best = 0
    for i in range(count):
        for j in range(i + 1, count):
            if not (CHAINED[positions[i]] >> positions[j]) & 1:
                rest = cards & ~(1 << positions[i]) & ~(1 << positions[j])
                found = 1 + pairable(rest)
                if found > best:
                    best = found
    return best


def hopeless(rank_masks: list[int], removed: int, counts: int) -> bool:
    """A quick proof of loss: some rank needs more reserve cards than it has, even pairing all it can."""
    for rank in range(RANK_COUNT):
        remaining = rank_masks[rank] & ~removed
        if not remaining:
            continue
        left = popcount(remaining)
        reserve = (counts >> (RANK_BITS * rank)) & 7
        if left - 2 * (left // 2) > reserve:
            return True
        if left - 2 * pairable(remaining) > reserve:
            return True
    return False


class WinnabilitySearch:
    """One deal's question: which (removed set, reserve counts) states can still clear the heart."""

    def __init__(self, rank_masks: list[int]) -> None:
        self.rank_masks = rank_masks
        self.lost: set[int] = set()
        self.states = 0

    def settle(self, index: int, counts: int) -> tuple[int, int]:
        """Remove what can only help: free cards of ranks with enough reserve copies, and whole free groups."""
        rank_masks = self.rank_masks
        changed = True
        while changed:
            changed = False
            removed = SETS[index]
            free = FREE[index]
            taken = 0
            for rank in range(RANK_COUNT):
                remaining = rank_masks[rank] & ~removed
                free_of_rank = remaining & free
                if not free_of_rank:
                    continue
                shift = RANK_BITS * rank
                reserve = (counts >> shift) & 7
                left = popcount(remaining)
                if left <= reserve:
                    taken |= free_of_rank
                    counts -= popcount(free_of_rank) << shift
                elif free_of_rank == remaining and (left % 2 == 0 or reserve >= 1):
                    taken |= free_of_rank
                    counts -= (left % 2) << shift
            if taken:
                index = INDEX_OF[removed | taken]
                changed = True
        return index, counts

    def winnable(self, index: int, counts: int) -> bool:
        index, counts = self.settle(index, counts)
        if index == WON_INDEX:
            return True
        key = (counts << 10) | index
        if key in self.lost:
            return False
        self.states += 1
        removed = SETS[index]
        free = FREE[index]
        for rank in range(RANK_COUNT):
            free_of_rank = self.rank_masks[rank] & free
            if not free_of_rank:
                continue
            bits = [1 << p for p in range(HEART_SIZE) if (free_of_rank >> p) & 1]
            shift = RANK_BITS * rank
            if (counts >> shift) & 7:
                for bit in bits:
                    if self.winnable(INDEX_OF[removed | bit], counts - (1 << shift)):
                        return True
            for i in range(len(bits)):
                for j in range(i + 1, len(bits)):
                    if self.winnable(INDEX_OF[removed | bits[i] | bits[j]], counts):
                        return True
        self.lost.add(key)
        return False


def heart_winnable_packed(rank_masks: list[int], removed: int, counts: int) -> bool:
    """Can the heart be cleared from removed set `removed` with reserve `counts` (packed)?"""
    if hopeless(rank_masks, removed, counts):
        return False
    return WinnabilitySearch(rank_masks).winnable(INDEX_OF[removed], counts)


def order_winnable(order: list[int]) -> bool:
    """Winnability of a fresh deal given as its 52 rank values in deal order."""
    rank_masks = [0] * RANK_COUNT
    for position in range(HEART_SIZE):
        rank_masks[order[position] - 1] |= 1 << position
    counts = 0
    for position in range(HEART_SIZE, len(order)):
        counts += 1 << (RANK_BITS * (order[position] - 1))
    return heart_winnable_packed(rank_masks, 0, counts)
