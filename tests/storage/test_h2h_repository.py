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
DAY = datetime(2026, 3, 9, tzinfo=UTC)
DAILY = "HH1-N-AAAAAAM"


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


def _game_of_day(
    repository: H2HRepository,
    number: int,
    player: str,
    moves: int,
    seconds: float,
    minute: int,
    status: GameStatus = GameStatus.WON,
    code: str = DAILY,
    started: datetime | None = None,
    hinted: bool = False,
) -> None:
    """A game of `code` started `minute` minutes into DAY (or at `started`), ended with `status` after `moves`
    moves and `seconds`."""
    game_id = f"{number:032x}"
    started = started or DAY + timedelta(minutes=minute)
    repository.create_game(game_id, player, code, started)
    repository.save_progress(game_id, Progress("S " * moves, moves, 26, status, seconds, False, started, started))
    if hinted:
        repository.mark_hinted(game_id)


def test_the_days_ranking_is_each_players_best_win_with_the_askers_own_place_past_the_top(
    repository: H2HRepository,
) -> None:
    p = [f"{number:032x}" for number in range(8)]
    _game_of_day(repository, 1, p[1], 40, 300.0, 10)
    _game_of_day(repository, 2, p[1], 35, 500.0, 90, hinted=True)  # a better second win: their one line
    _game_of_day(repository, 3, p[2], 35, 400.0, 20)
    _game_of_day(repository, 4, p[3], 35, 400.0, 5)  # as good as p2's, in a game started earlier: above it
    _game_of_day(repository, 5, p[4], 50, 100.0, 30)
    _game_of_day(repository, 6, p[4], 50, 100.0, 80)  # the same again: still one line
    _game_of_day(repository, 7, p[5], 60, 90.0, 40)
    _game_of_day(repository, 8, p[6], 20, 60.0, 50, status=GameStatus.ABANDONED)  # not won
    _game_of_day(repository, 9, p[6], 20, 60.0, 0, started=DAY - timedelta(minutes=1))  # yesterday
    _game_of_day(repository, 10, p[7], 20, 60.0, 60, code="HH1-N-AAAAAAB")  # another deal
    top = [(p[3], 1, 35, 400.0, 0), (p[2], 2, 35, 400.0, 0), (p[1], 3, 35, 500.0, 1)]

    def ranking(asker: str) -> list[tuple[str, int, int, float, int]]:
        shown = repository.day_ranking(DAILY, DAY, DAY + timedelta(days=1), 3, asker)
        return [(win.player_id, win.place, win.moves, win.seconds, win.hints) for win in shown]

    assert ranking(p[2]) == top
    assert ranking(p[5]) == [*top, (p[5], 5, 60, 90.0, 0)]
    assert ranking(p[6]) == ranking(p[0]) == top
    assert repository.day_ranking(DAILY, DAY + timedelta(days=1), DAY + timedelta(days=2), 3, p[1]) == []


def test_played_on_a_day_means_a_move_in_a_game_of_its_deal_started_that_day(repository: H2HRepository) -> None:
    tomorrow = DAY + timedelta(days=1)
    _game_of_day(repository, 1, PLAYER, 3, 10.0, 30, status=GameStatus.ABANDONED)
    repository.create_game("2" * 32, "b" * 32, DAILY, DAY)  # no move played
    _game_of_day(repository, 3, "c" * 32, 3, 10.0, 0, started=DAY - timedelta(seconds=1))
    _game_of_day(repository, 4, "d" * 32, 3, 10.0, 0, code="HH1-N-AAAAAAB")
    assert repository.played_on_day(PLAYER, DAILY, DAY, tomorrow)
    assert not repository.played_on_day(PLAYER, DAILY, tomorrow, tomorrow + timedelta(days=1))
    assert not any(repository.played_on_day(other * 32, DAILY, DAY, tomorrow) for other in "bcd")


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
