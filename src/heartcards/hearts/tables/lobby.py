"""The Hearts lobby: which tables it lists and in what order, and, when servers share the site, the lobby of all of
them through Redis.

A server knows only the tables in its memory, with who is at them now. When servers share the site, each one writes
its own lobby to Redis every `BOARD_SECONDS` (and at once after a table is created, joined or started), under a key
of its own that expires after `BOARD_EXPIRY_SECONDS`, so a dead server's tables leave with it (the server that takes
them lists them again). The lobby any server answers is the same rules applied to the union of its own tables (as
they are this instant) and every other live server's lobby, so every server answers alike. The union is enough: a
table the whole site's lobby lists is listed by its own server's lobby too, where no more of its creator's tables and
no more tables in all come before it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Final

import redis

from heartcards.hearts.table import LOBBY_ABSENCE, Table
from heartcards.hearts.tables.views import json_text, table_json
from heartcards.runtime.metrics import Metrics
from heartcards.runtime.redis_link import RedisLink

logger = logging.getLogger("heartcards.hearts.tables")

LOBBY_SIZE: Final = 50
LOBBY_PER_PLAYER: Final = 2
"""The lobby shows at most this many tables (the newest) of one creator."""
BOARD_SECONDS: Final = 1.0
"""How often a server writes its own lobby to Redis when servers share the site."""
BOARD_EXPIRY_SECONDS: Final = 5.0
"""A server's lobby in Redis is dropped this long after it was last written (the server died or lost Redis)."""
STOP_SECONDS: Final = 1.0
"""The longest a stopping server waits for its last write to the lobby to end, and then for its lobby's removal:
past that, the lobby expires by itself."""
BOARD_SERVERS: Final = "heartcards:lobby:servers"
"""The names of the servers that wrote a lobby, scored by when (a server's clock, only to drop long-gone names)."""
BOARD_FORGET_SECONDS: Final = 600.0


def board_key(server: str) -> str:
    return f"heartcards:lobby:{server}"


@dataclass(frozen=True, slots=True)
class LobbyEntry:
    """A table as the lobby lists it: its public facts, and what orders it (open first, newest first, per creator)."""

    table: dict[str, Any]
    """The public table (`views.table_json`)."""
    waiting: bool
    created: float
    """When it was created, in seconds since 1970."""
    creator: str | None

    @property
    def id(self) -> str:
        return str(self.table["id"])

    @classmethod
    def of(cls, table: Table) -> LobbyEntry:
        creator = table.seats[0].player_id
        return cls(table_json(table), table.status == "waiting", table.created_at.timestamp(), creator)

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "waiting": self.waiting, "created": self.created, "creator": self.creator}

    @classmethod
    def from_json(cls, value: dict[str, Any]) -> LobbyEntry:
        return cls(value["table"], bool(value["waiting"]), float(value["created"]), value["creator"])


def listed(entries: Iterable[LobbyEntry]) -> list[LobbyEntry]:
    """The lobby's order and bounds: open tables first, then running ones, each newest first; at most
    `LOBBY_PER_PLAYER` of one creator (one player's many tables cannot push everyone else's out), `LOBBY_SIZE` in
    all. A table listed twice (two servers' lobbies a moment apart, as it moved) is listed once."""
    ordered = sorted(entries, key=lambda entry: (not entry.waiting, -entry.created, entry.id))
    shown: list[LobbyEntry] = []
    seen: set[str] = set()
    per_creator: dict[str | None, int] = {}
    for entry in ordered:
        if entry.id in seen or per_creator.get(entry.creator, 0) >= LOBBY_PER_PLAYER:
            continue
        seen.add(entry.id)
        per_creator[entry.creator] = per_creator.get(entry.creator, 0) + 1
        shown.append(entry)
    return shown[:LOBBY_SIZE]


def lobby_of(tables: Iterable[Table], now: datetime, running_absence: timedelta) -> list[LobbyEntry]:
    """The lobby of these tables: open ones, then running online ones; not those that no person has been at for
    `LOBBY_ABSENCE`, and no running table its people have left (all away: only computers play it; or none there
    for `running_absence`: it is paused), since there is nothing to watch there."""
    candidates = []
    for table in tables:
        unvisited = table.unvisited_for(now)
        if unvisited > LOBBY_ABSENCE:
            continue
        if table.status == "waiting" or (
            table.status == "playing"
            and table.mode == "online"
            and unvisited <= running_absence
            and not all(seat.away for seat in table.seats if seat.human)
        ):
            candidates.append(LobbyEntry.of(table))
    return listed(candidates)


class LobbyBoard:
    """This server's lobby in Redis, and the site's lobby read back from every server's."""

    def __init__(self, link: RedisLink, name: str, local: Callable[[], list[LobbyEntry]], metrics: Metrics) -> None:
        """`local()` is this server's own lobby (`TableService.lobby`)."""
        self.link = link
        self.name = name
        self.local = local
        self.metrics = metrics
        self.task: asyncio.Task[None] | None = None
        self.soon = asyncio.Event()

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._loop(), name="hearts-lobby")

    def changed(self) -> None:
        """A table was created, joined or started here: this server's lobby is written again at once."""
        self.soon.set()

    async def stop(self) -> None:
        """Stops writing, and takes this server's lobby out of Redis (its tables go to other servers), each within
        `STOP_SECONDS`: a write cut short by the cancellation closes its Redis connection, which can take a while."""
        if self.task is not None:
            self.task.cancel()
            await asyncio.wait([self.task], timeout=STOP_SECONDS)
        with contextlib.suppress(redis.RedisError, OSError, TimeoutError):
            async with asyncio.timeout(STOP_SECONDS):
                await self.link.client.delete(board_key(self.name))

    async def _loop(self) -> None:
        while True:
            try:
                await self.write()
            except (redis.RedisError, OSError):
                self.metrics.redis_errors.inc()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(BOARD_SECONDS):
                    await self.soon.wait()
            self.soon.clear()

    async def write(self) -> None:
        entries = self.local()
        text = json_text([entry.to_json() for entry in entries])
        async with self.link.client.pipeline(transaction=False) as pipe:
            pipe.set(board_key(self.name), text, px=round(BOARD_EXPIRY_SECONDS * 1000))
            pipe.zadd(BOARD_SERVERS, {self.name: time.time()})
            await pipe.execute()

    async def read(self) -> list[LobbyEntry]:
        """The site's lobby: this server's tables as they are now, and the other servers' as they last wrote them
        (this server's own alone when Redis cannot be reached)."""
        own = self.local()
        try:
            async with self.link.client.pipeline(transaction=False) as pipe:
                pipe.zremrangebyscore(BOARD_SERVERS, "-inf", time.time() - BOARD_FORGET_SECONDS)
                pipe.zrange(BOARD_SERVERS, 0, -1)
                _, names = await pipe.execute()
            others = [board_key(name.decode()) for name in names if name.decode() != self.name]
            texts = await self.link.client.mget(others) if others else []
        except (redis.RedisError, OSError):
            self.metrics.redis_errors.inc()
            logger.warning("Redis unreachable: the lobby lists this server's tables only")
            return own
        heard = [LobbyEntry.from_json(value) for text in texts if text is not None for value in json.loads(text)]
        return listed(own + heard)  # a table that just moved here is listed as it is here
