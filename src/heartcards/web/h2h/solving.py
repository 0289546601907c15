"""The solver as a service: optimal solutions cached per code (memory, then the database), hints and the daily deal.

Searches run in one worker process (spawned on first use), so the event loop and the GIL stay free for taps.
A game's solution is asked for in the background when the game starts, so its par is ready when it is won.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, CancelledError, Future, ProcessPoolExecutor
from datetime import UTC, date, datetime
from functools import lru_cache
from typing import TypeVar

from heartcards.heart_to_heart.engine import Move, Position
from heartcards.heart_to_heart.solver import daily_code
from heartcards.storage import Repository, SolutionRecord
from heartcards.web.h2h import solver_worker
from heartcards.web.h2h.errors import SolverUnavailableError
from heartcards.web.h2h.solver_worker import SolvedCode
from heartcards.web.workers import follow_the_server

logger = logging.getLogger("heartcards.web.h2h")

T = TypeVar("T")
MAX_BACKGROUND = 8
"""Background solves waiting at most; beyond that a code is solved when it is first needed."""


class Solver:
    def __init__(self, repository: Repository) -> None:
        self.repository = repository
        self._known: dict[str, SolutionRecord] = {}
        self._pending: dict[str, Future[SolvedCode]] = {}
        self._executor: ProcessPoolExecutor | None = None

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=follow_the_server,
            )
        return self._executor

    def warm_up(self) -> None:
        """Start the worker process now (at server start) rather than on the first win or hint."""
        self._pool().submit(solver_worker.warm_up)

    def known(self, code: str) -> SolutionRecord | None:
        """The solution if already solved (memory, then database); never starts a search."""
        found = self._known.get(code)
        if found is None:
            found = self.repository.solution(code)
            if found is not None:
                self._known[code] = found
        return found

    def _submit(self, code: str) -> Future[SolvedCode]:
        pending = self._pending.get(code)
        if pending is None:
            try:
                pending = self._pool().submit(solver_worker.solve_code, code)
            except BrokenExecutor:  # the worker died (killed, out of memory): start a new one once
                self._executor = None
                pending = self._pool().submit(solver_worker.solve_code, code)
            self._pending[code] = pending
            pending.add_done_callback(lambda done: self._store(code, done))
        return pending

    def _store(self, code: str, done: Future[SolvedCode]) -> None:
        """Keeps a finished search's answer (memory, then the database). Runs in the executor's management thread:
        only plain dict operations and one short write. A failed search is logged here (whoever awaits it gets the
        error too); a failed write is logged, and the answer stays in memory (the next start solves it again)."""
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
            self._submit(code)
        except BrokenExecutor:  # best effort: the code is solved when first needed, and that path reports errors
            logger.exception("could not start solving %s in the background", code)

    async def solution(self, code: str) -> SolutionRecord:
        known = self.known(code)
        if known is not None:
            return known
        try:
            return SolutionRecord(*await asyncio.wrap_future(self._submit(code)))
        except BrokenExecutor as error:
            self._executor = None
            raise SolverUnavailableError() from error

    async def par(self, code: str, wait_seconds: float = 5.0) -> int | None:
        """The fewest moves for `code`, waiting a little for a running search; None if unknown or unavailable."""
        try:
            solved = await asyncio.wait_for(asyncio.shield(self.solution(code)), wait_seconds)
        except (TimeoutError, SolverUnavailableError, CancelledError):
            return None
        return solved.move_count

    async def hint(self, position: Position) -> Move | None:
        return await self._run(solver_worker.hint_for, position)

    async def _run(self, function: Callable[[Position], T], argument: Position) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool(), function, argument)
        except BrokenExecutor as error:
            self._executor = None
            raise SolverUnavailableError() from error

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None


@lru_cache(maxsize=64)
def daily_code_for(day: date) -> str:
    """The daily deal's code on `day` (the same winnable deal for everyone), computed once per day."""
    return daily_code(day)
