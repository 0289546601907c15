"""Exact winnability from the heart's removed set and a count per rank of the stock and waste cards.

Recycling is unlimited, so any stock or waste card can be brought to the waste top without touching the heart: for
winnability the reserve is just a count per rank, packed three bits a rank into one int (`counts`). A rank with no
more heart cards left than reserve copies can only gain from removing a free card, so such cards go greedily; so do
whole groups of a rank that are all free at once. Only the other ranks branch, and lost states are memoised.
"""

from __future__ import annotations

from heartcards.heart_to_heart.engine.layout import HEART_SIZE, REMOVED_SETS
from heartcards.heart_to_heart.solver.tables import CHAINED, FREE, INDEX_OF, WON_INDEX

RANK_COUNT = 13
RANK_BITS = 3


def pack_counts(counts: list[int]) -> int:
    """Reserve counts per rank (index 0 = ace) packed three bits a rank."""
    packed = 0
    for rank in range(RANK_COUNT):
        packed |= counts[rank] << (RANK_BITS * rank)
    return packed


def rank_masks_of(heart: list[int]) -> list[int]:
    """Bitmask of positions per rank (index 0 = ace); `heart[p]` is the rank value 1..13, or 0 where removed."""
    masks = [0] * RANK_COUNT
    for position in range(HEART_SIZE):
        if heart[position]:
            masks[heart[position] - 1] |= 1 << position
    return masks


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
        left = remaining.bit_count()
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
            removed = REMOVED_SETS[index]
            free = FREE[index]
            taken = 0
            for rank in range(RANK_COUNT):
                remaining = rank_masks[rank] & ~removed
                free_of_rank = remaining & free
                if not free_of_rank:
                    continue
                shift = RANK_BITS * rank
                reserve = (counts >> shift) & 7
                left = remaining.bit_count()
                if left <= reserve:
                    taken |= free_of_rank
                    counts -= free_of_rank.bit_count() << shift
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
        removed = REMOVED_SETS[index]
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
