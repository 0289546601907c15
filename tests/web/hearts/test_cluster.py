"""Several `heartcards serve` processes on one PostgreSQL and one Redis: a table created through one server is played
through sockets on the others, and survives the death of the server that runs it."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx
import pytest

from tests.postgres import PostgresServer
from tests.redis_server import RedisServer
from tests.support.live_server import LiveServer
from tests.support.scripted import AsyncSeat

LEASE_SECONDS = "1.5"
State = dict[str, object]


class Cluster:
    def __init__(self, database_url: str, redis_url: str, count: int) -> None:
        environment = {"HEARTCARDS_LEASE_SECONDS": LEASE_SECONDS}
        self.servers = [
            LiveServer(database_url, environment=environment, arguments=["--redis", redis_url]) for _ in range(count)
        ]

    def start(self) -> None:
        for server in self.servers:  # one after the other: the first migrates the database
            server.start()

    def stop(self) -> None:
        for server in self.servers:
            server.stop()


@pytest.fixture
def cluster(postgres_server: PostgresServer, redis_server: RedisServer) -> Iterator[Cluster]:
    cluster = Cluster(postgres_server.new_database(), redis_server.url, 2)
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()


def create(server: LiveServer, **fields: object) -> dict[str, object]:
    answer = httpx.post(server.url + "api/hearts/tables", json={"name": "Ann", "target": 50, **fields}, timeout=20)
    assert answer.status_code == 201, answer.text
    created: dict[str, object] = answer.json()
    return created


def test_a_solo_table_made_on_one_server_is_played_to_its_end_through_another(cluster: Cluster) -> None:
    first, second = cluster.servers
    created = create(first, mode="solo", strength="easy")
    table = created["table"]
    assert isinstance(table, dict)

    async def play() -> State:
        seat = AsyncSeat(second.url, table["id"], str(created["token"]), answer_score_table=True)
        await seat.connect()
        try:
            return await seat.play_game(timeout=240)
        finally:
            await seat.close()

    final = asyncio.run(play())
    view = final["view"]
    assert isinstance(view, dict) and view["phase"] == "game_over"
    stored = httpx.get(second.url + f"api/hearts/tables/{table['id']}", timeout=20).json()
    assert stored["status"] == "finished"
    assert all(server.tracebacks() == 0 for server in cluster.servers), [s.output for s in cluster.servers]


def test_an_online_table_is_joined_started_and_played_through_both_servers(cluster: Cluster) -> None:
    first, second = cluster.servers
    created = create(first, mode="online")
    table = created["table"]
    assert isinstance(table, dict)
    tokens = [str(created["token"])]
    for seat in (1, 2, 3):  # joined through the server that does not run the table
        joined = httpx.post(second.url + f"api/hearts/tables/{table['id']}/join", json={"seat": seat}, timeout=20)
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["token"])
    started = httpx.post(
        second.url + f"api/hearts/tables/{table['id']}/start", headers={"X-Seat-Token": tokens[0]}, timeout=20
    )
    assert started.status_code == 200 and started.json()["status"] == "playing", started.text

    async def play_a_deal() -> list[State]:
        seats = [AsyncSeat((first if seat % 2 == 0 else second).url, table["id"], tokens[seat]) for seat in range(4)]
        await asyncio.gather(*(seat.connect() for seat in seats))

        def deal_over(state: State) -> bool:
            view = state["view"]
            return isinstance(view, dict) and view["phase"] == "deal_over"

        try:
            return list(await asyncio.gather(*(seat.until(deal_over, play=True, timeout=120) for seat in seats)))
        finally:
            await asyncio.gather(*(seat.close() for seat in seats))

    finals = asyncio.run(play_a_deal())
    totals = [final["view"]["totals"] for final in finals]  # type: ignore[index]
    assert all(seen == totals[0] for seen in totals) and sum(totals[0]) in (26, 78)  # one deal, seen alike
    assert all(server.tracebacks() == 0 for server in cluster.servers), [s.output for s in cluster.servers]
