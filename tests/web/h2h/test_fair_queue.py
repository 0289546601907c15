"""The solver's fair queue: one client asking for many searches cannot make another player's hint wait behind them,
and nobody can queue searches without bound."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from heartcards.web.h2h.solving import WAITING_PER_REQUESTER, FairQueue, SolverBusyError


def slow(label: str, finished: list[str]) -> str:
    time.sleep(0.05)
    finished.append(label)
    return label


def test_requesters_are_served_in_turn_and_each_line_is_bounded() -> None:
    pool = ThreadPoolExecutor(max_workers=1)
    queue = FairQueue(lambda: pool, lambda: None)  # type: ignore[arg-type, return-value]
    finished: list[str] = []
    try:
        flood = [queue.submit("flooder", slow, f"f{number}", finished) for number in range(WAITING_PER_REQUESTER + 1)]
        with pytest.raises(SolverBusyError):
            queue.submit("flooder", slow, "one too many", finished)
        hint = queue.submit("player", slow, "hint", finished)
        assert hint.result(timeout=10) == "hint"
        assert [future.result(timeout=10) for future in flood] == [f"f{n}" for n in range(WAITING_PER_REQUESTER + 1)]
    finally:
        pool.shutdown(wait=True)
    assert finished.index("hint") <= 2  # behind the search running and at most one more of the flooder's


def test_a_failed_search_reaches_its_requester_and_the_queue_goes_on() -> None:
    pool = ThreadPoolExecutor(max_workers=1)
    queue = FairQueue(lambda: pool, lambda: None)  # type: ignore[arg-type, return-value]

    def fails() -> Any:
        raise ValueError("no such deal")

    try:
        failed = queue.submit("a", fails)
        after = queue.submit("b", slow, "ok", [])
        with pytest.raises(ValueError, match="no such deal"):
            failed.result(timeout=10)
        assert after.result(timeout=10) == "ok"
    finally:
        pool.shutdown(wait=True)
