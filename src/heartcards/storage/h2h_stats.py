"""Statistics from finished games: pure maths over records, so it is tested without a database.

A game counts as played once it has at least one move and is won, stalled, abandoned or restarted. Wins make streaks
(assisted wins too). Best time and fewest moves come from unassisted wins only: a hint shows the way.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from heartcards.storage.h2h_records import GameRecord, GameStatus

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
class Stats:
    played: int
    won: int
    current_streak: int
    best_streak: int
    best_seconds: float | None
    fewest_moves: int | None
    assisted: int
    recent: tuple[GameRecord, ...]
    per_deal: tuple[DealStats, ...]

    @property
    def win_rate(self) -> float:
        """Wins over games played, 0.0 to 1.0 (0.0 before the first game)."""
        return self.won / self.played if self.played else 0.0


def counts_as_played(game: GameRecord) -> bool:
    return game.move_count > 0 and game.status in PLAYED_STATUSES


def ended_at(game: GameRecord) -> datetime:
    return game.finished_at or game.last_active_at


def streaks(won_in_order: Iterable[bool]) -> tuple[int, int]:
    """(current, best) runs of wins in a sequence of results, oldest first."""
    current = best = 0
    for won in won_in_order:
        current = current + 1 if won else 0
        best = max(best, current)
    return current, best


def _least(values: Iterable[float | None]) -> float | None:
    present = [value for value in values if value is not None]
    return min(present) if present else None


def compute_stats(games: Iterable[GameRecord]) -> Stats:
    """The statistics of one player's games (any order; games that do not count as played are ignored)."""
    played = sorted((game for game in games if counts_as_played(game)), key=lambda game: (ended_at(game), game.id))
    wins = [game for game in played if game.status is GameStatus.WON]
    clean_wins = [game for game in wins if not game.assisted]
    current, best = streaks(game.status is GameStatus.WON for game in played)
    by_code: dict[str, list[GameRecord]] = {}
    for game in played:
        by_code.setdefault(game.code, []).append(game)
    per_deal = []
    for code, deal_games in by_code.items():
        deal_clean_wins = [g for g in deal_games if g.status is GameStatus.WON and not g.assisted]
        per_deal.append(
            DealStats(
                code=code,
                played=len(deal_games),
                won=sum(1 for g in deal_games if g.status is GameStatus.WON),
                best_moves=min((g.move_count for g in deal_clean_wins), default=None),
                best_seconds=_least(g.seconds for g in deal_clean_wins),
            )
        )
    per_deal.sort(key=lambda deal: (-deal.played, deal.code))
    return Stats(
        played=len(played),
        won=len(wins),
        current_streak=current,
        best_streak=best,
        best_seconds=_least(game.seconds for game in clean_wins),
        fewest_moves=min((game.move_count for game in clean_wins), default=None),
        assisted=sum(1 for game in played if game.assisted),
        recent=tuple(reversed(played[-RECENT_LIMIT:])),
        per_deal=tuple(per_deal),
    )
