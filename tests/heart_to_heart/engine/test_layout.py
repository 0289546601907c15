from heartcards.heart_to_heart.engine.layout import REMOVED_SETS, SLOTS, free_positions, is_closed

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


def test_exactly_623_removed_sets_can_occur_and_all_are_closed() -> None:
    assert len(REMOVED_SETS) == 623
    assert all(is_closed(removed) for removed in REMOVED_SETS)
    assert REMOVED_SETS[0] == 0
    assert REMOVED_SETS[-1] == (1 << 25) - 1
