"""The computer players' thinking at a server's tables: decisions asked of the worker pool, answered as `decide`
answers here, with less thinking when many decisions wait (in a few steps of budget)."""

from __future__ import annotations

import asyncio
import os
import threading

import pytest

from heartcards.cards import Card
from heartcards.hearts.tables.decisions import decide
from heartcards.hearts.tables.thinking import Thinkers
from heartcards.runtime.pool import JobError, WorkerPool
from tests.hearts.tables.test_decisions import a_game_in_play, positions


class FixedBudget(Thinkers):
    """Thinkers whose decisions all get `share` of a search, whatever the load: comparable with `decide` run here."""

    def __init__(self, workers: int, share: float) -> None:
        super().__init__(workers=workers)
        self.share = share

    def budget(self, strength: str) -> float:
        return self.share


def test_the_budget_is_one_of_a_few_steps_and_shrinks_when_decisions_wait() -> None:
    thinkers = Thinkers(workers=2)
    budgets = set()
    for waiting in range(40):
        thinkers.waiting = waiting
        budgets.add(thinkers.budget("strong"))
    assert budgets <= {1.0, 0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625}
    thinkers.waiting = 20
    similar = thinkers.budget("strong")
    thinkers.waiting = 21  # one decision more waiting: the same budget, so the same cards
    assert thinkers.budget("strong") == similar
    thinkers.waiting = 0
    assert thinkers.budget("strong") == 1.0
    thinkers.waiting = 100
    crowded = thinkers.budget("strong")
    assert crowded < 0.2
    thinkers.waiting = 1000
    assert thinkers.budget("strong") < crowded
    thinkers.waiting = 100
    thinkers.full_seconds["strong"] = 1.0  # the workers turned slow (a busy machine): think less still
    assert thinkers.budget("strong") < crowded


def test_decisions_run_in_the_pools_workers_with_no_thread_here() -> None:
    thinkers = Thinkers(workers=1)
    threads = set(threading.enumerate())
    game = a_game_in_play()
    seat = game.turn or 0

    async def ask() -> tuple[object, ...]:
        thinkers.warm_up()
        return await thinkers.decide(game.observation(seat), "easy", 1)

    try:
        (card,) = asyncio.run(ask())
        assert card in game.observation(seat).legal
        assert thinkers.waiting == 0
        (pid,) = thinkers.worker_pids()
        assert pid != os.getpid()
        assert set(threading.enumerate()) == threads  # no feeder or manager thread to take the GIL from the loop
    finally:
        thinkers.close()
    assert thinkers.worker_pids() == []  # its own pool: closed with it


def test_more_decisions_than_workers_are_all_answered_as_decide_answers() -> None:
    observations = positions()
    thinkers = FixedBudget(workers=2, share=0.25)

    async def ask_all() -> list[tuple[Card, ...]]:
        return await asyncio.gather(
            *(thinkers.decide(observation, "normal", seed) for seed, observation in enumerate(observations))
        )

    try:
        answers = asyncio.run(ask_all())
        assert thinkers.waiting == 0 and len(thinkers.worker_pids()) == 2
    finally:
        thinkers.close()
    expected = [decide(observation, "normal", seed, 0.25) for seed, observation in enumerate(observations)]
    assert [tuple(card.text for card in answer) for answer in answers] == expected


def test_a_decision_that_fails_in_its_worker_raises_here() -> None:
    thinkers = FixedBudget(workers=1, share=1.0)

    async def ask_for_an_unknown_strength() -> None:
        with pytest.raises(JobError, match="UnknownBotError"):  # an error that does not unpickle: its traceback
            await thinkers.decide(positions()[4], "no-such-strength", 1)
        assert thinkers.waiting == 0
        (card,) = await thinkers.decide(positions()[4], "easy", 1)
        assert (card.text,) == decide(positions()[4], "easy", 1, 1.0)

    try:
        asyncio.run(ask_for_an_unknown_strength())
    finally:
        thinkers.close()


def test_thinkers_on_a_shared_pool_leave_it_open() -> None:
    pool = WorkerPool(workers=2)
    thinkers = Thinkers(pool)
    game = a_game_in_play()
    seat = game.turn or 0

    async def ask_then_close() -> list[int]:
        await thinkers.decide(game.observation(seat), "easy", 1)
        thinkers.close()
        assert thinkers.workers == 2
        return pool.worker_pids()

    try:
        assert len(asyncio.run(ask_then_close())) == 1
    finally:
        pool.close()
