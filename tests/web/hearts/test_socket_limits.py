"""Sockets have limits like requests do: a cap per client address, one message rate for all of an address's sockets,
and a spectator who only answers pings is let go after a while."""

from __future__ import annotations

import asyncio
import time
from contextlib import ExitStack

import pytest
import redis.asyncio
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from heartcards.hearts.tables.fanout import (
    CLIENT_MESSAGE_BURST,
    CLIENT_MESSAGES_PER_SECOND,
    DRAWN_TOKENS,
    MAX_SOCKETS_PER_CLIENT,
    MESSAGE_BURST,
    SOCKETS_KEY,
    ClientSockets,
)
from heartcards.runtime.counters import HOLD_SECONDS, RedisBuckets, RedisHolds
from heartcards.web.hearts import socket as table_socket
from tests.redis_server import RedisServer
from tests.redis_server import redis_server as redis_server


def new_table(client: TestClient) -> str:
    table_id: str = client.post("/api/hearts/tables", json={"mode": "online", "name": "Host"}).json()["table"]["id"]
    return table_id


def test_one_address_holds_at_most_its_cap_of_sockets(client: TestClient) -> None:
    table_id = new_table(client)
    with ExitStack() as stack:
        for _ in range(MAX_SOCKETS_PER_CLIENT):
            spectator = stack.enter_context(client.websocket_connect(f"/ws/hearts/{table_id}"))
            spectator.send_json({"type": "hello"})
            spectator.receive_json()
        with client.websocket_connect(f"/ws/hearts/{table_id}?lang=el") as one_too_many:
            refused = one_too_many.receive_json()
            assert refused["key"] == "hearts.error.too_many_sockets" and refused["params"]["limit"] == 24
            assert "24" in refused["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                one_too_many.receive_json()
            assert closed.value.code == table_socket.TOO_MANY_SOCKETS_CLOSE
        elsewhere = TestClient(client.app, client=("198.51.100.9", 40000))
        with elsewhere.websocket_connect(f"/ws/hearts/{table_id}") as other:  # another address is not held back
            other.send_json({"type": "hello"})
            assert other.receive_json()["type"] == "state"
    with client.websocket_connect(f"/ws/hearts/{table_id}") as again:  # closed sockets are counted out
        again.send_json({"type": "hello"})
        assert again.receive_json()["type"] == "state"


def test_an_addresss_sockets_share_one_message_rate() -> None:
    async def scenario() -> None:
        book = ClientSockets()
        sockets = [opened for _ in range(10) if (opened := await book.open("192.0.2.1")) is not None]
        rates = [opened.rate for opened in sockets]
        assert len(rates) == 10 and all(rate is rates[0] for rate in rates)
        now = time.monotonic()
        delays = [await rate.delay(now) for _ in range(int(CLIENT_MESSAGE_BURST) // 10 + 1) for rate in rates]
        assert delays.count(0.0) == CLIENT_MESSAGE_BURST  # ten sockets together: one burst, not ten
        assert CLIENT_MESSAGE_BURST < 10 * MESSAGE_BURST
        other = await book.open("192.0.2.2")
        assert other is not None and await other.rate.delay(now) == 0.0
        for opened in sockets:
            await book.close(opened)
        assert book.count("192.0.2.1") == 0

    asyncio.run(scenario())


def test_the_socket_cap_holds_across_servers_sharing_redis_and_a_crashed_servers_places_expire(
    redis_server: RedisServer,
) -> None:
    now = [1_000_000.0]

    async def scenario() -> None:
        links = [redis.asyncio.Redis.from_url(redis_server.url) for _ in range(3)]
        try:
            await links[0].flushall()
            first, second, crashed = (ClientSockets(RedisHolds(link, clock=lambda: now[0])) for link in links)
            held = [await crashed.open("192.0.2.1") for _ in range(4)]  # a server that dies with these open
            assert all(opened is not None and opened.ticket is not None for opened in held)
            opened = [await (first, second)[n % 2].open("192.0.2.1") for n in range(MAX_SOCKETS_PER_CLIENT)]
            assert sum(socket is not None for socket in opened) == MAX_SOCKETS_PER_CLIENT - 4
            assert first.count("192.0.2.1") + second.count("192.0.2.1") == MAX_SOCKETS_PER_CLIENT - 4
            assert await second.open("192.0.2.2") is not None  # another address has its own cap
            one = next(socket for socket in opened if socket is not None)
            await first.close(one)  # a socket closed on one server frees a place on the others
            again = await second.open("192.0.2.1")
            assert again is not None
            assert await first.open("192.0.2.1") is None
            now[0] += 30.0
            living = [again, *opened[1:]]
            alive = [(SOCKETS_KEY + socket.client, socket.ticket) for socket in living if socket and socket.ticket]
            await RedisHolds(links[0], clock=lambda: now[0]).refresh(alive)  # what the living servers do
            now[0] += HOLD_SECONDS - 10.0  # the crashed server's places were never refreshed: they expired
            free = [await first.open("192.0.2.1") for _ in range(5)]
            assert sum(socket is not None for socket in free) == 4
        finally:
            for link in links:
                await link.aclose()

    asyncio.run(scenario())


class CountedBuckets(RedisBuckets):
    """Buckets in Redis that count the round trips made to them."""

    draws = 0

    async def draw(self, key: str, per_second: float, burst: float, amount: int) -> float:
        CountedBuckets.draws += 1
        return await super().draw(key, per_second, burst, amount)


def test_an_addresss_messages_on_servers_sharing_redis_draw_from_one_bucket(redis_server: RedisServer) -> None:
    now = [1_000_000.0]

    async def scenario() -> None:
        links = [redis.asyncio.Redis.from_url(redis_server.url) for _ in range(2)]
        try:
            await links[0].flushall()
            CountedBuckets.draws = 0
            first, second = (ClientSockets(buckets=CountedBuckets(link, clock=lambda: now[0])) for link in links)
            sockets = [await book.open("192.0.2.1") for book in (first, second) for _ in range(2)]
            rates = [opened.rate for opened in sockets if opened is not None]
            assert len(rates) == 4 and rates[0] is rates[1] and rates[0] is not rates[2]
            delays = [await rates[n % 4].delay(0.0) for n in range(4 * int(CLIENT_MESSAGE_BURST))]
            at_once = delays.count(0.0)
            assert CLIENT_MESSAGE_BURST <= at_once <= CLIENT_MESSAGE_BURST + DRAWN_TOKENS  # one burst for both servers
            assert CountedBuckets.draws == len(delays) // DRAWN_TOKENS  # a round trip per ten messages, not each
            debt = len(delays) - CLIENT_MESSAGE_BURST
            assert max(delays) >= (debt - 2 * DRAWN_TOKENS) / CLIENT_MESSAGES_PER_SECOND  # the rest at the pace
            other = await second.open("192.0.2.2")
            assert other is not None and await other.rate.delay(0.0) == 0.0  # another address has its own bucket
            now[0] += CLIENT_MESSAGE_BURST / CLIENT_MESSAGES_PER_SECOND + max(delays)  # the debt paid, and refilled
            assert [await rates[0].delay(100.0) for _ in range(DRAWN_TOKENS)] == [0.0] * DRAWN_TOKENS
        finally:
            for link in links:
                await link.aclose()

    asyncio.run(scenario())


class UnreachableBuckets(RedisBuckets):
    async def draw(self, key: str, per_second: float, burst: float, amount: int) -> float:
        raise redis.ConnectionError("Redis is gone")


def test_while_redis_cannot_be_reached_each_server_holds_the_rate_on_its_own_sockets() -> None:
    async def scenario() -> None:
        link = redis.asyncio.Redis()  # never asked: the buckets fail before
        opened = await ClientSockets(buckets=UnreachableBuckets(link)).open("192.0.2.1")
        assert opened is not None
        now = time.monotonic()
        delays = [await opened.rate.delay(now) for _ in range(int(CLIENT_MESSAGE_BURST) + 1)]
        assert delays[:-1] == [0.0] * int(CLIENT_MESSAGE_BURST) and delays[-1] > 0.0
        await link.aclose()

    asyncio.run(scenario())


def test_a_spectator_that_only_answers_pings_is_closed_after_the_idle_time(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_socket, "SPECTATOR_IDLE_SECONDS", 1.0)
    table_id = new_table(client)
    with client.websocket_connect(f"/ws/hearts/{table_id}") as spectator:
        spectator.send_json({"type": "hello"})
        spectator.receive_json()
        started = time.monotonic()
        with pytest.raises(WebSocketDisconnect):
            for number in range(40):  # 8 s of pings at most
                spectator.send_json({"type": "ping", "id": number})
                answer = spectator.receive_json()
                if answer["type"] == "error":
                    assert answer["key"] == "hearts.error.spectator_idle"
                    continue
                assert answer == {"type": "pong", "id": number}
                time.sleep(0.2)
        assert time.monotonic() - started < 5.0
