"""Table leases and their epochs on a real database (a SQLite file, and PostgreSQL): one owner at a time, and a save
from an older epoch refused by the database itself."""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.exc import DBAPIError

from heartcards.storage.database import current_revision, open_engine, upgrade_database
from heartcards.storage.hearts_leases import TableLeases
from heartcards.storage.hearts_repository import GameSave, HeartsRepository, SeatRecord, StaleEpochError, TableRecord
from tests.postgres import PostgresServer

NOW = datetime(2026, 12, 3, 12, 0, tzinfo=UTC)
LOG = {"deal": 1, "scores": [26, 0, 0, 0]}


@pytest.fixture
def engine(each_database_url: str) -> Iterator[Engine]:
    engine = open_engine(each_database_url)
    upgrade_database(engine)
    yield engine
    engine.dispose()


def new_table(repository: HeartsRepository, table_id: str = "t1", lease: tuple[str, float] | None = None) -> None:
    seats = [SeatRecord(seat, "human", f"P{seat}") for seat in range(4)]
    record = TableRecord(table_id, "online", "classic", 50, "easy", 60, "playing", {"actions": []}, NOW, seats)
    record.epoch = 0 if lease is None else 1
    repository.create_table(record, NOW, lease)


def test_one_server_at_a_time_and_each_taking_raises_the_epoch(engine: Engine) -> None:
    repository = HeartsRepository(engine)
    new_table(repository, lease=("a", 30.0))
    a, b = TableLeases(engine, "a", 30.0), TableLeases(engine, "b", 30.0)
    assert b.take("t1") is None  # a holds it
    assert a.owner_of("t1") == "a" and b.renew({"t1": 1}) == set() and a.renew({"t1": 1}) == {"t1"}
    a.release(["t1"])
    assert a.owner_of("t1") is None and b.orphans() == []  # released, not orphaned
    assert b.take("t1") == 2
    assert a.take("t1") is None and b.owner_of("t1") == "b"


def test_a_lapsed_lease_is_an_orphan_any_server_may_take(engine: Engine) -> None:
    repository = HeartsRepository(engine)
    new_table(repository, lease=("a", 0.2))  # that a lease still held cannot be taken, the test above holds
    b = TableLeases(engine, "b", 30.0)
    time.sleep(0.4)
    assert b.orphans() == ["t1"]
    assert b.take("t1") == 2 and b.orphans() == []
    assert TableLeases(engine, "a", 0.2).renew({"t1": 1}) == set()  # the old owner learns it lost the table


def test_a_batch_of_game_states_alone_keeps_each_tables_last_and_refuses_the_stale_one(engine: Engine) -> None:
    """A batch of states with no deal log nor result (the common one): a table saved twice in it keeps its later
    state, and a table taken by another server since is refused and left as the new owner has it."""
    repository = HeartsRepository(engine)
    new_table(repository, "t1", lease=("a", 0.2))
    for table_id in ("t2", "t3"):
        new_table(repository, table_id, lease=("a", 30.0))
    time.sleep(0.4)
    assert TableLeases(engine, "b", 30.0).take("t1") == 2
    refused = repository.save_games(
        [
            GameSave("t2", "playing", {"actions": ["first"]}, epoch=1),
            GameSave("t1", "playing", {"actions": ["late"]}, epoch=1),
            GameSave("t3", "finished", '{"actions":["kept"]}', epoch=1),
            GameSave("t2", "playing", {"actions": ["first", "second"]}, epoch=1),
        ],
        NOW,
    )
    assert refused == {"t1"}
    stored = {table_id: repository.table(table_id) for table_id in ("t1", "t2", "t3")}
    assert {table_id: (record.status, record.game) for table_id, record in stored.items() if record} == {
        "t1": ("playing", {"actions": []}),
        "t2": ("playing", {"actions": ["first", "second"]}),
        "t3": ("finished", {"actions": ["kept"]}),
    }
    assert [record.updated_at for record in (stored["t2"], stored["t3"]) if record] == [NOW, NOW]


def test_a_save_from_an_older_epoch_is_refused_and_writes_nothing(engine: Engine) -> None:
    repository = HeartsRepository(engine)
    new_table(repository, "t1", lease=("a", 0.2))
    new_table(repository, "t2", lease=("a", 30.0))
    time.sleep(0.4)
    assert TableLeases(engine, "b", 30.0).take("t1") == 2
    refused = repository.save_games(
        [
            GameSave("t1", "playing", {"actions": ["late"]}, logs=[LOG], epoch=1),
            GameSave("t2", "playing", {"actions": ["kept"]}, epoch=1),
        ],
        NOW,
    )
    assert refused == {"t1"}
    first, second = repository.table("t1"), repository.table("t2")
    assert first is not None and first.game == {"actions": []} and first.epoch == 2
    assert repository.deal_logs("t1") == []
    assert second is not None and second.game == {"actions": ["kept"]}
    assert repository.save_games([GameSave("t1", "playing", {"actions": ["new owner"]}, epoch=2)], NOW) == set()
    stored = repository.table("t1")
    assert stored is not None and stored.game == {"actions": ["new owner"]}
    with pytest.raises(StaleEpochError):
        repository.save_seat("t1", SeatRecord(1, "bot", "Late"), epoch=1)
    repository.save_seat("t1", SeatRecord(1, "bot", "Bot"), epoch=2)
    repository.close()


def test_the_lease_migration_goes_up_and_down(each_database_url: str) -> None:
    engine = open_engine(each_database_url)
    try:
        upgrade_database(engine, "0004")
        HeartsRepository(engine)  # the models' columns are not all there yet: nothing is read here
        upgrade_database(engine, "0005")
        assert current_revision(engine) == "0005"
        new_table(HeartsRepository(engine))
        stored = HeartsRepository(engine).table("t1")
        assert stored is not None and stored.epoch == 0  # tables from before leases start at epoch 0
        from alembic import command

        from heartcards.storage.database import alembic_config

        config = alembic_config()
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0004")
        assert current_revision(engine) == "0004"
    finally:
        engine.dispose()


def test_a_server_paused_inside_a_save_holds_no_takeover_past_its_lease(postgres_server: PostgresServer) -> None:
    """The owner stopped between its save's UPDATE and its COMMIT keeps the table's row locked; PostgreSQL ends its
    session after the lease's length (`open_engine(…, idle_transaction_seconds)`), so another server takes the table,
    and the paused save never lands."""
    url = postgres_server.new_database(migrated=True)
    lease = 0.5
    owner_engine = open_engine(url, idle_transaction_seconds=lease)
    taker_engine = open_engine(url, idle_transaction_seconds=lease)
    try:
        repository = HeartsRepository(owner_engine)
        new_table(repository, lease=("a", lease))
        paused = owner_engine.connect()
        transaction = paused.begin()
        paused.execute(text("UPDATE hearts_tables SET status = 'finished' WHERE id = 't1'"))  # then the pause
        time.sleep(lease + 0.2)  # the lease lapses meanwhile
        taken: list[int | None] = []
        taker = threading.Thread(target=lambda: taken.append(TableLeases(taker_engine, "b", 30.0).take("t1")))
        taker.start()
        taker.join(timeout=10)
        assert not taker.is_alive(), "the takeover waited behind the paused server's lock"
        assert taken == [2]
        with pytest.raises(DBAPIError):  # the paused server wakes to a session PostgreSQL has ended
            transaction.commit()
        paused.close()
        stored = repository.table("t1")
        assert stored is not None and stored.status == "playing" and stored.epoch == 2
    finally:
        owner_engine.dispose()
        taker_engine.dispose()


PAUSES = 12
BATCH_TABLES = 8


def _save_without_end(url: str, lease: float, table_ids: list[str]) -> None:
    """An owner that saves its tables' games, all in each batch, as fast as it can, until it is killed."""
    engine = open_engine(url, idle_transaction_seconds=lease)
    repository = HeartsRepository(engine)
    game = {"actions": [], "padding": "x" * 3000}  # a game of a few KB, as the tables' are
    saves = [GameSave(table_id, "playing", game, epoch=1) for table_id in table_ids]
    while True:
        try:
            repository.save_games(saves, NOW)
        except DBAPIError:  # woken to a session PostgreSQL ended while it was paused: a new one
            continue


def test_a_server_paused_at_any_moment_of_its_saves_holds_no_row_past_its_lease(
    postgres_server: PostgresServer,
) -> None:
    """An owner saving batches of tables back to back is paused at random moments, each time past its lease: every
    time, the rows it had locked are free within the lease and a little. A batch's UPDATEs sent in pipeline mode
    (psycopg's `executemany`), ahead of the Sync that ends them, would keep the rows of an owner paused in between
    locked with no timeout at all, its session "active" rather than "idle in transaction"."""
    url = postgres_server.new_database(migrated=True)
    lease = 0.3
    engine = open_engine(url)
    table_ids = [f"t{number}" for number in range(BATCH_TABLES)]
    repository = HeartsRepository(engine)
    for table_id in table_ids:
        new_table(repository, table_id, lease=("a", 60.0))
    owner = multiprocessing.get_context("spawn").Process(
        target=_save_without_end, args=(url, lease, table_ids), daemon=True
    )
    owner.start()
    pauses = random.Random(7)
    try:
        deadline = time.monotonic() + 30
        while "padding" not in getattr(repository.table("t0"), "game", {}):  # till the owner has started saving
            assert owner.is_alive() and time.monotonic() < deadline, "the owner saved nothing"
            time.sleep(0.05)
        held: list[float | None] = []
        for _ in range(PAUSES):
            time.sleep(pauses.uniform(0.02, 0.12))
            assert owner.pid is not None and owner.is_alive()
            os.kill(owner.pid, signal.SIGSTOP)
            try:
                began = time.monotonic()
                with engine.connect() as connection, connection.begin():
                    connection.execute(text("SET LOCAL lock_timeout = '3s'"))
                    try:
                        connection.execute(text("SELECT id FROM hearts_tables ORDER BY id FOR UPDATE"))
                        held.append(time.monotonic() - began)
                    except DBAPIError:  # still locked after 3 s: the paused owner holds them
                        held.append(None)
            finally:
                os.kill(owner.pid, signal.SIGCONT)
        assert all(seconds is not None and seconds < lease + 1.0 for seconds in held), held
    finally:
        owner.kill()
        owner.join()
        engine.dispose()
