"""The reading threads: where a person's stored history is read and written out (Heart to Heart's statistics and
daily ranking, an account's export), off the event loop, in a fair queue by client address."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Final, ParamSpec, TypeVar

from heartcards.runtime.fair_queue import FairQueue
from heartcards.web.connections import BUSY_PER_ADDRESS, WAITING_PER_ADDRESS
from heartcards.web.errors import TooManyRequestsError

READING_THREADS: Final = 2
"""Few: each read is Python work (rows into values, values into JSON) that takes the interpreter from the event loop,
so a flood of them on many threads leaves the loop more to wait behind. The rest wait their turn without a thread, in
a fair queue by client address (`Reading.read`), an address's reads one at a time: one client asking a heavy
player's statistics or export over and over keeps one thread busy, and another's read starts on the other at once
(`benchmarks/fairness.py`'s `heavy_reads` and `heavy_exports`, in `docs/figures.md`)."""

P = ParamSpec("P")
T = TypeVar("T")


def _reads_busy() -> TooManyRequestsError:
    return TooManyRequestsError(limit=BUSY_PER_ADDRESS + WAITING_PER_ADDRESS)  # as for its requests


class Reading:
    """The reading threads and their fair queue; closed with the app's services."""

    def __init__(self) -> None:
        self._threads = ThreadPoolExecutor(READING_THREADS, thread_name_prefix="reads")
        self._queue = FairQueue(self._in_thread, _reads_busy, WAITING_PER_ADDRESS, READING_THREADS)

    async def _in_thread(self, function: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._threads, function)

    async def read(self, client: str, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """`function(*args)` on a reading thread, in the line of `client` (its address); `TooManyRequestsError` when
        that line holds as many reads as an address may have waiting."""
        return await self._queue.submit(client, lambda: function(*args, **kwargs))

    def close(self) -> None:
        self._queue.close()
        self._threads.shutdown(wait=False, cancel_futures=True)


_dumps = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode


def json_in_pieces(value: object) -> bytes:
    """`value` as JSON, byte for byte as a `JSONResponse` writes it, with each list's items encoded one at a time.
    For a large answer written on a reading thread: the C encoder holds the interpreter for the whole of one call (a
    2 MB export: tens of milliseconds in which the event loop cannot run), and between two items it can."""
    return "".join(_pieces(value)).encode("utf-8")


def _pieces(value: object) -> Iterator[str]:
    if isinstance(value, dict) and all(isinstance(key, str) for key in value):
        yield "{"
        for index, (key, item) in enumerate(value.items()):
            if index:
                yield ","
            yield f"{_dumps(key)}:"
            yield from _pieces(item)
        yield "}"
    elif isinstance(value, list | tuple):
        yield "["
        for index, item in enumerate(value):
            if index:
                yield ","
            yield _dumps(item)
        yield "]"
    else:
        yield _dumps(value)
