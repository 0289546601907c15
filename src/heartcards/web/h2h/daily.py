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

from heartcards.storage.h2h_records import RankedWin
from heartcards.storage.h2h_repository import H2HRepository
from heartcards.storage.player_names import chosen_names

CALENDAR_DAYS: Final = 28
"""The calendar shows the last four weeks, today included."""
RANKING_SIZE: Final = 100
"""The ranking lists the best this many; the asking player's own line is added when it falls below them."""
STREAK_WINDOW_DAYS: Final = 64
"""Days of daily deals asked of the database at once while a streak is counted back."""


@dataclass(frozen=True, slots=True)
class PlayerDays:
    """One player's streak of daily deals won, and the won days among the calendar's."""

    streak: int
    won_days: frozenset[date]


@dataclass(frozen=True, slots=True)
class DailyReading:
    """What the daily page shows one player of one day, as read from the database."""

    ranking: list[tuple[RankedWin, str | None]]
    """The ranking's lines, each with the name its player chose (None: they chose none others may see)."""
    played: bool
    days: PlayerDays


def read_daily(repository: H2HRepository, player_id: str, today: date, code_for: Callable[[date], str]) -> DailyReading:
    """Today's ranking with the asking player's own line, whether they played today's deal, their streak and
    calendar. Some milliseconds of the database's (ranking a busy day sorts thousands of wins): read in a thread."""
    code = code_for(today)
    start, end = day_bounds(today)
    ranking = repository.day_ranking(code, start, end, RANKING_SIZE, player_id)
    names = chosen_names(repository.engine, {win.player_id for win in ranking})
    return DailyReading(
        [(win, names.get(win.player_id)) for win in ranking],
        repository.played_on_day(player_id, code, start, end),
        player_days(repository, player_id, today, code_for),
    )


def day_bounds(day: date) -> tuple[datetime, datetime]:
    """The UTC instants [start, end) of `day`."""
    start = datetime.combine(day, time(), tzinfo=UTC)
    return start, start + timedelta(days=1)


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
