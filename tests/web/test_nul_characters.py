"""A NUL character where a name or an id goes, on SQLite and on PostgreSQL (which cannot store one in text): never a
500. A body field answers 422 (`error.invalid_request`, naming the field) or, for a deal code or a move, the API's
400 for a malformed one; an id in the path answers 404 like any unknown id; a socket's table or token is refused as unknown."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from heartcards.runtime.settings import Settings
from heartcards.web.app import create_app

NUL_ID = "a" * 31 + "\x00"
"""As long as a real id (32 characters), with a NUL for its last."""
PATH_IDS = ["%00", "x%00y", "a" * 32 + "%00", "a" * 31 + "%00"]


@pytest.fixture
def client(each_migrated_database_url: str) -> Iterator[TestClient]:
    with TestClient(
        create_app(Settings(database_url=each_migrated_database_url)), raise_server_exceptions=False
    ) as app:
        yield app


def error_of(answer: Any, status: int) -> dict[str, Any]:
    assert answer.status_code == status, (answer.status_code, answer.text)
    error: dict[str, Any] = answer.json()["error"]
    assert error["message"]
    return error


def online_table(client: TestClient) -> dict[str, Any]:
    created = client.post("/api/hearts/tables", json={"mode": "online", "name": "Ann", "strength": "easy"})
    assert created.status_code == 201, created.text
    seating: dict[str, Any] = created.json()
    return seating


def test_hearts_a_name_with_a_nul_is_refused(client: TestClient) -> None:
    table_id = online_table(client)["table"]["id"]
    for name in ("A\x00", "\x00", "Ann\x00Bo"):
        refused = client.post("/api/hearts/tables", json={"mode": "online", "name": name})
        assert error_of(refused, 422)["params"]["field"] == "name"
        joining = client.post(f"/api/hearts/tables/{table_id}/join", json={"seat": 1, "name": name})
        assert error_of(joining, 422)["params"]["field"] == "name"
    seats = client.get(f"/api/hearts/tables/{table_id}").json()["seats"]
    assert seats[1]["kind"] == "empty"  # nothing was stored for the refused joins


def test_hearts_a_table_id_with_a_nul_is_not_found(client: TestClient) -> None:
    seating = online_table(client)
    for table_id in PATH_IDS:
        calls = [
            client.get(f"/api/hearts/tables/{table_id}"),
            client.get(f"/api/hearts/tables/{table_id}/log"),
            client.post(f"/api/hearts/tables/{table_id}/join", json={"seat": 1, "name": "Bo"}),
            client.post(f"/api/hearts/tables/{table_id}/start", headers={"X-Seat-Token": seating["token"]}),
        ]
        for answer in calls:
            assert error_of(answer, 404)["key"] == "hearts.error.table_not_found"


def closed_with(client: TestClient, path: str, hello: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The first message a socket gets after `hello`, and the code the server then closes it with."""
    with client.websocket_connect(path) as socket:
        socket.send_text(json.dumps(hello))
        first = json.loads(socket.receive_text())
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_text()
    return first, closed.value.code


def test_hearts_a_socket_with_a_nul_in_its_table_or_token_is_refused(client: TestClient) -> None:
    seating = online_table(client)
    for table_id in ("%00", NUL_ID.replace("\x00", "%00")):
        refusal, code = closed_with(client, f"/ws/hearts/{table_id}", {"type": "hello"})
        assert (refusal["key"], code) == ("hearts.error.table_not_found", 4404)
    for token in ("\x00", seating["token"][:-1] + "\x00"):
        path = f"/ws/hearts/{seating['table']['id']}"
        refusal, code = closed_with(client, path, {"type": "hello", "token": token, "id": "\x00"})
        assert (refusal["key"], code, refusal["id"]) == ("hearts.error.token", 4403, "\x00")
    with client.websocket_connect(f"/ws/hearts/{seating['table']['id']}") as socket:  # the real token still plays
        socket.send_text(json.dumps({"type": "hello", "token": seating["token"]}))
        assert json.loads(socket.receive_text())["seat"] == 0


def test_h2h_a_game_id_with_a_nul_is_not_found(client: TestClient) -> None:
    assert client.post("/api/h2h/games", json={"mode": "N"}).status_code == 201
    for game_id in PATH_IDS:
        calls = [
            client.get(f"/api/h2h/games/{game_id}"),
            client.get(f"/api/h2h/games/{game_id}/replay"),
            client.post(f"/api/h2h/games/{game_id}/tap", json={"target": "stock"}),
            client.post(f"/api/h2h/games/{game_id}/undo"),
            client.post(f"/api/h2h/games/{game_id}/abandon"),
            client.post(f"/api/h2h/games/{game_id}/moves", json={"from": 0, "moves": ["S"]}),
            client.post(f"/api/h2h/games/{game_id}/moves", json={"from": 0, "moves": ["S"], "code": "HH1-N-AAAAAAM"}),
        ]
        for answer in calls:
            assert error_of(answer, 404)["key"] == "h2h.error.game_not_found"


def test_h2h_a_deal_code_with_a_nul_is_malformed(client: TestClient) -> None:
    for code in ("\x00", "HH1-N-AAAAAAM\x00", "HH1-N-AAAA\x00AAM"):
        assert error_of(client.post("/api/h2h/games", json={"code": code}), 400)["key"] == "h2h.error.deal_code"
        in_path = code.replace("\x00", "%00")
        assert error_of(client.get(f"/api/h2h/solution/{in_path}"), 400)["key"] == "h2h.error.deal_code"
        assert error_of(client.get(f"/api/h2h/deals/{in_path}"), 400)["key"] == "h2h.error.deal_code"
        device_game = "b" * 32  # a game started on the device names its deal on its first batch
        adopted = client.post(f"/api/h2h/games/{device_game}/moves", json={"from": 0, "moves": [], "code": code})
        assert error_of(adopted, 400)["key"] == "h2h.error.deal_code"
    assert client.get("/api/h2h/games/current").status_code == 204  # nothing was created


def test_h2h_a_move_with_a_nul_is_refused(client: TestClient) -> None:
    game_id = client.post("/api/h2h/games", json={"mode": "N"}).json()["id"]
    refused = client.post(f"/api/h2h/games/{game_id}/moves", json={"from": 0, "moves": ["S\x00"]})
    assert error_of(refused, 400)["key"] == "h2h.error.move_syntax"
    assert client.get(f"/api/h2h/games/{game_id}").json()["record"].split()[1:] == []
