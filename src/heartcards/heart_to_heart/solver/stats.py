"""Many deals at once: winnability (and optionally fewest moves) over a range of deal numbers, on several cores.

Chunks of deal numbers go to a pool of processes; N deals without optimal solutions take the compiled fast path
of `deals.decide_normal_range`. `count_chunk` is the same count as plain, picklable values, for machines that only
ship counts around (the cluster runner and its checkpoint).
"""

from __future__ import annotations

import multiprocessing
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from heartcards.heart_to_heart.engine import Deal, Game, Mode
from heartcards.heart_to_heart.engine.reach import order_winnable
from heartcards.heart_to_heart.solver.deals import decide_normal_range, normal_values, stuck_at_start
from heartcards.heart_to_heart.solver.solve import solve

CHUNK_DEALS = 1000
CHUNK_DEALS_OPTIMAL = 10


def deal_values(mode: Mode, number: int) -> list[int]:
    if mode is Mode.NORMAL:
        return normal_values(number)
    return [int(rank) for rank in Deal.from_number(number, mode).order]


@dataclass
class DealSummary:
    """Counts over a range of deals; `move_counts` holds each winnable deal's fewest moves when `optimal`."""

    deals: int = 0
    winnable: int = 0
    stuck: int = 0
    optimal: bool = False
    move_counts: list[int] = field(default_factory=list)

    def merge(self, other: DealSummary) -> None:
        self.deals += other.deals
        self.winnable += other.winnable
        self.stuck += other.stuck
        self.move_counts.extend(other.move_counts)


def summarize_range(mode: Mode, start: int, count: int, optimal: bool) -> DealSummary:
    """Decide deals start..start+count-1 in this process."""
    summary = DealSummary(optimal=optimal)
    if mode is Mode.NORMAL and not optimal:
        summary.deals = count
        summary.winnable, summary.stuck = decide_normal_range(start, count)
        return summary
    for number in range(start, start + count):
        values = deal_values(mode, number)
        summary.deals += 1
        if stuck_at_start(values):
            summary.stuck += 1
        elif order_winnable(values):
            summary.winnable += 1
            if optimal:
                solution = solve(Game(Deal.from_number(number, mode)).position)
                if solution.move_count is not None:
                    summary.move_counts.append(solution.move_count)
    return summary


@dataclass(frozen=True, slots=True)
class ChunkCounts:
    """The counts of deals `first`..`first + deals - 1`: what a chunk reports and a checkpoint keeps.

    `fewest_moves` maps a move count to how many winnable deals need exactly that many at fewest; it is None when the
    chunk was counted without optimal solutions.
    """

    mode: Mode
    first: int
    deals: int
    winnable: int
    stuck: int
    fewest_moves: dict[int, int] | None = None

    @property
    def optimal(self) -> bool:
        return self.fewest_moves is not None

    def summary(self) -> DealSummary:
        """As a `DealSummary`, the move counts listed one per winnable deal (in increasing order)."""
        moves = sorted((self.fewest_moves or {}).items())
        listed = [count for count, deals in moves for _ in range(deals)]
        return DealSummary(self.deals, self.winnable, self.stuck, self.optimal, listed)


def count_chunk(mode: Mode, first: int, deals: int, optimal: bool) -> ChunkCounts:
    """Decide deals first..first+deals-1 in this process (`summarize_range`), as a `ChunkCounts`."""
    summary = summarize_range(mode, first, deals, optimal)
    fewest_moves = dict(sorted(Counter(summary.move_counts).items())) if optimal else None
    return ChunkCounts(mode, first, summary.deals, summary.winnable, summary.stuck, fewest_moves)


def _summarize_chunk(task: tuple[Mode, int, int, bool]) -> DealSummary:
    return summarize_range(*task)


def _chunks(mode: Mode, start: int, count: int, optimal: bool, size: int) -> Iterator[tuple[Mode, int, int, bool]]:
    for first in range(start, start + count, size):
        yield (mode, first, min(size, start + count - first), optimal)


def summarize_deals(
    mode: Mode,
    start: int,
    count: int,
    workers: int,
    optimal: bool = False,
    on_progress: Callable[[int], None] | None = None,
) -> DealSummary:
    """Decide deals start..start+count-1 with `workers` processes (1 = in this process)."""
    summary = DealSummary(optimal=optimal)
    size = CHUNK_DEALS_OPTIMAL if optimal else min(CHUNK_DEALS, max(1, count // (4 * workers)))
    tasks = _chunks(mode, start, count, optimal, size)
    if workers <= 1:
        for part in map(_summarize_chunk, tasks):
            summary.merge(part)
            if on_progress is not None:
                on_progress(summary.deals)
        return summary
    # Forking a process that runs other threads can copy a lock mid-use; then start workers from a clean server.
    context = multiprocessing.get_context("fork" if threading.active_count() == 1 else "forkserver")
    with context.Pool(workers) as pool:
        for part in pool.imap(_summarize_chunk, tasks):
            summary.merge(part)
            if on_progress is not None:
                on_progress(summary.deals)
    return summary
