"""A fair queue in front of something that runs one job at a time: each requester (a client address, a player) has
its own line, and the lines take turns, so one requester with many jobs delays another's by one job at most; each
line and the whole queue are bounded, and past either bound a job is refused (the caller's own error, its 429).

It serves the Heart to Heart solver (searches handed to the worker pool) and the accounts' argon2 hashing (one thread).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from typing import Any, Final, TypeVar

T = TypeVar("T")

WAITING_PER_REQUESTER: Final = 4
"""Jobs one requester may have waiting (besides the one running), unless the queue is given another bound."""
WAITING_IN_ALL: Final = 256
"""Jobs waiting in all: the queue's bound."""

Run = Callable[..., Awaitable[Any]]
"""How the queue runs a job: `run(function, *args)` (the worker pool's `run`, or an executor's)."""
_Waiting = tuple[asyncio.Future[Any], Callable[..., Any], tuple[Any, ...]]


class FairQueue:
    """Hands `run` one job at a time, taking the requesters in turn (round robin over their own lines). Runs on the
    event loop: a finished job starts the next."""

    def __init__(self, run: Run, busy: Callable[[], Exception], per_requester: int = WAITING_PER_REQUESTER) -> None:
        """`busy()` is the error a job refused past a bound raises; `per_requester` the jobs one requester may have
        waiting."""
        self._run = run
        self._busy = busy
        self._per_requester = per_requester
        self._lines: OrderedDict[str, deque[_Waiting]] = OrderedDict()
        self._waiting = 0
        self._running: tuple[asyncio.Task[None], asyncio.Future[Any]] | None = None
        """The job running, and its answer."""

    @property
    def waiting(self) -> int:
        """Jobs waiting for their turn (not the one running)."""
        return self._waiting

    def submit(self, requester: str, function: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        """A future of `function(*args)`, run when `requester`'s turn comes; raises `busy()` when the requester (or
        everyone) has too many jobs waiting. A job whose future is cancelled before its turn is not run."""
        line = self._lines.get(requester)
        if self._waiting >= WAITING_IN_ALL or (line is not None and len(line) >= self._per_requester):
            raise self._busy()
        answer: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        if line is None:
            line = self._lines[requester] = deque()
        line.append((answer, function, args))
        self._waiting += 1
        self._next()
        return answer

    def close(self) -> None:
        """Cancel the jobs waiting and the one running."""
        lines, self._lines = self._lines, OrderedDict()
        self._waiting = 0
        for line in lines.values():
            for answer, _, _ in line:
                answer.cancel()
        if self._running is not None:
            task, answer = self._running
            task.cancel()
            answer.cancel()

    def _next(self) -> None:
        while self._running is None and self._lines:
            requester, line = self._lines.popitem(last=False)
            answer, function, args = line.popleft()
            if line:
                self._lines[requester] = line  # back at the end: the others come first
            self._waiting -= 1
            if not answer.done():  # a job nobody waits for any more is not run
                task = asyncio.get_running_loop().create_task(self._job(answer, function, args))
                self._running = (task, answer)

    async def _job(self, answer: asyncio.Future[Any], function: Callable[..., Any], args: tuple[Any, ...]) -> None:
        try:
            result = await self._run(function, *args)
        except asyncio.CancelledError:
            answer.cancel()
            raise
        except Exception as error:
            if not answer.done():
                answer.set_exception(error)
        else:
            if not answer.done():
                answer.set_result(result)
        finally:
            self._running = None
            self._next()
