"""A site as `deploy/` runs it, for the tests: `heartcards serve` processes on one PostgreSQL and one Redis, each with
its `--route`, behind Debian's HAProxy on `deploy/haproxy.cfg`."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import Final

import httpx
import pytest

from tests.haproxy_server import HaproxyServer, haproxy_binary, route
from tests.postgres import REQUIRE_VARIABLE
from tests.support.live_server import LiveServer
from tests.support.metrics import metric_values


def required_haproxy() -> str:
    """Debian's HAProxy; the test is skipped on a machine without it, a failure where scripts/test asks for the real
    services."""
    binary = haproxy_binary()
    if binary is None:
        if os.environ.get(REQUIRE_VARIABLE) == "require":
            pytest.fail("no HAProxy on this machine (Debian's haproxy package)")
        pytest.skip("no HAProxy on this machine (Debian's haproxy package)")
    return binary


PROXIED: Final = ("--trusted-proxy", "127.0.0.1")
"""Each server names the proxy (on this machine) as trusted, so the clients it forwards count apart."""


@contextlib.contextmanager
def proxied_site(
    database_url: str, redis_url: str, count: int, environment: dict[str, str]
) -> Iterator[tuple[HaproxyServer, list[LiveServer]]]:
    """`count` servers (routes s1, s2, ...) and the proxy in front of them, stopped at the end (`required_haproxy`)."""
    binary = required_haproxy()
    servers = [
        LiveServer(
            database_url, environment=environment, arguments=[*PROXIED, "--redis", redis_url, "--route", route(number)]
        )
        for number in range(1, count + 1)
    ]
    proxy: HaproxyServer | None = None
    try:
        for server in servers:  # one after the other: the first migrates the database
            server.start()
        proxy = HaproxyServer(binary, [f"127.0.0.1:{server.port}" for server in servers])
        proxy.start()
        yield proxy, servers
    finally:
        if proxy is not None:
            proxy.stop()
        for server in servers:
            server.stop()


def metric(server: LiveServer, name: str) -> int:
    """A gauge or counter of `server`'s `/metrics`, read directly: the proxy never serves it."""
    return int(metric_values(httpx.get(server.url + "metrics", timeout=10, verify=False).text)[name])


def sockets_on(server: LiveServer) -> int:
    """The table sockets open on `server`."""
    return metric(server, "heartcards_sockets")
