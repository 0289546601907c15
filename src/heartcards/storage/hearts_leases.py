"""Which server runs each Hearts table when several share one database: a lease per table, fenced by an epoch.

A server takes a table (`take`) only when nobody holds it or its holder's lease ran out; taking raises the table's
epoch by one. Every save names the epoch its table was taken with and the database refuses any other
(`HeartsRepository.save_games`), so a server that was paused past its lease and wakes up cannot overwrite the new
owner's game: its saves change nothing and it learns it has lost the table. The owner renews its leases well before
they run out (`renew`), and gives them up when it stops or puts a table away (`release`). Times are read on the
database's clock, so the servers' clocks need not agree.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import ColumnElement, Engine, and_, or_, select, update

from heartcards.storage.hearts_models import TABLES
from heartcards.storage.hearts_repository import OPEN_STATUSES, database_seconds


class TableLeases:
    """The leases of the tables in one database, for one server (`owner`, unique to the process)."""

    def __init__(self, engine: Engine, owner: str, lease_seconds: float) -> None:
        self.engine = engine
        self.owner = owner
        self.lease_seconds = lease_seconds
        self._now = database_seconds(engine.dialect)

    def _free(self) -> ColumnElement[bool]:
        return or_(TABLES.c.lease_until.is_(None), TABLES.c.lease_until < self._now)

    def take(self, table_id: str) -> int | None:
        """Takes an open table whose lease is free or ran out; its new epoch, or None when another server holds it
        (or it is not open)."""
        statement = (
            update(TABLES)
            .where(TABLES.c.id == table_id, TABLES.c.status.in_(OPEN_STATUSES), self._free())
            .values(epoch=TABLES.c.epoch + 1, lease_owner=self.owner, lease_until=self._now + self.lease_seconds)
            .returning(TABLES.c.epoch)
        )
        with self.engine.begin() as connection:
            epoch: int | None = connection.execute(statement).scalar()
        return epoch

    def renew(self, held: dict[str, int]) -> set[str]:
        """Extends the leases of the tables held (id → epoch); the ids of those that are still this server's.
        A table missing from the answer was taken by another server: its game must be dropped here."""
        if not held:
            return set()
        ids = sorted(held)
        # The rows are locked in the order of their ids, as the saves lock them (`HeartsRepository.save_games`):
        # two transactions that lock the same rows in the same order wait for each other, never deadlock.
        lock = select(TABLES.c.id).where(TABLES.c.id.in_(ids)).order_by(TABLES.c.id).with_for_update()
        statement = (
            update(TABLES)
            .where(TABLES.c.id.in_(ids), TABLES.c.lease_owner == self.owner)
            .values(lease_until=self._now + self.lease_seconds)
            .returning(TABLES.c.id, TABLES.c.epoch)
        )
        with self.engine.begin() as connection:
            connection.execute(lock)
            rows: list[Any] = [tuple(row) for row in connection.execute(statement)]
        return {table_id for table_id, epoch in rows if held.get(table_id) == epoch}

    def release(self, table_ids: Collection[str]) -> None:
        """Gives up the leases of these tables at once: any server may take them now."""
        if not table_ids:
            return
        ids = sorted(table_ids)
        with self.engine.begin() as connection:
            connection.execute(select(TABLES.c.id).where(TABLES.c.id.in_(ids)).order_by(TABLES.c.id).with_for_update())
            connection.execute(
                update(TABLES)
                .where(TABLES.c.id.in_(ids), TABLES.c.lease_owner == self.owner)
                .values(lease_owner=None, lease_until=None)
            )

    def orphans(self, limit: int = 100) -> list[str]:
        """Open tables whose owner's lease ran out without being released: their server died or stalls."""
        query = (
            select(TABLES.c.id)
            .where(
                and_(
                    TABLES.c.status.in_(OPEN_STATUSES),
                    TABLES.c.lease_owner.is_not(None),
                    TABLES.c.lease_until < self._now,
                )
            )
            .limit(limit)
        )
        with self.engine.connect() as connection:
            return list(connection.execute(query).scalars())

    def owner_of(self, table_id: str) -> str | None:
        """The server whose lease on the table still holds, if any."""
        query = select(TABLES.c.lease_owner).where(TABLES.c.id == table_id, TABLES.c.lease_until >= self._now)
        with self.engine.connect() as connection:
            owner: str | None = connection.execute(query).scalar()
        return owner
