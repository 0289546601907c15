"""The small API the web layer stores games through: one method per thing it needs, plain values in and out.

Writes on the hot path (a move) are one UPDATE of one row in one short transaction.
"""

from __future__ import annotations

from collections.abc import Collection
from contextlib import suppress
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import ColumnElement, Engine, Row, bindparam, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from heartcards.storage.h2h_models import GAMES, SOLUTIONS
from heartcards.storage.h2h_records import GameRecord, GameStatus, Progress, RankedWin, SolutionRecord
from heartcards.storage.h2h_stats import Stats, read_signature, read_stats
from heartcards.storage.models import PLAYERS
from heartcards.storage.rows import record_of

RUNNING = [GameStatus.PLAYING.value, GameStatus.STALLED.value]
PROGRESS_COLUMNS = ("moves", "move_count", "score", "status", "seconds", "paused", "last_active_at", "finished_at")
SAVE_PROGRESS = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("p_id"))
    .values({name: bindparam(f"p_{name}") for name in PROGRESS_COLUMNS})
)
SAVE_PROGRESS_IF_UNCHANGED = SAVE_PROGRESS.where(GAMES.c.moves == bindparam("p_expected_moves"))
"""The same UPDATE, only if the stored moves are still those the change was made on (servers sharing a database)."""
# The statements of a new game, built once like SAVE_PROGRESS: building them for every request (values, clauses,
# their cache keys) cost the event loop as much as running them (py-spy under 1,000 new games).
PLAYER_KNOWN = select(PLAYERS.c.id).where(PLAYERS.c.id == bindparam("p_id"))
NEW_PLAYER = insert(PLAYERS)
NEW_GAME = insert(GAMES)
GAME = select(GAMES).where(GAMES.c.id == bindparam("p_id"))
RUNNING_GAMES = (
    select(GAMES)
    .where(GAMES.c.player_id == bindparam("p_player"), GAMES.c.status.in_(RUNNING))
    .order_by(GAMES.c.last_active_at.desc(), GAMES.c.created_at.desc())
)
SOLUTION = select(SOLUTIONS).where(SOLUTIONS.c.code == bindparam("p_code"))
NEW_SOLUTION = insert(SOLUTIONS)


def _of_deal_and_day(code: str, since: datetime, until: datetime) -> tuple[ColumnElement[bool], ...]:
    """The games of the deal `code` started in [since, until): a day's games of its daily deal."""
    return GAMES.c.code == code, GAMES.c.created_at >= since, GAMES.c.created_at < until


def _game(row: Row[Any]) -> GameRecord:
    return record_of(GameRecord, row, status=GameStatus(row._mapping["status"]))


class H2HRepository:
    """Heart to Heart games, players and solutions in one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- players ------------------------------------------------------------------------------------------------

    def ensure_player(self, player_id: str, now: datetime) -> None:
        with self.engine.begin() as connection:
            if connection.execute(PLAYER_KNOWN, {"p_id": player_id}).first() is None:
                with suppress(IntegrityError):  # created meanwhile by a concurrent request
                    connection.execute(NEW_PLAYER, {"id": player_id, "created_at": now})

    # -- games --------------------------------------------------------------------------------------------------

    def create_game(self, game_id: str, player_id: str, code: str, now: datetime) -> GameRecord:
        self.ensure_player(player_id, now)
        values: dict[str, Any] = {
            "id": game_id,
            "player_id": player_id,
            "code": code,
            "moves": "",
            "move_count": 0,
            "score": 0,
            "status": GameStatus.PLAYING.value,
            "assisted": False,
            "hints": 0,
            "seconds": 0.0,
            "paused": False,
            "created_at": now,
            "last_active_at": now,
            "finished_at": None,
        }
        with self.engine.begin() as connection:
            connection.execute(NEW_GAME, values)
        # What was written, as a read would give it back (times in aware UTC), without a second query on the loop.
        written = now.astimezone(UTC)
        return GameRecord(**values | {"status": GameStatus.PLAYING, "created_at": written, "last_active_at": written})

    def game(self, game_id: str) -> GameRecord | None:
        with self.engine.connect() as connection:
            row = connection.execute(GAME, {"p_id": game_id}).first()
        return None if row is None else _game(row)

    def running_games(self, player_id: str) -> list[GameRecord]:
        """The player's games still running (playing or stalled), newest first."""
        with self.engine.connect() as connection:
            return [_game(row) for row in connection.execute(RUNNING_GAMES, {"p_player": player_id})]

    def save_progress(self, game_id: str, progress: Progress, expected_moves: str | None = None) -> bool:
        """One UPDATE through a statement built once (building it per call cost ten times the write itself). With
        `expected_moves`, only if the stored moves are still those: False when another server changed them first."""
        values = {
            "p_id": game_id,
            "p_moves": progress.moves,
            "p_move_count": progress.move_count,
            "p_score": progress.score,
            "p_status": progress.status.value,
            "p_seconds": progress.seconds,
            "p_paused": progress.paused,
            "p_last_active_at": progress.last_active_at,
            "p_finished_at": progress.finished_at,
        }
        with self.engine.begin() as connection:
            if expected_moves is None:
                connection.execute(SAVE_PROGRESS, values)
                return True
            changed = connection.execute(SAVE_PROGRESS_IF_UNCHANGED, {**values, "p_expected_moves": expected_moves})
            return changed.rowcount == 1

    def mark_hinted(self, game_id: str) -> None:
        """Count a hint; the game is assisted from now on."""
        with self.engine.begin() as connection:
            connection.execute(
                update(GAMES).where(GAMES.c.id == game_id).values(assisted=True, hints=GAMES.c.hints + 1)
            )

    def day_ranking(self, code: str, since: datetime, until: datetime, size: int, player_id: str) -> list[RankedWin]:
        """The ranking of the deal `code`'s wins in games started in [since, until) (a day's daily deal): each
        player's best win, best first (fewest moves, then least time, then the earlier game); its first `size`
        places, and `player_id`'s own place when it is further down. Ranked by the database, which reads only that
        day's games of that deal (`ix_h2h_games_code_created`): thousands of players, and no record read."""
        of_day = _of_deal_and_day(code, since, until)
        order = (GAMES.c.move_count, GAMES.c.seconds, GAMES.c.created_at)
        wins = (
            select(
                GAMES.c.player_id,
                GAMES.c.move_count,
                GAMES.c.seconds,
                GAMES.c.hints,
                GAMES.c.created_at,
                func.row_number().over(partition_by=GAMES.c.player_id, order_by=order).label("nth"),
            )
            .where(*of_day, GAMES.c.status == GameStatus.WON.value)
            .subquery()
        )
        best = (
            select(
                wins.c.player_id,
                wins.c.move_count,
                wins.c.seconds,
                wins.c.hints,
                func.row_number()
                .over(order_by=(wins.c.move_count, wins.c.seconds, wins.c.created_at, wins.c.player_id))
                .label("place"),
            )
            .where(wins.c.nth == 1)
            .subquery()
        )
        query = select(best).where(or_(best.c.place <= size, best.c.player_id == player_id)).order_by(best.c.place)
        with self.engine.connect() as connection:
            return [
                RankedWin(row.place, row.player_id, row.move_count, round(row.seconds, 1), row.hints)
                for row in connection.execute(query)
            ]

    def played_on_day(self, player_id: str, code: str, since: datetime, until: datetime) -> bool:
        """Whether the player started a game of the deal `code` in [since, until) and played a move in it."""
        query = select(GAMES.c.id).where(
            GAMES.c.player_id == player_id, GAMES.c.move_count > 0, *_of_deal_and_day(code, since, until)
        )
        with self.engine.connect() as connection:
            return connection.execute(query.limit(1)).first() is not None

    def won_games_of_codes(self, player_id: str, codes: Collection[str]) -> list[GameRecord]:
        """The player's won games of any of the deals `codes` (the daily deals of some days)."""
        query = select(GAMES).where(
            GAMES.c.player_id == player_id,
            GAMES.c.status == GameStatus.WON.value,
            GAMES.c.code.in_(list(codes)),
        )
        with self.engine.connect() as connection:
            return [_game(row) for row in connection.execute(query)]

    def stats(self, player_id: str) -> Stats:
        """The player's statistics (`h2h_stats`): their played games' figures, no game's record of moves."""
        with self.engine.connect() as connection:
            return read_stats(connection, player_id)

    def stats_signature(self, player_id: str) -> tuple[object, ...]:
        """A sum of the player's games that changes whenever their statistics do (`h2h_stats.SIGNATURE`)."""
        with self.engine.connect() as connection:
            return read_signature(connection, player_id)

    def count_games(self) -> int:
        with self.engine.connect() as connection:
            return int(connection.execute(select(func.count()).select_from(GAMES)).scalar_one())

    # -- solutions ----------------------------------------------------------------------------------------------

    def solution(self, code: str) -> SolutionRecord | None:
        with self.engine.connect() as connection:
            row = connection.execute(SOLUTION, {"p_code": code}).first()
        if row is None:
            return None
        return record_of(SolutionRecord, row)

    def save_solution(self, solution: SolutionRecord, now: datetime) -> None:
        values = {
            "code": solution.code,
            "winnable": solution.winnable,
            "moves": solution.moves,
            "move_count": solution.move_count,
            "states": solution.states,
            "solved_at": now,
        }
        with self.engine.begin() as connection:
            if connection.execute(SOLUTION, {"p_code": solution.code}).first():
                return
            with suppress(IntegrityError):  # solved meanwhile by another process
                connection.execute(NEW_SOLUTION, values)
