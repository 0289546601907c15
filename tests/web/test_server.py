"""The app's server under abuse (`web/server.py`, as `heartcards serve` runs it): one server per database, no
banner, the WebSocket frame cap, deadlines for connections that never send (or only dribble) a request, and a cap
on connections open at once."""

from __future__ import annotations

import asyncio
import resource
import signal
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import websockets

from heartcards.hearts.tables.quotas import PER_ADDRESS
from heartcards.runtime.settings import SOLVER_WARM_UP_VARIABLE
from heartcards.web import protocols
from heartcards.web import server as web_server
from heartcards.web.server import (
    RESERVED_DESCRIPTORS,
    SWITCH_INTERVAL_SECONDS,
    WEBSOCKET_MAX_BYTES,
    concurrency_limit,
    limited_server,
)
from tests.support.live_server import LiveServer, ServerStartError
from tests.support.threaded_server import threaded_server

pytestmark = pytest.mark.slow  # real servers in subprocesses


def test_a_second_server_on_the_same_database_refuses_to_start(each_database_url: str) -> None:
    first = LiveServer(each_database_url)
    first.start()
    try:
        second = LiveServer(each_database_url)
        with pytest.raises(ServerStartError, match="already served by another Heart Cards server"):
            second.start()
        assert second.tracebacks() == []
        assert httpx.get(first.url + "api/health").status_code == 200
    finally:
        first.stop()
    again = LiveServer(each_database_url)  # the lock went with the first server
    again.start()
    again.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(f"sqlite:///{tmp_path_factory.mktemp('limits') / 'db.sqlite3'}")
    live.start()
    try:
        yield live
    finally:
        live.stop()


def test_an_address_written_by_a_client_on_this_machine_is_not_believed(server: LiveServer) -> None:
    # no proxy is trusted here, so a loopback peer is itself the client, whatever X-Forwarded-For says (from an
    # address of its own: the other tests' quota stays whole)
    transport = httpx.HTTPTransport(local_address="127.0.0.20")
    with httpx.Client(base_url=server.url, timeout=30, transport=transport) as client:
        answers = [
            client.post(
                "/api/hearts/tables",
                json={"mode": "online", "name": "Ann"},
                headers={"x-forwarded-for": f"203.0.113.{number}", "cookie": f"hc_player={number:032x}"},
            ).status_code
            for number in range(1, PER_ADDRESS + 2)
        ]
        assert answers == [201] * PER_ADDRESS + [429]  # one address's quota
        assert client.get("/metrics", headers={"x-forwarded-for": "127.0.0.1"}).status_code == 200


def test_no_server_banner(server: LiveServer) -> None:
    answer = httpx.get(server.url)
    assert answer.status_code == 200 and "server" not in answer.headers


def test_a_frame_over_the_cap_closes_the_socket_before_it_is_read(server: LiveServer) -> None:
    # A real table, so the server has no other reason to close the socket (an unknown table closes it with 4404).
    created = httpx.post(server.url + "api/hearts/tables", json={"name": "Anna"}, timeout=30)
    assert created.status_code == 201, created.text
    table_id = created.json()["table"]["id"]

    async def scenario() -> int | None:
        url = server.url.replace("http://", "ws://") + f"ws/hearts/{table_id}"
        async with websockets.connect(url, max_size=None) as ws:
            await ws.send("x" * (WEBSOCKET_MAX_BYTES + 1))
            try:
                while True:
                    await asyncio.wait_for(ws.recv(), 10)
            except websockets.ConnectionClosed as closed:
                return closed.rcvd.code if closed.rcvd else None

    assert asyncio.run(scenario()) == 1009


def test_the_sockets_do_not_compress_what_they_send(server: LiveServer) -> None:
    """No per-message deflate, although the client offers it as browsers do (uvicorn accepts it by default): a
    table's state is a few KB on a local network, and compressing each one cost the server CPU on every send."""
    created = httpx.post(server.url + "api/hearts/tables", json={"name": "Anna"}, timeout=30)
    assert created.status_code == 201, created.text
    table_id = created.json()["table"]["id"]

    async def scenario() -> tuple[str | None, str | None]:
        url = server.url.replace("http://", "ws://") + f"ws/hearts/{table_id}"
        async with websockets.connect(url) as ws:  # offers permessage-deflate
            return ws.request.headers.get("Sec-WebSocket-Extensions"), ws.response.headers.get(
                "Sec-WebSocket-Extensions"
            )

    offered, accepted = asyncio.run(scenario())
    assert offered is not None and "permessage-deflate" in offered
    assert accepted is None


@pytest.fixture
def quick_deadline_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, int]]:
    """The server's options with a 0.5 s request deadline."""
    monkeypatch.setattr(protocols, "REQUEST_SECONDS", 0.5)
    with threaded_server() as address:
        yield address


def closed_within(connection: socket.socket, seconds: float) -> bool:
    """Whether the server closes `connection` within `seconds` (reading whatever it answers meanwhile)."""
    connection.settimeout(seconds)
    try:
        while connection.recv(4096):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        pass
    return True


def test_a_connection_that_never_sends_a_request_is_closed(quick_deadline_server: tuple[str, int]) -> None:
    with socket.create_connection(quick_deadline_server) as silent:
        assert closed_within(silent, 3)


def test_a_request_sent_a_byte_at_a_time_is_closed(quick_deadline_server: tuple[str, int]) -> None:
    with socket.create_connection(quick_deadline_server) as slow:
        started = time.monotonic()
        head = b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 100
        with pytest.raises(OSError):  # BrokenPipe / reset once the server has closed
            for byte in head:
                slow.sendall(bytes([byte]))
                time.sleep(0.05)
        assert time.monotonic() - started < 3


def test_a_huge_request_head_is_refused(quick_deadline_server: tuple[str, int]) -> None:
    with socket.create_connection(quick_deadline_server) as big:
        try:
            big.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (protocols.MAX_HEAD_BYTES + 10))
        except OSError:
            return  # closed while we were still sending
        big.settimeout(3)
        assert big.recv(100).startswith(b"HTTP/1.1 400")


def test_a_normal_request_still_gets_its_answer(quick_deadline_server: tuple[str, int]) -> None:
    host, port = quick_deadline_server
    with httpx.Client() as client:
        assert client.get(f"http://{host}:{port}/").text == "ok"
        time.sleep(0.8)  # longer than the deadline, shorter than the keep-alive: the kept connection still works
        assert client.get(f"http://{host}:{port}/").text == "ok"


def test_the_concurrency_cap_follows_the_descriptor_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_server.resource, "getrlimit", lambda _: (4096, resource.RLIM_INFINITY))
    assert concurrency_limit() == 4096 - RESERVED_DESCRIPTORS
    monkeypatch.setattr(web_server.resource, "getrlimit", lambda _: (100, resource.RLIM_INFINITY))
    assert concurrency_limit() == 64  # never below a few dozen


def test_connections_over_the_cap_get_503_and_normal_requests_work_after(monkeypatch: pytest.MonkeyPatch) -> None:
    # As if the process could open RESERVED_DESCRIPTORS + 64 files: the cap is then 64 connections.
    monkeypatch.setattr(web_server.resource, "getrlimit", lambda _: (RESERVED_DESCRIPTORS + 64, resource.RLIM_INFINITY))
    cap = concurrency_limit()
    with threaded_server() as (host, port):
        url = f"http://{host}:{port}/"
        idle = [socket.create_connection((host, port)) for _ in range(cap)]  # open, and never a request
        try:
            time.sleep(0.3)  # the server has accepted them all
            with httpx.Client() as client:
                refused = [client.get(url, headers={"accept-language": "el-GR,el"}) for _ in range(3)]
            assert [answer.status_code for answer in refused] == [503, 503, 503]
            for answer in refused:  # the app's error, in the client's language, though the app was not asked
                assert answer.json()["error"]["key"] == "error.unavailable" and answer.headers["retry-after"] == "5"
                assert answer.headers["content-language"] == "el" and answer.json()["error"]["message"].startswith("Ο ")
        finally:
            for connection in idle:
                connection.close()
        deadline = time.monotonic() + 10
        while True:  # the server notices the closed connections: a request is served again
            with httpx.Client() as client:
                answer = client.get(url)
            if answer.status_code == 200 or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert answer.status_code == 200 and answer.text == "ok"


def test_the_server_hands_the_interpreter_to_its_event_loop_within_a_millisecond() -> None:
    """A thread running Python (a reading thread writing out an export) keeps the interpreter 5 ms at a time by
    default, which the event loop, and so everyone's request, waits whenever it needs it."""
    before = sys.getswitchinterval()  # Python's 0.005, unless a server of this process set it already
    try:
        sys.setswitchinterval(0.005)
        limited_server(lambda *_: None)  # type: ignore[arg-type,return-value]
        assert sys.getswitchinterval() == pytest.approx(SWITCH_INTERVAL_SECONDS)
        assert SWITCH_INTERVAL_SECONDS < 0.005
    finally:
        sys.setswitchinterval(before)


def test_a_server_stopped_by_sigterm_ends_by_it_and_leaves_nothing_in_the_temporary_folder(tmp_path: Path) -> None:
    """uvicorn raises the SIGTERM again once it has stopped; Python's exit handlers run first (`web.server`), so the
    folder of the worker pool's fork-server socket (`runtime.pool`) goes, and the process still ends by the signal."""
    server = LiveServer(
        f"sqlite:///{tmp_path / 'db.sqlite3'}",
        environment={SOLVER_WARM_UP_VARIABLE: "1"},  # the workers start with the server
    )
    server.start()
    process, temporary = server.process, server.temporary  # the server's own TMPDIR, short enough for a socket
    assert process is not None and temporary is not None
    try:
        deadline = time.monotonic() + 30
        while not list(Path(temporary).glob("pymp-*")):  # the fork server's socket, in its folder
            assert time.monotonic() < deadline, list(Path(temporary).iterdir())
            time.sleep(0.05)
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == -signal.SIGTERM
        assert list(Path(temporary).iterdir()) == []  # before `stop` removes the folder itself
    finally:
        server.stop()
