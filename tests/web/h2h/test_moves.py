"""Batches of moves played on the device (`POST /api/h2h/games/{id}/moves`): replayed through the engine,
idempotent by move index, refused with the stored game unchanged when they do not replay."""

from __future__ import annotations

import uuid
from typing import Any

from heartcards.heart_to_heart.engine import Game
from heartcards.heart_to_heart.solver import solve
from heartcards.web.h2h.games import MAX_RECORD_MOVES
from heartcards.web.h2h.services import MOVES_RULE
from tests.web.conftest import AppMaker
from tests.web.h2h.helpers import SEED_CODE, new_game

OPENING = ["S"] * 9 + ["25-W"]


def send(
    client: Any, game_id: str, start: int, moves: list[str], headers: dict[str, str] | None = None, **extra: Any
) -> Any:
    body = {"from": start, "moves": moves, **extra}
    return client.post(f"/api/h2h/games/{game_id}/moves", json=body, headers=headers)


def seed_solution() -> list[str]:
    return [str(move) for move in solve(Game.from_code(SEED_CODE).position).moves]


def test_batches_in_order_make_the_record_and_a_retry_plays_nothing_twice(client: Any) -> None:
    game_id = new_game(client)["id"]
    first = send(client, game_id, 0, OPENING[:4])
    assert first.status_code == 200, first.text
    assert first.json()["stored"] == 4
    again = send(client, game_id, 0, OPENING[:4])
    assert again.json()["stored"] == 4
    overlapping = send(client, game_id, 2, OPENING[2:])
    view = overlapping.json()["view"]
    assert overlapping.json()["stored"] == 10 and view["record"] == " ".join([SEED_CODE, *OPENING])
    expected = Game.from_record(" ".join([SEED_CODE, *OPENING]))
    assert view["score"] == expected.score == 10 and view["waste"]["count"] == len(expected.waste)
    stale = send(client, game_id, 0, OPENING[:3])
    assert stale.status_code == 200 and stale.json()["stored"] == 10


def test_a_whole_win_in_one_batch_is_stored_verified_and_counted_once(client: Any) -> None:
    game_id = new_game(client)["id"]
    solution = seed_solution()
    answer = send(client, game_id, 0, solution).json()
    assert answer["view"]["status"] == "won" and answer["view"]["par"] == len(solution)
    assert send(client, game_id, 0, solution).status_code == 200
    after_the_win = send(client, game_id, len(solution), ["S"])
    assert after_the_win.status_code == 409 and after_the_win.json()["error"]["key"] == "h2h.error.game_finished"
    replay = client.get(f"/api/h2h/games/{game_id}/replay").json()
    assert replay["moves"] == solution and replay["status"] == "won"
    stats = client.get("/api/h2h/stats").json()
    assert (stats["played"], stats["won"], stats["fewest_moves"]) == (1, 1, len(solution))


def test_an_illegal_move_refuses_the_batch_and_keeps_the_stored_game(client: Any) -> None:
    game_id = new_game(client)["id"]
    send(client, game_id, 0, OPENING[:9])
    before = client.get(f"/api/h2h/games/{game_id}").json()
    refused = send(client, game_id, 9, ["25-W", "1-2"])
    assert refused.status_code == 422
    error = refused.json()["error"]
    assert error["key"] == "h2h.error.sync_refused" and error["params"] == {"at": 11, "move": "1-2"}
    assert "1-2" in error["message"]
    after = client.get(f"/api/h2h/games/{game_id}").json()
    assert after["record"] == before["record"] and after["moves"] == 9


def test_a_forged_win_does_not_replay(client: Any) -> None:
    game_id = new_game(client)["id"]
    forged = [f"{first}-{first + 1}" for first in range(1, 25, 2)] + ["25-W"]
    refused = send(client, game_id, 0, forged)
    assert refused.status_code == 422 and refused.json()["error"]["params"]["at"] == 1
    assert client.get(f"/api/h2h/games/{game_id}").json()["record"] == SEED_CODE
    assert client.get("/api/h2h/stats").json()["won"] == 0


def test_a_gap_a_conflict_and_bad_notation_are_refused(client: Any) -> None:
    game_id = new_game(client)["id"]
    send(client, game_id, 0, ["S", "S"])
    gap = send(client, game_id, 5, ["S"])
    assert gap.status_code == 409 and gap.json()["error"]["key"] == "h2h.error.sync_gap"
    conflict = send(client, game_id, 1, ["25-W"])
    assert conflict.status_code == 409 and conflict.json()["error"]["params"]["at"] == 2
    for body in ({"from": 0, "moves": [3]}, {"from": -1, "moves": []}, {"from": "0", "moves": []}, {"moves": []}):
        answer = client.post(f"/api/h2h/games/{game_id}/moves", json=body)
        assert answer.status_code == 422, body
        assert "message" in answer.json()["error"]
    for notation in (["1-1"], ["X"], ["s"], ["25-W", "1-2-3"], ["S" * 9]):  # the engine's or the schema's pattern
        refused = send(client, game_id, 0, notation)
        assert refused.status_code == 400 and refused.json()["error"]["key"] == "h2h.error.move_syntax", notation
    assert client.get(f"/api/h2h/games/{game_id}").json()["moves"] == 2


def test_replace_takes_back_stored_moves_like_undo(client: Any) -> None:
    game_id = new_game(client)["id"]
    send(client, game_id, 0, OPENING)
    replaced = send(client, game_id, 9, [], replace=True).json()
    assert replaced["stored"] == 9 and replaced["view"]["score"] == 0
    redone = send(client, game_id, 8, ["S", "25-W"], replace=True).json()
    assert redone["stored"] == 10 and redone["view"]["score"] == 10


def test_a_game_started_on_the_device_is_created_on_its_first_batch(client: Any, shared_app_maker: AppMaker) -> None:
    old = new_game(client)
    send(client, old["id"], 0, ["S"])
    game_id = uuid.uuid4().hex
    created = send(client, game_id, 0, OPENING, code="hh1-n-aaaaaam")
    assert created.status_code == 200, created.text
    assert created.json()["view"]["id"] == game_id and created.json()["view"]["moves"] == 10
    assert client.get(f"/api/h2h/games/{old['id']}").json()["status"] == "abandoned"
    assert client.get("/api/h2h/games/current").json()["id"] == game_id
    assert send(client, game_id, 0, OPENING, code=SEED_CODE).json()["stored"] == 10
    mismatch = send(client, game_id, 10, [], code="HH1-N-AAAAAAB")
    assert mismatch.status_code == 409 and mismatch.json()["error"]["key"] == "h2h.error.code_mismatch"
    other = shared_app_maker.client(shared_app_maker.apps[0])
    try:
        assert send(other, "not-an-id", 0, [], code=SEED_CODE).status_code == 404
    finally:
        other.close()
    stats = client.get("/api/h2h/stats").json()
    assert stats["played"] == 1  # the abandoned game with a move; the new one is still running


def test_moves_survive_a_new_app_on_the_same_file(app_maker: AppMaker) -> None:
    first_app = app_maker.new_app()
    client = app_maker.client(first_app)
    game_id = uuid.uuid4().hex
    send(client, game_id, 0, OPENING[:5], code=SEED_CODE)
    cookie = client.cookies.get("hc_player")
    app_maker.close(first_app)
    reloaded = app_maker.client(app_maker.new_app(), cookies={"hc_player": cookie})
    answer = send(reloaded, game_id, 0, OPENING, code=SEED_CODE).json()
    assert answer["stored"] == 10 and answer["view"]["record"] == " ".join([SEED_CODE, *OPENING])


def test_a_record_holds_at_most_the_maximum_and_reaching_it_ends_the_game_stalled(client: Any) -> None:
    game_id = new_game(client)["id"]
    assert send(client, game_id, 0, ["S"] * (MAX_RECORD_MOVES - 1)).status_code == 200
    past = send(client, game_id, MAX_RECORD_MOVES - 1, ["S", "S"])
    assert past.status_code == 409
    error = past.json()["error"]
    assert error["key"] == "h2h.error.record_full" and error["params"] == {"limit": MAX_RECORD_MOVES}
    assert str(MAX_RECORD_MOVES) in error["message"].replace(",", "")
    full = send(client, game_id, MAX_RECORD_MOVES - 1, ["S"]).json()
    assert full["stored"] == MAX_RECORD_MOVES and full["view"]["status"] == "stalled"
    assert client.post(f"/api/h2h/games/{game_id}/tap", json={"target": "stock"}).status_code == 409
    undone = client.post(f"/api/h2h/games/{game_id}/undo").json()
    assert undone["view"]["status"] == "playing" and undone["view"]["moves"] == MAX_RECORD_MOVES - 1


def test_a_replacing_batch_beyond_the_undo_history_keeps_the_moves_before_it(client: Any) -> None:
    game_id = new_game(client)["id"]
    send(client, game_id, 0, OPENING[:9] + ["S"] * 300)
    replaced = send(client, game_id, 10, ["S"] * 5, replace=True)
    assert replaced.status_code == 200 and replaced.json()["stored"] == 15
    assert client.get(f"/api/h2h/games/{game_id}").json()["record"] == " ".join([SEED_CODE, *OPENING[:9], *["S"] * 6])


def test_a_device_game_id_is_bound_to_its_first_sender(client: Any, shared_app_maker: AppMaker) -> None:
    game_id = uuid.uuid4().hex
    assert send(client, game_id, 0, OPENING[:3], code=SEED_CODE).status_code == 200
    second = shared_app_maker.client(shared_app_maker.apps[0])
    try:
        for code in (SEED_CODE, "HH1-N-AAAAAAB"):
            claimed = send(second, game_id, 0, ["S"], code=code, replace=True)
            assert claimed.status_code == 409, claimed.text
            error = claimed.json()["error"]
            assert error["key"] == "h2h.error.game_id_taken" and error["params"] == {"id": game_id}
            assert "view" not in claimed.json()  # nothing of the first one's game
        assert second.get(f"/api/h2h/games/{game_id}").status_code == 404
    finally:
        second.close()
    assert client.get(f"/api/h2h/games/{game_id}").json()["moves"] == 3


def test_an_address_has_a_budget_of_moves_a_minute_that_a_whole_long_game_fits_in(app_maker: AppMaker) -> None:
    app = app_maker.new_app()
    player = app_maker.client(app, client=("192.0.2.7", 40000))
    game_id = new_game(player)["id"]
    whole = send(player, game_id, 0, ["S"] * MAX_RECORD_MOVES)  # a whole game of the longest record, at once: 2,000
    assert whole.status_code == 200 and whole.json()["stored"] == MAX_RECORD_MOVES
    assert send(player, game_id, 0, ["S"] * 1000, replace=True).status_code == 200  # replayed from the deal: 1,000
    assert send(player, game_id, 1000, ["S"] * 1000).status_code == 200  # 1,000: the whole budget spent
    refused = send(player, game_id, MAX_RECORD_MOVES - 2, ["S"], replace=True, headers={"accept-language": "it"})
    assert refused.status_code == 429 and refused.headers["retry-after"] == str(round(MOVES_RULE.window_seconds))
    error = refused.json()["error"]
    assert error["key"] == "h2h.error.too_many_moves" and "mosse" in error["message"]
    assert error["params"] == {"limit": MOVES_RULE.per_address, "seconds": 60}
    assert player.get(f"/api/h2h/games/{game_id}").json()["moves"] == MAX_RECORD_MOVES  # nothing of it played
    again = send(player, game_id, 0, ["S"] * MAX_RECORD_MOVES)
    assert again.status_code == 200  # a retry of what is stored plays nothing, so it costs nothing
    neighbour = app_maker.client(app, client=("192.0.2.8", 40000))  # another address has its own budget
    other_id = new_game(neighbour)["id"]
    assert send(neighbour, other_id, 0, ["S"] * MAX_RECORD_MOVES).status_code == 200
