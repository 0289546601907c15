"""The server's one connection to Redis, shared by whatever the servers keep in common there (the tables' traffic,
limits that must hold across servers).

`RedisLink.client` is redis-py's asyncio client on a pool of its own; `check_reachable` is what `heartcards serve`
asks before it starts, and `reachable` is `/readyz`'s check. Errors are counted in the metrics by whoever meets them.
"""

from __future__ import annotations

import asyncio
from typing import Final

import redis
import redis.asyncio

CHECK_SECONDS: Final = 2.0


class RedisUnreachableError(RuntimeError):
    """Redis does not answer at the configured address; the message names it and says why."""

    def __init__(self, url: str, reason: object) -> None:
        super().__init__(f"cannot reach Redis at {redis_address(url)}: {reason}")


def redis_address(url: str) -> str:
    """The URL without its password, to be shown."""
    try:
        pool = redis.ConnectionPool.from_url(url)
    except ValueError:
        return url
    kwargs = pool.connection_kwargs
    if "path" in kwargs:
        return f"unix://{kwargs['path']}"
    return f"redis://{kwargs.get('host', 'localhost')}:{kwargs.get('port', 6379)}/{kwargs.get('db', 0)}"


def check_reachable(url: str) -> None:
    """Raises `RedisUnreachableError` unless Redis at `url` answers a PING within `CHECK_SECONDS`."""
    try:
        client = redis.Redis.from_url(url, socket_timeout=CHECK_SECONDS, socket_connect_timeout=CHECK_SECONDS)
    except ValueError as error:  # not a redis://, rediss:// or unix:// URL
        raise RedisUnreachableError(url, error) from None
    try:
        client.ping()
    except redis.RedisError as error:
        raise RedisUnreachableError(url, error) from None
    finally:
        client.close()


class RedisLink:
    def __init__(self, url: str) -> None:
        self.url = url
        self.client: redis.asyncio.Redis = redis.asyncio.Redis.from_url(
            url, socket_timeout=CHECK_SECONDS, socket_connect_timeout=CHECK_SECONDS, health_check_interval=5
        )

    async def reachable(self) -> bool:
        """Whether Redis answers a PING within `CHECK_SECONDS`."""
        try:
            async with asyncio.timeout(CHECK_SECONDS):
                await self.client.ping()
        except (redis.RedisError, OSError, TimeoutError):
            return False
        return True

    async def close(self) -> None:
        await self.client.aclose()
