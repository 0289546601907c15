"""`count_chunk`: the per-chunk count a cluster's workers run equals direct solves of each deal."""

from __future__ import annotations

import pickle

from heartcards.heart_to_heart.engine import Deal, Game, Mode, Status
from heartcards.heart_to_heart.solver import is_winnable, solve
from heartcards.heart_to_heart.solver.stats import ChunkCounts, count_chunk


def test_count_chunk_equals_direct_counts() -> None:
    counts = count_chunk(Mode.NORMAL, 7_000, 300, optimal=False)
    games = [Game(Deal.from_number(number, Mode.NORMAL)) for number in range(7_000, 7_300)]
    assert counts.deals == 300 and counts.first == 7_000
    assert counts.winnable == sum(is_winnable(game.position) for game in games) > 0
    assert counts.stuck == sum(game.status is Status.STALLED for game in games) > 0
    assert counts.fewest_moves is None and not counts.optimal


def test_count_chunk_fewest_moves_histogram() -> None:
    counts = count_chunk(Mode.NORMAL, 0, 40, optimal=True)
    expected: dict[int, int] = {}
    for number in range(40):
        solution = solve(Game(Deal.from_number(number, Mode.NORMAL)).position)
        if solution.move_count is not None:
            expected[solution.move_count] = expected.get(solution.move_count, 0) + 1
    assert counts.fewest_moves == expected and sum(expected.values()) == counts.winnable > 0
    assert list(counts.fewest_moves) == sorted(expected)
    summary = counts.summary()
    assert summary.optimal and summary.deals == 40 and summary.winnable == counts.winnable
    assert summary.move_counts == sorted(m for m, n in expected.items() for _ in range(n))


def test_chunk_counts_travel_between_processes() -> None:
    counts = ChunkCounts(Mode.SOLVABLE, 10, 5, 5, 0, {40: 2, 41: 3})
    assert pickle.loads(pickle.dumps(counts)) == counts
    assert count_chunk(Mode.SOLVABLE, 10, 5, optimal=False) == ChunkCounts(Mode.SOLVABLE, 10, 5, 5, 0, None)
