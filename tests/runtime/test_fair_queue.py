"""The fair queue (the solver's searches, the accounts' hashes): one client asking for many jobs cannot make another's
wait behind them, nobody can queue jobs without bound, and one job runs at a time."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from heartcards.runtime.fair_queue import WAITING_PER_REQUESTER, FairQueue


class BusyError(Exception):
    pass


class Pool:
    """A stand-in for the worker pool: each job takes a few milliseconds; it notes the order jobs ran in and how many
    ran at once."""

    def __init__(self) -> None:
        self.finished: list[str] = []
        self.running = 0
        self.most_running = 0

    async def run(self, function: Callable[..., Any], *args: Any) -> Any:
        self.running += 1
        self.most_running = max(self.most_running, self.running)
        try:
            await asyncio.sleep(0.01)
            result = function(*args)
            self.finished.append(str(result))
            return result
        finally:
            self.running -= 1


def test_requesters_are_served_in_turn_each_line_is_bounded_and_one_search_runs_at_a_time() -> None:
    pool = Pool()

    async def flood_then_hint() -> None:
        queue = FairQueue(pool.run, BusyError)
        flood = [queue.submit("flooder", str, f"f{number}") for number in range(WAITING_PER_REQUESTER + 1)]
        with pytest.raises(BusyError):
            queue.submit("flooder", str, "one too many")
        hint = queue.submit("player", str, "hint")
        assert await hint == "hint"
        assert await asyncio.gather(*flood) == [f"f{n}" for n in range(WAITING_PER_REQUESTER + 1)]
        assert queue.waiting == 0

    asyncio.run(flood_then_hint())
    assert pool.finished.index("hint") <= 2  # behind the search running and at most one more of the flooder's
    assert pool.most_running == 1


def test_a_failed_search_reaches_its_requester_and_the_queue_goes_on() -> None:
    pool = Pool()

    async def fail_then_go_on() -> None:
        queue = FairQueue(pool.run, BusyError)
        failed = queue.submit("a", int, "no such deal")
        after = queue.submit("b", str, "ok")
        with pytest.raises(ValueError, match="no such deal"):
            await failed
        assert await after == "ok"

    asyncio.run(fail_then_go_on())


def test_a_search_nobody_waits_for_is_not_run_and_close_cancels_the_rest() -> None:
    pool = Pool()

    async def cancel_and_close() -> None:
        queue = FairQueue(pool.run, BusyError)
        running = queue.submit("a", str, "running")
        dropped = queue.submit("b", str, "dropped")
        waiting = queue.submit("c", str, "waiting")
        dropped.cancel()  # its requester went away
        assert await running == "running"
        queue.close()
        with pytest.raises(asyncio.CancelledError):
            await waiting

    asyncio.run(cancel_and_close())
    assert "dropped" not in pool.finished


def test_jobs_run_a_few_at_a_time_and_a_requester_alone_takes_one_place() -> None:
    """Given two places (threads), a requester with many jobs runs one at a time, so the other place is free the
    moment someone else asks."""
    pool = Pool()

    async def flood_then_one_more() -> None:
        queue = FairQueue(pool.run, BusyError, at_once=2)
        flood = [queue.submit("flooder", str, f"f{number}") for number in range(3)]
        assert pool.running == 0 and queue.waiting == 2  # one handed over, the flooder's others wait their turn
        other = queue.submit("reader", str, "read")
        assert queue.waiting == 2  # handed over at once, beside the flooder's
        await asyncio.gather(other, *flood)

    asyncio.run(flood_then_one_more())
    assert pool.finished.index("read") <= 1
    assert pool.most_running == 2
