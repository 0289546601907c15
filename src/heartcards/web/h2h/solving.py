"""The solver as a service: optimal solutions cached per code (memory, then the database), hints and the daily deal.

Searches run in one worker process (spawned on first use), so the event loop and the GIL stay free for taps.
A game's solution is asked for in the background when the game starts, so its par is ready when it is won.
The worker is handed one search at a time from a fair queue (`FairQueue`): each requester (a player, an address)
has its own line, served in turn, and may have only a few searches waiting; so one client asking for thousands of
solutions delays another player's hint by one search at most, and the queue never grows without bound.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import threading
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, CancelledError, Future, ProcessPoolExecutor
from datetime import UTC, date, datetime
from functools import lru_cache
from typing import Any, Final, TypeVar

from heartcards.heart_to_heart.engine import Move, Position
from heartcards.heart_to_heart.solver import daily_code
from heartcards.runtime.workers import follow_the_server
from heartcards.storage import Repository, SolutionRecord
from heartcards.web.errors import WebError
from heartcards.web.h2h import solver_worker
from heartcards.web.h2h.errors import SolverUnavailableError
from heartcards.web.h2h.solver_worker import SolvedCode

logger = logging.getLogger("heartcards.web.h2h")

T = TypeVar("T")
MAX_BACKGROUND = 8
"""Background solves waiting at most; beyond that a code is solved when it is first needed."""
BACKGROUND: Final = "background"
"""The requester of the background solves (a new game's par)."""
WAITING_PER_REQUESTER: Final = 4
"""Searches one requester may have waiting (besides the one running): more answer `SolverBusyError`."""
WAITING_IN_ALL: Final = 256
"""Searches waiting in all: the queue's bound."""


class SolverBusyError(WebError):
    """The requester has enough searches waiting already, or the queue is full: ask again later."""

    status = 429
    key = "h2h.error.solver_busy"
    retry_after = 5  # a search takes milliseconds to a few seconds: the line has room again soon


class FairQueue:
    """Hands the worker one search at a time, taking the requesters in turn (round robin over their own lines).
    Thread-safe: a finished search's callback runs in the executor's management thread and starts the next."""

    def __init__(self, pool: Callable[[], ProcessPoolExecutor], reset: Callable[[], None]) -> None:
        self._pool = pool
        self._reset = reset
        self._lines: OrderedDict[str, deque[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]]] = OrderedDict()
        self._waiting = 0
        self._running = False
        self._lock = threading.Lock()

    @property
    def waiting(self) -> int:
        """Searches waiting for their turn (not the one running)."""
        return self._waiting

    def submit(self, requester: str, function: Callable[..., T], *args: Any) -> Future[T]:
        """A future of `function(*args)` run in the worker when `requester`'s turn comes; raises `SolverBusyError`
        when the requester (or everyone) has too many searches waiting."""
        answer: Future[T] = Future()
        with self._lock:
            line = self._lines.get(requester)
            if self._waiting >= WAITING_IN_ALL or (line is not None and len(line) >= WAITING_PER_REQUESTER):
                raise SolverBusyError()
            if line is None:
                line = self._lines[requester] = deque()
            line.append((answer, function, args))
            self._waiting += 1
        self._next()
        return answer

    def _next(self) -> None:
        with self._lock:
            if self._running or not self._lines:
                return
            requester, line = self._lines.popitem(last=False)
            answer, function, args = line.popleft()
            if line:
                self._lines[requester] = line  # back at the end: the others come first
            self._waiting -= 1
            self._running = True
        try:
            try:
                running = self._pool().submit(function, *args)
            except BrokenExecutor:  # the worker died (killed, out of memory): start a new one once
                self._reset()
                running = self._pool().submit(function, *args)
        except Exception as error:
            with self._lock:
                self._running = False
            answer.set_exception(error)
            self._next()
            return
        running.add_done_callback(lambda done: self._finished(done, answer))

    def _finished(self, done: Future[Any], answer: Future[Any]) -> None:
        with self._lock:
            self._running = False
        failure = None if done.cancelled() else done.exception()
        if done.cancelled():
            answer.cancel()
        elif failure is not None:
            answer.set_exception(failure)
        else:
            answer.set_result(done.result())
        self._next()


class Solver:
    def __init__(self, repository: Repository) -> None:
        self.repository = repository
        self._known: dict[str, SolutionRecord] = {}
        self._pending: dict[str, Future[SolvedCode]] = {}
        self._executor: ProcessPoolExecutor | None = None
        self.queue = FairQueue(self._pool, self._forget_pool)

    def _forget_pool(self) -> None:
        self._executor = None

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

    def _submit(self, code: str, requester: str) -> Future[SolvedCode]:
        pending = self._pending.get(code)
        if pending is None:
            pending = self.queue.submit(requester, solver_worker.solve_code, code)
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
            self._submit(code, BACKGROUND)
        except SolverBusyError:  # best effort: the code is solved when first needed
            return

    async def solution(self, code: str, requester: str = BACKGROUND) -> SolutionRecord:
        """The solution of `code`: known, or searched for in `requester`'s turn."""
        known = self.known(code)
        if known is not None:
            return known
        try:
            return SolutionRecord(*await asyncio.wrap_future(self._submit(code, requester)))
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

    async def hint(self, position: Position, requester: str = BACKGROUND) -> Move | None:
        """The next move of a shortest win from `position`, searched for in `requester`'s turn."""
        return await self._run(requester, solver_worker.hint_for, position)

    async def _run(self, requester: str, function: Callable[[Position], T], argument: Position) -> T:
        try:
            return await asyncio.wrap_future(self.queue.submit(requester, function, argument))
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
