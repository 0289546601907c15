"""The Hearts tables on the real server (`live_server`): restart mid-deal (on SQLite, and on PostgreSQL), and an idle
person's seat played by a computer player until they come back. Clients are `websockets` connections, as a browser's
would be."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from heartcards.hearts.engine import Game
from tests.postgres import PostgresServer
from tests.support.scripted import AsyncSeat
from tests.web.conftest import LiveServer
from tests.web.h2h.helpers import SEED_CODE, new_game, tap

pytestmark = pytest.mark.slow  # real servers in subprocesses, restarted

State = dict[str, Any]


def online_table(server: LiveServer, humans: tuple[int, ...], **fields: object) -> tuple[str, dict[int, str]]:
    """An online table with people at `humans` (seat 0 is the creator), started: the other seats get bots."""
    with server.client() as client:
        created = client.post("/api/hearts/tables", json={"mode": "online", "name": "P0", "strength": "easy", **fields})
        table_id = created.json()["table"]["id"]
        tokens = {0: created.json()["token"]}
        for seat in humans:
            if seat != 0:
                joined = client.post(f"/api/hearts/tables/{table_id}/join", json={"seat": seat, "name": f"P{seat}"})
                tokens[seat] = joined.json()["token"]
        started = client.post(f"/api/hearts/tables/{table_id}/start", headers={"X-Seat-Token": tokens[0]})
        assert started.status_code == 200
    return table_id, tokens


def saved_game(server: LiveServer, table_id: str) -> Game:
    engine = create_engine(server.database_url)
    with engine.connect() as connection:
        saved = connection.execute(text("SELECT game FROM hearts_tables WHERE id = :id"), {"id": table_id}).scalar_one()
    engine.dispose()
    return Game.from_dict(json.loads(saved))


def mid_deal(state: State) -> bool:
    return state["view"] is not None and state["view"]["tricks_played"] >= 4


def mid_deal_waiting_for_a_person(state: State) -> bool:
    """Four tricks played and seat 0 or 2 (the people) to play: no computer player's move is under way, so what is
    stored now is what a restart must bring back."""
    return mid_deal(state) and state["view"]["turn"] in (0, 2)


def deal_over(state: State) -> bool:
    return state["view"] is not None and state["view"]["phase"] == "deal_over"


def test_a_restart_mid_deal_resumes_the_game(live_server_module: LiveServer) -> None:
    resume_after_a_restart(live_server_module)


def test_the_app_on_postgresql_resumes_both_games_after_a_restart(postgres_server: PostgresServer) -> None:
    """`heartcards serve --database postgresql+psycopg://…`: the migrations, a Heart to Heart game and a Hearts
    table in play, a restart, and both carry on from what was stored."""
    live_server = LiveServer(postgres_server.new_database())
    live_server.start()
    try:
        with live_server.client() as client:
            view = new_game(client)
            tap(client, view["id"], "stock")
            resume_after_a_restart(live_server)
            current = client.get("/api/h2h/games/current").json()
        assert current["id"] == view["id"] and current["record"] == SEED_CODE + " S"
    finally:
        live_server.stop()


def resume_after_a_restart(live_server: LiveServer) -> None:
    """Two people play a Hearts table past its fourth trick; the server restarts; the table comes back as stored
    and its deal is played to the end."""
    table_id, tokens = online_table(live_server, (0, 2))

    async def before_restart() -> None:
        seats = [AsyncSeat(live_server.url, table_id, tokens[seat]) for seat in (0, 2)]
        await asyncio.gather(*(seat.connect() for seat in seats))
        await asyncio.gather(*(seat.until(mid_deal_waiting_for_a_person, play=True) for seat in seats))
        await asyncio.gather(*(seat.close() for seat in seats))

    asyncio.run(before_restart())
    stored = saved_game(live_server, table_id)
    assert len(stored.tricks) >= 4
    live_server.restart()

    async def after_restart() -> None:
        seats = [AsyncSeat(live_server.url, table_id, tokens[seat]) for seat in (0, 2)]
        first = await seats[0].connect()
        assert first["table"]["status"] == "playing"
        assert first["view"]["hand"] == [card.text for card in stored.hand(0)]
        assert first["view"]["tricks_played"] == len(stored.tricks)
        assert first["view"]["trick"]["cards"] == [card.text for card in stored.observation(0).current_trick.cards]
        await seats[1].connect()
        finals = await asyncio.gather(*(seat.until(deal_over, play=True) for seat in seats))
        assert all(sum(final["view"]["scores"][0]) in (26, 39) for final in finals)
        await asyncio.gather(*(seat.close() for seat in seats))

    asyncio.run(after_restart())
    with httpx.Client(base_url=live_server.url) as client:
        assert client.get(f"/api/hearts/tables/{table_id}").json()["status"] == "playing"


def test_an_idle_person_is_played_by_a_computer_player_until_they_come_back(live_server_module: LiveServer) -> None:
    live_server = live_server_module
    table_id, tokens = online_table(live_server, (0, 1), idle_seconds=10)

    async def scenario() -> None:
        idle = AsyncSeat(live_server.url, table_id, tokens[0])
        active = AsyncSeat(live_server.url, table_id, tokens[1])
        await idle.connect()
        await active.connect()

        def stood_in(state: State) -> bool:
            return state["table"]["seats"][0]["away"] and state["view"]["phase"] == "play"

        state = await active.until(stood_in, play=True, timeout=40)
        assert state["view"]["waiting_for_pass"] == []
        mine = await idle.until(lambda state: state["view"]["phase"] == "play", timeout=5)
        assert mine["view"]["passed"] is not None and len(mine["view"]["passed"]) == 3
        await idle.send({"type": "back"})
        back = await idle.until(lambda state: not state["table"]["seats"][0]["away"], timeout=10)
        assert back["table"]["seats"][0]["connected"] is True
        await idle.close()
        await active.close()

    asyncio.run(scenario())
