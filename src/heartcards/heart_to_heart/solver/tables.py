"""The heart's removed sets as an index, with what every search needs precomputed once per process.

Only 623 removed sets can occur. Index them (fewest removed first) and tabulate, per index, the free mask and the
index reached by removing one free position, so searches step with a table look-up instead of recomputing covers.
"""

from __future__ import annotations

from heartcards.heart_to_heart.engine.layout import ALL_REMOVED, COVER_MASKS, HEART_SIZE, REMOVED_SETS, free_mask

SET_COUNT = len(REMOVED_SETS)
INDEX_OF: dict[int, int] = {mask: index for index, mask in enumerate(REMOVED_SETS)}
WON_INDEX = INDEX_OF[ALL_REMOVED]

FREE: list[int] = [free_mask(mask) for mask in REMOVED_SETS]
"""FREE[index]: bitmask of the free positions of removed set `index`."""

FREE_LIST: list[list[int]] = [[p for p in range(HEART_SIZE) if (FREE[i] >> p) & 1] for i in range(SET_COUNT)]
"""FREE_LIST[index]: the free positions (0-based) in increasing order."""

STEP: list[int] = [
    INDEX_OF[REMOVED_SETS[i] | (1 << p)] if (FREE[i] >> p) & 1 else -1
    for i in range(SET_COUNT)
    for p in range(HEART_SIZE)
]
"""STEP[index * 25 + p]: the index after removing free position p (0-based), or -1 when p is not free."""


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


BELOW: list[int] = _below_masks()
CHAINED: list[int] = [0] * HEART_SIZE
"""CHAINED[p]: positions that can never be free at the same time as p (one lies under the other)."""
for _p in range(HEART_SIZE):
    for _q in range(HEART_SIZE):
        if (BELOW[_p] >> _q) & 1:
            CHAINED[_p] |= 1 << _q
            CHAINED[_q] |= 1 << _p
