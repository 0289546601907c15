"""The solver as a service: optimal solutions cached per code (memory, then the database), hints and the daily deal.

Searches run in the server's worker pool (`heartcards.runtime.pool`), so the event loop and the GIL stay free for
taps. A game's solution is asked for in the background when the game starts, so its par is ready when it is won.
The pool is handed one search at a time from a fair queue (`runtime.fair_queue`): each requester (a player, an
address) has its own line, served in turn, and may have only a few searches waiting; so one client asking for
thousands of solutions delays another player's hint by one search at most, the queue never grows without bound, and a
long search holds one of the pool's workers, never the others the computer players decide in.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from datetime import UTC, date, datetime
from functools import lru_cache
from typing import Final, TypeVar

from heartcards.heart_to_heart.engine import Move, Position
from heartcards.heart_to_heart.solver import daily_code
from heartcards.runtime.fair_queue import FairQueue
from heartcards.runtime.pool import WorkerDiedError, WorkerPool
from heartcards.storage.h2h_records import SolutionRecord
from heartcards.storage.h2h_repository import H2HRepository
from heartcards.web.errors import WebError
from heartcards.web.h2h import solver_worker
from heartcards.web.h2h.errors import SolverUnavailableError
from heartcards.web.h2h.solver_worker import SolvedCode
from heartcards.web.places import waiting_elsewhere

logger = logging.getLogger("heartcards.web.h2h")

T = TypeVar("T")
MAX_BACKGROUND = 8
"""Background solves waiting at most; beyond that a code is solved when it is first needed."""
BACKGROUND: Final = "background"
"""The requester of the background solves (a new game's par)."""
PRELOAD: Final = ("heartcards.heart_to_heart.solver",)
"""What a worker of the solver's own pool imports as it starts (its tables built, the first search starts at once)."""


class SolverBusyError(WebError):
    """The requester has enough searches waiting already (`fair_queue.WAITING_PER_REQUESTER`), or the queue is full
    (`fair_queue.WAITING_IN_ALL`): ask again later."""

    status = 429
    key = "h2h.error.solver_busy"
    retry_after = 5  # a search takes milliseconds to a few seconds: the line has room again soon


class Solver:
    def __init__(self, repository: H2HRepository, pool: WorkerPool | None = None) -> None:
        """Searches in `pool` (the server's, shared with the Hearts computer players), or in a pool of their own,
        closed with the solver."""
        self.repository = repository
        self.pool = pool or WorkerPool(preload=PRELOAD)
        self._own_pool = pool is None
        self._known: dict[str, SolutionRecord] = {}
        self._pending: dict[str, asyncio.Future[SolvedCode]] = {}
        self.queue = FairQueue(self.pool.run, SolverBusyError)

    def warm_up(self) -> None:
        """Start the workers now (at server start, in its event loop) rather than on the first win or hint."""
        self.pool.warm_up()

    def known(self, code: str) -> SolutionRecord | None:
        """The solution if already solved (memory, then database); never starts a search."""
        found = self._known.get(code)
        if found is None:
            found = self.repository.solution(code)
            if found is not None:
                self._known[code] = found
        return found

    def _submit(self, code: str, requester: str) -> asyncio.Future[SolvedCode]:
        pending = self._pending.get(code)
        if pending is None:
            pending = self.queue.submit(requester, solver_worker.solve_code, code)
            self._pending[code] = pending
            pending.add_done_callback(lambda done: self._store(code, done))
        return pending

    def _store(self, code: str, done: asyncio.Future[SolvedCode]) -> None:
        """Keeps a finished search's answer (memory, then the database). A failed search is logged here (whoever
        awaits it gets the error too); a failed write is logged, and the answer stays in memory (the next start
        solves it again)."""
        self._pending.pop(code, None)
        if done.cancelled():
            return
        failure = done.exception()
        if failure is not None:
            logger.error("the search for %s failed", code, exc_info=failure)
            return
        solution = SolutionRecord(*done.result())
        self._known[code] = solution
        try:
            self.repository.save_solution(solution, datetime.now(UTC))
        except Exception:
            logger.exception("could not store the solution of %s", code)

    def prefetch(self, code: str) -> None:
        """Start solving `code` in the background unless known or too much is waiting already."""
        if code in self._known or code in self._pending or len(self._pending) >= MAX_BACKGROUND:
            return
        if self.known(code) is not None:
            return
        try:
            self._submit(code, BACKGROUND)
        except SolverBusyError:  # best effort: the code is solved when first needed
            return

    async def solution(self, code: str, requester: str = BACKGROUND) -> SolutionRecord:
        """The solution of `code`: known, or searched for in `requester`'s turn."""
        known = self.known(code)
        if known is not None:
            return known
        # shielded: another request may wait for the same search, and a caller that goes away must not cancel it
        search = asyncio.shield(self._submit(code, requester))
        async with waiting_elsewhere():
            return SolutionRecord(*await self._answer(search))

    async def par(self, code: str, wait_seconds: float = 5.0) -> int | None:
        """The fewest moves for `code`, waiting a little for a running search; None if unknown or unavailable."""
        known = self.known(code)
        if known is not None:
            return known.move_count
        search = asyncio.shield(self._submit(code, BACKGROUND))  # a wait that times out leaves the search running
        try:
            async with waiting_elsewhere():
                solved = await asyncio.wait_for(self._answer(search), wait_seconds)
        except (TimeoutError, SolverUnavailableError, asyncio.CancelledError):
            return None
        return SolutionRecord(*solved).move_count

    async def hint(self, position: Position, requester: str = BACKGROUND) -> Move | None:
        """The next move of a shortest win from `position`, searched for in `requester`'s turn."""
        search = self.queue.submit(requester, solver_worker.hint_for, position)
        async with waiting_elsewhere():
            return await self._answer(search)

    @staticmethod
    async def _answer(search: Awaitable[T]) -> T:
        """The search's answer; `SolverUnavailableError` when no worker could run it (they keep dying, or cannot
        start)."""
        try:
            return await search
        except (WorkerDiedError, OSError) as error:
            raise SolverUnavailableError() from error

    def close(self) -> None:
        """Cancel the searches waiting; end the workers if the pool is the solver's own (a server closes its shared
        pool itself)."""
        self.queue.close()
        if self._own_pool:
            self.pool.close()


@lru_cache(maxsize=64)
def daily_code_for(day: date) -> str:
    """The daily deal's code on `day` (the same winnable deal for everyone), computed once per day."""
    return daily_code(day)
