"""How the Hearts table service stores tables: plain records in, plain records out, one short transaction each.

The hot path (an action at a table) is one UPDATE of the table's saved game. A finished deal adds its log line;
a finished game writes each seat's result, from which a player's statistics are read. Every write to a table names
the epoch it was loaded or taken with, and the UPDATE matches only that epoch: once another server has taken the
table (`storage.leases`), a late write of the old owner changes nothing and is reported as refused.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final

from sqlalchemy import (
    ColumnElement,
    Connection,
    Dialect,
    Engine,
    Float,
    Row,
    bindparam,
    case,
    func,
    insert,
    literal_column,
    select,
    update,
)

from heartcards.storage.hearts_models import LOGS, SEATS, TABLES
from heartcards.storage.hearts_ratings import SeatOutcome, record_ratings
from heartcards.storage.rows import record_of

OPEN_STATUSES = ("waiting", "playing")
_ENCODER: Final = json.JSONEncoder(separators=(",", ":"))
_SAVE_GAME = (
    update(TABLES)
    .where(TABLES.c.id == bindparam("table_id"), TABLES.c.epoch == bindparam("epoch"))
    .values(status=bindparam("status"), game=bindparam("game"), updated_at=bindparam("updated_at"))
)


class StaleEpochError(RuntimeError):
    """Saves refused because another server has taken their tables since (their epoch moved on)."""

    def __init__(self, table_ids: Iterable[str]) -> None:
        self.table_ids = sorted(table_ids)
        super().__init__(f"tables taken by another server: {', '.join(self.table_ids)}")


def database_seconds(dialect: Dialect) -> ColumnElement[float]:
    """The database's clock, in seconds since 1970, as an SQL expression."""
    if dialect.name == "postgresql":
        return literal_column("extract(epoch from clock_timestamp())", Float)
    return literal_column("((julianday('now') - 2440587.5) * 86400.0)", Float)


class _GameUpdate:
    """`_SAVE_GAME` compiled once for a dialect and run on the driver's own cursor. Through `Connection.execute`
    SQLAlchemy's work per call (the statement cache, parameter processing, a result) cost six times the UPDATE
    itself on SQLite (77 µs of CPU a save against 12, on the event loop for every action). The values pass through
    the same bind processors SQLAlchemy applies (the UTC timestamp's), so what is stored is the same."""

    def __init__(self, dialect: Dialect) -> None:
        compiled = _SAVE_GAME.compile(dialect=dialect)
        self.sql = compiled.string
        self.names: tuple[str, ...] | None = tuple(compiled.positiontup or ()) if compiled.positional else None
        """The parameters' order for a positional paramstyle (SQLite's `?`); None for a named one (psycopg's)."""
        self.processors = {
            name: processor
            for name, bind in compiled.binds.items()
            if (processor := bind.type.dialect_impl(dialect).bind_processor(dialect)) is not None
        }
        self.one_at_a_time = dialect.name == "postgresql"
        """psycopg's `executemany` sends a batch's UPDATEs in pipeline mode, ahead of the Sync that ends them: a
        server paused in between (stopped, its machine frozen) would keep their rows locked in a session PostgreSQL
        sees as "active", which `idle_in_transaction_session_timeout` does not end, and every other server's
        takeover of those tables would wait for as long as the pause. One statement at a time, each with its Sync,
        the session is "idle in transaction" between them and is ended after a lease."""

    def run(self, connection: Connection, saves: Sequence[GameSave], now: datetime) -> int:
        """The UPDATE of every save in `connection`'s transaction (begun by the caller); how many rows it changed."""
        rows: list[dict[str, Any]] = [
            {
                "table_id": save.table_id,
                "epoch": save.epoch,
                "status": save.status,
                "game": save.game if isinstance(save.game, str) else _ENCODER.encode(save.game),
                "updated_at": now,
            }
            for save in saves
        ]
        for name, processor in self.processors.items():
            for row in rows:
                row[name] = processor(row[name])
        names = self.names
        parameters = rows if names is None else [tuple(row[name] for name in names) for row in rows]
        cursor = connection.connection.cursor()
        try:
            if self.one_at_a_time:
                changed = 0
                for values in parameters:
                    cursor.execute(self.sql, values)
                    changed += cursor.rowcount
            else:
                cursor.executemany(self.sql, parameters)
                changed = cursor.rowcount  # the sum over the rows
        finally:
            cursor.close()
        return changed


@dataclass(slots=True)
class SeatRecord:
    seat: int
    kind: str
    name: str
    player_id: str | None = None
    token_hash: str | None = None


@dataclass(frozen=True, slots=True)
class SeatResult:
    """A seat's result in a finished game."""

    seat: int
    total: int
    place: int
    won: bool
    moons: int
    queens: int
    left: bool = False
    """A person who left before the end and did not come back (a computer finished for them)."""


@dataclass(frozen=True, slots=True)
class GameSave:
    """A table's state after an action: status, the engine's saved game, new deal log lines, results at the end."""

    table_id: str
    status: str
    game: dict[str, Any] | str
    """The engine's saved game, or its compact JSON text already encoded (the table service keeps it)."""
    logs: Sequence[dict[str, Any]] = ()
    results: Sequence[SeatResult] | None = None
    epoch: int = 0
    """The epoch the table was loaded or taken with: the save is refused if the table's is another one."""


@dataclass(slots=True)
class TableRecord:
    id: str
    mode: str
    variant: str
    target: int
    strength: str
    idle_seconds: int
    status: str
    game: dict[str, Any]
    created_at: datetime
    seats: list[SeatRecord] = field(default_factory=list)
    finished_at: datetime | None = None
    updated_at: datetime | None = None
    """When the table was last stored (its last action); None for a record not read from the database."""
    epoch: int = 0
    """The table's epoch when it was read (see `GameSave.epoch`)."""


@dataclass(frozen=True, slots=True)
class PlayerGame:
    """One finished game a player sat in, for statistics."""

    table_id: str
    variant: str
    target: int
    seat: int
    total: int
    place: int
    won: bool
    moons: int
    queens: int
    finished_at: datetime


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """A player's finished games: how many, won, their places' sum, moons shot and queens taken; the newest few."""

    games: int
    wins: int
    place_sum: int
    moons: int
    queens: int
    recent: list[PlayerGame]


def _table(row: Row[Any], seats: Sequence[Row[Any]]) -> TableRecord:
    in_order = sorted(seats, key=lambda seat: int(seat._mapping["seat"]))
    return record_of(
        TableRecord,
        row,
        game=json.loads(row._mapping["game"]),
        seats=[record_of(SeatRecord, seat) for seat in in_order],
    )


class HeartsRepository:
    """Hearts tables in the app's database (the tables made by migration 0002)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._saving: Connection | None = None
        """A connection kept open for `save_games` (taking one from the pool for every action costs a third of
        a small save); dropped after any error, so a broken one is replaced."""
        self._game_update = _GameUpdate(engine.dialect)

    def close(self) -> None:
        if self._saving is not None:
            self._saving.close()
            self._saving = None

    def create_table(self, table: TableRecord, now: datetime, lease: tuple[str, float] | None = None) -> None:
        """Stores a new table with `table.epoch`; with `lease` (owner, seconds), leased to that server from now."""
        owner, seconds = lease if lease is not None else (None, 0.0)
        with self.engine.begin() as connection:
            connection.execute(
                insert(TABLES).values(
                    **_table_row(table, now),
                    epoch=table.epoch,
                    lease_owner=owner,
                    lease_until=None if owner is None else database_seconds(self.engine.dialect) + seconds,
                )
            )
            connection.execute(
                insert(SEATS), [{**_seat_row(table.id, seat), "moons": 0, "queens": 0} for seat in table.seats]
            )

    def store_finished_table(
        self, table: TableRecord, results: Sequence[SeatResult], logs: Sequence[dict[str, Any]], now: datetime
    ) -> bool:
        """Stores a game finished elsewhere (a solo game played on the device) with its seats' results and deal logs,
        in one transaction and never rated; False, with nothing written, when a table of that id is already stored
        (the same game sent again)."""
        with self.engine.begin() as connection:
            if connection.execute(select(TABLES.c.id).where(TABLES.c.id == table.id)).first() is not None:
                return False
            connection.execute(insert(TABLES).values(**_table_row(table, now), finished_at=now))
            by_seat = {result.seat: result for result in results}
            connection.execute(
                insert(SEATS),
                [
                    {
                        **_seat_row(table.id, seat),
                        "total": by_seat[seat.seat].total,
                        "place": by_seat[seat.seat].place,
                        "won": by_seat[seat.seat].won,
                        "moons": by_seat[seat.seat].moons,
                        "queens": by_seat[seat.seat].queens,
                    }
                    for seat in table.seats
                ],
            )
            for log in logs:
                connection.execute(
                    insert(LOGS).values(table_id=table.id, deal=int(log["deal"]), log=json.dumps(log), created_at=now)
                )
        return True

    def save_seat(self, table_id: str, seat: SeatRecord, epoch: int = 0) -> None:
        """Stores who sits at a seat; raises `StaleEpochError` when the table's epoch is no longer `epoch`."""
        with self.engine.begin() as connection:
            current = connection.execute(
                select(TABLES.c.epoch).where(TABLES.c.id == table_id).with_for_update()
            ).scalar()
            if current != epoch:
                raise StaleEpochError([table_id])
            connection.execute(
                update(SEATS)
                .where(SEATS.c.table_id == table_id, SEATS.c.seat == seat.seat)
                .values(kind=seat.kind, name=seat.name, player_id=seat.player_id, token_hash=seat.token_hash)
            )

    def save_games(self, saves: Sequence[GameSave], now: datetime) -> set[str]:
        """The hot path, one transaction for a batch of actions at many tables (group commit): each table's saved
        game by a prepared UPDATE on the driver's cursor (`_GameUpdate`), then the rare extras: the log lines of
        finished deals, and the seats' results once a game is over. Returns the ids of the tables whose save was
        refused, their epoch having moved on (another server runs them now): nothing of those is written."""
        if not saves:
            return set()
        saves = sorted(saves, key=lambda save: save.table_id)  # rows locked in id order, as lease renewals do
        if self._saving is None:
            self._saving = self.engine.connect()
        try:
            return self._save_games(self._saving, saves, now)
        except Exception:
            self.close()
            raise

    def _save_games(self, connection: Connection, saves: Sequence[GameSave], now: datetime) -> set[str]:
        with connection.begin():
            refused: set[str] = set()
            if self._game_update.run(connection, saves, now) != len(saves):
                epochs: dict[str, int] = {
                    row[0]: row[1]
                    for row in connection.execute(
                        select(TABLES.c.id, TABLES.c.epoch).where(TABLES.c.id.in_({save.table_id for save in saves}))
                    )
                }
                refused = {save.table_id for save in saves if epochs.get(save.table_id) != save.epoch}
            for save in saves:
                if save.table_id in refused:
                    continue
                if save.results is not None:
                    connection.execute(update(TABLES).where(TABLES.c.id == save.table_id).values(finished_at=now))
                for log in save.logs:
                    deal = int(log["deal"])
                    exists = connection.execute(
                        select(LOGS.c.deal).where(LOGS.c.table_id == save.table_id, LOGS.c.deal == deal)
                    ).first()
                    if exists is None:
                        connection.execute(
                            insert(LOGS).values(table_id=save.table_id, deal=deal, log=json.dumps(log), created_at=now)
                        )
                if save.results is not None:
                    outcomes = [SeatOutcome(result.seat, result.place, result.left) for result in save.results]
                    record_ratings(connection, save.table_id, outcomes, now)
                for result in save.results or ():
                    connection.execute(
                        update(SEATS)
                        .where(SEATS.c.table_id == save.table_id, SEATS.c.seat == result.seat)
                        .values(
                            total=result.total,
                            place=result.place,
                            won=result.won,
                            moons=result.moons,
                            queens=result.queens,
                        )
                    )
        return refused

    def _tables_where(self, *conditions: Any) -> list[TableRecord]:
        with self.engine.connect() as connection:
            rows = connection.execute(select(TABLES).where(*conditions)).all()
            if not rows:
                return []
            ids = [row._mapping["id"] for row in rows]
            seats: dict[str, list[Row[Any]]] = {}
            for seat in connection.execute(select(SEATS).where(SEATS.c.table_id.in_(ids))).all():
                seats.setdefault(seat._mapping["table_id"], []).append(seat)
        return [_table(row, seats.get(row._mapping["id"], [])) for row in rows]

    def open_tables(self, stored_since: datetime | None = None) -> list[TableRecord]:
        """Tables waiting for players or being played (stored since `stored_since`, if given): the ones a restarted
        server brings back."""
        conditions: list[ColumnElement[bool]] = [TABLES.c.status.in_(OPEN_STATUSES)]
        if stored_since is not None:
            conditions.append(TABLES.c.updated_at >= stored_since)
        return self._tables_where(*conditions)

    def newest_open_table_of(self, player_id: str) -> str | None:
        """The id of the newest waiting or running table where `player_id` has a seat, if any."""
        query = (
            select(TABLES.c.id)
            .join(SEATS, SEATS.c.table_id == TABLES.c.id)
            .where(SEATS.c.player_id == player_id, TABLES.c.status.in_(OPEN_STATUSES))
            .order_by(TABLES.c.created_at.desc())
            .limit(1)
        )
        with self.engine.connect() as connection:
            found: str | None = connection.execute(query).scalar()
        return found

    def table(self, table_id: str) -> TableRecord | None:
        found = self._tables_where(TABLES.c.id == table_id)
        return found[0] if found else None

    def seats_of(self, table_ids: Sequence[str]) -> list[tuple[str, SeatRecord]]:
        """The stored seats of the tables `table_ids`, each with its table's id (the tables' own rows unread)."""
        query = select(SEATS).where(SEATS.c.table_id.in_(list(table_ids)))
        with self.engine.connect() as connection:
            return [(row._mapping["table_id"], record_of(SeatRecord, row)) for row in connection.execute(query)]

    def deal_logs(self, table_id: str) -> list[dict[str, Any]]:
        with self.engine.connect() as connection:
            rows = connection.execute(select(LOGS.c.log).where(LOGS.c.table_id == table_id).order_by(LOGS.c.deal)).all()
        return [json.loads(row[0]) for row in rows]

    def player_summary(self, player_id: str, recent: int) -> PlayerSummary:
        """The finished games `player_id` sat in: counted and summed over all of them by the database, and the
        newest `recent` of them, newest first."""
        counted = (
            SEATS.c.player_id == player_id,
            SEATS.c.kind == "human",
            SEATS.c.place.is_not(None),
            TABLES.c.status == "finished",
            TABLES.c.finished_at.is_not(None),
        )
        totals = (
            select(
                func.count(),
                func.sum(case((SEATS.c.won, 1), else_=0)),
                func.sum(SEATS.c.place),
                func.sum(SEATS.c.moons),
                func.sum(SEATS.c.queens),
            )
            .select_from(SEATS.join(TABLES, TABLES.c.id == SEATS.c.table_id))
            .where(*counted)
        )
        newest = (
            select(SEATS, TABLES.c.variant, TABLES.c.target, TABLES.c.finished_at)
            .join(TABLES, TABLES.c.id == SEATS.c.table_id)
            .where(*counted)
            .order_by(TABLES.c.finished_at.desc())
            .limit(recent)
        )
        with self.engine.connect() as connection:
            games, wins, places, moons, queens = connection.execute(totals).one()
            rows = connection.execute(newest).all()
        return PlayerSummary(
            games=int(games),
            wins=int(wins or 0),
            place_sum=int(places or 0),
            moons=int(moons or 0),
            queens=int(queens or 0),
            recent=[record_of(PlayerGame, row, won=bool(row._mapping["won"])) for row in rows],
        )


def _table_row(table: TableRecord, now: datetime) -> dict[str, Any]:
    """The columns of a new table's row that every way of storing one writes."""
    return {
        "id": table.id,
        "mode": table.mode,
        "variant": table.variant,
        "target": table.target,
        "strength": table.strength,
        "idle_seconds": table.idle_seconds,
        "status": table.status,
        "game": json.dumps(table.game),
        "created_at": table.created_at,
        "updated_at": now,
    }


def _seat_row(table_id: str, seat: SeatRecord) -> dict[str, Any]:
    """A seat's row as a new table stores it, before any result."""
    return {
        "table_id": table_id,
        "seat": seat.seat,
        "kind": seat.kind,
        "name": seat.name,
        "player_id": seat.player_id,
        "token_hash": seat.token_hash,
    }
