"""The tables' storage: repository calls off the event loop, and saves of game states with group commit.

Every change is stored before anyone is told of it: `save` returns once the table's new state is committed. The
saves asked for in one turn of the event loop are written together, in one transaction. A save the database refuses
because another server took the table since raises `StaleEpochError`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from sqlalchemy import Engine

from heartcards.runtime.clock import utc_now
from heartcards.runtime.metrics import Metrics
from heartcards.storage.database import database_failed
from heartcards.storage.hearts_repository import GameSave, HeartsRepository, StaleEpochError

logger = logging.getLogger("heartcards.hearts.tables")

P = ParamSpec("P")
T = TypeVar("T")


def log_storage_failure(error: Exception, engine: Engine, message: str, *args: object) -> None:
    """`message` in the tables' log: with the error's first line when the database or the way to it failed
    (`database_failed`: stopped, unreachable, this server's session ended after a pause), with its traceback when
    anything else did."""
    if database_failed(error, engine):
        logger.error(message + ": %s", *args, str(error).splitlines()[0])
    else:
        logger.error(message, *args, exc_info=error)


class TableStore:
    def __init__(self, repository: HeartsRepository, metrics: Metrics | None = None) -> None:
        self.repository = repository
        self.metrics = metrics or Metrics()
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hearts-store")
        self.pending: list[tuple[GameSave, asyncio.Future[None]]] = []

    async def run(self, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """`function(*args)` on the store's thread (reads and the rarer writes: tables, seats, logs)."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.pool, lambda: function(*args, **kwargs))
        except StaleEpochError:
            self.metrics.saves_refused.inc()
            raise
        except Exception:
            self.metrics.database_errors.inc()
            raise

    async def save(self, save: GameSave) -> None:
        """Stores a table's state; returns once it is committed. The saves of one turn of the event loop are
        written together in one transaction (group commit), on the loop itself: a commit of a few rows in WAL mode
        takes well under a millisecond, less than handing it to a thread and back on a busy machine."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self.pending.append((save, future))
        if len(self.pending) == 1:
            loop.call_soon(self.flush)
        await future

    def flush(self) -> None:
        """Writes the waiting saves in one transaction; if it fails, each waiting `save` raises the error."""
        batch, self.pending = self.pending, []
        if not batch:
            return
        try:
            refused = self.repository.save_games([save for save, _ in batch], utc_now())
        except Exception as error:
            self.metrics.database_errors.inc()
            log_storage_failure(error, self.repository.engine, "could not store %d table states", len(batch))
            for _, future in batch:
                if not future.done():
                    future.set_exception(error)
            return
        for save, future in batch:
            if future.done():
                continue
            if save.table_id in refused:
                self.metrics.saves_refused.inc()
                future.set_exception(StaleEpochError([save.table_id]))
            else:
                future.set_result(None)

    def close(self) -> None:
        """Writes what waits, then releases the repository and the thread."""
        try:
            self.flush()
        finally:
            self.repository.close()
            self.pool.shutdown(wait=True)
