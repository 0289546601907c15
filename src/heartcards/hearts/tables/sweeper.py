"""The sweeper: every `PUT_AWAY_EVERY_SECONDS` it takes out of memory the tables nobody has been at for
`PUT_AWAY_AFTER` (`UNUSED_AFTER` for a table on which nothing was ever played). They are paused, so nothing is
lost: all they hold is stored, and their link loads them again."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Final

from heartcards.hearts.table import PUT_AWAY_AFTER, Table
from heartcards.runtime.clock import utc_now

logger = logging.getLogger("heartcards.hearts.tables")

UNUSED_AFTER: Final = timedelta(minutes=30)
"""A table on which nothing was ever played leaves memory after this long without a visitor, not a day: creating
tables and leaving them must not fill the server."""
PUT_AWAY_EVERY_SECONDS: Final = 600.0
"""How often the tables nobody has been at for `PUT_AWAY_AFTER` are taken out of memory."""


class Sweeper:
    def __init__(
        self,
        tables: dict[str, Table],
        watched: Callable[[str], bool],
        stop_driver: Callable[[str], None],
        every_seconds: float = PUT_AWAY_EVERY_SECONDS,
    ) -> None:
        """`tables` is the service's registry (swept in place); `watched(table_id)` says whether a socket is open on
        a table; `stop_driver(table_id)` stops a put-away table's computer players."""
        self.tables = tables
        self.watched = watched
        self.stop_driver = stop_driver
        self.every_seconds = every_seconds
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._sweep(), name="hearts-put-away")

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.every_seconds)
            try:
                await self.put_away_unvisited(utc_now())
            except Exception:
                logger.exception("could not put tables away")

    async def put_away_unvisited(self, now: datetime) -> int:
        """Takes out of memory the tables nobody is connected to (not even to watch) and no person has been at for
        `PUT_AWAY_AFTER`. Returns how many."""
        count = 0
        for table in list(self.tables.values()):
            keep_for = UNUSED_AFTER if not table.game.actions else PUT_AWAY_AFTER
            if self.watched(table.id) or table.unvisited_for(now) <= keep_for:
                continue
            async with table.lock:
                if self.watched(table.id) or self.tables.get(table.id) is not table:
                    continue  # someone came meanwhile
                del self.tables[table.id]
                self.stop_driver(table.id)  # before anything else runs: it cannot take the lock and change it again
            count += 1
        return count
