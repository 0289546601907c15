"""The repository on a real database (a SQLite file, and PostgreSQL): games round-trip, progress is stored, solutions are kept."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from heartcards.storage import open_engine, upgrade_database
from heartcards.storage.h2h_records import GameStatus, Progress, SolutionRecord
from heartcards.storage.h2h_repository import H2HRepository

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
PLAYER = "a" * 32


@pytest.fixture
def repository(each_migrated_database_url: str) -> Iterator[H2HRepository]:
    engine = open_engine(each_migrated_database_url)
    yield H2HRepository(engine)
    engine.dispose()


def test_a_game_round_trips(repository: H2HRepository) -> None:
    created = repository.create_game("1" * 32, PLAYER, "HH1-N-AAAAAAM", NOW)
    assert created.status is GameStatus.PLAYING
    assert created.created_at == NOW and created.created_at.tzinfo is not None
    assert created.record == "HH1-N-AAAAAAM"
    assert repository.game(created.id) == created  # the record built from what was written is the one read back
    later = NOW + timedelta(seconds=30)
    progress = Progress("S S 25-W", 3, 10, GameStatus.PLAYING, 29.5, False, later, None)
    repository.save_progress(created.id, progress)
    loaded = repository.game(created.id)
    assert loaded is not None
    assert (loaded.moves, loaded.move_count, loaded.score, loaded.seconds) == ("S S 25-W", 3, 10, 29.5)
    assert loaded.record == "HH1-N-AAAAAAM S S 25-W"
    assert loaded.last_active_at == later
    assert repository.game("2" * 32) is None


def test_running_games_newest_first_and_hints(repository: H2HRepository) -> None:
    older = repository.create_game("1" * 32, PLAYER, "HH1-N-AAAAAAM", NOW)
    newer = repository.create_game("2" * 32, PLAYER, "HH1-N-AAAAAAB", NOW + timedelta(minutes=1))
    repository.create_game("3" * 32, "b" * 32, "HH1-N-AAAAAAC", NOW)
    assert [game.id for game in repository.running_games(PLAYER)] == [newer.id, older.id]
    repository.save_progress(
        older.id, Progress("S", 1, 0, GameStatus.ABANDONED, 1.0, False, NOW, NOW + timedelta(minutes=2))
    )
    assert [game.id for game in repository.running_games(PLAYER)] == [newer.id]
    repository.mark_hinted(newer.id)
    repository.mark_hinted(newer.id)
    hinted = repository.game(newer.id)
    assert hinted is not None and hinted.assisted and hinted.hints == 2


def test_stats_come_from_stored_games(repository: H2HRepository) -> None:
    game = repository.create_game("1" * 32, PLAYER, "HH1-N-AAAAAAM", NOW)
    assert repository.stats(PLAYER).played == 0
    end = NOW + timedelta(minutes=5)
    repository.save_progress(game.id, Progress("S " * 88, 88, 250, GameStatus.WON, 300.0, False, end, end))
    stats = repository.stats(PLAYER)
    assert (stats.played, stats.won, stats.fewest_moves, stats.best_seconds) == (1, 1, 88, 300.0)
    assert repository.stats("b" * 32).played == 0


def test_solutions_are_kept_once(repository: H2HRepository) -> None:
    assert repository.solution("HH1-N-AAAAAAM") is None
    solution = SolutionRecord("HH1-N-AAAAAAM", True, "S 25-W", 2, 10)
    repository.save_solution(solution, NOW)
    repository.save_solution(SolutionRecord("HH1-N-AAAAAAM", False, None, None, 0), NOW)
    assert repository.solution("HH1-N-AAAAAAM") == solution


def test_a_second_repository_on_the_same_database_sees_the_data(each_database_url: str) -> None:
    url = each_database_url
    first = open_engine(url)
    upgrade_database(first)
    H2HRepository(first).create_game("1" * 32, PLAYER, "HH1-N-AAAAAAM", NOW)
    first.dispose()
    second = open_engine(url)
    upgrade_database(second)
    assert H2HRepository(second).count_games() == 1
    second.dispose()
