"""Deals by the thousand: the inlined shuffle equals the engine's, and range counts equal direct counts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from heartcards.heart_to_heart.engine import Deal, Game, Mode, Status
from heartcards.heart_to_heart.engine.deal import MAX_NUMBER
from heartcards.heart_to_heart.solver import is_winnable
from heartcards.heart_to_heart.solver.deals import (
    decide_normal_range,
    normal_values,
    stuck_at_start,
)
from heartcards.heart_to_heart.solver.stats import summarize_deals


def test_normal_values_equal_the_engine_deals() -> None:
    for number in [*range(500), 12_345_678, MAX_NUMBER]:
        order = [int(rank) for rank in Deal.from_number(number).order]
        assert normal_values(number) == order


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=MAX_NUMBER))
def test_normal_values_equal_the_engine_deals_anywhere(number: int) -> None:
    order = [int(rank) for rank in Deal.from_number(number).order]
    assert normal_values(number) == order


def test_range_counts_equal_direct_counts() -> None:
    games = [Game(Deal.from_number(number)) for number in range(1000, 1400)]
    winnable = sum(is_winnable(game.position) for game in games)
    stuck = sum(game.status is Status.STALLED for game in games)
    assert sum(stuck_at_start(normal_values(number)) for number in range(1000, 1400)) == stuck
    assert decide_normal_range(1000, 400) == (winnable, stuck)
    for workers in (1, 2):
        summary = summarize_deals(Mode.NORMAL, 1000, 400, workers)
        assert (summary.deals, summary.winnable, summary.stuck) == (400, winnable, stuck)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=MAX_NUMBER))
def test_solvable_codes_are_always_winnable(number: int) -> None:
    game = Game(Deal.from_number(number, Mode.SOLVABLE))
    assert game.status is Status.PLAYING
    assert is_winnable(game.position)


def test_solvable_range_all_winnable_none_stuck() -> None:
    summary = summarize_deals(Mode.SOLVABLE, 0, 300, 1)
    assert (summary.deals, summary.winnable, summary.stuck) == (300, 300, 0)
