"""Rate counters for the per-client limits: how many times a key did something within a sliding window.

`take(key, limit, window)` counts one event and says whether it was within the limit, in one atomic step: a check and
a count apart would let thirty concurrent requests all pass a limit of twelve between them. An event may weigh more
than one (`amount`: the moves a batch plays against a budget of moves), and the limit is then on the events' sum. It
returns a ticket, which `give_back` cancels when what was counted did not happen after all (a table that could not be
stored).
`MemoryCounters` serves one process; `RedisCounters` keeps the same windows in Redis (a sorted set per key, the sum
of its amounts beside it, and Lua scripts, which Redis runs atomically), so servers sharing a site share the limits
as well. `RedisHolds` counts what is held open rather than what happened (a client address's sockets on every
server). `RedisBuckets` are token buckets that servers draw from several tokens at a time (a client address's socket
messages on every server), so that what they limit costs a round trip to Redis only once in a while.
"""

from __future__ import annotations

import contextlib
import logging
import math
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Final, Protocol

import redis
import redis.asyncio

logger = logging.getLogger("heartcards.runtime")

MAX_KEYS: Final = 100_000
"""Keys a process remembers: a stream of new keys cannot grow the bookkeeping without bound (oldest forgotten)."""
KEY_PREFIX: Final = "heartcards:rate:"
TOTAL_SUFFIX: Final = ":total"

TAKE_SCRIPT: Final = """
local now, window, limit, amount = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[5])
local ttl = math.ceil(window * 1000)
local total = tonumber(redis.call('GET', KEYS[2]) or '0')
for _, member in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now - window)) do
  total = total - (tonumber(string.match(member, ':(%d+)$')) or 1)
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) == 0 then
  total = 0
end
if total + amount > limit then
  redis.call('SET', KEYS[2], total, 'PX', ttl)
  return 0
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('SET', KEYS[2], total + amount, 'PX', ttl)
redis.call('PEXPIRE', KEYS[1], ttl)
return 1
"""
"""A window is a sorted set of `ticket:amount` members scored by time, and beside it the sum of their amounts."""

GIVE_BACK_SCRIPT: Final = """
if redis.call('ZREM', KEYS[1], ARGV[1]) == 1 then
  local left = redis.call('DECRBY', KEYS[2], tonumber(string.match(ARGV[1], ':(%d+)$')) or 1)
  if left <= 0 then
    redis.call('DEL', KEYS[2])
  end
end
return 0
"""


class Counters(Protocol):
    async def take(self, key: str, limit: int, window_seconds: float, amount: int = 1) -> str | None:
        """Counts an event of `key` weighing `amount` now if the events of the last `window_seconds` with it weigh
        at most `limit`; its ticket, or None (nothing counted) past the limit."""
        ...

    async def give_back(self, key: str, ticket: str) -> None:
        """Cancels the event `ticket` of `key`."""
        ...


@dataclass(slots=True)
class _Window:
    events: deque[tuple[float, str, int]] = field(default_factory=deque)
    """(time, ticket, amount), oldest first."""
    total: int = 0
    """The sum of the events' amounts."""


class MemoryCounters:
    """The windows in this process: the events of each key with their sum, the least recently used keys forgotten."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, max_keys: int = MAX_KEYS) -> None:
        self.clock = clock
        self.max_keys = max_keys
        self._events: OrderedDict[str, _Window] = OrderedDict()

    async def take(self, key: str, limit: int, window_seconds: float, amount: int = 1) -> str | None:
        now = self.clock()
        window = self._events.pop(key, None) or _Window()
        while window.events and window.events[0][0] <= now - window_seconds:
            window.total -= window.events.popleft()[2]
        self._events[key] = window  # most recently used last
        while len(self._events) > self.max_keys:
            self._events.popitem(last=False)
        if window.total + amount > limit:
            return None
        ticket = secrets.token_hex(8)
        window.events.append((now, ticket, amount))
        window.total += amount
        return ticket

    async def give_back(self, key: str, ticket: str) -> None:
        window = self._events.get(key)
        if window is not None:
            for event in window.events:
                if event[1] == ticket:
                    window.events.remove(event)
                    window.total -= event[2]
                    break


class RedisCounters:
    """The windows in Redis, shared by every server of the site; wall-clock seconds, as every server's clock agrees
    closely enough for windows of minutes. While Redis cannot be reached, this server counts on its own (`fallback`):
    the limits hold per server until Redis is back, and what they guard (a new game, a table) is still made."""

    def __init__(
        self, client: redis.asyncio.Redis, clock: Callable[[], float] = time.time, fallback: Counters | None = None
    ) -> None:
        self.client = client
        self.clock = clock
        self.fallback = fallback or MemoryCounters()
        self.unreachable = False
        """Redis failed at the last take (said once in the log, not at each)."""
        self._take = client.register_script(TAKE_SCRIPT)
        self._give_back = client.register_script(GIVE_BACK_SCRIPT)

    async def take(self, key: str, limit: int, window_seconds: float, amount: int = 1) -> str | None:
        ticket = f"{secrets.token_hex(8)}:{amount}"
        keys = [KEY_PREFIX + key, KEY_PREFIX + key + TOTAL_SUFFIX]
        try:
            taken = await self._take(keys=keys, args=[self.clock(), window_seconds, limit, ticket, amount])
        except (redis.RedisError, OSError):
            if not self.unreachable:
                logger.warning("Redis unreachable: the limits are counted on this server only until it is back")
            self.unreachable = True
            return await self.fallback.take(key, limit, window_seconds, amount)
        self.unreachable = False
        return ticket if taken == 1 else None

    async def give_back(self, key: str, ticket: str) -> None:
        await self.fallback.give_back(key, ticket)  # a ticket taken while Redis was lost (else nothing)
        with contextlib.suppress(redis.RedisError, OSError):  # Redis lost: the event leaves its window by itself
            await self._give_back(keys=[KEY_PREFIX + key, KEY_PREFIX + key + TOTAL_SUFFIX], args=[ticket])


HOLD_PREFIX: Final = "heartcards:held:"
HOLD_SECONDS: Final = 60.0
"""How long a hold counts without being refreshed: a server that crashed stops counting its holds after this."""
REFRESH_SECONDS: Final = 20.0
"""How often a server refreshes the holds it keeps (three times in `HOLD_SECONDS`, so one late refresh loses none)."""

HOLD_SCRIPT: Final = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  return 0
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
"""
"""A key's holds are a sorted set of tickets scored by the time each stops counting unless refreshed."""


class RedisHolds:
    """Things held open across servers (a client address's sockets), counted against a cap in one atomic step. Each
    hold has an expiry that its server pushes back every `REFRESH_SECONDS` while the thing lives (`refresh`), so a
    server that dies without releasing its holds leaves them counted for at most `HOLD_SECONDS`."""

    def __init__(
        self, client: redis.asyncio.Redis, clock: Callable[[], float] = time.time, hold_seconds: float = HOLD_SECONDS
    ) -> None:
        self.client = client
        self.clock = clock
        self.hold_seconds = hold_seconds
        self._hold = client.register_script(HOLD_SCRIPT)

    async def hold(self, key: str, limit: int) -> str | None:
        """Counts one more hold of `key` if fewer than `limit` are held; its ticket, or None past the cap."""
        now, ticket = self.clock(), secrets.token_hex(8)
        ttl = math.ceil(self.hold_seconds * 1000)
        held = await self._hold(keys=[HOLD_PREFIX + key], args=[now, now + self.hold_seconds, limit, ticket, ttl])
        return ticket if held == 1 else None

    async def release(self, key: str, ticket: str) -> None:
        await self.client.zrem(HOLD_PREFIX + key, ticket)

    async def refresh(self, holds: Iterable[tuple[str, str]]) -> None:
        """Pushes back the expiry of each (key, ticket) still held (a released one is not brought back)."""
        until = self.clock() + self.hold_seconds
        ttl = math.ceil(self.hold_seconds * 1000)
        async with self.client.pipeline(transaction=False) as pipeline:
            for key, ticket in holds:
                pipeline.zadd(HOLD_PREFIX + key, {ticket: until}, xx=True)
                pipeline.pexpire(HOLD_PREFIX + key, ttl)
            await pipeline.execute()


BUCKET_PREFIX: Final = "heartcards:bucket:"

DRAW_SCRIPT: Final = """
local now, per_second, burst, amount = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local stored = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = burst
if stored[1] then
  tokens = math.min(burst, tonumber(stored[1]) + math.max(now - tonumber(stored[2]), 0) * per_second)
end
tokens = tokens - amount
redis.call('HSET', KEYS[1], 'tokens', tokens, 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / per_second * 1000) + 1000)
return tostring(tokens)
"""
"""A bucket is a hash of its tokens and when they were counted; it refills at `per_second` up to `burst`, may go
into debt (negative), and expires once it would be full again (a missing bucket is a full one)."""


class RedisBuckets:
    """Token buckets in Redis, shared by every server of the site; wall-clock seconds, like `RedisCounters`."""

    def __init__(self, client: redis.asyncio.Redis, clock: Callable[[], float] = time.time) -> None:
        self.client = client
        self.clock = clock
        self._draw = client.register_script(DRAW_SCRIPT)

    async def draw(self, key: str, per_second: float, burst: float, amount: int) -> float:
        """Takes `amount` tokens from `key`'s bucket, into debt if need be, and says how many seconds to wait before
        using them (0 while the bucket had them)."""
        args = [self.clock(), per_second, burst, amount]
        left = float(await self._draw(keys=[BUCKET_PREFIX + key], args=args))
        return max(0.0, -left / per_second)
