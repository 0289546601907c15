"""The real multi-server set-up: three `heartcards serve` processes on PostgreSQL and Redis behind Debian's HAProxy
with `deploy/haproxy.cfg`, each with its `--route`. Tables are created and played through the proxy, whose every
connection may land on any server: a table's sockets end on the server that runs it, and a server stopped mid-game
(SIGTERM: it drains) is passed over by the proxy's health checks."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

import httpx
import pytest

from tests.haproxy_server import HaproxyServer, configuration
from tests.postgres import PostgresServer
from tests.redis_server import RedisServer
from tests.support.live_server import LiveServer
from tests.support.proxied import proxied_site, sockets_on
from tests.support.scripted import AsyncSeat
from tests.web.conftest import FAST_HEARTS

SERVERS = 3


def test_the_configuration_is_rewritten_for_the_servers_given() -> None:
    text = configuration(9999, ["127.0.0.1:1", "127.0.0.1:2"])
    assert "    bind 127.0.0.1:9999\n" in text
    assert text.count("    server ") == 4 and "server s2 127.0.0.1:2 check" in text  # in each backend
    assert "server s2 127.0.0.1:2 track servers/s2 maxconn 4" in text
    assert text.count("    use-server ") == 2 and "use-server s2 if { url_param(route) -m str s2 }" in text
    assert "option httpchk GET /readyz" in text and "timeout tunnel" in text and "option forwardfor" in text


@pytest.fixture
def site(
    postgres_server: PostgresServer, redis_server: RedisServer
) -> Iterator[tuple[HaproxyServer, list[LiveServer]]]:
    environment = {**FAST_HEARTS, "HEARTCARDS_LEASE_SECONDS": "1.5"}
    with proxied_site(postgres_server.new_database(), redis_server.new_database(), SERVERS, environment) as site:
        yield site


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


def test_a_tables_sockets_through_the_proxy_all_reach_the_server_that_runs_it(
    site: tuple[HaproxyServer, list[LiveServer]],
) -> None:
    proxy, servers = site
    created = httpx.post(proxy.url + "api/hearts/tables", json={"mode": "online", "name": "Ann"}, timeout=20).json()
    table_id = created["table"]["id"]
    count = 6

    async def watch() -> tuple[list[int], int]:
        # spectators, then the seat: the proxy spreads the connections (least busy first), each is sent on to the
        # route of the server that runs the table, and the proxy routes it there
        seats = [AsyncSeat(proxy.url, table_id, None) for _ in range(count - 1)]
        seats.append(AsyncSeat(proxy.url, table_id, created["token"]))
        try:
            for seat in seats:
                state = await seat.connect()
                assert state["table"]["id"] == table_id and seat.moves <= 1
            on_each = await asyncio.to_thread(lambda: [sockets_on(server) for server in servers])
            return on_each, sum(seat.moves for seat in seats)
        finally:
            for seat in seats:
                await seat.close()

    on_each, moves = asyncio.run(watch())
    assert sorted(on_each) == [0] * (SERVERS - 1) + [count]  # all on one server: the one that runs the table
    assert moves >= 1  # and some were sent there (the proxy first put them on the least busy servers)
