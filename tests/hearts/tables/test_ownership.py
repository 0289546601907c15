"""Two servers on one PostgreSQL database, each table run by one of them under a lease: a server paused past its
lease loses the table to the other, its late save is refused by the database, and its sockets are let go."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from sqlalchemy import Engine

from heartcards.hearts.tables.errors import NotSavedError, TableElsewhereError
from heartcards.hearts.tables.messages import Pass
from heartcards.hearts.tables.ownership import Ownership
from heartcards.hearts.tables.service import Connection, TableService
from heartcards.runtime.metrics import Metrics
from heartcards.storage.database import open_engine, upgrade_database
from heartcards.storage.hearts_leases import TableLeases
from heartcards.storage.hearts_repository import HeartsRepository
from tests.postgres import PostgresServer

LEASE_SECONDS = 0.6


@pytest.fixture
def engine(postgres_server: PostgresServer) -> Iterator[Engine]:
    engine = open_engine(postgres_server.new_database())
    upgrade_database(engine)
    yield engine
    engine.dispose()


def server(engine: Engine, name: str) -> TableService:
    metrics = Metrics()
    return TableService(
        HeartsRepository(engine),
        deal_pause_seconds=30.0,
        metrics=metrics,
        ownership=Ownership(TableLeases(engine, name, LEASE_SECONDS), metrics),
    )


async def four_people(service: TableService) -> str:
    """An online table of four people, started: nobody but the people acts."""
    seating = await service.create(
        player_id="p0", name="P0", mode="online", variant="classic", target=50, strength="easy", idle_seconds=60
    )
    table = seating.table
    for seat in (1, 2, 3):
        await service.join(table.id, seat, f"P{seat}", f"p{seat}")
    await service.start_by_token(table.id, seating.token)
    return table.id


def a_pass(service: TableService, table_id: str, seat: int) -> Pass:
    hand = service.tables[table_id].game.observation(seat).hand
    return Pass(type="pass", cards=[str(card) for card in hand[:3]], id=1)


def test_a_paused_servers_late_save_is_refused_and_the_new_owner_keeps_the_game(engine: Engine) -> None:
    async def scenario() -> None:
        a, b = server(engine, "a"), server(engine, "b")
        await a.start()
        await b.start()
        try:
            table_id = await four_people(a)
            assert not b.runs(await b.table(table_id))  # a runs it: b only shows what is stored
            with pytest.raises(TableElsewhereError):
                await b.join(table_id, 1, "Late", "p9")
            connection = Connection(seat=0, language="en")
            table = a.tables[table_id]
            await a.connect(table, connection, None)
            late = a_pass(a, table_id, 0)

            assert a.ownership is not None
            a.ownership.stop()  # paused: a stops renewing, b's loop finds the lapsed lease and takes the table
            for _ in range(50):
                if table_id in b.tables:
                    break
                await asyncio.sleep(0.1)
            assert table_id in b.tables and b.epochs[table_id] == 2
            assert b.metrics.registry.get_sample_value("heartcards_leases_taken_over_total") == 1

            with pytest.raises(NotSavedError):  # a wakes up and plays on: the database refuses its save
                await a.act(table, connection, late)
            assert (
                table_id not in a.tables
                and a.metrics.registry.get_sample_value("heartcards_saves_refused_by_epoch_total") == 1
            )
            assert list(connection.outbox._queue)[-1] is None  # its socket is let go, to reconnect elsewhere

            stored = await b.store.run(b.repository.table, table_id)
            assert stored is not None and stored.game["actions"] == []  # nothing of a's late pass
            new_owner = Connection(seat=0, language="en")
            await b.connect(b.tables[table_id], new_owner, None)
            await b.act(b.tables[table_id], new_owner, a_pass(b, table_id, 0))
            stored = await b.store.run(b.repository.table, table_id)
            assert stored is not None and len(stored.game["actions"]) == 1
        finally:
            await a.stop()
            await b.stop()

    asyncio.run(scenario())


def test_a_stopping_server_hands_its_tables_over_at_once(engine: Engine) -> None:
    async def scenario() -> None:
        a, b = server(engine, "a"), server(engine, "b")
        await a.start()
        await b.start()
        try:
            table_id = await four_people(a)
            await a.stop()  # releases the lease: b need not wait for it to run out
            table = await b.table(table_id)
            assert b.runs(table) and b.epochs[table_id] == 2
            assert (
                b.metrics.registry.get_sample_value("heartcards_leases_taken_over_total") == 0
            )  # handed over, not taken over
            assert [seat.kind for seat in table.seats] == ["human"] * 4 and table.status == "playing"
        finally:
            await b.stop()

    asyncio.run(scenario())
