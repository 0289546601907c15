"""Rate counters for the per-client limits: how many times a key did something within a sliding window.

`take(key, limit, window)` counts one event and says whether it was within the limit, in one atomic step: a check and
a count apart would let thirty concurrent requests all pass a limit of twelve between them. It returns a ticket, which
`give_back` cancels when what was counted did not happen after all (a table that could not be stored).
`MemoryCounters` serves one process; `RedisCounters` keeps the same windows in Redis (a sorted set per key and one
Lua script, which Redis runs atomically), so servers sharing a site share the limits as well.
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import Final, Protocol

import redis.asyncio

MAX_KEYS: Final = 100_000
"""Keys a process remembers: a stream of new keys cannot grow the bookkeeping without bound (oldest forgotten)."""
KEY_PREFIX: Final = "heartcards:rate:"

TAKE_SCRIPT: Final = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1] - ARGV[2])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  return 0
end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], math.ceil(ARGV[2] * 1000))
return 1
"""


class Counters(Protocol):
    async def take(self, key: str, limit: int, window_seconds: float) -> str | None:
        """Counts one event of `key` now if fewer than `limit` were counted in the last `window_seconds`; its ticket,
        or None (nothing counted) past the limit."""
        ...

    async def give_back(self, key: str, ticket: str) -> None:
        """Cancels the event `ticket` of `key`."""
        ...


class MemoryCounters:
    """The windows in this process: a deque of (time, ticket) per key, the least recently used keys forgotten."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, max_keys: int = MAX_KEYS) -> None:
        self.clock = clock
        self.max_keys = max_keys
        self._events: OrderedDict[str, deque[tuple[float, str]]] = OrderedDict()

    async def take(self, key: str, limit: int, window_seconds: float) -> str | None:
        now = self.clock()
        events = self._events.pop(key, None) or deque()
        while events and events[0][0] <= now - window_seconds:
            events.popleft()
        self._events[key] = events  # most recently used last
        while len(self._events) > self.max_keys:
            self._events.popitem(last=False)
        if len(events) >= limit:
            return None
        ticket = secrets.token_hex(8)
        events.append((now, ticket))
        return ticket

    async def give_back(self, key: str, ticket: str) -> None:
        events = self._events.get(key)
        if events is not None:
            for event in events:
                if event[1] == ticket:
                    events.remove(event)
                    break


class RedisCounters:
    """The windows in Redis, shared by every server of the site; wall-clock seconds, as every server's clock agrees
    closely enough for windows of minutes."""

    def __init__(self, client: redis.asyncio.Redis, clock: Callable[[], float] = time.time) -> None:
        self.client = client
        self.clock = clock
        self._take = client.register_script(TAKE_SCRIPT)

    async def take(self, key: str, limit: int, window_seconds: float) -> str | None:
        ticket = secrets.token_hex(8)
        taken = await self._take(keys=[KEY_PREFIX + key], args=[self.clock(), window_seconds, limit, ticket])
        return ticket if taken == 1 else None

    async def give_back(self, key: str, ticket: str) -> None:
        await self.client.zrem(KEY_PREFIX + key, ticket)
