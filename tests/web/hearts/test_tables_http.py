"""The tables over HTTP: create, lobby, join, start, errors in the request's language, catalogs."""

from __future__ import annotations

from fastapi.testclient import TestClient


def create(client: TestClient, **fields: object) -> dict[str, object]:
    response = client.post("/api/hearts/tables", json={"name": "Anna", **fields})
    assert response.status_code == 201, response.text
    body: dict[str, object] = response.json()
    return body


def test_a_solo_table_starts_at_once_with_three_computer_players(client: TestClient) -> None:
    body = create(client, mode="solo", variant="special", target=50, strength="easy")
    table = body["table"]
    assert isinstance(table, dict)
    assert body["seat"] == 0 and isinstance(body["token"], str) and len(body["token"]) >= 24
    assert table["status"] == "playing" and table["variant"] == "special" and table["target"] == 50
    assert [seat["kind"] for seat in table["seats"]] == ["human", "bot", "bot", "bot"]
    assert table["seats"][0]["name"] == "Anna"
    assert table["url"] == f"/hearts/table/{table['id']}"
    assert client.get(f"/api/hearts/tables/{table['id']}").json() == table
    assert client.get("/api/hearts/tables/current").json()["table"]["id"] == table["id"]


def test_an_online_table_waits_in_the_lobby_until_its_creator_starts_it(client: TestClient) -> None:
    body = create(client, mode="online")
    table_id = body["table"]["id"]  # type: ignore[index]
    lobby = client.get("/api/hearts/tables").json()["tables"]
    assert [table["id"] for table in lobby] == [table_id]
    joined = client.post(f"/api/hearts/tables/{table_id}/join", json={"seat": 2, "name": "Bea"})
    assert joined.status_code == 200 and joined.json()["seat"] == 2
    taken = client.post(f"/api/hearts/tables/{table_id}/join", json={"seat": 2, "name": "Cleo"}, params={"lang": "it"})
    assert taken.status_code == 409
    assert taken.json()["error"]["key"] == "hearts.error.seat_taken"
    assert taken.json()["error"]["message"] == "Questo posto è già occupato."
    not_creator = client.post(f"/api/hearts/tables/{table_id}/start", headers={"X-Seat-Token": joined.json()["token"]})
    assert not_creator.status_code == 403 and not_creator.json()["error"]["key"] == "hearts.error.not_creator"
    forged = client.post(f"/api/hearts/tables/{table_id}/start", headers={"X-Seat-Token": "forged"})
    assert forged.status_code == 403 and forged.json()["error"]["key"] == "hearts.error.token"
    started = client.post(f"/api/hearts/tables/{table_id}/start", headers={"X-Seat-Token": str(body["token"])})
    assert started.status_code == 200
    assert [seat["kind"] for seat in started.json()["seats"]] == ["human", "bot", "human", "bot"]
    assert started.json()["status"] == "playing"
    late = client.post(f"/api/hearts/tables/{table_id}/join", json={"seat": 1, "name": "Dora"})
    assert late.status_code == 409 and late.json()["error"]["key"] == "hearts.error.table_started"
    assert client.get("/api/hearts/tables").json()["tables"][0]["status"] == "playing"


def test_bad_requests_answer_translated_4xx_errors(client: TestClient) -> None:
    assert client.get("/api/hearts/tables/nope").status_code == 404
    missing = client.get("/api/hearts/tables/nope", headers={"Accept-Language": "el"}).json()["error"]
    assert missing["key"] == "hearts.error.table_not_found" and missing["message"] == "Αυτό το τραπέζι δεν υπάρχει."
    for body in ({"target": 60}, {"idle_seconds": 5}, {"mode": "duel"}, {"name": ""}, {"name": "x" * 25}):
        response = client.post("/api/hearts/tables", json=body)
        assert response.status_code == 422, body
        assert response.json()["error"]["key"] == "error.invalid_request"
    table_id = create(client, mode="online")["table"]["id"]  # type: ignore[index]
    assert client.post(f"/api/hearts/tables/{table_id}/join", json={"seat": 4}).status_code == 422
    assert client.post(f"/api/hearts/tables/{table_id}/start").status_code == 403
    log = client.get(f"/api/hearts/tables/{table_id}/log")
    assert log.status_code == 409 and log.json()["error"]["key"] == "hearts.error.not_finished"


def test_the_catalogs_carry_the_hearts_errors_in_three_languages(client: TestClient) -> None:
    expected = {
        "en": "The queen of spades cannot be played on the first trick.",
        "it": "La donna di picche non si può giocare alla prima presa.",
        "el": "Η ντάμα μπαστούνι δεν μπορεί να παιχτεί στην πρώτη μπάζα.",
    }
    for language, text in expected.items():
        messages = client.get(f"/api/i18n/{language}").json()["messages"]
        assert messages["hearts.error.queen_first_trick"] == text
        assert messages["hearts.error.follow_suit"] and messages["hearts.error.not_your_turn"]


def test_statistics_start_empty(client: TestClient) -> None:
    stats = client.get("/api/hearts/stats").json()
    assert stats == {"games": 0, "wins": 0, "average_place": None, "moons": 0, "queens_taken": 0, "recent": []}
