"""A player's statistics in plain Python over whole game records: the reference the repository's query and count
(`heartcards.storage.h2h_stats`) are held to, in the fewest lines that say what each figure means."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from heartcards.storage.h2h_records import GameRecord, GameStatus
from heartcards.storage.h2h_stats import PLAYED_STATUSES, RECENT_LIMIT, DealStats, PlayedGame, Stats


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


def _played_game(game: GameRecord) -> PlayedGame:
    return PlayedGame(
        game.id, game.code, game.status, game.move_count, game.score, game.seconds, game.assisted, ended_at(game)
    )


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
                best_seconds=min((g.seconds for g in deal_clean_wins), default=None),
            )
        )
    per_deal.sort(key=lambda deal: (-deal.played, deal.code))
    return Stats(
        played=len(played),
        won=len(wins),
        current_streak=current,
        best_streak=best,
        best_seconds=min((game.seconds for game in clean_wins), default=None),
        fewest_moves=min((game.move_count for game in clean_wins), default=None),
        assisted=sum(1 for game in played if game.assisted),
        recent=tuple(_played_game(game) for game in reversed(played[-RECENT_LIMIT:])),
        per_deal=tuple(per_deal),
    )
