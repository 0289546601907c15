"""`deploy/haproxy.cfg`'s limit on one client's requests in flight, through the real proxy in front of one server
(SQLite): a client with more than 6 at once has the others wait in the proxy, one with more than 65 is refused with
the servers' own 429 in its language, and another client's requests go straight on meanwhile. In the proxy's line,
the client with fewer in flight goes first (in front of a `Gate`, a backend that holds requests until told); with no
server up, the proxy's 503 is the servers' JSON too."""

from __future__ import annotations

import asyncio
import contextlib
import http.server
import json
import selectors
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from heartcards.runtime.settings import TRUSTED_PROXIES_VARIABLE
from heartcards.web.errors import TooManyRequestsError, error_json
from heartcards.web.i18n import LANGUAGES, shipped_catalogs
from heartcards.web.limits import RUNNING_PER_CLIENT, WAITING_PER_CLIENT
from tests.haproxy_server import CONFIG, HaproxyServer, free_port
from tests.support.live_server import LiveServer
from tests.support.proxied import required_haproxy

IN_FLIGHT = RUNNING_PER_CLIENT + WAITING_PER_CLIENT
"""Requests of one client at once that the proxy lets in, as the servers' own limit does for a direct client."""
CLIENT = "127.0.0.9"
BYSTANDER = "127.0.0.10"
ANSWER_SECONDS = 20.0


@pytest.mark.parametrize(
    ("answers", "key", "params"),
    [("too-many-requests", TooManyRequestsError.key, {"limit": IN_FLIGHT}), ("unavailable", "error.unavailable", {})],
)
def test_the_proxys_own_answers_are_the_servers_in_each_language(
    answers: str, key: str, params: dict[str, object]
) -> None:
    catalogs = shipped_catalogs()
    lines = (CONFIG.parent / "errors" / f"{answers}.map").read_text().splitlines()
    bodies = dict(line.split(" ", 1) for line in lines)
    assert sorted(bodies) == sorted(LANGUAGES)
    for language, body in bodies.items():
        assert json.loads(body) == {"error": error_json(catalogs, language, key, params)}
    assert f"acl over_limit sc_trackers(0) gt {IN_FLIGHT}\n" in CONFIG.read_text()


def test_with_no_server_up_the_proxy_answers_503_in_the_clients_language() -> None:
    nothing_there = f"127.0.0.1:{free_port()}"
    proxy = HaproxyServer(required_haproxy(), [nothing_there])
    try:
        proxy.start(until_a_server_is_up=False)
        answer = httpx.get(proxy.url + "api/health", headers={"cookie": "hc_lang=it"}, timeout=ANSWER_SECONDS)
    finally:
        proxy.stop()
    assert answer.status_code == 503 and answer.headers["content-language"] == "it"
    assert answer.headers["retry-after"] == "5" and answer.json()["error"]["key"] == "error.unavailable"
    assert answer.json()["error"]["message"].startswith("Il sito non può rispondere adesso")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[HaproxyServer, LiveServer]]:
    database = tmp_path_factory.mktemp("proxy-limits") / "site.sqlite3"
    server = LiveServer(f"sqlite:///{database}", environment={TRUSTED_PROXIES_VARIABLE: "127.0.0.1"})
    server.start()
    proxy = HaproxyServer(required_haproxy(), [f"127.0.0.1:{server.port}"])
    try:
        proxy.start()
        yield proxy, server
    finally:
        proxy.stop()
        server.stop()


def stalled(proxy: HaproxyServer, headers: str = "") -> socket.socket:
    """A request from `CLIENT` whose body never comes: in flight until its connection closes."""
    connection = socket.create_connection(("127.0.0.1", proxy.port), source_address=(CLIENT, 0))
    head = (
        "POST /api/h2h/games HTTP/1.1\r\nHost: heartcards\r\nContent-Type: application/json\r\nContent-Length: 50\r\n"
    )
    connection.sendall(f"{head}{headers}\r\n".encode())
    return connection


def connections_to(port: int) -> int:
    """The established TCP connections to `port` of this machine (Linux's /proc/net/tcp)."""
    rows = (line.split() for line in Path("/proc/net/tcp").read_text().splitlines()[1:])
    return sum(1 for row in rows if int(row[1].rsplit(":", 1)[1], 16) == port and row[3] == "01")


def answers(connections: list[socket.socket], count: int, seconds: float = ANSWER_SECONDS) -> dict[socket.socket, str]:
    """The first `count` answers among `connections`, by connection, waiting up to `seconds` for them."""
    answered: dict[socket.socket, str] = {}
    with selectors.DefaultSelector() as waiting:
        for connection in connections:
            waiting.register(connection, selectors.EVENT_READ)
        deadline = time.monotonic() + seconds
        while len(answered) < count and time.monotonic() < deadline:
            for key, _ in waiting.select(timeout=deadline - time.monotonic()):
                ready = key.fileobj
                assert isinstance(ready, socket.socket)
                answered[ready] = ready.recv(65536).decode()
                waiting.unregister(ready)
    return answered


def parts(answer: str) -> tuple[str, dict[str, str], dict[str, object]]:
    """An HTTP answer's status line, headers (lower-case names) and JSON body."""
    head, _, body = answer.partition("\r\n\r\n")
    status, *lines = head.split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines)}
    return status, headers, json.loads(body)


def test_more_than_65_requests_of_a_client_in_flight_are_refused_in_its_language(
    site: tuple[HaproxyServer, LiveServer],
) -> None:
    proxy, server = site
    over = 15
    connections = [stalled(proxy) for _ in range(IN_FLIGHT + over)]
    try:
        # which ones are refused depends on the order the proxy reads them in; how many does not
        refused = answers(connections, over)
        assert len(refused) == over
        assert answers([each for each in connections if each not in refused], 1, seconds=0.5) == {}  # the rest wait
        assert connections_to(server.port) <= 6 + 2  # in the proxy, apart from 6 (a health check, an idle one)
        status, headers, body = parts(next(iter(refused.values())))
        assert status.startswith("HTTP/1.1 429") and headers["retry-after"] == "1"
        assert body["error"] == {
            "key": "error.too_many_requests",
            "message": "Too many requests at once from your network (at most 65). Try again in a moment.",
            "params": {"limit": IN_FLIGHT},
        }
        asked = {
            "Accept-Language: el-GR,el;q=0.9,en;q=0.5\r\n": "el",
            "Accept-Language: en;q=0.5,it-IT\r\n": "it",
            "Accept-Language: el\r\nCookie: hc_lang=it\r\n": "it",
            "Cookie: hc_lang=it\r\n": "it",
        }
        for headers_sent, language in asked.items():
            probe = stalled(proxy, headers_sent)
            connections.append(probe)
            _, headers, body = parts(answers([probe], 1)[probe])
            assert headers["content-language"] == language and body["error"]["params"] == {"limit": IN_FLIGHT}  # type: ignore[index]
        with httpx.Client(transport=httpx.HTTPTransport(local_address=BYSTANDER), timeout=ANSWER_SECONDS) as other:
            assert other.get(proxy.url + "api/health").status_code == 200  # another client goes straight on
    finally:
        for connection in connections:
            connection.close()


def test_a_client_with_many_requests_at_once_has_them_all_answered_in_turn(
    site: tuple[HaproxyServer, LiveServer],
) -> None:
    proxy, _ = site

    async def at_once() -> list[int]:
        transport = httpx.AsyncHTTPTransport(local_address="127.0.0.11")
        limits = httpx.Limits(max_connections=None)
        async with httpx.AsyncClient(transport=transport, limits=limits, timeout=ANSWER_SECONDS) as client:
            answered = await asyncio.gather(*(client.get(proxy.url + "api/h2h/stats") for _ in range(40)))
        return [answer.status_code for answer in answered]

    assert asyncio.run(at_once()) == [200] * 40  # 6 at once to the server, the rest held in the proxy, none refused


class Gate(http.server.ThreadingHTTPServer):
    """A backend for the proxy that answers `/readyz` and holds every other request, noting the order they arrive
    in, until the test lets it go."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _GateHandler)
        self.arrived: list[str] = []
        self.let_go: set[str] = set()
        self.changed = threading.Condition()

    def wait_for_arrivals(self, count: int) -> list[str]:
        with self.changed:
            assert self.changed.wait_for(lambda: len(self.arrived) >= count, timeout=ANSWER_SECONDS), self.arrived
            return list(self.arrived)

    def release(self, path: str) -> None:
        with self.changed:
            self.let_go.add(path)
            self.changed.notify_all()


class _GateHandler(http.server.BaseHTTPRequestHandler):
    server: Gate

    def do_GET(self) -> None:
        if self.path != "/readyz":
            with self.server.changed:
                self.server.arrived.append(self.path)
                self.server.changed.notify_all()
                self.server.changed.wait_for(lambda: self.path in self.server.let_go)
        with contextlib.suppress(ConnectionError):  # the test may have closed it
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

    do_POST = do_GET

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass


def test_in_the_proxys_line_the_client_with_fewer_requests_in_flight_goes_first() -> None:
    gate = Gate()
    threading.Thread(target=gate.serve_forever, daemon=True).start()
    proxy = HaproxyServer(required_haproxy(), [f"127.0.0.1:{gate.server_port}"])
    connections: list[socket.socket] = []

    def send(source: str, path: str, method: str = "GET") -> None:
        connection = socket.create_connection(("127.0.0.1", proxy.port), source_address=(source, 0))
        body = "Content-Length: 10\r\n" if method == "POST" else ""  # a body that never comes: in flight
        connection.sendall(f"{method} {path} HTTP/1.1\r\nHost: heartcards\r\n{body}\r\n".encode())
        connections.append(connection)

    try:
        proxy.start()
        many, fewer = "127.0.0.21", "127.0.0.22"
        for number in range(6):  # straight to the server: in flight, held there
            send(many, f"/many/{number}", "POST")
        gate.wait_for_arrivals(6)
        for number in range(4):  # past 6 in flight: the crowded line's 4 places on the server, held there
            send(many, f"/many/crowded/{number}")
        gate.wait_for_arrivals(10)
        send(many, "/many/waiting")  # 11 in flight: waits in the proxy's line
        time.sleep(0.3)
        for number in range(6):
            send(fewer, f"/fewer/{number}", "POST")
        gate.wait_for_arrivals(16)
        send(fewer, "/fewer/waiting")  # 7 in flight, in line after the other one's
        time.sleep(0.3)
        gate.release("/many/crowded/0")  # a place in the line's backend comes free
        arrived = gate.wait_for_arrivals(17)
        assert arrived[-1] == "/fewer/waiting"  # not first come, first served
    finally:
        for path in [*gate.arrived, "/many/waiting", "/fewer/waiting"]:
            gate.release(path)
        for connection in connections:
            connection.close()
        proxy.stop()
        gate.shutdown()
