"""The per-client limits' counters: one atomic step per event, in this process or in Redis (shared by servers)."""

from __future__ import annotations

import asyncio

import redis.asyncio

from heartcards.runtime.counters import Counters, MemoryCounters, RedisCounters
from tests.redis_server import RedisServer
from tests.redis_server import redis_server as redis_server


async def _concurrent_takes(counters: Counters, key: str, count: int, limit: int) -> list[str | None]:
    return await asyncio.gather(*(counters.take(key, limit, 60.0) for _ in range(count)))


def test_memory_counters_let_exactly_the_limit_through_and_the_window_slides() -> None:
    now = [0.0]
    counters = MemoryCounters(clock=lambda: now[0], max_keys=2)

    async def scenario() -> None:
        tickets = await _concurrent_takes(counters, "a", 30, 12)
        assert sum(ticket is not None for ticket in tickets) == 12
        await counters.give_back("a", next(ticket for ticket in tickets if ticket is not None))
        assert await counters.take("a", 12, 60.0) is not None and await counters.take("a", 12, 60.0) is None
        now[0] = 61.0
        assert await counters.take("a", 12, 60.0) is not None
        await counters.take("b", 1, 60.0)
        await counters.take("c", 1, 60.0)  # a third key: the oldest is forgotten, the bookkeeping stays bounded
        assert len(counters._events) == 2 and "a" not in counters._events

    asyncio.run(scenario())


def test_redis_counters_hold_one_limit_for_every_server(redis_server: RedisServer) -> None:
    now = [1_000_000.0]

    async def scenario() -> None:
        first = redis.asyncio.Redis.from_url(redis_server.url)
        second = redis.asyncio.Redis.from_url(redis_server.url)
        try:
            servers = [RedisCounters(first, clock=lambda: now[0]), RedisCounters(second, clock=lambda: now[0])]
            await first.flushall()
            tickets = await asyncio.gather(*(servers[n % 2].take("k", 12, 60.0) for n in range(30)))
            taken = [ticket for ticket in tickets if ticket is not None]
            assert len(taken) == 12
            await servers[1].give_back("k", taken[0])  # a creation that failed: its count is given back
            assert await servers[0].take("k", 12, 60.0) is not None
            assert await servers[1].take("k", 12, 60.0) is None
            now[0] += 61.0
            assert await servers[1].take("k", 12, 60.0) is not None
            assert 0 < await first.pttl("heartcards:rate:k") <= 60_000  # Redis forgets an idle key by itself
        finally:
            await first.aclose()
            await second.aclose()

    asyncio.run(scenario())


async def _weighted_scenario(counters: Counters, now: list[float]) -> None:
    """A budget of 10 spent by amounts: the sum is what is limited, a given-back event frees its amount, and the
    window forgets the oldest amounts as it slides."""
    first = await counters.take("w", 10, 60.0, amount=6)
    assert first is not None
    assert await counters.take("w", 10, 60.0, amount=5) is None  # 11 would pass the budget: nothing counted
    now[0] += 30.0
    assert await counters.take("w", 10, 60.0, amount=4) is not None  # exactly 10
    assert await counters.take("w", 10, 60.0) is None
    await counters.give_back("w", first)  # at 30 s: the 4 is left
    now[0] += 15.0
    assert await counters.take("w", 10, 60.0, amount=6) is not None
    now[0] += 31.0  # 61 s after the start: nothing has left the window (the first 6 was given back)
    assert await counters.take("w", 10, 60.0) is None
    now[0] += 15.0  # the 4 (taken at 30 s) has left it, the 6 (at 45 s) not
    assert await counters.take("w", 10, 60.0, amount=4) is not None
    assert await counters.take("w", 10, 60.0, amount=1) is None


def test_memory_counters_limit_the_sum_of_weighted_events() -> None:
    now = [0.0]
    asyncio.run(_weighted_scenario(MemoryCounters(clock=lambda: now[0]), now))


def test_redis_counters_limit_the_sum_of_weighted_events(redis_server: RedisServer) -> None:
    now = [1_000_000.0]

    async def scenario() -> None:
        client = redis.asyncio.Redis.from_url(redis_server.url)
        try:
            await client.flushall()
            await _weighted_scenario(RedisCounters(client, clock=lambda: now[0]), now)
            assert 0 < await client.pttl("heartcards:rate:w:total") <= 60_000  # the sum is forgotten with its window
        finally:
            await client.aclose()

    asyncio.run(scenario())


def test_redis_counters_count_on_this_server_while_redis_is_lost_and_share_again_when_it_is_back(
    redis_server: RedisServer,
) -> None:
    async def scenario() -> None:
        link = redis.asyncio.Redis.from_url(redis_server.url, socket_connect_timeout=1, socket_timeout=1)
        try:
            counters = RedisCounters(link)
            await link.flushall()
            assert await counters.take("k", 3, 60.0) is not None
            redis_server.stop()
            lost = [await counters.take("k", 3, 60.0) for _ in range(4)]
            assert [ticket is not None for ticket in lost] == [True, True, True, False]  # the limit, on this server
            assert counters.unreachable
            await counters.give_back("k", str(lost[0]))  # a ticket of the outage is given back here
            assert await counters.take("k", 3, 60.0) is not None
        finally:
            redis_server.start()
        try:
            await link.flushall()
            assert await counters.take("k", 1, 60.0) is not None and not counters.unreachable
            assert await link.exists("heartcards:rate:k") == 1  # counted in Redis again
        finally:
            await link.aclose()

    asyncio.run(scenario())
