"""The ratings' rules apart from storage (`hearts/ratings.py`): leaderboard places, ranks of those who left."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from heartcards.hearts.ratings import Entrant, ranks, standings


def test_equal_ratings_share_a_place_and_the_next_counts_them() -> None:
    assert standings([1900, 1800, 1800, 1700, 1700, 1700, 1500]) == [1, 2, 2, 4, 4, 4, 7]
    assert standings([]) == []


@given(st.lists(st.integers(0, 3000), max_size=40).map(lambda ratings: sorted(ratings, reverse=True)))
def test_a_place_is_one_more_than_the_ratings_above_it(ratings: list[int]) -> None:
    assert standings(ratings) == [1 + sum(other > rating for other in ratings) for rating in ratings]


def test_those_who_left_rank_together_past_the_last_place() -> None:
    entrants = [Entrant("a", True, 2), Entrant("b", True, 1), Entrant("c", False, 3, left=True), Entrant("d", True, 4)]
    assert ranks(entrants) == [2, 1, 5, 4]
