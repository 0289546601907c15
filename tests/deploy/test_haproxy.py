"""The real multi-server set-up: three `heartcards serve` processes on PostgreSQL and Redis behind Debian's HAProxy
with `deploy/haproxy.cfg`. Tables are created and played through the proxy, whose every connection may land on any
server, and a server stopped mid-game (SIGTERM: it drains) is passed over by the proxy's health checks."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Iterator

import httpx
import pytest

from tests.haproxy_server import HaproxyServer, configuration, haproxy_binary
from tests.postgres import REQUIRE_VARIABLE, PostgresServer
from tests.redis_server import RedisServer
from tests.support.live_server import LiveServer
from tests.support.scripted import AsyncSeat
from tests.web.conftest import FAST_HEARTS

SERVERS = 3


def test_the_configuration_is_rewritten_for_the_servers_given() -> None:
    text = configuration(9999, ["127.0.0.1:1", "127.0.0.1:2"])
    assert "    bind 127.0.0.1:9999\n" in text
    assert text.count("    server ") == 2 and "server s2 127.0.0.1:2 check" in text
    assert "option httpchk GET /readyz" in text and "timeout tunnel" in text and "option forwardfor" in text


@pytest.fixture
def site(
    postgres_server: PostgresServer, redis_server: RedisServer
) -> Iterator[tuple[HaproxyServer, list[LiveServer]]]:
    binary = haproxy_binary()
    if binary is None:
        if os.environ.get(REQUIRE_VARIABLE) == "require":
            pytest.fail("no HAProxy on this machine (Debian's haproxy package)")
        pytest.skip("no HAProxy on this machine (Debian's haproxy package)")
    database = postgres_server.new_database()
    environment = {**FAST_HEARTS, "HEARTCARDS_LEASE_SECONDS": "1.5"}
    servers = [
        LiveServer(database, environment=environment, arguments=["--redis", redis_server.url]) for _ in range(SERVERS)
    ]
    proxy: HaproxyServer | None = None
    try:
        for server in servers:
            server.start()
        proxy = HaproxyServer(binary, [f"127.0.0.1:{server.port}" for server in servers])
        proxy.start()
        yield proxy, servers
    finally:
        if proxy is not None:
            proxy.stop()
        for server in servers:
            server.stop()


def test_a_game_through_the_proxy_survives_a_server_stopped_under_it(
    site: tuple[HaproxyServer, list[LiveServer]],
) -> None:
    proxy, servers = site
    assert httpx.get(proxy.url + "metrics", timeout=10).status_code == 404  # private, even to this machine
    created = httpx.post(proxy.url + "api/hearts/tables", json={"mode": "solo", "target": 50}, timeout=20).json()
    table_id, token = created["table"]["id"], created["token"]

    async def play() -> dict[str, object]:
        seat = AsyncSeat(proxy.url, table_id, token, answer_score_table=True)
        await seat.connect()
        await seat.until(lambda state: state["view"] is not None and state["view"]["tricks_played"] >= 3, play=True)
        stopping = asyncio.create_task(asyncio.to_thread(servers[0].stop))  # SIGTERM under a running game
        while True:
            try:
                final = await seat.play_game(timeout=240)
                await stopping
                return final
            except Exception:  # closed under it: the page reconnects through the proxy
                await asyncio.sleep(0.3)
                seat = AsyncSeat(proxy.url, table_id, token, answer_score_table=True)
                with contextlib.suppress(Exception):
                    await seat.connect()

    final = asyncio.run(play())
    assert final["view"]["phase"] == "game_over"  # type: ignore[index]
    assert [server.tracebacks() for server in servers] == [[]] * len(servers)
