"""Sockets have limits like requests do: a cap per client address, one message rate for all of an address's sockets,
and a spectator who only answers pings is let go after a while."""

from __future__ import annotations

import time
from contextlib import ExitStack

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from heartcards.web.hearts import socket as table_socket
from heartcards.web.hearts.fanout import (
    CLIENT_MESSAGE_BURST,
    MAX_SOCKETS_PER_CLIENT,
    MESSAGE_BURST,
    ClientSockets,
)


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
    book = ClientSockets()
    sockets = [book.open("192.0.2.1") for _ in range(10)]
    assert all(rate is sockets[0] for rate in sockets)
    now = time.monotonic()
    delays = [rate.delay(now) for _ in range(int(CLIENT_MESSAGE_BURST) // 10 + 1) for rate in sockets if rate]
    assert delays.count(0.0) == CLIENT_MESSAGE_BURST  # ten sockets together: one burst, not ten
    assert CLIENT_MESSAGE_BURST < 10 * MESSAGE_BURST
    other = book.open("192.0.2.2")
    assert other is not None and other.delay(now) == 0.0
    for _ in sockets:
        book.close("192.0.2.1")
    assert book.count("192.0.2.1") == 0


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
