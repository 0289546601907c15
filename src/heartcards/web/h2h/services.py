"""What Heart to Heart holds while the app runs: its repository, the running games and the solver service."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from typing import ParamSpec, TypeVar

from heartcards.runtime.clock import utc_now
from heartcards.runtime.fair_queue import FairQueue
from heartcards.runtime.quotas import AddressBudget, BudgetRule, CreationQuota, QuotaRule
from heartcards.storage.h2h_repository import H2HRepository
from heartcards.web.errors import TooManyRequestsError
from heartcards.web.h2h.games import MAX_RECORD_MOVES, Games
from heartcards.web.h2h.solving import Solver
from heartcards.web.h2h.stats_answers import StatsAnswers
from heartcards.web.limits import RUNNING_PER_CLIENT, WAITING_PER_CLIENT
from heartcards.web.services import Services

GAMES_RULE = QuotaRule("h2h.games", per_player=60, per_address=300, window_seconds=600.0)
"""New games per 10 minutes: a player hunting for a deal they like starts one every ten seconds at most; an address
(a household, a school behind one router) may hold several such players."""
MOVES_RULE = BudgetRule("h2h.moves", per_address=2 * MAX_RECORD_MOVES, window_seconds=60.0)
"""Moves one client address may have the server play per minute through batches (what a batch adds, undoes or
replays): 4,000, so a device's offline sync of a whole game of the longest record (2,000 moves) goes through at once
with as much again to spare, and the costliest batch there can be (2,000 moves replayed, 2,000 played) fits too.
A player tapping once a second plays 60 a minute. Past it: 429 `h2h.error.too_many_moves`, `Retry-After: 60`."""
READING_THREADS = 2
"""The threads that read the daily deal's ranking and the players' statistics. Few: each read is Python work (rows
into values) that takes the interpreter from the event loop, so a flood of them on many threads leaves the loop more
to wait behind. The rest wait their turn without it, in a fair queue by client address (`H2HServices.reads`), an
address's reads one at a time: one client asking a heavy player's statistics over and over keeps one thread busy,
and another's read starts on the other at once (`benchmarks/fairness.py`'s `heavy_reads`, in `docs/figures.md`)."""

P = ParamSpec("P")
T = TypeVar("T")


def _reads_busy() -> TooManyRequestsError:
    return TooManyRequestsError(limit=RUNNING_PER_CLIENT + WAITING_PER_CLIENT)


@dataclass(frozen=True, slots=True)
class H2HServices:
    repository: H2HRepository
    games: Games
    solver: Solver
    quota: CreationQuota
    """The games a player and an address may start (new games, and games first sent from a device)."""
    clock: Callable[[], datetime]
    """The wall clock (UTC) games and the daily deal read: a test sets it to play on given days."""
    reading: ThreadPoolExecutor = field(
        default_factory=lambda: ThreadPoolExecutor(READING_THREADS, thread_name_prefix="h2h-reads")
    )
    reads: FairQueue = field(init=False)
    """The reads waiting for the reading threads, a line per client address taking turns."""
    stats: StatsAnswers = field(init=False)
    """The players' statistics answers, kept while their games are unchanged."""

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "reads", FairQueue(self._in_reading_thread, _reads_busy, WAITING_PER_CLIENT, READING_THREADS)
        )
        object.__setattr__(self, "stats", StatsAnswers(self.repository))

    async def _in_reading_thread(self, function: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.reading, function)

    async def read(self, client: str, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """`function(*args)` on the reading threads (`READING_THREADS`), off the event loop, in the line of `client`
        (its address); `TooManyRequestsError` when that line holds as many reads as an address may have waiting."""
        return await self.reads.submit(client, lambda: function(*args, **kwargs))

    @classmethod
    def start(cls, services: Services, clock: Callable[[], datetime] = utc_now) -> H2HServices:
        """The game's services on the app's database; the solver searches in the app's workers."""
        repository = H2HRepository(services.engine)
        solver = Solver(repository, services.workers)
        games = Games(
            repository,
            services.settings.game_cache_size,
            on_new_code=solver.prefetch,
            clock=clock,
            shared=services.settings.shared,
            budget=AddressBudget(services.counters, MOVES_RULE, services.settings.unlimited_networks),
        )
        quota = CreationQuota(services.counters, GAMES_RULE, services.settings.unlimited_networks)
        h2h = cls(repository, games, solver, quota, clock)
        services.on_close(h2h.close)
        return h2h

    def close(self) -> None:
        """Write what is only in memory, then stop the solver."""
        try:
            self.games.flush()
        finally:
            self.reads.close()
            self.reading.shutdown(wait=False, cancel_futures=True)
            self.solver.close()
