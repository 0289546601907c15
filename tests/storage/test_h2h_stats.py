"""Statistics maths: what counts as played, streaks, bests from unassisted wins only, per-deal figures."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from heartcards.storage.h2h_records import GameRecord, GameStatus
from heartcards.storage.h2h_stats import RECENT_LIMIT, compute_stats, streaks

START = datetime(2026, 1, 1, tzinfo=UTC)


def record(
    index: int,
    status: GameStatus,
    moves: int = 80,
    seconds: float = 100.0,
    assisted: bool = False,
    code: str = "HH1-N-AAAAAAM",
) -> GameRecord:
    ended = START + timedelta(minutes=index)
    return GameRecord(
        id=f"{index:032x}",
        player_id="p" * 32,
        code=code,
        moves="S " * moves,
        move_count=moves,
        score=250 if status is GameStatus.WON else 0,
        status=status,
        assisted=assisted,
        hints=1 if assisted else 0,
        seconds=seconds,
        paused=False,
        created_at=ended - timedelta(seconds=seconds),
        last_active_at=ended,
        finished_at=None if status is GameStatus.PLAYING else ended,
    )


def test_streaks() -> None:
    assert streaks([]) == (0, 0)
    assert streaks([True, True, False, True]) == (1, 2)
    assert streaks([False, True, True, True]) == (3, 3)
    assert streaks([True, False]) == (0, 1)


def test_what_counts_as_played() -> None:
    games = [
        record(1, GameStatus.WON),
        record(2, GameStatus.STALLED),
        record(3, GameStatus.ABANDONED),
        record(4, GameStatus.RESTARTED),
        record(5, GameStatus.PLAYING),  # still running: not yet played
        record(6, GameStatus.ABANDONED, moves=0),  # left before any move: not played
    ]
    stats = compute_stats(games)
    assert (stats.played, stats.won) == (4, 1)
    assert stats.win_rate == 0.25
    assert [game.id for game in stats.recent] == [f"{i:032x}" for i in (4, 3, 2, 1)]


def test_streaks_follow_end_times_not_input_order() -> None:
    games = [record(3, GameStatus.WON), record(1, GameStatus.WON), record(2, GameStatus.ABANDONED)]
    stats = compute_stats(games)
    assert (stats.current_streak, stats.best_streak) == (1, 1)
    stats = compute_stats([*games, record(4, GameStatus.WON), record(5, GameStatus.WON)])
    assert (stats.current_streak, stats.best_streak) == (3, 3)


def test_assisted_wins_count_but_not_for_bests() -> None:
    games = [
        record(1, GameStatus.WON, moves=90, seconds=300),
        record(2, GameStatus.WON, moves=60, seconds=50, assisted=True),
        record(3, GameStatus.WON, moves=85, seconds=400),
    ]
    stats = compute_stats(games)
    assert (stats.won, stats.current_streak, stats.assisted) == (3, 3, 1)
    assert stats.fewest_moves == 85
    assert stats.best_seconds == 300


def test_per_deal_figures() -> None:
    games = [
        record(1, GameStatus.WON, moves=90, seconds=200, code="HH1-S-AAAAAAB"),
        record(2, GameStatus.STALLED, code="HH1-S-AAAAAAB"),
        record(3, GameStatus.WON, moves=88, seconds=250, code="HH1-S-AAAAAAB"),
        record(4, GameStatus.ABANDONED, code="HH1-N-AAAAAAM"),
    ]
    deals = {deal.code: deal for deal in compute_stats(games).per_deal}
    first = deals["HH1-S-AAAAAAB"]
    assert (first.played, first.won, first.best_moves, first.best_seconds) == (3, 2, 88, 200)
    other = deals["HH1-N-AAAAAAM"]
    assert (other.played, other.won, other.best_moves, other.best_seconds) == (1, 0, None, None)


def test_no_games_and_the_recent_limit() -> None:
    empty = compute_stats([])
    assert (empty.played, empty.win_rate, empty.best_seconds, empty.fewest_moves) == (0, 0.0, None, None)
    many = compute_stats([record(i, GameStatus.ABANDONED) for i in range(RECENT_LIMIT + 10)])
    assert len(many.recent) == RECENT_LIMIT
    assert many.recent[0].id == f"{RECENT_LIMIT + 9:032x}"
