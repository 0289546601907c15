"""A player's Heart to Heart statistics, counted by the database: a few aggregate queries, no game read into Python.

A game counts as played once it has at least one move and is won, stalled, abandoned or restarted; played games are
in the order they ended (`finished_at`, else `last_active_at`, then id). Wins make streaks (assisted wins too). Best
time and fewest moves come from unassisted wins only: a hint shows the way. A player of thousands of games costs the
server a few rows of figures, not thousands of records (`benchmarks/daily.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Connection, and_, case, func, select

from heartcards.storage.h2h_models import GAMES
from heartcards.storage.h2h_records import GameStatus

RECENT_LIMIT = 50
PLAYED_STATUSES = frozenset({GameStatus.WON, GameStatus.STALLED, GameStatus.ABANDONED, GameStatus.RESTARTED})


@dataclass(frozen=True, slots=True)
class DealStats:
    code: str
    played: int
    won: int
    best_moves: int | None
    best_seconds: float | None


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A played game as the statistics list it: its figures and when it ended, without its record of moves."""

    id: str
    code: str
    status: GameStatus
    move_count: int
    score: int
    seconds: float
    assisted: bool
    ended_at: datetime


@dataclass(frozen=True, slots=True)
class Stats:
    played: int
    won: int
    current_streak: int
    best_streak: int
    best_seconds: float | None
    fewest_moves: int | None
    assisted: int
    recent: tuple[PlayedGame, ...]
    """The last `RECENT_LIMIT` played games, the latest first."""
    per_deal: tuple[DealStats, ...]
    """Each deal played, the most played first, then by code."""

    @property
    def win_rate(self) -> float:
        """Wins over games played, 0.0 to 1.0 (0.0 before the first game)."""
        return self.won / self.played if self.played else 0.0


ENDED_AT = func.coalesce(GAMES.c.finished_at, GAMES.c.last_active_at)
WON = GAMES.c.status == GameStatus.WON.value
CLEAN_WIN = and_(WON, ~GAMES.c.assisted)


_FIGURES = (
    func.count().label("played"),
    func.count(case((WON, 1))).label("won"),
    func.min(case((CLEAN_WIN, GAMES.c.move_count))).label("best_moves"),
    func.min(case((CLEAN_WIN, GAMES.c.seconds))).label("best_seconds"),
)
"""What the totals and each deal count over played games."""


def _figures(row: Any) -> tuple[int, int, int | None, float | None]:
    """Played, won, fewest moves and best seconds of a row of `_FIGURES`."""
    return int(row.played), int(row.won), row.best_moves, row.best_seconds


def _played_by(player_id: str) -> tuple[ColumnElement[bool], ...]:
    """The player's played games (read through `ix_h2h_games_player_status`)."""
    return (
        GAMES.c.player_id == player_id,
        GAMES.c.status.in_(sorted(status.value for status in PLAYED_STATUSES)),
        GAMES.c.move_count > 0,
    )


def _in_code_point_order(column: ColumnElement[str], dialect: str) -> ColumnElement[str]:
    """Text ordered as Python orders it: PostgreSQL's default collation follows the server's locale, SQLite's is
    already byte order."""
    return column.collate("C") if dialect == "postgresql" else column


def _as_ended(connection: Connection) -> tuple[ColumnElement[Any], ColumnElement[str]]:
    """The order played games ended in: when, then id for those that ended at the same moment."""
    return ENDED_AT, _in_code_point_order(GAMES.c.id, connection.dialect.name)


def _streaks(connection: Connection, player_id: str) -> tuple[int, int]:
    """(current, best) runs of wins, by gaps and islands: numbering each game by the non-wins up to it makes each run
    of wins one group; the current run is the group after the last non-win (numbered with all of them)."""
    lost = case((WON, 0), else_=1)
    ordered = (
        select(
            WON.label("won"),
            func.sum(lost).over(order_by=_as_ended(connection)).label("losses_before"),
            func.sum(lost).over().label("losses"),
        )
        .where(*_played_by(player_id))
        .subquery()
    )
    runs = (
        select(ordered.c.losses_before, ordered.c.losses, func.count().label("length"))
        .where(ordered.c.won)
        .group_by(ordered.c.losses_before, ordered.c.losses)
        .subquery()
    )
    last_run = case((runs.c.losses_before == runs.c.losses, runs.c.length), else_=0)
    query = select(func.coalesce(func.max(last_run), 0), func.coalesce(func.max(runs.c.length), 0))
    current, best = connection.execute(query).one()
    return int(current), int(best)


def _per_deal(connection: Connection, player_id: str) -> tuple[DealStats, ...]:
    played = func.count()
    query = (
        select(GAMES.c.code, *_FIGURES)
        .where(*_played_by(player_id))
        .group_by(GAMES.c.code)
        .order_by(played.desc(), _in_code_point_order(GAMES.c.code, connection.dialect.name))
    )
    return tuple(DealStats(row.code, *_figures(row)) for row in connection.execute(query))


def _recent(connection: Connection, player_id: str) -> tuple[PlayedGame, ...]:
    """The latest played games: only their rows read, and never their moves."""
    ended, by_id = _as_ended(connection)
    query = (
        select(
            GAMES.c.id,
            GAMES.c.code,
            GAMES.c.status,
            GAMES.c.move_count,
            GAMES.c.score,
            GAMES.c.seconds,
            GAMES.c.assisted,
            ENDED_AT.label("ended_at"),
        )
        .where(*_played_by(player_id))
        .order_by(ended.desc(), by_id.desc())
        .limit(RECENT_LIMIT)
    )
    return tuple(
        PlayedGame(
            row.id, row.code, GameStatus(row.status), row.move_count, row.score, row.seconds, row.assisted, row.ended_at
        )
        for row in connection.execute(query)
    )


def read_stats(connection: Connection, player_id: str) -> Stats:
    """One player's statistics: the totals, the streaks, each deal's figures and the recent games, a query each."""
    totals = connection.execute(
        select(*_FIGURES, func.count(case((GAMES.c.assisted, 1))).label("assisted")).where(*_played_by(player_id))
    ).one()
    played, won, fewest_moves, best_seconds = _figures(totals)
    current, best = _streaks(connection, player_id)
    return Stats(
        played=played,
        won=won,
        current_streak=current,
        best_streak=best,
        best_seconds=best_seconds,
        fewest_moves=fewest_moves,
        assisted=int(totals.assisted),
        recent=_recent(connection, player_id),
        per_deal=_per_deal(connection, player_id),
    )
