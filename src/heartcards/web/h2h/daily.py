"""The daily deal as a shared event: today's ranking among the players who won it, and one player's streak of daily
deals won with the calendar of the last weeks.

A day's daily deal counts for a player when they won a game of it that they started on that day (UTC), as the
play page's "Daily" badge says. A streak is still alive on a day whose deal is not won yet: it breaks only when a
whole day goes by without a win.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Final

from heartcards.storage.h2h_records import GameRecord, GameStatus
from heartcards.storage.h2h_repository import H2HRepository

CALENDAR_DAYS: Final = 28
"""The calendar shows the last four weeks, today included."""
RANKING_SIZE: Final = 100
"""The ranking lists the best this many; the asking player's own line is added when it falls below them."""
STREAK_WINDOW_DAYS: Final = 64
"""Days of daily deals asked of the database at once while a streak is counted back."""


@dataclass(frozen=True, slots=True)
class RankedWin:
    """One player's best win of the day's deal: fewest moves, then least time."""

    place: int
    player_id: str
    moves: int
    seconds: float
    hints: int


@dataclass(frozen=True, slots=True)
class PlayerDays:
    """One player's streak of daily deals won, and the won days among the calendar's."""

    streak: int
    won_days: frozenset[date]


def day_bounds(day: date) -> tuple[datetime, datetime]:
    """The UTC instants [start, end) of `day`."""
    start = datetime.combine(day, time(), tzinfo=UTC)
    return start, start + timedelta(days=1)


def rank_wins(games: Sequence[GameRecord]) -> list[RankedWin]:
    """Each player's best won game of `games`, best first: fewest moves, then least time; hints do not reorder."""
    best: dict[str, GameRecord] = {}
    for game in games:
        if game.status is not GameStatus.WON:
            continue
        held = best.get(game.player_id)
        if held is None or (game.move_count, game.seconds) < (held.move_count, held.seconds):
            best[game.player_id] = game
    ordered = sorted(best.values(), key=lambda game: (game.move_count, game.seconds, game.created_at))
    return [
        RankedWin(place, game.player_id, game.move_count, round(game.seconds, 1), game.hints)
        for place, game in enumerate(ordered, start=1)
    ]


def shown_ranking(ranked: Sequence[RankedWin], player_id: str) -> list[RankedWin]:
    """The top `RANKING_SIZE` lines, and the asking player's own line after them when it is further down."""
    shown = list(ranked[:RANKING_SIZE])
    own = next((win for win in ranked[RANKING_SIZE:] if win.player_id == player_id), None)
    return shown if own is None else [*shown, own]


def streak_from(won_days: frozenset[date], today: date) -> int:
    """Consecutive days with the daily deal won, counted back from today (or from yesterday while today is open)."""
    day = today if today in won_days else today - timedelta(days=1)
    count = 0
    while day in won_days:
        count += 1
        day -= timedelta(days=1)
    return count


def calendar_days(today: date) -> list[date]:
    """The calendar's days, oldest first, ending today."""
    return [today - timedelta(days=back) for back in range(CALENDAR_DAYS - 1, -1, -1)]


def daily_wins(
    repository: H2HRepository, player_id: str, days: Sequence[date], code_for: Callable[[date], str]
) -> frozenset[date]:
    """Which of `days` the player won that day's deal on (a game of it started that day)."""
    codes = {code_for(day): day for day in days}
    won = repository.won_games_of_codes(player_id, codes)
    return frozenset(codes[game.code] for game in won if game.created_at.date() == codes[game.code])


def player_days(repository: H2HRepository, player_id: str, today: date, code_for: Callable[[date], str]) -> PlayerDays:
    """The player's streak and calendar, reading the database one window of days at a time while the streak goes on."""
    won: set[date] = set()
    newest = today
    while True:
        window = [newest - timedelta(days=back) for back in range(STREAK_WINDOW_DAYS)]
        won |= daily_wins(repository, player_id, window, code_for)
        streak = streak_from(frozenset(won), today)
        counted_from = today if today in won else today - timedelta(days=1)
        oldest = window[-1]
        if counted_from - timedelta(days=streak) >= oldest:  # the day that broke the streak was read
            break
        newest = oldest - timedelta(days=1)
    return PlayerDays(streak, frozenset(day for day in won if day > today - timedelta(days=CALENDAR_DAYS)))
