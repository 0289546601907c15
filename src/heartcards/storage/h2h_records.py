"""Plain values handed out by the repository (no ORM objects leave `storage`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum


class GameStatus(Enum):
    """A stored game's status: the engine's three, plus the two ways a player leaves a game."""

    PLAYING = "playing"
    WON = "won"
    STALLED = "stalled"
    ABANDONED = "abandoned"
    RESTARTED = "restarted"

    @property
    def is_running(self) -> bool:
        """Still the player's current game (a stalled game can be undone)."""
        return self in (GameStatus.PLAYING, GameStatus.STALLED)

    @property
    def is_over(self) -> bool:
        """No more moves will be accepted."""
        return self in (GameStatus.WON, GameStatus.ABANDONED, GameStatus.RESTARTED)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One stored Heart to Heart game: its code and moves (the record), and what the statistics need."""

    id: str
    player_id: str
    code: str
    moves: str
    move_count: int
    score: int
    status: GameStatus
    assisted: bool
    hints: int
    seconds: float
    paused: bool
    created_at: datetime
    last_active_at: datetime
    finished_at: datetime | None

    @property
    def record(self) -> str:
        return f"{self.code} {self.moves}".strip()


@dataclass(frozen=True, slots=True)
class Progress:
    """What changes as a game is played; written after every move."""

    moves: str
    move_count: int
    score: int
    status: GameStatus
    seconds: float
    paused: bool
    last_active_at: datetime
    finished_at: datetime | None


@dataclass(frozen=True, slots=True)
class SolutionRecord:
    code: str
    winnable: bool
    moves: str | None
    move_count: int | None
    states: int


@dataclass(frozen=True, slots=True)
class RankedWin:
    """One player's best win of a day's daily deal and its place among the day's: fewest moves, then least time."""

    place: int
    player_id: str
    moves: int
    seconds: float
    hints: int
