"""The computer players' names: never a name a person at the table goes by (docs/hearts-web-api.md, "Tables")."""

from __future__ import annotations

from fastapi.testclient import TestClient

from heartcards.web.hearts.players import BOT_NAMES, bot_name


def test_a_computer_keeps_its_own_name_unless_a_person_goes_by_it() -> None:
    assert [bot_name(seat, ["Sam"]) for seat in (1, 2, 3)] == list(BOT_NAMES)
    assert bot_name(1, ["ada"]) == "Hedy"  # any letter case
    assert bot_name(2, ["Ada", "Hedy", "alan"]) == "Kurt"
    everyone = ["Ada", "Alan", "Grace", "Hedy", "Kurt", "Mary", "Joan", "Linus", "Rosa"]
    assert bot_name(3, everyone) == "Grace 3"


def test_a_solo_table_of_a_person_named_ada_has_no_other_ada(client: TestClient) -> None:
    created = client.post("/api/hearts/tables", json={"mode": "solo", "name": "ADA", "strength": "easy"})
    assert created.status_code == 201, created.text
    names = [seat["name"] for seat in created.json()["table"]["seats"]]
    assert names[0] == "ADA" and len({name.casefold() for name in names}) == 4


def test_an_online_tables_computers_avoid_every_persons_name(client: TestClient) -> None:
    created = client.post("/api/hearts/tables", json={"mode": "online", "name": "Grace", "strength": "easy"})
    table = created.json()["table"]["id"]
    other = TestClient(client.app)
    assert other.post(f"/api/hearts/tables/{table}/join", json={"seat": 1, "name": "alan"}).status_code == 200
    started = client.post(f"/api/hearts/tables/{table}/start", headers={"X-Seat-Token": created.json()["token"]})
    assert started.status_code == 200, started.text
    names = [seat["name"] for seat in started.json()["seats"]]
    assert names[:2] == ["Grace", "alan"] and len({name.casefold() for name in names}) == 4
