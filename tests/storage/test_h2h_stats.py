"""A player's statistics as the repository reads and counts them, on SQLite and PostgreSQL: known values for what
counts as played, the streaks' edges, the bests and each deal's figures, and random sets of games held to the
reference over whole records (`h2h_stats_reference.py`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import asdict
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, delete, insert, update

from heartcards.storage import open_engine
from heartcards.storage.h2h_models import GAMES
from heartcards.storage.h2h_records import GameRecord, GameStatus
from heartcards.storage.h2h_repository import H2HRepository
from heartcards.storage.h2h_stats import RECENT_LIMIT, Stats, read_signature
from heartcards.storage.models import PLAYERS
from tests.storage.h2h_stats_reference import compute_stats

START = datetime(2026, 1, 1, tzinfo=UTC)
PLAYER = "p" * 32
OTHER = "q" * 32
CODE = "HH1-N-AAAAAAM"


def record(
    index: int,
    status: GameStatus,
    moves: int = 80,
    seconds: float = 100.0,
    assisted: bool = False,
    code: str = CODE,
    minute: int | None = None,
    player: str = PLAYER,
) -> GameRecord:
    """Game `index` of `player`, ended at START plus `minute` minutes (by default `index`)."""
    ended = START + timedelta(minutes=index if minute is None else minute)
    return GameRecord(
        id=f"{index:032x}",
        player_id=player,
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
        finished_at=None if status.is_running else ended,
    )


@pytest.fixture
def engine(each_migrated_database_url: str) -> Iterator[Engine]:
    engine = open_engine(each_migrated_database_url)
    with engine.begin() as connection:
        connection.execute(insert(PLAYERS), [{"id": player, "created_at": START} for player in (PLAYER, OTHER)])
    yield engine
    engine.dispose()


def stats_of(engine: Engine, games: Iterable[GameRecord], player: str = PLAYER) -> Stats:
    """The statistics the repository gives `player` once `games` are all the games stored."""
    with engine.begin() as connection:
        connection.execute(delete(GAMES))
        rows = [asdict(game) | {"status": game.status.value} for game in games]
        if rows:
            connection.execute(insert(GAMES), rows)
    return H2HRepository(engine).stats(player)


def test_no_games(engine: Engine) -> None:
    stats = stats_of(engine, [record(1, GameStatus.WON, player=OTHER)])
    assert stats == Stats(0, 0, 0, 0, None, None, 0, (), ())
    assert stats.win_rate == 0.0


def test_what_counts_as_played(engine: Engine) -> None:
    games = [
        record(1, GameStatus.WON),
        record(2, GameStatus.STALLED),
        record(3, GameStatus.ABANDONED),
        record(4, GameStatus.RESTARTED),
        record(5, GameStatus.PLAYING),  # still running: not yet played
        record(6, GameStatus.ABANDONED, moves=0),  # left before any move: not played
        record(7, GameStatus.WON, player=OTHER),
    ]
    stats = stats_of(engine, games)
    assert (stats.played, stats.won) == (4, 1)
    assert stats.win_rate == 0.25
    assert [game.id for game in stats.recent] == [f"{i:032x}" for i in (4, 3, 2, 1)]
    assert stats.recent[-1].ended_at == START + timedelta(minutes=1)


def test_all_wins_make_one_streak(engine: Engine) -> None:
    stats = stats_of(engine, [record(i, GameStatus.WON) for i in range(1, 6)])
    assert (stats.current_streak, stats.best_streak) == (5, 5)


def test_a_last_game_lost_ends_the_current_streak(engine: Engine) -> None:
    results = [GameStatus.WON, GameStatus.WON, GameStatus.STALLED, GameStatus.WON, GameStatus.ABANDONED]
    stats = stats_of(engine, [record(i, status) for i, status in enumerate(results, start=1)])
    assert (stats.current_streak, stats.best_streak) == (0, 2)


def test_streaks_follow_end_times_not_ids(engine: Engine) -> None:
    games = [record(1, GameStatus.ABANDONED, minute=3), record(2, GameStatus.WON), record(3, GameStatus.WON, minute=1)]
    stats = stats_of(engine, games)
    assert (stats.current_streak, stats.best_streak) == (0, 2)
    stats = stats_of(engine, [*games, record(4, GameStatus.WON), record(5, GameStatus.WON)])
    assert (stats.current_streak, stats.best_streak) == (2, 2)


def test_a_running_game_ends_when_last_active(engine: Engine) -> None:
    stalled = record(1, GameStatus.STALLED, minute=10)  # no finished_at: it ended when last played
    stats = stats_of(engine, [stalled, record(2, GameStatus.WON, minute=5)])
    assert stalled.finished_at is None
    assert (stats.current_streak, stats.best_streak) == (0, 1)
    assert stats.recent[0].ended_at == stalled.last_active_at


def test_games_ended_together_are_ordered_by_id(engine: Engine) -> None:
    lost_last = stats_of(engine, [record(1, GameStatus.WON, minute=1), record(2, GameStatus.ABANDONED, minute=1)])
    assert (lost_last.current_streak, lost_last.best_streak) == (0, 1)
    assert [game.id for game in lost_last.recent] == [f"{2:032x}", f"{1:032x}"]
    won_last = stats_of(engine, [record(1, GameStatus.ABANDONED, minute=1), record(2, GameStatus.WON, minute=1)])
    assert (won_last.current_streak, won_last.best_streak) == (1, 1)


def test_assisted_wins_count_but_not_for_bests(engine: Engine) -> None:
    games = [
        record(1, GameStatus.WON, moves=90, seconds=300),
        record(2, GameStatus.WON, moves=60, seconds=50, assisted=True),
        record(3, GameStatus.WON, moves=85, seconds=400),
    ]
    stats = stats_of(engine, games)
    assert (stats.won, stats.current_streak, stats.assisted) == (3, 3, 1)
    assert (stats.fewest_moves, stats.best_seconds) == (85, 300)
    only_assisted = stats_of(engine, [games[1]])
    assert (only_assisted.won, only_assisted.fewest_moves, only_assisted.best_seconds) == (1, None, None)


def test_per_deal_figures_most_played_first(engine: Engine) -> None:
    games = [
        record(1, GameStatus.WON, moves=90, seconds=200, code="HH1-S-AAAAAAB"),
        record(2, GameStatus.STALLED, code="HH1-S-AAAAAAB"),
        record(3, GameStatus.WON, moves=88, seconds=250, code="HH1-S-AAAAAAB"),
        record(4, GameStatus.ABANDONED, code="HH1-N-AAAAAAM"),
        record(5, GameStatus.WON, moves=70, seconds=90, code="HH1-E-AAAAAAC"),
    ]
    per_deal = stats_of(engine, games).per_deal
    assert [(deal.code, deal.played, deal.won, deal.best_moves, deal.best_seconds) for deal in per_deal] == [
        ("HH1-S-AAAAAAB", 3, 2, 88, 200),
        ("HH1-E-AAAAAAC", 1, 1, 70, 90),
        ("HH1-N-AAAAAAM", 1, 0, None, None),
    ]


def test_the_recent_limit(engine: Engine) -> None:
    stats = stats_of(engine, [record(i, GameStatus.ABANDONED) for i in range(RECENT_LIMIT + 10)])
    assert stats.played == RECENT_LIMIT + 10
    assert len(stats.recent) == RECENT_LIMIT
    assert stats.recent[0].id == f"{RECENT_LIMIT + 9:032x}"


# Few distinct values, so that ends, bests and deals tie; codes whose order differs between code points and a
# locale's collation (case, punctuation).
GAME_SETS = st.lists(
    st.tuples(
        st.sampled_from((PLAYER, PLAYER, OTHER)),
        st.sampled_from(GameStatus),
        st.sampled_from((0, 1, 2, 5, 5, 120)),
        st.booleans(),
        st.sampled_from((12.5, 40.0, 40.0, 600.25)),
        st.integers(min_value=0, max_value=8),
        st.integers(min_value=0, max_value=8),
        st.sampled_from((CODE, "HH1-S-AAAAAAB", "hh1-n", "HH1N", "a-b", "ab")),
    ),
    max_size=40,
)


@settings(max_examples=80, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(GAME_SETS)
def test_the_database_counts_as_the_reference(
    engine: Engine, drawn: list[tuple[str, GameStatus, int, bool, float, int, int, str]]
) -> None:
    games = []
    for index, (player, status, moves, assisted, seconds, finished, last_active, code) in enumerate(drawn):
        game = record(index, status, moves, seconds, assisted, code, last_active, player)
        # A game's end is its finished_at when it has one, which need not be its last activity.
        ended = None if status.is_running else START + timedelta(minutes=finished)
        games.append(GameRecord(**asdict(game) | {"finished_at": ended}))
    for player in (PLAYER, OTHER):
        assert stats_of(engine, games, player) == compute_stats(game for game in games if game.player_id == player)


def signature_of(engine: Engine, player: str = PLAYER) -> tuple[object, ...]:
    with engine.connect() as connection:
        return read_signature(connection, player)


def test_the_signature_changes_with_every_change_the_statistics_see(engine: Engine) -> None:
    """The kept answers' freshness check (`web/h2h/stats_answers.py`): the sums over a player's games change when a
    game is added, moved to another player or erased, and when a game's move count, score, time, hint, status or end
    changes, even at the same moment; another player's games leave it as it is."""
    stats_of(engine, [record(1, GameStatus.PLAYING), record(2, GameStatus.WON)])
    seen = {signature_of(engine)}
    first = GAMES.c.id == f"{1:032x}"
    changes = [
        insert(GAMES).values(asdict(record(3, GameStatus.ABANDONED)) | {"status": "abandoned"}),
        update(GAMES).where(first).values(move_count=GAMES.c.move_count + 1),
        update(GAMES).where(first).values(score=GAMES.c.score + 1),
        update(GAMES).where(first).values(seconds=GAMES.c.seconds + 0.5),
        update(GAMES).where(first).values(assisted=True),
        update(GAMES).where(first).values(status="stalled"),
        update(GAMES).where(first).values(finished_at=START),
        update(GAMES).where(GAMES.c.id == f"{3:032x}").values(player_id=OTHER),
        delete(GAMES).where(GAMES.c.id == f"{2:032x}"),
    ]
    for change in changes:
        with engine.begin() as connection:
            connection.execute(change)
        signature = signature_of(engine)
        assert signature not in seen, change
        seen.add(signature)
    with engine.begin() as connection:
        connection.execute(insert(GAMES).values(asdict(record(4, GameStatus.WON, player=OTHER)) | {"status": "won"}))
    assert signature_of(engine) == signature
