"""Can the heart still be cleared? An exact answer that looks only at what matters.

Because recycling is unlimited, every stock and waste card can be brought to the waste top without touching the
heart, so for winnability the stock and waste are just a count per rank. A rank whose remaining heart cards are no
more than its stock copies is unconstrained: any removal of it never hurts, so those cards are removed greedily as
soon as they are free. Only the other ranks branch, and failing states are memoised.
"""

from __future__ import annotations

from collections.abc import Sequence

from heartcards.heart_to_heart.engine.layout import ALL_REMOVED, COVER_MASKS, HEART_SIZE

RANK_COUNT = 13


def _free_mask(removed: int) -> int:
    mask = 0
    for index in range(HEART_SIZE):
        if not (removed >> index) & 1 and not COVER_MASKS[index] & ~removed:
            mask |= 1 << index
    return mask


class _Search:
    """One winnability question: rank masks of the heart, stock counts, and the memo of lost states."""

    def __init__(self, rank_masks: list[int], stock: list[int]) -> None:
        self.rank_masks = rank_masks
        self.lost: set[tuple[int, tuple[int, ...]]] = set()
        self.initial_stock = stock

    def settle(self, removed: int, stock: list[int]) -> int:
        """Remove every free card of an unconstrained rank, and whole free groups that can go at once."""
        changed = True
        while changed:
            changed = False
            free = _free_mask(removed)
            for rank in range(RANK_COUNT):
                remaining = self.rank_masks[rank] & ~removed
                if not remaining:
                    continue
                free_of_rank = remaining & free
                if not free_of_rank:
                    continue
                left = remaining.bit_count()
                if left <= stock[rank]:
                    taken = free_of_rank.bit_count()
                    stock[rank] -= taken
                    removed |= free_of_rank
                    changed = True
                elif free_of_rank == remaining and (left % 2 == 0 or stock[rank] >= 1):
                    stock[rank] -= left % 2
                    removed |= free_of_rank
                    changed = True
        return removed

    def winnable(self, removed: int, stock: list[int]) -> bool:
        removed = self.settle(removed, stock)
        if removed == ALL_REMOVED:
            return True
        key = (removed, tuple(stock))
        if key in self.lost:
            return False
        free = _free_mask(removed)
        for rank in range(RANK_COUNT):
            free_of_rank = self.rank_masks[rank] & free
            if not free_of_rank:
                continue
            bits = [1 << i for i in range(HEART_SIZE) if (free_of_rank >> i) & 1]
            if stock[rank] >= 1:
                for bit in bits:
                    following = stock.copy()
                    following[rank] -= 1
                    if self.winnable(removed | bit, following):
                        return True
            for i, first in enumerate(bits):
                for second in bits[i + 1 :]:
                    if self.winnable(removed | first | second, stock.copy()):
                        return True
        self.lost.add(key)
        return False


def heart_winnable(heart: Sequence[int | None], stock_counts: Sequence[int]) -> bool:
    """True when the heart can be cleared.

    `heart[i]` is the rank value (1..13) at position i + 1, or None where removed; `stock_counts[r - 1]` is how many
    cards of rank r lie in the stock and waste together.
    """
    rank_masks = [0] * RANK_COUNT
    removed = 0
    for index, rank in enumerate(heart):
        if rank is None:
            removed |= 1 << index
        else:
            rank_masks[rank - 1] |= 1 << index
    stock = list(stock_counts)
    return _Search(rank_masks, stock).winnable(removed, stock)
