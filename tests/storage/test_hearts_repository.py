"""Hearts tables in a real database (a SQLite file, and PostgreSQL): the hot save path keeps one connection, and replaces it after an error."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from heartcards.storage.database import open_engine, upgrade_database
from heartcards.storage.hearts_repository import GameSave, HeartsRepository, SeatRecord, TableRecord


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
