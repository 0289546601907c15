"""The real server (`live_server_module`) against careless and hostile clients: a person who joins and never opens
the socket does not freeze the table, and a client that sends without reading is closed once its outbox is full
while the other tables go on answering."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from typing import Any

import httpx
import pytest
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.protocol import State as ProtocolState
from websockets.uri import parse_uri

from heartcards.hearts.tables.fanout import MAX_QUEUED
from heartcards.web.hearts.socket import OUTBOX_FULL_CLOSE
from tests.support.scripted import AsyncSeat
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.slow  # a real server in a subprocess

State = dict[str, Any]


def test_a_person_who_joins_and_never_connects_is_stood_in_for(live_server_module: LiveServer) -> None:
    server = live_server_module
    with server.client() as creator, server.client() as joiner:
        created = creator.post(
            "/api/hearts/tables", json={"mode": "online", "name": "Ann", "strength": "easy", "idle_seconds": 10}
        ).json()
        table_id = created["table"]["id"]
        joined = joiner.post(f"/api/hearts/tables/{table_id}/join", json={"seat": 1, "name": "Bea"})
        assert joined.status_code == 200  # Bea has her token, and never opens the socket
        started = creator.post(f"/api/hearts/tables/{table_id}/start", headers={"X-Seat-Token": created["token"]})
        assert started.status_code == 200

    async def scenario() -> tuple[State, float]:
        ann = AsyncSeat(server.url, table_id, created["token"])
        await ann.connect()
        began = time.monotonic()

        def bea_away(state: State) -> bool:
            return bool(state["table"]["seats"][1]["away"])

        away = await ann.until(bea_away, play=True, timeout=60)
        waited = time.monotonic() - began
        await ann.until(lambda state: state["view"]["tricks_played"] >= 2, play=True, timeout=60)
        await ann.close()
        return away, waited

    away, waited = asyncio.run(scenario())
    bea = away["table"]["seats"][1]
    assert bea["kind"] == "human" and bea["connected"] is False
    assert waited >= 10 - 1  # the table's idle time, as for a person who stops playing
    # the stand-in passed for her and plays her cards: the deal went on past two tricks


def raw_socket(url: str, path: str) -> tuple[socket.socket, ClientProtocol]:
    """A WebSocket on a plain socket with a small receive buffer: nothing reads it unless the test does (a library
    client would read in the background)."""
    host, port = url.removeprefix("http://").rstrip("/").rsplit(":", 1)
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(30)
    sock.connect((host, int(port)))
    protocol = ClientProtocol(parse_uri(f"ws://{host}:{port}{path}"))
    protocol.send_request(protocol.connect())
    sock.sendall(b"".join(protocol.data_to_send()))
    while protocol.state is ProtocolState.CONNECTING:
        protocol.receive_data(sock.recv(4096))
    assert protocol.state is ProtocolState.OPEN
    return sock, protocol


def send_text(sock: socket.socket, protocol: ClientProtocol, message: dict[str, Any]) -> None:
    protocol.send_text(json.dumps(message).encode())
    sock.sendall(b"".join(protocol.data_to_send()))


def test_a_client_that_never_reads_is_closed_and_the_other_tables_still_answer(
    live_server_module: LiveServer,
) -> None:
    server = live_server_module
    with server.client() as http:
        slow = http.post("/api/hearts/tables", json={"mode": "solo", "name": "Sly", "strength": "easy"}).json()
        other = http.post("/api/hearts/tables", json={"mode": "solo", "name": "Bo", "strength": "easy"}).json()
    sock, protocol = raw_socket(server.url, f"/ws/hearts/{slow['table']['id']}")
    send_text(sock, protocol, {"type": "hello", "token": slow["token"]})
    sent = 0

    def flood() -> None:  # each `hello` with an id is answered by a whole state (about 1 KB); none is read
        nonlocal sent
        try:
            for number in range(5_000):
                send_text(sock, protocol, {"type": "hello", "id": number})
                sent += 1
        except OSError:
            pass  # the server has cut the connection

    threading.Thread(target=flood, daemon=True).start()

    async def watch() -> tuple[list[float], float | None]:
        seat = AsyncSeat(server.url, other["table"]["id"], other["token"])
        await seat.connect()
        pings: list[float] = []
        closed_after = None
        began = time.monotonic()
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as client:
            while time.monotonic() - began < 60:
                await asyncio.sleep(0.2)
                asked = time.monotonic()
                number = await seat.send({"type": "ping"})
                while (await seat.receive(timeout=10)).get("id") != number:
                    pass
                pings.append(time.monotonic() - asked)
                table = (await client.get(f"/api/hearts/tables/{slow['table']['id']}")).json()
                if not table["seats"][0]["connected"]:
                    closed_after = time.monotonic() - began
                    break
        await seat.close()
        return pings, closed_after

    pings, closed_after = asyncio.run(watch())
    assert closed_after is not None, "the server still holds the socket of a client that reads nothing"
    assert max(pings) < 1.0, pings  # the other table answered at once all along
    frames: list[Frame] = []
    sock.settimeout(10)
    try:
        while protocol.close_rcvd is None and (data := sock.recv(65_536)):
            protocol.receive_data(data)
            frames += [event for event in protocol.events_received() if isinstance(event, Frame)]
    except (ConnectionResetError, TimeoutError):
        pass
    sock.close()
    texts = [frame for frame in frames if frame.opcode is Opcode.TEXT]
    assert protocol.close_rcvd is not None and protocol.close_rcvd.code == OUTBOX_FULL_CLOSE
    assert sent > len(texts) + MAX_QUEUED  # the answers it never read were dropped, not kept for it
    assert server.tracebacks() == []
