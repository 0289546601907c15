"""The table service: owns the running tables in memory, applies actions under one lock per table, stores the game
after every action, sends each connection its own seat's view, and lets computer players act (off the event loop).

Every change follows the same path (`_commit`): apply to the engine → store (one transaction: the saved game, new
deal logs, results) → queue a `state` to every connection on the table, in order. At start-up every waiting or
running table is loaded back from the database, so a restart resumes each game where it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

from heartcards.cards import Card
from heartcards.hearts.engine import Game, GameRecordError, HeartsError, Phase, Variant
from heartcards.storage.hearts_repository import OPEN_STATUSES, GameSave, HeartsRepository, PlayerGame, TableRecord
from heartcards.web.hearts.errors import (
    BadTokenError,
    NotCreatorError,
    NotReadyPhaseError,
    SeatTakenError,
    TableFinishedError,
    TableNotFoundError,
    TableNotStartedError,
    TableStartedError,
)
from heartcards.web.hearts.players import bot_name
from heartcards.web.hearts.table import (
    LOBBY_ABSENCE,
    PUT_AWAY_AFTER,
    SEAT_COUNT,
    BotTurn,
    NextDeal,
    Seat,
    Table,
    token_hash,
)
from heartcards.web.hearts.views import own_view_json, shared_view_json, table_json

logger = logging.getLogger("heartcards.web.hearts")

DEAL_PAUSE_SECONDS: Final = 12.0
"""The score table waits this long for the people to say `next` before the next deal starts by itself."""
LOBBY_SIZE: Final = 50
PUT_AWAY_EVERY_SECONDS: Final = 600.0
"""How often the tables nobody has been at for `PUT_AWAY_AFTER` are taken out of memory."""


def _json_text(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(eq=False, slots=True)
class StateDue:
    """A place in a connection's outbox for its seat's state, rendered when its turn to be sent comes (so it is
    the newest state then), answering the client's message `message_id` if there is one."""

    message_id: object = None


@dataclass(eq=False, slots=True)
class Connection:
    """One socket on a table: its seat (None for a spectator), its language and its outgoing queue."""

    seat: int | None
    language: str
    outbox: asyncio.Queue[dict[str, Any] | StateDue | None] = field(default_factory=asyncio.Queue)
    state_due: StateDue | None = None
    """The state waiting in the outbox, not yet rendered, if any."""

    def send(self, message: dict[str, Any]) -> None:
        self.outbox.put_nowait(message)

    def send_state(self, message_id: object = None) -> None:
        """Queues the seat's state. While one is still waiting in the outbox, a new one adds nothing (or just its
        id): the waiting one is rendered when it is sent, so it shows the newest state anyway. A burst of changes
        at a busy table thus reaches a slow socket as one message instead of a queue of stale ones."""
        due = self.state_due
        if due is not None and (message_id is None or due.message_id is None):
            if message_id is not None:
                due.message_id = message_id
            return
        self.state_due = StateDue(message_id)
        self.outbox.put_nowait(self.state_due)

    def close(self) -> None:
        self.outbox.put_nowait(None)


@dataclass(frozen=True, slots=True)
class Seating:
    """A seat given to a person: the table, the seat number and the secret token that proves it."""

    table: Table
    seat: int
    token: str


class TableService:
    def __init__(
        self,
        repository: HeartsRepository,
        deal_pause_seconds: float = DEAL_PAUSE_SECONDS,
        bot_delay_seconds: float = 0.0,
    ) -> None:
        self.repository = repository
        self.deal_pause_seconds = deal_pause_seconds
        self.bot_delay_seconds = bot_delay_seconds
        self.tables: dict[str, Table] = {}
        self.connections: dict[str, set[Connection]] = {}
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.bot_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="hearts-bot")
        self.store_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hearts-store")
        self.closing = False
        self.sweeper: asyncio.Task[None] | None = None
        self.pending_saves: list[tuple[GameSave, asyncio.Future[None]]] = []

    # -- life cycle -------------------------------------------------------------------------------------------------

    async def start(self) -> None:
        """Loads the waiting and running tables played in the last `PUT_AWAY_AFTER` (older ones load when they are
        opened) and starts their computer players."""
        for record in await self._store(self.repository.open_tables, utc_now() - PUT_AWAY_AFTER):
            self._resume(record)
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep(), name="hearts-put-away")

    def _resume(self, record: TableRecord) -> Table | None:
        """A stored waiting or running table back in memory, with its driver; None if its game cannot be replayed."""
        try:
            table = Table.from_record(record)
        except GameRecordError as error:
            logger.error("table %s cannot be resumed: %s", record.id, error)
            return None
        now = time.monotonic()
        for seat in table.seats:
            if seat.human:
                seat.disconnected_at = now  # nobody is connected yet: whoever does not come back goes away
        table.after_change(now)
        self.tables[table.id] = table
        self._ensure_driver(table)
        return table

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(PUT_AWAY_EVERY_SECONDS)
            try:
                await self.put_away_unvisited(utc_now())
            except Exception:
                logger.exception("could not put tables away")

    async def put_away_unvisited(self, now: datetime) -> int:
        """Takes out of memory the tables nobody is connected to (not even to watch) and no person has been at for
        `PUT_AWAY_AFTER`; they are paused, so nothing is lost: all they hold is stored. Returns how many."""
        count = 0
        for table in list(self.tables.values()):
            if self.connections.get(table.id) or table.unvisited_for(now) <= PUT_AWAY_AFTER:
                continue
            async with table.lock:
                if self.connections.get(table.id) or self.tables.get(table.id) is not table:
                    continue  # someone came meanwhile
                del self.tables[table.id]
                driver = self.drivers.pop(table.id, None)
            if driver is not None:
                driver.cancel()  # before anything else runs: it cannot take the lock and change the table again
            count += 1
        return count

    async def stop(self) -> None:
        self.closing = True
        if self.sweeper is not None:
            self.sweeper.cancel()
        for task in list(self.drivers.values()):
            task.cancel()
        for task in list(self.drivers.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._flush()
        self.repository.close()
        for connections in self.connections.values():
            for connection in connections:
                connection.close()
        self.bot_pool.shutdown(wait=True, cancel_futures=True)
        self.store_pool.shutdown(wait=True)

    async def _store(self, function: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.store_pool, function, *args)

    async def _save(self, save: GameSave) -> None:
        """Stores a table's state; returns once it is committed. The saves of one turn of the event loop are
        written together in one transaction (group commit), on the loop itself: a commit of a few rows in WAL mode
        takes well under a millisecond, less than handing it to a thread and back on a busy machine."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self.pending_saves.append((save, future))
        if len(self.pending_saves) == 1:
            loop.call_soon(self._flush)
        await future

    def _flush(self) -> None:
        batch, self.pending_saves = self.pending_saves, []
        if not batch:
            return
        try:
            self.repository.save_games([save for save, _ in batch], utc_now())
        except Exception as error:
            logger.exception("could not store %d table states", len(batch))
            for _, future in batch:
                if not future.done():
                    future.set_exception(error)
            return
        for _, future in batch:
            if not future.done():
                future.set_result(None)

    # -- tables over HTTP -------------------------------------------------------------------------------------------

    async def create(
        self,
        *,
        player_id: str,
        name: str,
        mode: str,
        variant: str,
        target: int,
        strength: str,
        idle_seconds: int,
    ) -> Seating:
        token = secrets.token_urlsafe(24)
        seed = secrets.randbits(64)
        seats = [Seat(0, "human", name, player_id, token_hash(token))]
        for number in range(1, SEAT_COUNT):
            seats.append(Seat(number, "bot", bot_name(number)) if mode == "solo" else Seat(number, "empty", ""))
        now = utc_now()
        table = Table(
            id=secrets.token_hex(16),
            mode=mode,
            variant=Variant(variant),
            target=target,
            strength=strength,
            idle_seconds=idle_seconds,
            status="playing" if mode == "solo" else "waiting",
            created_at=now,
            game=Game(seed, Variant(variant), target),
            seats=seats,
            seed=seed,
        )
        table.after_change(time.monotonic())
        await self._store(self.repository.create_table, table.record(), now)
        self.tables[table.id] = table
        self._ensure_driver(table)
        return Seating(table, 0, token)

    async def table(self, table_id: str) -> Table:
        """A table by id: a waiting or running one from memory (loaded into it if it was put away), a finished one
        from the database."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if len(table_id) > 64:
            raise TableNotFoundError(table=table_id[:64])
        record = await self._store(self.repository.table, table_id)
        if record is None:
            raise TableNotFoundError(table=table_id)
        if record.status in OPEN_STATUSES and not self.closing:
            table = self.tables.get(table_id)  # another request may have loaded it meanwhile
            if table is None:
                table = self._resume(record)
                if table is None:
                    raise TableNotFoundError(table=table_id)
                table.last_seen_at = utc_now()  # asked for: somebody is coming, so it is not put away again at once
            return table
        try:
            return Table.from_record(record)
        except GameRecordError as error:
            raise TableNotFoundError(table=table_id) from error

    def lobby(self, now: datetime | None = None) -> list[Table]:
        """Open tables first (newest first), then running online tables; not those that no person has been at for
        `LOBBY_ABSENCE`."""
        now = now or utc_now()
        present = [table for table in self.tables.values() if table.unvisited_for(now) <= LOBBY_ABSENCE]
        waiting = [table for table in present if table.status == "waiting"]
        running = [table for table in present if table.status == "playing" and table.mode == "online"]
        waiting.sort(key=lambda table: table.created_at, reverse=True)
        running.sort(key=lambda table: table.created_at, reverse=True)
        return (waiting + running)[:LOBBY_SIZE]

    async def current_for(self, player_id: str) -> tuple[Table, int] | None:
        """The player's newest running (or waiting) table and seat, for "continue": from memory, or from the
        database when all of the player's tables were put away."""
        best = self._current_in_memory(player_id)
        if best is None:
            table_id = await self._store(self.repository.newest_open_table_of, player_id)
            if table_id is not None:
                with contextlib.suppress(TableNotFoundError):  # stored, but its game cannot be replayed
                    await self.table(table_id)
                best = self._current_in_memory(player_id)
        return best

    def _current_in_memory(self, player_id: str) -> tuple[Table, int] | None:
        best: tuple[Table, int] | None = None
        for table in self.tables.values():
            if table.status == "finished":
                continue
            for seat in table.seats:
                if (
                    seat.human
                    and seat.player_id == player_id
                    and (best is None or table.created_at > best[0].created_at)
                ):
                    best = (table, seat.number)
        return best

    async def join(self, table_id: str, seat_number: int, name: str, player_id: str) -> Seating:
        table = await self.table(table_id)
        async with table.lock:
            if table.status != "waiting":
                raise TableStartedError(table=table.id)
            seat = table.seats[seat_number]
            if seat.kind != "empty":
                raise SeatTakenError(seat=seat_number)
            token = secrets.token_urlsafe(24)
            seat.kind, seat.name, seat.player_id, seat.token_hash = "human", name, player_id, token_hash(token)
            await self._store(self.repository.save_seat, table.id, seat.record())
            self._broadcast(table)
        return Seating(table, seat_number, token)

    async def start_by_token(self, table_id: str, token: str | None) -> Table:
        """`POST .../start` with the creator's token."""
        table = await self.table(table_id)
        seat = table.seat_of_token(token) if token and len(token) <= 200 else None
        if seat is None:
            raise BadTokenError(table=table.id)
        await self.start_table(table, seat, None, None)
        return table

    async def start_table(self, table: Table, seat: Seat, answer_to: Connection | None, message_id: object) -> None:
        """The creator (seat 0) starts an online table; empty seats get computer players."""
        if seat.number != 0:
            raise NotCreatorError(seat=seat.number)
        async with table.lock:
            if table.status != "waiting":
                raise TableStartedError(table=table.id)
            for empty in table.seats:
                if empty.kind == "empty":
                    empty.kind, empty.name = "bot", bot_name(empty.number)
                    await self._store(self.repository.save_seat, table.id, empty.record())
            table.status = "playing"
            table.after_change(time.monotonic())
            await self._save(GameSave(table.id, "playing", table.game.to_dict()))
            self._broadcast(table, answer_to, message_id)
        table.wake.set()

    async def log(self, table_id: str) -> tuple[Table, list[dict[str, Any]]]:
        table = await self.table(table_id)
        return table, await self._store(self.repository.deal_logs, table.id)

    async def player_games(self, player_id: str) -> list[PlayerGame]:
        games: list[PlayerGame] = await self._store(self.repository.player_games, player_id)
        return games

    # -- connections ------------------------------------------------------------------------------------------------

    def seat_for_token(self, table: Table, token: object) -> Seat:
        if not isinstance(token, str) or not 0 < len(token) <= 200:
            raise BadTokenError(table=table.id)
        seat = table.seat_of_token(token)
        if seat is None:
            raise BadTokenError(table=table.id)
        return seat

    async def connect(self, table: Table, connection: Connection, message_id: object) -> None:
        """A socket said hello: it joins the table's broadcasts; its seat (if any) is back and connected."""
        async with table.lock:
            self.connections.setdefault(table.id, set()).add(connection)
            if connection.seat is not None:
                seat = table.seats[connection.seat]
                seat.connections += 1
                seat.disconnected_at = None
                seat.away = False
                seat.waiting_since = None  # a person who (re)connects starts a fresh idle clock
                table.after_change(time.monotonic())
                table.last_seen_at = utc_now()  # only a person's seat has a token to connect with
            self._broadcast(table, connection, message_id)
        self._ensure_driver(table)
        table.wake.set()

    async def disconnect(self, table: Table, connection: Connection) -> None:
        connection.close()
        if self.closing:
            return
        async with table.lock:
            connections = self.connections.get(table.id, set())
            connections.discard(connection)
            if not connections:
                self.connections.pop(table.id, None)
            if connection.seat is not None:
                seat = table.seats[connection.seat]
                seat.connections = max(0, seat.connections - 1)
                if not seat.connected:
                    seat.disconnected_at = time.monotonic()
                    table.last_seen_at = utc_now()
            self._broadcast(table)
        table.wake.set()

    def state(self, table: Table, seat: int | None, message_id: object = None) -> str:
        """The `state` message for `seat` (None: a spectator) as JSON text. What is the same for every seat (the
        public table, the view's shared part) is encoded once per published change; only the seat's own cards are
        encoded per connection."""
        view = "null"
        if seat is not None and table.status != "waiting":
            observation = table.game.observation(seat)
            if table.shared_view_text is None or table.shared_view_text[0] != table.revision:
                table.shared_view_text = (table.revision, _json_text(shared_view_json(table, observation)))
            own = _json_text(own_view_json(observation))
            view = table.shared_view_text[1][:-1] + "," + own[1:]  # two JSON objects' members in one object
        if table.public_text is None or table.public_text[0] != table.revision:
            table.public_text = (table.revision, _json_text(table_json(table)))
        parts = ['{"type":"state","table":', table.public_text[1], ',"seat":', _json_text(seat), ',"view":', view]
        if message_id is not None:
            parts += [',"id":', _json_text(message_id)]
        parts.append("}")
        return "".join(parts)

    async def render(self, table: Table, connection: Connection, due: StateDue) -> str:
        """The text of a queued state, as it is now. Changes are applied and stored under the table's lock, so
        rendering under it never shows a change that is not stored yet."""
        async with table.lock:
            if connection.state_due is due:
                connection.state_due = None  # from here on, a change queues a new state
            return self.state(table, connection.seat, due.message_id)

    def _broadcast(
        self,
        table: Table,
        answer_to: Connection | None = None,
        message_id: object = None,
    ) -> None:
        """A published change: every connection on the table gets its seat's new state (`answer_to` with the id of
        the message that made the change)."""
        table.revision += 1
        for connection in self.connections.get(table.id, ()):
            connection.send_state(message_id if connection is answer_to else None)

    # -- actions ----------------------------------------------------------------------------------------------------

    async def act(self, table: Table, connection: Connection, message: dict[str, Any]) -> None:
        """A seat's action from its socket (`pass`, `play`, `next`, `start`, `back`); raises a `HeartsError` or a
        `WebError` for anything illegal, and then nothing has changed."""
        kind = message["type"]
        message_id = message.get("id")
        seat_number = connection.seat
        assert seat_number is not None
        if kind == "start":
            await self.start_table(table, table.seats[seat_number], connection, message_id)
            return
        async with table.lock:
            seat = table.seats[seat_number]
            if table.status == "waiting":
                raise TableNotStartedError(table=table.id)
            if table.status == "finished" or table.game.phase is Phase.GAME_OVER:
                raise TableFinishedError(table=table.id)
            game = table.game
            if kind == "pass":
                game.apply_pass(seat_number, message["cards"])
            elif kind == "play":
                card: Card = message["card"]
                game.apply_play(seat_number, card)
            elif kind == "next":
                if game.phase is not Phase.DEAL_OVER:
                    raise NotReadyPhaseError(phase=game.phase.value)
                seat.ready = True
            elif kind == "back":
                pass
            seat.away = False
            seat.waiting_since = None  # any action (even `back`) restarts this person's idle clock
            await self._commit(table, answer_to=connection, message_id=message_id)
        table.wake.set()

    async def _commit(self, table: Table, answer_to: Connection | None = None, message_id: object = None) -> None:
        """After a change (under the table's lock): store it, then send every connection its new state."""
        now_monotonic = time.monotonic()
        table.after_change(now_monotonic)
        game = table.game
        new_logs = [
            {"table": table.id, "variant": table.variant.value, "target": table.target, **record.to_dict()}
            for record in game.records[table.logged_deals :]
        ]
        results = None
        if game.phase is Phase.GAME_OVER and table.status != "finished":
            table.status = "finished"
            table.finished_at = utc_now()
            results = table.results()
        await self._save(GameSave(table.id, table.status, game.to_dict(), new_logs, results))
        table.logged_deals = len(game.records)
        self._broadcast(table, answer_to, message_id)

    # -- the computer players ---------------------------------------------------------------------------------------

    def _ensure_driver(self, table: Table) -> None:
        if table.status == "finished" or self.closing:
            return
        task = self.drivers.get(table.id)
        if task is None or task.done():
            self.drivers[table.id] = asyncio.get_running_loop().create_task(
                self._drive(table), name=f"table-{table.id}"
            )

    async def _drive(self, table: Table) -> None:
        """The table's own loop: computer players' passes and plays, stand-ins for away people, the next deal."""
        try:
            while table.status != "finished" and not self.closing:
                async with table.lock:
                    table.wake.clear()
                    now = time.monotonic()
                    if table.refresh_presence(now):
                        self._broadcast(table)
                    step = table.next_step(now, self.deal_pause_seconds)
                    if isinstance(step, NextDeal):
                        table.game.apply_next_deal()
                        await self._commit(table)
                        continue
                    if isinstance(step, BotTurn):
                        version = len(table.game.actions)
                        observation = table.game.observation(step.seat)
                        bot = table.bot(step.seat)
                if isinstance(step, BotTurn):
                    await self._bot_turn(table, step.seat, version, observation, bot)
                    continue
                timeout = None if step is None else max(0.01, step)
                if not table.wake.is_set():
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(timeout):  # no extra task per wait, unlike wait_for
                            await table.wake.wait()
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.exception("table %s stopped", table.id)
        finally:
            if self.drivers.get(table.id) is asyncio.current_task():
                del self.drivers[table.id]
            if table.status == "finished":
                self.tables.pop(table.id, None)

    async def _bot_turn(self, table: Table, seat: int, version: int, observation: Any, bot: Any) -> None:
        loop = asyncio.get_running_loop()
        if observation.phase is Phase.PASS:
            choice = await loop.run_in_executor(self.bot_pool, bot.choose_pass, observation)
        else:
            choice = await loop.run_in_executor(self.bot_pool, bot.choose_play, observation)
        if self.bot_delay_seconds:
            await asyncio.sleep(self.bot_delay_seconds)
        async with table.lock:
            if len(table.game.actions) != version or not table.seats[seat].automatic:
                return  # the person came back, or the game moved on meanwhile: decide again
            try:
                if observation.phase is Phase.PASS:
                    table.game.apply_pass(seat, choice)
                else:
                    table.game.apply_play(seat, choice)
            except HeartsError:
                logger.exception("the computer player at table %s seat %d chose an illegal action", table.id, seat)
                raise
            await self._commit(table)
