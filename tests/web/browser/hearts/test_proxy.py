"""A person's page at a site of three servers behind the real proxy (`deploy/haproxy.cfg`): its socket, wherever the
proxy first puts it, ends on the server that runs the table; and when that server dies (kill -9) mid-deal, the page
finds the table at the server that takes it over, with the same hand, and the deal goes on to its end."""

from __future__ import annotations

import signal
import time
from collections.abc import Callable

import pytest

from tests.postgres import PostgresServer
from tests.redis_server import RedisServer
from tests.support.live_server import LiveServer
from tests.support.proxied import metric, proxied_site, sockets_on
from tests.web.browser.hearts.conftest import HeartsPlayer, play_until
from tests.web.conftest import FAST_HEARTS

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # three servers, the proxy, PostgreSQL and Redis
NewPlayer = Callable[..., HeartsPlayer]
SERVERS = 3


def where(servers: list[LiveServer]) -> list[tuple[int, int]]:
    """Each server's tables and table sockets (none for a dead one)."""
    return [
        (metric(server, "heartcards_tables_owned"), sockets_on(server)) if server.process is not None else (0, 0)
        for server in servers
    ]


def at_one_server(servers: list[LiveServer], timeout: float) -> LiveServer:
    """The server that runs the table and holds the page's socket, once there is one (and no other holds either)."""
    deadline = time.monotonic() + timeout
    while sorted(found := where(servers)) != [(0, 0)] * (len(servers) - 1) + [(1, 1)]:
        assert time.monotonic() < deadline, found
        time.sleep(0.1)
    return servers[found.index((1, 1))]


def test_the_page_plays_at_its_tables_server_and_finds_the_table_again_when_that_server_dies(
    postgres_server: PostgresServer, redis_server: RedisServer, new_hearts_player: NewPlayer
) -> None:
    environment = {**FAST_HEARTS, "HEARTCARDS_LEASE_SECONDS": "1.5"}
    with proxied_site(postgres_server.new_database(), redis_server.new_database(), SERVERS, environment) as (
        proxy,
        servers,
    ):
        player = new_hearts_player(proxy.url, reduced=True)
        player.create_table("solo", "Iris")
        play_until([player], lambda: player.situation()["kind"] == "play" and len(player.hand()) <= 11)
        owner = at_one_server(servers, timeout=10)
        hand, trick, counts = player.hand(), player.trick(), player.counts()

        assert owner.process is not None
        owner.process.send_signal(signal.SIGKILL)
        owner.process.wait()
        owner.process = None
        killed_at = time.monotonic()
        # The page reconnects through the proxy, which passes over the dead server; the server it reaches takes the
        # table once the lease has run out, or sends the page on to the one that did.
        assert at_one_server(servers, timeout=30) is not owner
        player.page.wait_for_selector('[data-hand][data-mode="play"]', timeout=30_000)
        back_after = time.monotonic() - killed_at
        player.idle()
        assert (player.hand(), player.trick(), player.counts()) == (hand, trick, counts)
        assert back_after < 15, back_after  # 5 s for the table, and the page's reconnecting pauses on a busy machine

        play_until([player], lambda: player.situation()["kind"] == "deal_over")
        assert sum(player.scores()) in (26, 39)
        assert player.errors == []
        assert [server.tracebacks() for server in servers] == [[]] * SERVERS
