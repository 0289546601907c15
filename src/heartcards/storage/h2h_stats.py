"""A player's Heart to Heart statistics: their played games' figures read in one query, without any record of moves.

A game counts as played once it has at least one move and is won, stalled, abandoned or restarted; played games are
in the order they ended (`finished_at`, else `last_active_at`, then id). Wins make streaks (assisted wins too). Best
time and fewest moves come from unassisted wins only: a hint shows the way. One light query and one pass in Python:
cheap for a newcomer and for a player of thousands of games alike (`benchmarks/daily.py`, `benchmarks/fairness.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

from sqlalchemy import Connection, bindparam, case, func, select

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
FIGURES = (
    GAMES.c.id,
    GAMES.c.code,
    GAMES.c.status,
    GAMES.c.move_count,
    GAMES.c.score,
    GAMES.c.seconds,
    GAMES.c.assisted,
    ENDED_AT.label("ended_at"),
)
"""What the statistics read of each played game: its figures, never its record of moves."""
PLAYED_GAMES = select(*FIGURES).where(
    GAMES.c.player_id == bindparam("p_player"),
    GAMES.c.status.in_(sorted(status.value for status in PLAYED_STATUSES)),
    GAMES.c.move_count > 0,
)
"""A player's played games (read through `ix_h2h_games_player_status`), built once like the repository's statements
on the hot path."""


SIGNATURE = select(
    func.count(),
    func.max(GAMES.c.last_active_at),
    func.count(GAMES.c.finished_at),
    func.sum(GAMES.c.move_count),
    func.sum(GAMES.c.score),
    func.sum(GAMES.c.seconds),
    func.sum(case((GAMES.c.assisted, 1), else_=0)),
    *(func.sum(case((GAMES.c.status == status.value, 1), else_=0)) for status in GameStatus),
).where(GAMES.c.player_id == bindparam("p_player"))
"""What a player's statistics are counted from, summed over all their games by the database (no row comes back): a
game added, moved to another player or erased, a move, a hint, a game ended, each changes it."""


def read_signature(connection: Connection, player_id: str) -> tuple[object, ...]:
    """The signature of the player's games (`SIGNATURE`): while it is the same, so are their statistics."""
    return tuple(connection.execute(SIGNATURE, {"p_player": player_id}).one())


def read_stats(connection: Connection, player_id: str) -> Stats:
    """One player's statistics: their played games' figures in one query, counted in one pass in the order the games
    ended."""
    played = [
        PlayedGame(
            row.id, row.code, GameStatus(row.status), row.move_count, row.score, row.seconds, row.assisted, row.ended_at
        )
        for row in connection.execute(PLAYED_GAMES, {"p_player": player_id})
    ]
    played.sort(key=lambda game: (game.ended_at, game.id))
    return count_stats(played)


def count_stats(played: Sequence[PlayedGame]) -> Stats:
    """The statistics of played games in the order they ended."""
    won = assisted = current = best = 0
    fewest_moves: int | None = None
    best_seconds: float | None = None
    deals: dict[str, _Deal] = {}
    for game in played:
        deal = deals.setdefault(game.code, _Deal())
        deal.played += 1
        assisted += game.assisted
        if game.status is not GameStatus.WON:
            current = 0
            continue
        won += 1
        deal.won += 1
        current += 1
        best = max(best, current)
        if not game.assisted:  # a hint showed the way: no best
            fewest_moves = _least(fewest_moves, game.move_count)
            best_seconds = _least(best_seconds, game.seconds)
            deal.best_moves = _least(deal.best_moves, game.move_count)
            deal.best_seconds = _least(deal.best_seconds, game.seconds)
    per_deal = sorted(
        (DealStats(code, deal.played, deal.won, deal.best_moves, deal.best_seconds) for code, deal in deals.items()),
        key=lambda deal: (-deal.played, deal.code),
    )
    return Stats(
        played=len(played),
        won=won,
        current_streak=current,
        best_streak=best,
        best_seconds=best_seconds,
        fewest_moves=fewest_moves,
        assisted=assisted,
        recent=tuple(reversed(played[-RECENT_LIMIT:])),
        per_deal=tuple(per_deal),
    )


@dataclass(slots=True)
class _Deal:
    played: int = 0
    won: int = 0
    best_moves: int | None = None
    best_seconds: float | None = None


N = TypeVar("N", int, float)


def _least(known: N | None, value: N) -> N:
    return value if known is None or value < known else known
