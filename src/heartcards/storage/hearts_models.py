"""Hearts tables, their seats and the finished deals' logs, as SQLAlchemy 2 typed models (schema: migration 0002).

A table row carries the engine's whole saved game (`Game.to_dict()` as JSON), rewritten after every action, so a
restarted server rebuilds every running table exactly. With several servers, the row also holds the table's lease
(migration 0005): which server runs it, until when, and the epoch every save must name (`storage.leases`). Seats
keep a hash of the seat token, never the token.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from heartcards.storage.models import Base, UTCDateTime, table_of


class HeartsTable(Base):
    """One table: its rules, its status (waiting, playing, finished) and the saved game."""

    __tablename__ = "hearts_tables"
    __table_args__ = (Index("ix_hearts_tables_status", "status"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    mode: Mapped[str] = mapped_column(String(12))
    variant: Mapped[str] = mapped_column(String(12))
    target: Mapped[int] = mapped_column(Integer)
    strength: Mapped[str] = mapped_column(String(12))
    idle_seconds: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(12))
    game: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime())
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    epoch: Mapped[int] = mapped_column(Integer, server_default="0")
    """Raised by one each time a server takes the table: a save naming an older epoch is refused."""
    lease_owner: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The server that runs the table (None: nobody, it may be taken at once)."""
    lease_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    """Until when the owner's lease holds, in seconds since 1970 on the database's clock."""


TABLES = table_of(HeartsTable)


class HeartsSeat(Base):
    """A seat at a table: who sits there (a person, a computer player, nobody yet) and, once finished, the result."""

    __tablename__ = "hearts_seats"
    __table_args__ = (Index("ix_hearts_seats_player", "player_id"),)

    table_id: Mapped[str] = mapped_column(ForeignKey("hearts_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    name: Mapped[str] = mapped_column(String(40))
    player_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    total: Mapped[int | None] = mapped_column(Integer, nullable=True)
    place: Mapped[int | None] = mapped_column(Integer, nullable=True)
    won: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    moons: Mapped[int] = mapped_column(Integer, default=0)
    queens: Mapped[int] = mapped_column(Integer, default=0)


SEATS = table_of(HeartsSeat)


class HeartsDealLog(Base):
    """A finished deal's log line (the engine's `DealRecord.to_dict()` plus the table, variant and target)."""

    __tablename__ = "hearts_deal_logs"

    table_id: Mapped[str] = mapped_column(ForeignKey("hearts_tables.id"), primary_key=True)
    deal: Mapped[int] = mapped_column(Integer, primary_key=True)
    log: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())


LOGS = table_of(HeartsDealLog)


class HeartsRating(Base):
    """One player's rating in one ruleset (schema: migration 0004): a person's (their player id) or a computer level's
    (`bot:easy`, …). `public_id` names it in addresses, so a person's player id, their cookie, is never shown."""

    __tablename__ = "hearts_ratings"
    __table_args__ = (Index("ix_hearts_ratings_public_id", "public_id"),)

    identity: Mapped[str] = mapped_column(String(40), primary_key=True)
    variant: Mapped[str] = mapped_column(String(12), primary_key=True)
    public_id: Mapped[str] = mapped_column(String(16))
    person: Mapped[bool] = mapped_column(Boolean)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    rating: Mapped[int] = mapped_column(Integer)
    """The shown number, kept for ordering the leaderboard."""
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime())


RATINGS = table_of(HeartsRating)


class HeartsRatingChange(Base):
    """What one rated game did to one player's rating: their place, whether they left, the shown rating after it."""

    __tablename__ = "hearts_rating_changes"
    __table_args__ = (Index("ix_hearts_rating_changes_identity", "identity", "variant", "created_at"),)

    table_id: Mapped[str] = mapped_column(ForeignKey("hearts_tables.id"), primary_key=True)
    identity: Mapped[str] = mapped_column(String(40), primary_key=True)
    variant: Mapped[str] = mapped_column(String(12))
    place: Mapped[int] = mapped_column(Integer)
    left: Mapped[bool] = mapped_column(Boolean)
    rating: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())


CHANGES = table_of(HeartsRatingChange)


class HeartsHiddenPlayer(Base):
    """A person who asked not to be listed on the leaderboards (their rating is still kept)."""

    __tablename__ = "hearts_hidden_players"

    player_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    hidden_at: Mapped[datetime] = mapped_column(UTCDateTime())


HIDDEN = table_of(HeartsHiddenPlayer)
