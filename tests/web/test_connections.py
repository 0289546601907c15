"""Connections per client address (`web/connections.py`, through `heartcards serve`): a few of one address read at
once, the next ones waiting unread in order, further ones refused with a translated 429; another address, and an
address spared the limits, never wait behind them."""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import time

import pytest

from heartcards.web.connections import BUSY_PER_ADDRESS, WAITING_PER_ADDRESS, ConnectionGate
from heartcards.web.server import uvicorn_options
from tests.support.live_server import LiveServer

OTHER = "127.0.0.2"
REQUEST = b"GET /api/h2h/stats HTTP/1.1\r\nHost: x\r\nAccept-Language: it\r\n\r\n"
KEEP_ALIVE_SECONDS = uvicorn_options()["timeout_keep_alive"]
PARTIAL = b"GET /api/h2h/stats HTTP/1.1\r\nHost: x\r\n"  # a head that never ends: its connection keeps a place


def test_addresses_are_grouped_like_the_apps_limits_and_spared_networks_are_not_gated() -> None:
    gate = ConnectionGate(spared=(ipaddress.ip_network("10.0.0.0/8"),))
    assert gate.key("2001:db8:1:2::7") == gate.key("2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64"
    assert gate.key("192.0.2.1") == "192.0.2.1"
    assert gate.key("10.1.2.3") is None  # a trusted proxy's, or a load test's machine
    assert gate.key("::ffff:10.1.2.3") is None and gate.key("::ffff:192.0.2.1") == "192.0.2.1"  # IPv4 on a v6 socket
    assert gate.key(None) is None and gate.key("/run/heartcards.sock") is None


def connect(server: LiveServer, source: str = "127.0.0.1") -> socket.socket:
    return socket.create_connection((server.host, server.port), source_address=(source, 0), timeout=10)


def answer_of(connection: socket.socket) -> tuple[bytes, bytes]:
    """The head and body of the server's first answer on `connection`."""
    received = b""
    while b"\r\n\r\n" not in received:
        chunk = connection.recv(65536)
        assert chunk, f"closed after {received!r}"
        received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    lengths = [line.split(b":", 1)[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")]
    while len(body) < int(lengths[0]):
        chunk = connection.recv(65536)
        assert chunk
        body += chunk
    return head, body


def nothing_to_read(connection: socket.socket) -> bool:
    connection.setblocking(False)
    try:
        connection.recv(1)
    except BlockingIOError:
        return True
    finally:
        connection.setblocking(True)
    return False


def health_from(server: LiveServer, source: str) -> float:
    """Seconds an `/api/health` from `source` takes to answer (on a connection of its own)."""
    started = time.monotonic()
    with connect(server, source) as connection:
        connection.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        head, _ = answer_of(connection)
    assert head.startswith(b"HTTP/1.1 200")
    return time.monotonic() - started


@pytest.mark.slow
def test_an_addresss_connections_beyond_its_places_wait_unread_and_beyond_the_line_are_refused(
    live_server_module: LiveServer,
) -> None:
    server = live_server_module
    with contextlib.ExitStack() as stack:
        holders = [stack.enter_context(connect(server)) for _ in range(BUSY_PER_ADDRESS)]
        for holder in holders:
            holder.sendall(PARTIAL)
        health_from(server, OTHER)  # the server has read them meanwhile
        waiting = [stack.enter_context(connect(server)) for _ in range(WAITING_PER_ADDRESS)]
        for connection in waiting:
            connection.sendall(REQUEST)
        assert health_from(server, OTHER) < 2  # another address is not held back
        assert all(nothing_to_read(connection) for connection in waiting)

        with connect(server) as refused:  # the line is full
            refused.sendall(REQUEST)
            head, body = answer_of(refused)
        assert head.startswith(b"HTTP/1.1 429") and b"content-language: it" in head.lower()
        assert b"retry-after:" in head.lower() and b'"error.too_many_requests"' in body

        for holder in holders:
            holder.close()  # their places go to the first ones waiting, and so on down the line
        answers = [answer_of(connection)[0] for connection in waiting]
    assert all(head.startswith(b"HTTP/1.1 200") for head in answers)


@pytest.mark.slow
def test_an_address_spared_the_limits_is_never_held_back(shared_live_server: LiveServer) -> None:
    with contextlib.ExitStack() as stack:  # the shared server spares 127.0.0.0/8 (every test's player comes from it)
        for _ in range(BUSY_PER_ADDRESS + 1):
            stack.enter_context(connect(shared_live_server)).sendall(PARTIAL)
        assert health_from(shared_live_server, "127.0.0.1") < 2


@pytest.mark.slow
def test_a_kept_alive_connection_waiting_for_a_place_is_not_closed_as_idle(live_server_module: LiveServer) -> None:
    server = live_server_module
    with contextlib.ExitStack() as stack:
        kept = stack.enter_context(connect(server))
        kept.sendall(REQUEST)
        assert answer_of(kept)[0].startswith(b"HTTP/1.1 200")
        holders = [stack.enter_context(connect(server)) for _ in range(BUSY_PER_ADDRESS)]
        for holder in holders:
            holder.sendall(PARTIAL)
        health_from(server, OTHER)
        kept.sendall(REQUEST)  # waits for a place longer than an idle kept-alive connection lives (5 s)
        time.sleep(KEEP_ALIVE_SECONDS + 1)
        for holder in holders:
            holder.close()
        assert answer_of(kept)[0].startswith(b"HTTP/1.1 200")
