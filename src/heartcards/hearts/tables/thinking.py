"""The computer players' thinking at a server's tables: each decision (`decisions.decide`) asked of the server's
worker pool (`heartcards.runtime.pool`), with the budget the load allows.

Under load the bots think less: the budget shrinks with the number of decisions waiting and with how long a
decision takes in the workers now (a busy machine gives them fewer playouts), so that a decision, queue included,
stays near `LATENCY_GOAL`; it is a step of `decisions.budget_step`, so decisions under similar load get the same
budget and the same card.
"""

from __future__ import annotations

from typing import Final

from heartcards.cards import Card
from heartcards.hearts.engine import Observation
from heartcards.hearts.tables.decisions import MIN_BUDGET, budget_step, decide_in_worker
from heartcards.hearts.tables.players import full_decision_seconds
from heartcards.hearts.tables.wire import cards_of_texts, observation_fields
from heartcards.runtime.pool import WorkerPool

LATENCY_GOAL: Final = 0.3
"""Seconds a decision should take, waiting included; the budget shrinks when more decisions wait."""
PRELOAD: Final = ("heartcards.hearts.bots",)
"""What a worker of the tables' own pool imports as it starts (a server's pool preloads the solver too)."""


class Thinkers:
    """The computer players' decisions for every table, in the worker pool, and the budget each gets."""

    def __init__(self, pool: WorkerPool | None = None, *, workers: int | None = None) -> None:
        """Decisions in `pool` (the server's, shared with the solver), or in a pool of their own of `workers`
        processes, closed with them."""
        self.pool = pool or WorkerPool(workers, PRELOAD)
        self._own_pool = pool is None
        self.waiting = 0
        """Decisions asked for and not answered yet."""
        self.full_seconds: dict[str, float] = {}
        """Per strength, what a full decision takes in a worker now (a moving average of the measured times, scaled
        to a full budget): on a busy machine the workers are slower than the strength's time cap says."""

    @property
    def workers(self) -> int:
        return self.pool.workers

    def worker_pids(self) -> list[int]:
        """The process ids of the pool's running workers."""
        return self.pool.worker_pids()

    def warm_up(self) -> None:
        """Start the workers now (at server start, in its event loop) rather than on the first decision."""
        self.pool.warm_up()

    def budget(self, strength: str) -> float:
        """The share of a full search the next decision gets, given how many are waiting before it: a step of
        `budget_step`."""
        queued = self.waiting + 1
        full = max(full_decision_seconds(strength), self.full_seconds.get(strength, 0.0))
        return budget_step(LATENCY_GOAL * self.workers / (queued * full))

    async def decide(
        self, observation: Observation, strength: str, seed: int, budget: float | None = None
    ) -> tuple[Card, ...]:
        """The bot's choice, decided in a worker; the caller's event loop runs on meanwhile. Without `budget`, the
        load decides it (`budget`); a check of a game played elsewhere names the one that game was played with."""
        if budget is None:
            budget = self.budget(strength)
        self.waiting += 1
        try:
            texts, seconds = await self.pool.run(
                decide_in_worker, observation_fields(observation), strength, seed, budget
            )
        finally:
            self.waiting -= 1
        if budget >= MIN_BUDGET:
            measured = seconds / budget
            self.full_seconds[strength] = 0.8 * self.full_seconds.get(strength, measured) + 0.2 * measured
        return cards_of_texts(texts)

    def close(self) -> None:
        """End the pool's workers if the pool is the thinkers' own (a server closes its shared pool itself)."""
        if self._own_pool:
            self.pool.close()
