"""The tables' saves on a real PostgreSQL: while one batch waits for the server, the event loop goes on answering,
the saves asked meanwhile are written together in the next batch, each save returns only once committed, and a
stale one is refused as on the loop."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from sqlalchemy import Engine, text

from heartcards.hearts.tables.saving import TableStore
from heartcards.storage.database import open_engine, upgrade_database
from heartcards.storage.hearts_repository import GameSave, HeartsRepository, SeatRecord, StaleEpochError, TableRecord
from tests.postgres import PostgresServer

NOW = datetime(2026, 12, 5, 12, 0, tzinfo=UTC)
LOCK_SECONDS = 0.5


@pytest.fixture
def engine(postgres_server: PostgresServer) -> Iterator[Engine]:
    engine = open_engine(postgres_server.new_database())
    upgrade_database(engine)
    yield engine
    engine.dispose()


def new_tables(repository: HeartsRepository, *table_ids: str) -> None:
    for table_id in table_ids:
        seats = [SeatRecord(seat, "human", f"P{seat}") for seat in range(4)]
        record = TableRecord(table_id, "online", "classic", 50, "easy", 60, "playing", {"actions": []}, NOW, seats)
        record.epoch = 1
        repository.create_table(record, NOW)


def stored_games(repository: HeartsRepository, *table_ids: str) -> dict[str, object]:
    return {table_id: record.game for table_id in table_ids if (record := repository.table(table_id))}


def test_a_save_waiting_on_postgresql_leaves_the_event_loop_free(engine: Engine) -> None:
    """Another transaction holds t1's row for half a second, so t1's save waits on the server that long: meanwhile
    the loop keeps ticking (on the loop, the save held it the whole time), the saves of t2 and t3 asked meanwhile wait
    for the next batch and are written together, and no save returns before its state is stored."""
    repository = HeartsRepository(engine)
    assert repository.saves_wait_on_server
    new_tables(repository, "t1", "t2", "t3")
    locker = engine.connect()
    locker.begin()
    locker.execute(text("SELECT id FROM hearts_tables WHERE id = 't1' FOR UPDATE"))
    unlocked = threading.Timer(LOCK_SECONDS, locker.rollback)
    batches: list[list[str]] = []
    save_games_async = repository.save_games_async

    async def counted(saves: list[GameSave], now: datetime) -> set[str]:
        batches.append(sorted(save.table_id for save in saves))
        return await save_games_async(saves, now)

    repository.save_games_async = counted  # type: ignore[method-assign]

    async def main() -> tuple[int, dict[str, float]]:
        store = TableStore(repository)
        ticks = 0
        done: dict[str, float] = {}
        started = time.monotonic()

        async def tick() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        async def save(table_id: str) -> None:
            await store.save(GameSave(table_id, "playing", f'{{"actions":["{table_id}"]}}', epoch=1))
            done[table_id] = time.monotonic() - started

        ticker = asyncio.create_task(tick())
        unlocked.start()
        first = asyncio.create_task(save("t1"))
        await asyncio.sleep(0.1)  # t1's batch is waiting on the row lock
        ticks_while_waiting = ticks
        await asyncio.gather(first, save("t2"), save("t3"))
        ticker.cancel()
        await store.finish()
        store.close()
        return ticks_while_waiting, done

    try:
        ticks, done = asyncio.run(main())
    finally:
        unlocked.join()
        locker.close()
    assert ticks >= 5  # about ten in 0.1 s; none while a save held the loop
    assert batches == [["t1"], ["t2", "t3"]]
    assert min(done.values()) >= LOCK_SECONDS * 0.9  # t2 and t3 waited for t1's batch: one writer at a time
    assert stored_games(repository, "t1", "t2", "t3") == {f"t{n}": {"actions": [f"t{n}"]} for n in (1, 2, 3)}


def test_a_stale_save_is_refused_and_a_lost_connection_fails_only_its_batch(engine: Engine) -> None:
    """Through the task that writes on PostgreSQL: a save of an older epoch raises `StaleEpochError` and writes
    nothing while its batch's other save is kept; when the server drops the connection, that batch's saves raise
    and the next batch is written on a new connection."""
    repository = HeartsRepository(engine)
    new_tables(repository, "t1", "t2")

    async def main() -> None:
        store = TableStore(repository)
        outcomes = await asyncio.gather(
            store.save(GameSave("t1", "playing", '{"actions":["late"]}', epoch=0)),
            store.save(GameSave("t2", "playing", '{"actions":["kept"]}', epoch=1)),
            return_exceptions=True,
        )
        assert isinstance(outcomes[0], StaleEpochError) and outcomes[1] is None
        with engine.connect() as connection:  # every other connection to the database ended, as on a restart
            connection.execute(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            )
        with pytest.raises(Exception):  # noqa: B017 - the driver's own error for a lost connection
            await store.save(GameSave("t2", "playing", '{"actions":["lost"]}', epoch=1))
        await store.save(GameSave("t2", "playing", '{"actions":["again"]}', epoch=1))
        registry = store.metrics.registry
        assert registry.get_sample_value("heartcards_saves_refused_by_epoch_total") == 1
        assert registry.get_sample_value("heartcards_database_errors_total") == 1
        await store.finish()
        store.close()

    asyncio.run(main())
    assert stored_games(repository, "t1", "t2") == {"t1": {"actions": []}, "t2": {"actions": ["again"]}}
