"""`heartcards serve --log-format json`: every line the server logs is one JSON object."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
from typer.testing import CliRunner
from websockets.sync.client import connect

from heartcards.cli import app
from tests.support.live_server import LiveServer


def test_json_log_lines_carry_the_table_and_request(tmp_path: Path) -> None:
    server = LiveServer(f"sqlite:///{tmp_path / 'db.sqlite3'}", arguments=["--log-format", "json"])
    server.start()
    try:
        created = httpx.post(server.url + "api/hearts/tables", json={"mode": "online", "name": "Ann"}).json()
        table = created["table"]["id"]
        socket_url = server.url.replace("http://", "ws://") + f"ws/hearts/{table}"
        with connect(socket_url, additional_headers={"X-Request-ID": "cli-7"}) as socket:
            socket.send(json.dumps({"type": "hello", "token": created["token"]}))
            assert json.loads(socket.recv(timeout=10))["type"] == "state"
    finally:
        server.stop()
    logged = [line for line in server.output if not line.startswith("Heart Cards is running at")]
    parsed = [json.loads(line) for line in logged]  # every other line is JSON
    opened = [line for line in parsed if line["message"] == "socket open on seat 0"]
    assert len(opened) == 1 and opened[0]["table"] == table and opened[0]["request"] == "cli-7"


def test_an_unknown_log_format_is_refused() -> None:
    result = CliRunner().invoke(app, ["serve", "--port", "0", "--log-format", "xml"])
    assert result.exit_code == 2 and "xml" in result.output


def test_a_bad_metrics_address_is_refused_in_one_line(tmp_path: Path, monkeypatch: object) -> None:
    import pytest

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    monkeypatch.setenv("HEARTCARDS_METRICS_ADDRESSES", "10.0.0.1, not-an-address")
    result = CliRunner().invoke(app, ["serve", "--port", "0", "--database", f"sqlite:///{tmp_path / 'db'}"])
    assert result.exit_code == 2 and "'not-an-address' is not an IP address" in result.output
    assert "Traceback" not in result.output


def test_a_bad_route_is_refused_in_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["serve", "--port", "0", "--route", "s 1", "--database", f"sqlite:///{tmp_path}/db"]
    )
    assert result.exit_code == 2 and "'s 1' is not 1 to 16 letters" in result.output
    assert "Traceback" not in result.output
