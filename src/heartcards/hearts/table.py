"""A Hearts table: its rules, its four seats and the engine's `Game`, plus who must act and who stands in.

Pure bookkeeping, no I/O: the table service holds the lock, stores, broadcasts and runs the computer players
(`heartcards.hearts.tables`); this module decides what the table does next. A seat is
"due" when the game waits for it (a pass not chosen, its turn to play, the score table not yet acknowledged). A
person's seat is played by a computer player while it is `away`: idle beyond the table's `idle_seconds` while
another person waits, or disconnected for more than a short grace period.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import math
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Final

from heartcards.hearts.engine import Game, Phase, Variant

SEAT_COUNT: Final = 4
DISCONNECT_GRACE_SECONDS: Final = 3.0
"""A reload reconnects within this time; only then does a computer player take over a disconnected seat."""
LOBBY_ABSENCE: Final = timedelta(minutes=15)
"""A table that no person has sat at for this long leaves the lobby: nobody is there to start it or to play with.
It stays stored, and its link still opens it."""
PUT_AWAY_AFTER: Final = timedelta(days=1)
"""A table that no person has been at for this long leaves the server's memory (paused, it does nothing there). It
stays stored; its link, or its player's "continue", loads it again."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass(slots=True)
class Seat:
    number: int
    kind: str
    """human, bot or empty"""
    name: str
    player_id: str | None = None
    token_hash: str | None = None
    connections: int = 0
    away: bool = False
    waiting_since: float | None = None
    """When (monotonic) the game started waiting for this seat; None while it does not."""
    disconnected_at: float | None = None
    absent_since: float | None = None
    """When (monotonic) the table, playing, first missed a person who joined but never connected: after the
    table's idle time such a seat is away like any other, instead of holding the game for good."""
    ready: bool = False
    """Said `next` on the score table of the deal just played."""

    @property
    def human(self) -> bool:
        return self.kind == "human"

    @property
    def connected(self) -> bool:
        return self.connections > 0

    @property
    def automatic(self) -> bool:
        """A computer player acts for this seat (a bot, or a person who is away)."""
        return self.kind == "bot" or (self.human and self.away)


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A computer player must act for `seat` (pass or play, as the phase says)."""

    seat: int


@dataclass(frozen=True, slots=True)
class NextDeal:
    """Everyone has seen the score table (or the pause is over): deal the next deal."""


@dataclass(slots=True)
class Table:
    id: str
    mode: str
    variant: Variant
    target: int
    strength: str
    idle_seconds: int
    status: str
    created_at: datetime
    game: Game
    seats: list[Seat]
    seed: int
    finished_at: datetime | None = None
    last_seen_at: datetime | None = None
    """When a person was last at the table (connected, or the last action stored); None: when it was created."""
    deal_over_since: float | None = None
    logged_deals: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    """Held by whoever changes the table (or renders it), so changes apply one at a time (no I/O here)."""
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    """Set after a change, so the table's driver looks at `next_step` again."""
    driver_wakes_at: float = -math.inf
    """When (monotonic) the table's driver, asleep, looks at `next_step` again by itself (infinity: not before a
    change); minus infinity while it is not asleep, since it looks again as soon as it is done."""
    revision: int = 0
    """Counts published changes (the service bumps it with every broadcast)."""
    public_text: tuple[int, str] | None = None
    """The public table in the state messages as JSON, and the revision it was encoded at."""
    shared_view_text: tuple[int, str] | None = None
    """The part of the seats' views that is the same for all of them, as JSON, and its revision."""
    record_text: tuple[Game, int, str] | None = None
    """The game's saved record as JSON text so far (without its closing `]}`), the game it was encoded from and how
    many of its actions it holds: a save encodes only the actions added since the last one."""

    # -- seats ------------------------------------------------------------------------------------------------------

    def seat_of_token(self, token: str) -> Seat | None:
        hashed = token_hash(token)
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, hashed):
                return seat
        return None

    def humans_connected(self) -> bool:
        return any(seat.human and seat.connected for seat in self.seats)

    def unvisited_for(self, now: datetime) -> timedelta:
        """How long no person has been at the table (zero while someone is)."""
        if self.humans_connected():
            return timedelta(0)
        return now - (self.last_seen_at or self.created_at)

    # -- who the game waits for -------------------------------------------------------------------------------------

    def due_seats(self) -> list[int]:
        game = self.game
        if self.status != "playing":
            return []
        if game.phase is Phase.PASS:
            return [seat for seat in range(SEAT_COUNT) if game.passes[seat] is None]
        if game.phase is Phase.PLAY:
            return [game.turn] if game.turn is not None else []
        if game.phase is Phase.DEAL_OVER:
            return [seat.number for seat in self.seats if not seat.ready]
        return []

    def after_change(self, now: float) -> None:
        """Called after every change: restarts the idle clocks of the seats the game now waits for."""
        due = set(self.due_seats())
        for seat in self.seats:
            if seat.number in due:
                if seat.waiting_since is None:
                    seat.waiting_since = now
            else:
                seat.waiting_since = None
        if self.game.phase is Phase.DEAL_OVER:
            if self.deal_over_since is None:
                self.deal_over_since = now
        else:
            self.deal_over_since = None
            for seat in self.seats:
                seat.ready = False

    def refresh_presence(self, now: float) -> bool:
        """Marks away the people who idle while someone else waits, or who left; True if a seat changed."""
        changed = False
        due = set(self.due_seats()) if self.game.phase is not Phase.DEAL_OVER else set()
        for seat in self.seats:
            if not seat.human or seat.away:
                continue
            if not seat.connected:
                if seat.disconnected_at is not None and now - seat.disconnected_at >= DISCONNECT_GRACE_SECONDS:
                    seat.away = changed = True
                elif seat.disconnected_at is None and self.status == "playing":
                    if seat.absent_since is None:
                        seat.absent_since = now
                    if now - seat.absent_since >= self.idle_seconds:
                        seat.away = changed = True
            elif (
                seat.number in due
                and seat.waiting_since is not None
                and now - seat.waiting_since >= self.idle_seconds
                and self._someone_else_waits(seat.number)
            ):
                seat.away = changed = True
        return changed

    def _someone_else_waits(self, number: int) -> bool:
        return any(other.human and other.connected and not other.away for other in self.seats if other.number != number)

    def next_step(self, now: float, deal_pause_seconds: float) -> BotTurn | NextDeal | float | None:
        """What the table does next by itself: a computer player's turn, the next deal, or how long to wait
        (seconds; None = until something happens). A table where no person is connected pauses."""
        if self.status != "playing" or not self.humans_connected():
            return None
        game = self.game
        if game.phase is Phase.DEAL_OVER:
            waiting = [
                seat for seat in self.seats if seat.human and seat.connected and not seat.away and not seat.ready
            ]
            since = self.deal_over_since if self.deal_over_since is not None else now
            if not waiting or now - since >= deal_pause_seconds:
                return NextDeal()
            return since + deal_pause_seconds - now
        if game.phase is Phase.GAME_OVER:
            return None
        due = self.due_seats()
        for number in due:
            if self.seats[number].automatic:
                return BotTurn(number)
        deadlines: list[float] = []
        for seat in self.seats:
            if not seat.human or seat.away:
                continue
            if not seat.connected and seat.disconnected_at is not None:
                deadlines.append(seat.disconnected_at + DISCONNECT_GRACE_SECONDS)
            elif not seat.connected and seat.absent_since is not None:
                deadlines.append(seat.absent_since + self.idle_seconds)
            elif seat.number in due and seat.waiting_since is not None and self._someone_else_waits(seat.number):
                deadlines.append(seat.waiting_since + self.idle_seconds)
        if not deadlines:
            return None
        return max(0.0, min(deadlines) - now)
