"""A game survives a reload (new client, same cookie), a closed app and a new app on the same SQLite file."""

from __future__ import annotations

from heartcards.heart_to_heart.engine import STOCK_TAP, Game, WasteMove
from heartcards.heart_to_heart.solver import solve
from tests.web.conftest import AppMaker
from tests.web.h2h.helpers import SEED_CODE, new_game, play_moves, tap

OPENING = [STOCK_TAP] * 9 + [WasteMove(25)]


def test_a_new_app_on_the_same_file_continues_the_game(app_maker: AppMaker) -> None:
    first_app = app_maker.new_app()
    client = app_maker.client(first_app)
    view = new_game(client)
    play_moves(client, view["id"], OPENING)
    tap(client, view["id"], "stock")
    before = client.get(f"/api/h2h/games/{view['id']}").json()
    cookie = client.cookies.get("hc_player")
    app_maker.close(first_app)

    second_app = app_maker.new_app()
    reloaded = app_maker.client(second_app, cookies={"hc_player": cookie})
    current = reloaded.get("/api/h2h/games/current").json()
    assert current["id"] == view["id"]
    for key in ("record", "score", "moves", "heart", "stock", "waste", "status"):
        assert current[key] == before[key], key
    assert current["seconds"] >= before["seconds"]
    undone = reloaded.post(f"/api/h2h/games/{view['id']}/undo").json()
    assert undone["undone"] == "S" and undone["view"]["moves"] == 10
    game = Game.from_record(undone["view"]["record"])
    remaining = solve(game.position).moves
    won = play_moves(reloaded, view["id"], remaining)
    assert won["status"] == "won" and won["score"] == 250


def test_a_small_cache_reloads_games_from_the_database(app_maker: AppMaker) -> None:
    app = app_maker.new_app(game_cache_size=1)
    players = [app_maker.client(app) for _ in range(3)]
    games = [new_game(player)["id"] for player in players]
    for player, game_id in zip(players, games, strict=True):
        tap(player, game_id, "stock")
    for player, game_id in zip(players, games, strict=True):
        view = tap(player, game_id, "stock")["view"]
        assert view["moves"] == 2 and view["record"] == SEED_CODE + " S S"


def test_a_dead_solver_process_is_replaced_without_a_server_error(app_maker: AppMaker) -> None:
    import os
    import signal

    app = app_maker.new_app()
    client = app_maker.client(app)
    game_id = new_game(client)["id"]
    assert client.post(f"/api/h2h/games/{game_id}/hint").status_code == 200
    for pid in app.state.services.workers.worker_pids():
        os.kill(pid, signal.SIGKILL)
    first = client.post(f"/api/h2h/games/{game_id}/hint")
    assert first.status_code in (200, 503), first.text
    again = client.post(f"/api/h2h/games/{game_id}/hint")
    assert again.status_code == 200 and again.json()["hint"] is not None
