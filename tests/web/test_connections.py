"""Connections per client address (`web/connections.py`, through `heartcards serve`): an address's first ones read
at once, the next ones waiting unread in order, further ones refused with a translated 429; another address, and an
address spared the limits, never wait behind them; a request waiting for work done elsewhere lets the next one in."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
import threading
import time

import httpx
import pytest
from starlette.types import Receive, Scope, Send

from heartcards.web.connections import BUSY_PER_ADDRESS, WAITING_PER_ADDRESS, ConnectionGate, connection_place
from heartcards.web.places import holding, waiting_elsewhere
from heartcards.web.server import uvicorn_options
from tests.support.live_server import LiveServer
from tests.support.threaded_server import threaded_server, tiny_app
from tests.web.h2h.helpers import COSTLY_HINT_CODE

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


class WaitingElsewhereApp:
    """An app whose `/search` requests wait in a thread until `done` is set, giving their places back meanwhile (as
    the solver's routes do); any other request is answered at once."""

    def __init__(self) -> None:
        self.searching = 0
        self.done = threading.Event()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await tiny_app(scope, receive, send)
            return
        if scope["path"] == "/search":
            with holding(*connection_place(scope)):
                async with waiting_elsewhere():
                    self.searching += 1
                    await asyncio.to_thread(self.done.wait, 10)
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
        await send({"type": "http.response.body", "body": b"ok"})


def test_a_request_waiting_elsewhere_gives_its_connections_place_back_and_takes_one_again_in_line() -> None:
    app = WaitingElsewhereApp()
    with threaded_server(app) as (host, port), contextlib.ExitStack() as stack:
        searches = [
            stack.enter_context(socket.create_connection((host, port), timeout=10)) for _ in range(BUSY_PER_ADDRESS)
        ]
        for search in searches:
            search.sendall(b"GET /search HTTP/1.1\r\nHost: x\r\n\r\n")
        deadline = time.monotonic() + 10
        while app.searching < BUSY_PER_ADDRESS and time.monotonic() < deadline:
            time.sleep(0.01)
        with socket.create_connection((host, port), timeout=3) as other:  # the same address, while they wait
            other.sendall(b"GET /now HTTP/1.1\r\nHost: x\r\n\r\n")
            assert answer_of(other)[0].startswith(b"HTTP/1.1 200")
        holders = [
            stack.enter_context(socket.create_connection((host, port), timeout=10)) for _ in range(BUSY_PER_ADDRESS)
        ]
        for holder in holders:
            holder.sendall(PARTIAL)  # they take the address's places and keep them
        time.sleep(0.2)
        app.done.set()
        time.sleep(0.5)
        assert all(nothing_to_read(search) for search in searches)  # done searching, they wait in line to answer
        for holder in holders:
            holder.close()
        answers = [answer_of(search) for search in searches]
    assert all(head.startswith(b"HTTP/1.1 200") and body == b"ok" for head, body in answers)


HINTS = 100


@pytest.mark.slow
def test_a_flood_of_hints_from_one_address_is_all_answered_and_leaves_it_its_place(
    live_server_module: LiveServer,
) -> None:
    """Through the whole app: each hint gives its place back while the solver searches, so the address's next
    requests are let in meanwhile, and takes one again to answer; every one is answered, and the address is served
    after them."""
    server = live_server_module
    games = []
    with server.client(transport=httpx.HTTPTransport(local_address="127.0.0.3")) as creator:
        for _ in range(HINTS):
            creator.cookies.clear()
            games.append(
                (
                    creator.post("/api/h2h/games", json={"code": COSTLY_HINT_CODE}).json()["id"],
                    creator.cookies["hc_player"],
                )
            )

    async def flood() -> list[int]:
        transport = httpx.AsyncHTTPTransport(local_address="127.0.0.4")
        limits = httpx.Limits(max_connections=None)
        async with httpx.AsyncClient(base_url=server.url, transport=transport, timeout=30, limits=limits) as flooder:
            answers = await asyncio.gather(
                *(
                    flooder.post(f"/api/h2h/games/{game}/hint", headers={"cookie": f"hc_player={cookie}"})
                    for game, cookie in games
                )
            )
        return [answer.status_code for answer in answers]

    statuses = asyncio.run(flood())
    assert set(statuses) <= {200, 429} and 200 in statuses  # 429: the address's line of searches was full
    game, cookie = games[0]
    with server.client(transport=httpx.HTTPTransport(local_address="127.0.0.4")) as after:
        answer = after.post(f"/api/h2h/games/{game}/hint", headers={"cookie": f"hc_player={cookie}"})
    assert answer.status_code == 200, answer.text
