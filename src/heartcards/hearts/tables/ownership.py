"""Which tables this server runs when several servers share the database: their leases, kept alive and given up.

Each table in memory is held under a lease (`storage.leases`). A loop renews them every third of the lease, so a
live server never loses one; a server that was paused past its lease finds, at its next renewal or its next save,
that another server took the table, and drops it (`lost`). The same loop takes the tables whose owner died
(`adopt`): their lease ran out without being released, so within a lease and a third another server runs them.
Lease calls run on a thread of their own, so a slow read of the table store never delays a renewal.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import Awaitable, Callable, Collection
from concurrent.futures import ThreadPoolExecutor
from typing import Final, ParamSpec, TypeVar

from heartcards.hearts.tables.saving import log_storage_failure
from heartcards.runtime.metrics import Metrics
from heartcards.storage.hearts_leases import TableLeases

logger = logging.getLogger("heartcards.hearts.tables")

ROUTE_MARK: Final = "@"

P = ParamSpec("P")
T = TypeVar("T")


def server_name(route: str | None = None) -> str:
    """This process's name among the servers, unique even for two processes of one machine in turn; it starts with
    the server's `route` (`route@`), so a table's lease names where the proxy sends its sockets."""
    unique = f"{socket.gethostname()[:24]}-{os.getpid()}-{secrets.token_hex(4)}"
    return unique if route is None else f"{route}{ROUTE_MARK}{unique}"


def route_of(server: str) -> str | None:
    """The route of a server named by `server_name` (None: it has none)."""
    route, mark, _ = server.partition(ROUTE_MARK)
    return route if mark else None


class Ownership:
    def __init__(self, leases: TableLeases, metrics: Metrics) -> None:
        self.leases = leases
        self.metrics = metrics
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hearts-leases")
        self.task: asyncio.Task[None] | None = None

    @property
    def owner(self) -> str:
        return self.leases.owner

    @property
    def every_seconds(self) -> float:
        """How often leases are renewed and orphans looked for: a third of a lease."""
        return self.leases.lease_seconds / 3

    async def _run(self, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, lambda: function(*args, **kwargs))
        except Exception:
            self.metrics.database_errors.inc()
            raise

    async def take(self, table_id: str) -> int | None:
        """Takes the table if its lease is free or ran out: its new epoch, or None when another server runs it."""
        return await self._run(self.leases.take, table_id)

    async def release(self, table_ids: Collection[str]) -> None:
        """Gives the tables up at once (the server stops, or puts them away): the next server that is asked for
        one takes it without waiting for a lease to run out."""
        await self._run(self.leases.release, list(table_ids))

    async def owner_of(self, table_id: str) -> str | None:
        return await self._run(self.leases.owner_of, table_id)

    def start(
        self,
        held: Callable[[], dict[str, int]],
        lost: Callable[[str], Awaitable[None]],
        adopt: Callable[[str], Awaitable[None]],
    ) -> None:
        """Runs the loop: `held()` gives the tables in memory (id → epoch), `lost(id)` drops a table another server
        took, `adopt(id)` takes and loads an orphan."""
        self.task = asyncio.get_running_loop().create_task(self._loop(held, lost, adopt), name="hearts-leases")

    async def _loop(
        self,
        held: Callable[[], dict[str, int]],
        lost: Callable[[str], Awaitable[None]],
        adopt: Callable[[str], Awaitable[None]],
    ) -> None:
        while True:
            try:
                tables = held()
                kept = await self._run(self.leases.renew, tables)
                for table_id in tables.keys() - kept:
                    logger.warning("table %s was taken by another server: dropped here", table_id)
                    await lost(table_id)
                for table_id in await self._run(self.leases.orphans):
                    await adopt(table_id)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log_storage_failure(error, self.leases.engine, "could not renew the tables' leases")
            await asyncio.sleep(self.every_seconds)

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()

    def close(self) -> None:
        self.pool.shutdown(wait=True)
