"""Per removed-set index tables for the searches, beside the engine's index and free masks.

Only 623 removed sets can occur: the engine's `reach` indexes them; here each index also gets its free positions as
a list and the index reached by removing one free position, so searches step with a look-up.
"""

from __future__ import annotations

from typing import Final

from heartcards.heart_to_heart.engine.layout import HEART_SIZE, REMOVED_SETS
from heartcards.heart_to_heart.engine.reach import FREE, INDEX_OF, SET_COUNT

FREE_LIST: Final[list[list[int]]] = [[p for p in range(HEART_SIZE) if (FREE[i] >> p) & 1] for i in range(SET_COUNT)]
"""FREE_LIST[index]: the free positions (0-based) in increasing order."""

STEP: Final[list[int]] = [
    INDEX_OF[REMOVED_SETS[i] | (1 << p)] if (FREE[i] >> p) & 1 else -1
    for i in range(SET_COUNT)
    for p in range(HEART_SIZE)
]
"""STEP[index * 25 + p]: the index after removing free position p (0-based), or -1 when p is not free."""
