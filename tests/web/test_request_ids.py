"""Every request and socket gets a request id, and the lines logged while it is handled carry it and its table."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from heartcards.runtime.logs import JsonFormatter
from heartcards.runtime.settings import Settings
from heartcards.web.app import create_app


@pytest.fixture
def json_lines() -> Iterator[io.StringIO]:
    """What the server's loggers write from INFO up, as JSON lines, while the test runs."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("heartcards")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield stream
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


def lines_of(stream: io.StringIO) -> list[dict[str, object]]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def test_requests_get_an_id_a_sane_given_one_is_kept(tmp_path: Path) -> None:
    with TestClient(create_app(Settings.from_environment(f"sqlite:///{tmp_path / 'db'}"))) as client:
        given = client.get("/healthz", headers={"X-Request-ID": "lb-42.7"})
        made = client.get("/healthz")
        forged = client.get("/healthz", headers={"X-Request-ID": 'x" injected'})
    assert given.headers["x-request-id"] == "lb-42.7"
    assert len(made.headers["x-request-id"]) == 16
    assert forged.headers["x-request-id"] not in ('x" injected', made.headers["x-request-id"])


def test_a_sockets_lines_carry_its_table_and_request_ids(tmp_path: Path, json_lines: io.StringIO) -> None:
    with TestClient(create_app(Settings.from_environment(f"sqlite:///{tmp_path / 'db'}"))) as client:
        created = client.post("/api/hearts/tables", json={"mode": "online", "name": "Ann"}).json()
        table = created["table"]["id"]
        with client.websocket_connect(f"/ws/hearts/{table}", headers={"X-Request-ID": "sock-1"}) as socket:
            socket.send_json({"type": "hello", "token": created["token"]})
            assert socket.receive_json()["type"] == "state"
    lines = [line for line in lines_of(json_lines) if str(line["message"]).startswith("socket")]
    assert [line["message"] for line in lines] == ["socket open on seat 0", "socket closed on seat 0"]
    assert all(line["table"] == table and line["request"] == "sock-1" for line in lines)
