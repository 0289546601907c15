"""A fair queue in front of something that runs a few jobs at a time: each requester (a client address) has its own
line, and the lines take turns, so one requester with many jobs delays another's by about one job of its own (besides
those running), not by all of them; each line and the whole queue are bounded, and past either bound a job is refused
(the caller's own error, its 429).

It serves the Heart to Heart solver (searches handed to the worker pool, one at a time), the accounts' argon2 hashing
(one thread) and the app's reading threads (two: Heart to Heart's daily ranking and statistics, an account's export;
`web/reading.py`).
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
    """Hands `run` at most `at_once` jobs at a time, taking the requesters in turn (round robin over their own lines),
    one job of a requester at a time: a requester alone keeps one of `run`'s threads or workers busy, not all of them,
    so the others are free for whoever comes next. Runs on the event loop: a finished job starts the next."""

    def __init__(
        self, run: Run, busy: Callable[[], Exception], per_requester: int = WAITING_PER_REQUESTER, at_once: int = 1
    ) -> None:
        """`busy()` is the error a job refused past a bound raises; `per_requester` the jobs one requester may have
        waiting; `at_once` the jobs `run` is given at a time (its threads or workers)."""
        self._run = run
        self._busy = busy
        self._per_requester = per_requester
        self._at_once = at_once
        self._lines: OrderedDict[str, deque[_Waiting]] = OrderedDict()
        self._waiting = 0
        self._running: dict[asyncio.Task[None], tuple[str, asyncio.Future[Any]]] = {}
        """The jobs running: their requesters and answers."""

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
        """Cancel the jobs waiting and those running."""
        lines, self._lines = self._lines, OrderedDict()
        self._waiting = 0
        for line in lines.values():
            for answer, _, _ in line:
                answer.cancel()
        for task, (_, answer) in list(self._running.items()):
            task.cancel()
            answer.cancel()

    def _next(self) -> None:
        while len(self._running) < self._at_once:
            busy = {requester for requester, _ in self._running.values()}
            requester = next((waiting for waiting in self._lines if waiting not in busy), None)
            if requester is None:
                return
            line = self._lines.pop(requester)
            answer, function, args = line.popleft()
            if line:
                self._lines[requester] = line  # back at the end: the others come first
            self._waiting -= 1
            if not answer.done():  # a job nobody waits for any more is not run
                task = asyncio.get_running_loop().create_task(self._job(answer, function, args))
                self._running[task] = (requester, answer)

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
            task = asyncio.current_task()
            if task is not None:
                self._running.pop(task, None)
            self._next()
