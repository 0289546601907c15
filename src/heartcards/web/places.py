"""A few places per key, and a line for the rest: what the server's per-address limits share (`web.connections`
for connections, `web.limits` for requests behind a trusted proxy).

Whoever finds every place of its key taken waits in the key's line, first come first served, with a callback; a
place given back goes straight to the first one waiting whose callback takes it, so nobody slips in ahead of the
line. The line has an end: past it, the caller refuses at once.

A request holds its places while the server works on it, and gives them back while it waits for work done
elsewhere (`waiting_elsewhere`): what the places share is the event loop's time, not the waiting.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from contextvars import ContextVar
from typing import Protocol

Admit = Callable[[], bool]
"""Called when a place is handed to a waiting one: True if it takes it (False: it has gone meanwhile)."""


class Places:
    def __init__(self, places: int, line: int) -> None:
        self.places = places
        self.line = line
        self._taken: dict[str, int] = {}
        self._waiting: dict[str, deque[Admit]] = {}

    def full(self, key: str) -> bool:
        return self._taken.get(key, 0) >= self.places

    def line_full(self, key: str) -> bool:
        return len(self._waiting.get(key, ())) >= self.line

    def enter(self, key: str, admit: Admit) -> bool:
        """Takes a place for `key`: True when it is free now; otherwise `admit` waits in line (the caller checks
        `line_full` first) and is called when a place is handed to it, unless it `withdraw`s first."""
        if not self.full(key):
            self._taken[key] = self._taken.get(key, 0) + 1
            return True
        self._waiting.setdefault(key, deque()).append(admit)
        return False

    async def wait_for(self, key: str) -> None:
        """Takes a place for `key`, waiting in line for it if need be (the caller checks `line_full` first)."""
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def admit() -> bool:
            if turn.done():
                return False  # cancelled while waiting: the place goes to the next one
            turn.set_result(None)
            return True

        if self.enter(key, admit):
            return
        try:
            await turn  # a place given back is handed over
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self.leave(key)  # handed a place, and gone before using it: the next one takes it
            else:
                self.withdraw(key, admit)
            raise

    def withdraw(self, key: str, admit: Admit) -> None:
        """One waiting has gone: it leaves the line."""
        line = self._waiting.get(key)
        if line is not None and admit in line:
            line.remove(admit)
            if not line:
                del self._waiting[key]

    def leave(self, key: str) -> None:
        """A place of `key` is given back: it goes to the first one waiting who takes it, else it is free."""
        line = self._waiting.get(key)
        while line:
            admit = line.popleft()
            if not line:
                del self._waiting[key]
            if admit():
                return
        taken = self._taken.get(key, 0) - 1
        if taken > 0:
            self._taken[key] = taken
        else:
            self._taken.pop(key, None)

    def taken(self, key: str) -> int:
        return self._taken.get(key, 0)

    def waiting(self, key: str) -> int:
        return len(self._waiting.get(key, ()))


class Held(Protocol):
    """A place a request holds while the server works on it (its connection's, its client's in the app)."""

    def give_back(self) -> None: ...

    async def take_again(self) -> None: ...


class _Request:
    """The places of the request that one task handles."""

    def __init__(self, places: tuple[Held, ...]) -> None:
        self.places = places
        self.owner = asyncio.current_task()


_request: ContextVar[_Request | None] = ContextVar("heartcards_request_places", default=None)


@contextmanager
def holding(*places: Held) -> Iterator[None]:
    """The request this task handles holds `places` (in the order they were taken), for `waiting_elsewhere`."""
    token = _request.set(_Request(places))
    try:
        yield
    finally:
        _request.reset(token)


@asynccontextmanager
async def waiting_elsewhere() -> AsyncIterator[None]:
    """While the request waits for work done off the event loop (a solver's search, a password's hash), its places
    are given back, so the other requests of its address go on meanwhile; it takes them again, in line, before it
    goes on with its answer. Only the request's own task does so: a task it started (which copies its context, and
    may outlive it) gives back nothing, and neither does a request started from it."""
    request = _request.get()
    held = request.places if request is not None and request.owner is asyncio.current_task() else ()
    for place in reversed(held):
        place.give_back()
    try:
        yield
    finally:
        for place in held:
            await place.take_again()
