"""Hearts tables in a real database (a SQLite file, and PostgreSQL): the hot save path keeps one connection, and replaces it after an error."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import update

from heartcards.storage.database import open_engine, upgrade_database
from heartcards.storage.hearts_repository import (
    TABLES,
    GameSave,
    HeartsRepository,
    PlayerSummary,
    SeatRecord,
    SeatResult,
    TableRecord,
)


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


def test_a_game_finished_elsewhere_is_stored_once_with_its_results(each_database_url: str) -> None:
    engine = open_engine(each_database_url)
    upgrade_database(engine)
    repository = HeartsRepository(engine)
    now = datetime.now(UTC)
    seats = [SeatRecord(0, "human", "Ann", "p" * 32), *(SeatRecord(seat, "bot", f"B{seat}") for seat in (1, 2, 3))]
    record = TableRecord("d1", "solo", "special", 50, "strong", 0, "finished", {"actions": ["next"]}, now, seats)
    results = [SeatResult(seat, 10 * seat, seat + 1, seat == 0, 0, int(seat == 3)) for seat in range(4)]
    logs = [{"deal": 1, "points": [0, 10, 20, 30]}, {"deal": 2, "points": [0, 0, 0, 0]}]
    assert repository.store_finished_table(record, results, logs, now) is True
    assert repository.store_finished_table(record, results[::-1], logs[:1], now) is False  # the first one stays
    [game] = repository.player_summary("p" * 32, recent=10).recent
    assert (game.table_id, game.variant, game.total, game.place, game.won, game.queens) == (
        "d1",
        "special",
        0,
        1,
        True,
        0,
    )
    assert [log["deal"] for log in repository.deal_logs("d1")] == [1, 2]
    stored = repository.table("d1")
    assert stored is not None and stored.status == "finished" and stored.finished_at is not None
    engine.dispose()


def test_a_players_summary_counts_every_finished_game_and_lists_the_newest(each_database_url: str) -> None:
    """The counts are the database's over every game (they were once taken over the newest 1,000 alone); `recent`
    is the newest few, newest first. Games not finished, and seats of others, are not the player's."""
    engine = open_engine(each_database_url)
    upgrade_database(engine)
    repository = HeartsRepository(engine)
    start = datetime(2026, 3, 1, tzinfo=UTC)
    me = "p" * 32
    for number in range(5):
        seats = [SeatRecord(0, "human", "Ann", me), SeatRecord(1, "human", "Bea", "q" * 32)]
        seats += [SeatRecord(seat, "bot", f"B{seat}") for seat in (2, 3)]
        record = TableRecord(f"g{number}", "solo", "classic", 50, "easy", 0, "finished", {}, start, seats)
        place = number % 4 + 1
        results = [SeatResult(0, 10 * number, place, place == 1, number % 2, number)]
        results += [SeatResult(seat, 0, 1, True, 0, 0) for seat in (1, 2, 3)]
        assert repository.store_finished_table(record, results, [], start + timedelta(hours=number))
    waiting = TableRecord(
        "w", "online", "classic", 50, "easy", 60, "waiting", {}, start, [SeatRecord(0, "human", "Ann", me)]
    )
    repository.create_table(waiting, start)
    summary = repository.player_summary(me, recent=2)
    assert (summary.games, summary.wins, summary.place_sum, summary.moons, summary.queens) == (5, 2, 11, 2, 10)
    assert [game.table_id for game in summary.recent] == ["g4", "g3"]
    assert repository.player_summary("z" * 32, recent=2) == PlayerSummary(0, 0, 0, 0, 0, [])
    engine.dispose()
