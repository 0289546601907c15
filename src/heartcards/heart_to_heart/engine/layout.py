"""The heart's 25 positions as data: row, horizontal centre and which cards cover which.

Rows from top to bottom hold 4, 6, 5, 4, 3, 2, 1 cards; `x` is the centre in half-card widths. A card is covered by
the cards of the next row whose x is its x ± 1, and is free when all of those are removed. Removed sets are bitmasks
with bit (position - 1) set for each removed position.
"""

from __future__ import annotations

from dataclasses import dataclass

ROW_XS: tuple[tuple[int, ...], ...] = (
    (1, 3, 7, 9),
    (0, 2, 4, 6, 8, 10),
    (1, 3, 5, 7, 9),
    (2, 4, 6, 8),
    (3, 5, 7),
    (4, 6),
    (5,),
)
HEART_SIZE = 25
ALL_REMOVED = (1 << HEART_SIZE) - 1


@dataclass(frozen=True, slots=True)
class Slot:
    position: int
    row: int
    x: int
    covered_by: tuple[int, ...]

    @property
    def covered_by_mask(self) -> int:
        return sum(1 << (p - 1) for p in self.covered_by)


def _build_slots() -> tuple[Slot, ...]:
    placed: list[tuple[int, int, int]] = []  # (position, row, x)
    for row, xs in enumerate(ROW_XS, start=1):
        for x in xs:
            placed.append((len(placed) + 1, row, x))
    return tuple(
        Slot(
            position,
            row,
            x,
            tuple(p for p, r, px in placed if r == row + 1 and abs(px - x) == 1),
        )
        for position, row, x in placed
    )


SLOTS: tuple[Slot, ...] = _build_slots()
COVER_MASKS: tuple[int, ...] = tuple(slot.covered_by_mask for slot in SLOTS)


def free_mask(removed: int) -> int:
    """The bitmask of free positions for a removed set."""
    mask = 0
    for index in range(HEART_SIZE):
        if not (removed >> index) & 1 and not COVER_MASKS[index] & ~removed:
            mask |= 1 << index
    return mask


def free_positions(removed: int) -> list[int]:
    mask = free_mask(removed)
    return [index + 1 for index in range(HEART_SIZE) if (mask >> index) & 1]


def _reachable_removed_sets() -> tuple[int, ...]:
    seen = {0}
    frontier = [0]
    while frontier:
        removed = frontier.pop()
        free = free_mask(removed)
        for index in range(HEART_SIZE):
            if (free >> index) & 1:
                following = removed | (1 << index)
                if following not in seen:
                    seen.add(following)
                    frontier.append(following)
    return tuple(sorted(seen, key=lambda mask: (mask.bit_count(), mask)))


REMOVED_SETS: tuple[int, ...] = _reachable_removed_sets()
"""Every removed set play can produce (623 of them), fewest removed first."""
