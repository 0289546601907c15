"""What every game's SQLAlchemy 2 typed models share: the declarative base, UTC times, and `players`, an anonymous
browser identity that every game's records belong to. Each game's own are in its modules (`h2h_models`,
`hearts_models`, `account_models`), their tables prefixed by the game (`h2h_…`, `hearts_…`), each model's table as
the repositories' Core queries use it beside it (`PLAYERS`). The schema itself is made by the Alembic migrations in
`migrations/`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import cast

from sqlalchemy import DateTime, MetaData, String, Table
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """Stored as naive UTC (SQLite has no time zones), always handed back as an aware UTC datetime."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"naive datetime {value!r}: times are stored in UTC and must say so")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


def table_of(model: type[Base]) -> Table:
    """A model's table, as the repositories' Core queries use it (written once beside each model)."""
    return cast(Table, model.__table__)


class Player(Base):
    """An anonymous player: the random id of the browser's `hc_player` cookie."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())


PLAYERS = table_of(Player)
