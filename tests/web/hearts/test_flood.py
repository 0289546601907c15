"""One socket cannot flood the server or bloat its memory: a rate per socket, a bounded outbox, ids that stay JSON."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from heartcards.hearts.tables.fanout import MAX_QUEUED, MESSAGE_BURST, MESSAGES_PER_SECOND, Connection, MessageRate


def strict_json(text: str) -> Any:
    def refuse(constant: str) -> None:
        raise ValueError(f"{constant} is not JSON")

    return json.loads(text, parse_constant=refuse)


def test_the_rate_allows_a_burst_then_a_persons_pace() -> None:
    rate = MessageRate(at=100.0)
    assert all(rate.delay(100.0) == 0.0 for _ in range(int(MESSAGE_BURST)))
    assert rate.delay(100.0) == pytest.approx(1 / rate.per_second)
    assert rate.delay(100.0) == pytest.approx(2 / rate.per_second)  # a flood waits longer and longer
    assert rate.delay(100.0 + 10.0) == 0.0  # paced again after a pause


def test_an_outbox_is_bounded_and_its_reader_marked_to_close() -> None:
    connection = Connection(seat=0, language="en")
    for number in range(MAX_QUEUED * 10):
        connection.send({"type": "pong", "id": number})
    assert connection.outbox.qsize() == MAX_QUEUED and connection.overflowed
    connection.send_state(1)
    assert connection.outbox.qsize() == MAX_QUEUED
    connection.close()  # the writer still gets its stop
    assert connection.outbox.qsize() == MAX_QUEUED + 1


def solo_socket(client: TestClient) -> tuple[Any, Any]:
    created = client.post("/api/hearts/tables", json={"mode": "solo", "name": "Ann", "strength": "easy"}).json()
    socket = client.websocket_connect(f"/ws/hearts/{created['table']['id']}")
    return socket, created["token"]


def test_a_flood_is_read_at_a_persons_pace_and_answers_stay_json(client: TestClient) -> None:
    opened, token = solo_socket(client)
    with opened as socket:
        socket.send_text(json.dumps({"type": "hello", "token": token}))
        assert strict_json(socket.receive_text())["type"] == "state"
        socket.send_text('{"type": "ping", "id": NaN}')
        answer = strict_json(socket.receive_text())
        assert answer["type"] == "pong" and "id" not in answer
        socket.send_text('{"type": "ping", "id": Infinity}')
        assert "id" not in strict_json(socket.receive_text())
        extra = 10
        started = time.monotonic()
        for number in range(int(MESSAGE_BURST) + extra):
            socket.send_text(json.dumps({"type": "ping", "id": number}))
        answers: list[Any] = []
        while len(answers) < int(MESSAGE_BURST) + extra:
            message = strict_json(socket.receive_text())
            if message["type"] == "pong":  # the table's own news (a state, a presence) may come in between
                answers.append(message)
        took = time.monotonic() - started
    assert [answer["id"] for answer in answers] == list(range(int(MESSAGE_BURST) + extra))  # all answered, in order
    assert took >= (extra - 2) / MESSAGES_PER_SECOND
