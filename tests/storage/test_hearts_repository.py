"""Hearts tables in a real database (a SQLite file, and PostgreSQL): the hot save path keeps one connection, and replaces it after an error."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import update

from heartcards.storage.database import open_engine, upgrade_database
from heartcards.storage.hearts_repository import TABLES, GameSave, HeartsRepository, SeatRecord, TableRecord


def test_saves_survive_a_failed_one_and_reach_another_reader(each_database_url: str) -> None:
    url = each_database_url
    engine = open_engine(url)
    upgrade_database(engine)
    repository = HeartsRepository(engine)
    now = datetime.now(UTC)
    seats = [SeatRecord(seat, "human", f"P{seat}") for seat in range(4)]
    repository.create_table(
        TableRecord("t1", "online", "classic", 50, "easy", 60, "playing", {"actions": []}, now, seats), now
    )
    repository.save_games([GameSave("t1", "playing", {"actions": ["pass 0 2C 3C 4C"]})], now)
    with pytest.raises(TypeError):
        repository.save_games([GameSave("t1", "playing", {"actions": [object()]})], now)
    repository.save_games([GameSave("t1", "finished", {"actions": ["next"]})], now)
    repository.close()

    other_engine = open_engine(url)  # a fresh reader, as after a restart
    stored = HeartsRepository(other_engine).table("t1")
    assert stored is not None and stored.status == "finished" and stored.game == {"actions": ["next"]}
    other_engine.dispose()
    engine.dispose()


def test_the_hot_save_stores_what_sqlalchemy_would_store(each_database_url: str) -> None:
    """`save_games` runs its UPDATE on the driver's cursor: the columns must hold what SQLAlchemy's own UPDATE writes
    (the timestamp as the dialect stores it, even at a whole second, so comparisons of stored times hold)."""
    engine = open_engine(each_database_url)
    upgrade_database(engine)
    repository = HeartsRepository(engine)
    created = datetime(2026, 12, 1, 8, 0, 0, tzinfo=UTC)
    seats = [SeatRecord(seat, "human", f"P{seat}") for seat in range(4)]
    for table_id in ("hot", "core"):
        repository.create_table(
            TableRecord(table_id, "online", "classic", 50, "easy", 60, "playing", {}, created, seats), created
        )
    for when in (datetime(2026, 12, 1, 9, 30, 0, tzinfo=UTC), datetime(2026, 12, 1, 9, 30, 0, 250, tzinfo=UTC)):
        repository.save_games([GameSave("hot", "finished", '{"actions":["next"]}')], when)
        with engine.begin() as connection:
            connection.execute(
                update(TABLES)
                .where(TABLES.c.id == "core")
                .values(status="finished", game='{"actions":["next"]}', updated_at=when)
            )
            raw = {
                row[0]: tuple(row[1:])
                for row in connection.exec_driver_sql("SELECT id, status, game, updated_at FROM hearts_tables")
            }
        assert raw["hot"] == raw["core"]
        assert [table.id for table in repository.open_tables()] == []
        stored = repository.table("hot")
        assert stored is not None and stored.updated_at == when and stored.game == {"actions": ["next"]}
    repository.close()
    engine.dispose()
