"""One careless or hostile client cannot bloat the tables: creation quotas, a lobby one player cannot fill, unused
tables put away early, display names that cannot deceive, ids the database never sees when they are not ids."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from heartcards.hearts.tables.lobby import LOBBY_PER_PLAYER, LOBBY_SIZE
from heartcards.hearts.tables.quotas import PER_ADDRESS, PER_PLAYER
from heartcards.hearts.tables.service import TableService, utc_now
from heartcards.hearts.tables.sweeper import UNUSED_AFTER
from heartcards.web.names import DisplayNameError, display_name


def create(client: TestClient, **fields: Any) -> Any:
    return client.post("/api/hearts/tables", json={"mode": "online", "name": "Ann", **fields})


def test_one_player_cannot_create_tables_without_end(client: TestClient) -> None:
    answers = [create(client).status_code for _ in range(PER_PLAYER + 3)]
    assert answers[:PER_PLAYER] == [201] * PER_PLAYER
    refused = create(client)
    assert refused.status_code == 429 and refused.json()["error"]["key"] == "hearts.error.too_many_tables"


def test_an_address_quota_counts_every_player_behind_it(client: TestClient) -> None:
    behind_one_router = [TestClient(client.app, client=("198.51.100.7", 40000 + number)) for number in range(4)]
    answers = [create(behind_one_router[number % 4]).status_code for number in range(PER_ADDRESS + 1)]
    assert answers == [201] * PER_ADDRESS + [429]  # four players, one address: its quota is theirs together
    assert create(TestClient(client.app, client=("198.51.100.8", 40000))).status_code == 201


def test_addresses_within_one_ipv6_64_are_one_client(client: TestClient) -> None:
    answers = [
        create(TestClient(client.app, client=(f"2001:db8:7:7::{number:x}", 40000))).status_code
        for number in range(PER_ADDRESS + 1)
    ]
    assert answers == [201] * PER_ADDRESS + [429]
    assert create(TestClient(client.app, client=("2001:db8:7:8::1", 40000))).status_code == 201


def test_one_players_tables_cannot_push_the_others_out_of_the_lobby(client: TestClient) -> None:
    other = TestClient(client.app)
    real = create(other, name="Bea").json()["table"]["id"]
    for _ in range(PER_PLAYER):
        create(client)
    lobby = client.get("/api/hearts/tables").json()["tables"]
    ids = [table["id"] for table in lobby]
    assert real in ids
    assert sum(1 for table in lobby if table["seats"][0]["name"] == "Ann") == LOBBY_PER_PLAYER


def test_the_lobby_never_lists_more_than_its_size(client: TestClient) -> None:
    creators = LOBBY_SIZE // LOBBY_PER_PLAYER + 5  # enough people, each at their lobby share, to pass the size
    created: list[str] = []
    for number in range(creators):
        player = TestClient(client.app, client=(f"192.0.2.{number}", 50000))  # each behind an address of its own
        for _ in range(LOBBY_PER_PLAYER):
            answer = create(player, name=f"P{number}")
            assert answer.status_code == 201
            created.append(answer.json()["table"]["id"])
    listed = [table["id"] for table in client.get("/api/hearts/tables").json()["tables"]]
    assert len(created) > LOBBY_SIZE and len(listed) == LOBBY_SIZE
    assert set(listed) == set(created[-LOBBY_SIZE:])  # the newest open tables


@pytest.mark.parametrize(
    "name",
    ["\u200b", "\u200b\u200d ", "Ann\u202eeno", "\u2066Bo", "A\x00", "Bo\x07", "\x1b[31mX", " ", "\ue000"],
)
def test_names_that_deceive_or_hide_are_refused(client: TestClient, name: str) -> None:
    answer = create(client, name=name)
    assert answer.status_code == 422 and answer.json()["error"]["params"]["field"] == "name"
    with pytest.raises(DisplayNameError):
        display_name(name)


@pytest.mark.parametrize("name", ["Zoë", "Ζωή", "👩\u200d👩\u200d👧", "O'Neil", "李"])
def test_real_names_pass(name: str) -> None:
    assert display_name(f" {name} ") == name


@pytest.mark.parametrize("table_id", ["x%00y", "%00", "a" * 32 + "%00", "A" * 32])
def test_a_table_id_that_is_not_one_is_not_found(client: TestClient, table_id: str) -> None:
    answer = client.get(f"/api/hearts/tables/{table_id}")
    assert answer.status_code == 404 and answer.json()["error"]["key"] == "hearts.error.table_not_found"


def test_an_unused_table_leaves_memory_after_half_an_hour(client: TestClient) -> None:
    service: TableService = client.app.state.hearts_tables  # type: ignore[attr-defined]
    table_id = create(client).json()["table"]["id"]
    table = service.tables[table_id]
    table.last_seen_at = utc_now()
    later = utc_now() + UNUSED_AFTER + timedelta(minutes=1)
    put_away = client.portal.call(service.put_away_unvisited, later)  # type: ignore[attr-defined]
    assert put_away >= 1 and table_id not in service.tables
    assert client.get(f"/api/hearts/tables/{table_id}").status_code == 200  # still stored, loaded when asked for


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("\ufdfa\ufdfa", "error.name.too_long"),  # two code points, 36 letters once normalised
        ("\ufdfa" * 4, "error.name.too_long"),
        ("\u3164", "error.name.invisible"),  # Hangul filler
        ("\u3164\u3164 \u115f", "error.name.invisible"),
        ("\u2800\u2800", "error.name.invisible"),  # braille blank
        ("Ada", "error.name.reserved"),
        ("  grace ", "error.name.reserved"),
        ("\uff21\uff4c\uff41\uff4e", "error.name.reserved"),  # fullwidth "Alan"
    ],
)
def test_names_that_grow_hide_or_pose_as_a_computer_are_refused_in_the_askers_language(
    client: TestClient, name: str, key: str
) -> None:
    for language, word in (("en", "name"), ("it", "nome"), ("el", "όνομα")):
        answer = client.post(f"/api/hearts/tables?lang={language}", json={"mode": "online", "name": name})
        assert answer.status_code == 422, answer.text
        error = answer.json()["error"]
        assert error["key"] == key and word in error["message"].lower()


def test_a_normalised_name_is_stored_as_it_is_shown(client: TestClient) -> None:
    answer = create(client, name="\uff22\uff45\uff41")  # fullwidth letters fold to plain ones
    assert answer.status_code == 201 and answer.json()["table"]["seats"][0]["name"] == "Bea"
