"""The ratings API (docs/hearts-web-api.md, "Ratings"): the leaderboard per ruleset with where I stand, a player's
history by public id, hiding from the leaderboards, translated errors; and a played table's end marks its leavers."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

from fastapi.testclient import TestClient

from heartcards.hearts.engine import Game, Phase, Variant
from heartcards.hearts.tables.stored_tables import seat_results
from heartcards.storage.hearts_ratings import public_id
from heartcards.storage.hearts_repository import GameSave, HeartsRepository, SeatRecord, SeatResult, TableRecord
from tests.hearts.tables.test_views import play_step, table_of

NOW = datetime(2026, 12, 3, 12, 0, tzinfo=UTC)


def player_id(client: TestClient) -> str:
    client.get("/api/hearts/ratings", params={"variant": "classic"})
    value = client.cookies.get("hc_player")
    assert value is not None
    return value


def finished_table(client: TestClient, table_id: str, people: dict[int, tuple[str, str]], places: list[int]) -> None:
    """A finished classic table where `people` (seat → (player id, name)) sat with strong computer players."""
    repository = HeartsRepository(client.app.state.services.engine)  # type: ignore[attr-defined]
    seats = [
        SeatRecord(seat, "human", people[seat][1], people[seat][0])
        if seat in people
        else SeatRecord(seat, "bot", "Ada")
        for seat in range(4)
    ]
    repository.create_table(
        TableRecord(table_id, "online", "classic", 100, "strong", 60, "playing", {}, NOW, seats), NOW
    )
    results = [SeatResult(seat, 10 * place, place, place == 1, 0, 0) for seat, place in enumerate(places)]
    repository.save_games([GameSave(table_id, "finished", {}, (), results)], NOW)
    repository.close()


def test_the_leaderboard_lists_people_and_computer_levels_and_where_i_stand(client: TestClient) -> None:
    ann, guest = client, TestClient(client.app)
    bea = TestClient(client.app)
    finished_table(client, "t1", {0: (player_id(ann), "Ann"), 2: (player_id(bea), "Bea")}, [1, 2, 4, 3])
    board: dict[str, Any] = ann.get("/api/hearts/ratings", params={"variant": "classic"}).json()
    names = [(entry["name"], entry["computer"]) for entry in board["players"]]
    assert names == [("Ann", False), ("Computer (strong)", True), ("Bea", False)]
    assert [entry["place"] for entry in board["players"]] == [1, 2, 3]
    assert board["players"][0]["rating"] > 1000 > board["players"][2]["rating"]
    assert board["me"] == {**board["players"][0], "hidden": False}
    assert guest.get("/api/hearts/ratings", params={"variant": "classic"}).json()["me"] is None
    assert ann.get("/api/hearts/ratings", params={"variant": "special"}).json() == {
        "variant": "special",
        "players": [],
        "me": None,
    }


def test_a_hidden_player_is_absent_but_still_sees_where_they_stand(client: TestClient) -> None:
    ann, bea = client, TestClient(client.app)
    finished_table(client, "t1", {0: (player_id(ann), "Ann"), 2: (player_id(bea), "Bea")}, [1, 2, 4, 3])
    assert ann.put("/api/hearts/ratings/hidden", json={"hidden": True}).json() == {"hidden": True}
    board = bea.get("/api/hearts/ratings", params={"variant": "classic"}).json()
    assert "Ann" not in [entry["name"] for entry in board["players"]]
    mine = ann.get("/api/hearts/ratings", params={"variant": "classic"}).json()["me"]
    assert (mine["name"], mine["place"], mine["hidden"]) == ("Ann", 1, True)
    ann.put("/api/hearts/ratings/hidden", json={"hidden": False})
    assert "Ann" in [entry["name"] for entry in bea.get("/api/hearts/ratings?variant=classic").json()["players"]]


def test_a_players_page_shows_their_history_by_public_id(client: TestClient) -> None:
    ann, bea = client, TestClient(client.app)
    people = {0: (player_id(ann), "Ann"), 2: (player_id(bea), "Bea")}
    finished_table(client, "t1", people, [1, 2, 4, 3])
    finished_table(client, "t2", people, [4, 2, 1, 3])
    page = bea.get(f"/api/hearts/players/{public_id(player_id(ann))}", params={"variant": "classic"}).json()
    assert page["player"]["name"] == "Ann" and page["player"]["games"] == 2
    assert [(point["table"], point["place"]) for point in page["history"]] == [("t1", 1), ("t2", 4)]
    assert page["history"][-1]["rating"] == page["player"]["rating"]
    assert player_id(ann) not in str(page)  # the cookie's id never shows


def test_bad_requests_get_translated_errors(client: TestClient) -> None:
    missing = client.get("/api/hearts/players/0123456789abcdef?variant=classic&lang=it")
    assert missing.status_code == 404
    assert missing.json()["error"]["message"] == "Questo giocatore non ha un punteggio con queste regole."
    assert client.get("/api/hearts/ratings?variant=omnibus").status_code == 422
    assert client.get("/api/hearts/ratings").status_code == 422
    assert client.put("/api/hearts/ratings/hidden", json={"hidden": "yes"}).status_code == 422


def test_a_person_away_at_the_end_of_a_game_is_marked_as_having_left() -> None:
    choose = random.Random(3)
    table = table_of(Game(11, Variant.CLASSIC, 50))
    while table.game.phase is not Phase.GAME_OVER:
        if table.game.phase is Phase.DEAL_OVER:
            table.game.apply_next_deal()
        else:
            play_step(table.game, choose)
    table.seats[1].away = True
    table.seats[3].kind = "bot"
    table.seats[3].away = True  # a computer is never a leaver
    assert [result.left for result in seat_results(table)] == [False, True, False, False]
