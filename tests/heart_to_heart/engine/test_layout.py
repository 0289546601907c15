from itertools import combinations

from heartcards.heart_to_heart.engine.layout import (
    ALL_REMOVED,
    COVER_MASKS,
    REMOVED_SETS,
    SLOTS,
    free_mask,
    free_positions,
)

# The table of docs/rules/heart-to-heart.md#the-heart: position -> (row, x, covered by).
SPEC_TABLE = {
    1: (1, 1, (5, 6)),
    2: (1, 3, (6, 7)),
    3: (1, 7, (8, 9)),
    4: (1, 9, (9, 10)),
    5: (2, 0, (11,)),
    6: (2, 2, (11, 12)),
    7: (2, 4, (12, 13)),
    8: (2, 6, (13, 14)),
    9: (2, 8, (14, 15)),
    10: (2, 10, (15,)),
    11: (3, 1, (16,)),
    12: (3, 3, (16, 17)),
    13: (3, 5, (17, 18)),
    14: (3, 7, (18, 19)),
    15: (3, 9, (19,)),
    16: (4, 2, (20,)),
    17: (4, 4, (20, 21)),
    18: (4, 6, (21, 22)),
    19: (4, 8, (22,)),
    20: (5, 3, (23,)),
    21: (5, 5, (23, 24)),
    22: (5, 7, (24,)),
    23: (6, 4, (25,)),
    24: (6, 6, (25,)),
    25: (7, 5, ()),
}


def test_layout_matches_the_spec_table() -> None:
    assert {s.position: (s.row, s.x, s.covered_by) for s in SLOTS} == SPEC_TABLE


def test_rows_hold_4_6_5_4_3_2_1_cards() -> None:
    assert [sum(1 for s in SLOTS if s.row == row) for row in range(1, 8)] == [4, 6, 5, 4, 3, 2, 1]


def test_only_the_point_is_free_at_the_start() -> None:
    assert free_positions(0) == [25]


def test_removing_the_point_frees_23_and_24() -> None:
    assert free_positions(1 << 24) == [23, 24]


def is_closed(removed: int) -> bool:
    """Every removed card had all the cards covering it removed before it (read from the rules' table)."""
    return all(
        all((removed >> (other - 1)) & 1 for other in SPEC_TABLE[position][2])
        for position in SPEC_TABLE
        if (removed >> (position - 1)) & 1
    )


def test_cover_masks_and_free_masks_follow_the_table() -> None:
    assert [slot.covered_by_mask for slot in SLOTS] == [
        sum(1 << (other - 1) for other in SPEC_TABLE[p][2]) for p in range(1, 26)
    ]
    assert tuple(sum(1 << (other - 1) for other in SPEC_TABLE[p][2]) for p in range(1, 26)) == COVER_MASKS
    assert free_mask(0) == 1 << 24
    assert free_mask(ALL_REMOVED) == 0
    assert ALL_REMOVED == (1 << 25) - 1
    everything_but_row_1 = ALL_REMOVED & ~0b1111
    assert free_positions(everything_but_row_1) == [1, 2, 3, 4]
    assert free_positions(everything_but_row_1 | 0b0101) == [2, 4]


def test_exactly_623_removed_sets_can_occur_and_all_are_closed() -> None:
    assert len(REMOVED_SETS) == 623
    assert all(is_closed(removed) for removed in REMOVED_SETS)
    assert REMOVED_SETS[0] == 0
    assert REMOVED_SETS[-1] == ALL_REMOVED
    counts = [removed.bit_count() for removed in REMOVED_SETS]
    assert counts == sorted(counts)  # fewest removed first
    assert len(set(REMOVED_SETS)) == 623


def test_every_closed_set_of_the_bottom_rows_is_a_removed_set() -> None:
    """Closed sets among positions 16..25 (rows 4 to 7): exactly those listed, none missing, none extra."""
    bottom = list(range(16, 26))
    closed = {
        sum(1 << (p - 1) for p in chosen)
        for size in range(len(bottom) + 1)
        for chosen in combinations(bottom, size)
        if is_closed(sum(1 << (p - 1) for p in chosen))
    }
    listed = {removed for removed in REMOVED_SETS if not removed & ((1 << 15) - 1)}
    assert listed == closed
