"""The tables, as SQLAlchemy 2 typed models. The schema itself is made by the Alembic migrations in `migrations/`.

Names are prefixed per game (`h2h_…`) so that Hearts tables, seats and logs join as new tables in new migrations;
`players` is shared: an anonymous browser identity that every game's records belong to.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Boolean, DateTime, Float, ForeignKey, Index, Integer, MetaData, String, Text
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


class Player(Base):
    """An anonymous player: the random id of the browser's `hc_player` cookie."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())


class H2HGame(Base):
    """One attempt at a Heart to Heart deal: its code and the moves played so far (undone moves removed).

    `status` is playing, won or stalled (what the engine says), or abandoned / restarted (the player left it).
    `seconds` is the time played up to `last_active_at`.
    """

    __tablename__ = "h2h_games"
    __table_args__ = (Index("ix_h2h_games_player_status", "player_id", "status"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    code: Mapped[str] = mapped_column(String(16))
    moves: Mapped[str] = mapped_column(Text, default="")
    move_count: Mapped[int] = mapped_column(Integer, default=0)
    score: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(12))
    assisted: Mapped[bool] = mapped_column(Boolean, default=False)
    hints: Mapped[int] = mapped_column(Integer, default=0)
    seconds: Mapped[float] = mapped_column(Float, default=0.0)
    paused: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    last_active_at: Mapped[datetime] = mapped_column(UTCDateTime())
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class H2HSolution(Base):
    """The solver's answer for a deal code, kept because solving can take seconds: winnable, and the fewest moves."""

    __tablename__ = "h2h_solutions"

    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    winnable: Mapped[bool] = mapped_column(Boolean)
    moves: Mapped[str | None] = mapped_column(Text, nullable=True)
    move_count: Mapped[int | None] = mapped_column(Integer, nullable=True)
    states: Mapped[int] = mapped_column(Integer, default=0)
    solved_at: Mapped[datetime] = mapped_column(UTCDateTime())
