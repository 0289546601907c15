"""Heart to Heart's tables as SQLAlchemy 2 typed models: its games and the solver's solutions."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from heartcards.storage.models import Base, UTCDateTime, table_of


class H2HGame(Base):
    """One attempt at a Heart to Heart deal: its code and the moves played so far (undone moves removed).

    `status` is playing, won or stalled (what the engine says), or abandoned / restarted (the player left it).
    `seconds` is the time played up to `last_active_at`.
    """

    __tablename__ = "h2h_games"
    __table_args__ = (
        Index("ix_h2h_games_player_status", "player_id", "status"),
        Index("ix_h2h_games_code_created", "code", "created_at"),  # a day's games of its daily deal
    )

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


GAMES = table_of(H2HGame)


class H2HSolution(Base):
    """The solver's answer for a deal code, kept because solving can take seconds: winnable, and the fewest moves."""

    __tablename__ = "h2h_solutions"

    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    winnable: Mapped[bool] = mapped_column(Boolean)
    moves: Mapped[str | None] = mapped_column(Text, nullable=True)
    move_count: Mapped[int | None] = mapped_column(Integer, nullable=True)
    states: Mapped[int] = mapped_column(Integer, default=0)
    solved_at: Mapped[datetime] = mapped_column(UTCDateTime())


SOLUTIONS = table_of(H2HSolution)
