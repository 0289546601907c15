"""The table service: the registry of the tables in memory (loading them from the database when asked for), and the
actions on them, applied under one lock per table.

Every change follows the same path (`_commit`): apply to the engine → store (`saving`: one transaction with the
saved game, new deal logs, results) → publish a `state` to every connection on the table (`fanout`). The computer
players run in `drivers`, and `sweeper` puts away the tables nobody visits. At start-up the tables played in the
last day are loaded back, so a restart resumes each game where it was.

When several servers share the database (`ownership`), a table is loaded only under its lease, each save names the
lease's epoch, and a table taken by another server meanwhile is dropped here and its sockets told to reconnect
(they reach its new owner). Tables are then not loaded at start-up: each comes to the server that is asked for it,
or that finds its owner's lease ran out.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Final

from heartcards.cards import Card
from heartcards.hearts.engine import Game, GameRecordError, Observation, Phase, Variant
from heartcards.hearts.table import PUT_AWAY_AFTER, SEAT_COUNT, Seat, Table, token_hash
from heartcards.hearts.tables.device_games import DEVICE_BUDGET, PERSON_SEAT, device_table_id, replay_device_game
from heartcards.hearts.tables.drivers import Drivers
from heartcards.hearts.tables.errors import (
    BadTokenError,
    NotCreatorError,
    NotReadyPhaseError,
    NotSavedError,
    SeatTakenError,
    SpectatorError,
    TableElsewhereError,
    TableFinishedError,
    TableNotFoundError,
    TableNotStartedError,
    TableStartedError,
    TooManyTablesError,
)
from heartcards.hearts.tables.fanout import ClientSockets, Connection, FanOut, StateDue
from heartcards.hearts.tables.lobby import LobbyEntry, lobby_of
from heartcards.hearts.tables.messages import Action, Next, Pass, Play, Start
from heartcards.hearts.tables.ownership import Ownership, route_of
from heartcards.hearts.tables.players import bot_name
from heartcards.hearts.tables.quotas import TABLES_RULE, WINDOW_SECONDS
from heartcards.hearts.tables.saving import TableStore, log_storage_failure
from heartcards.hearts.tables.stored_tables import game_text, seat_record, seat_results, table_from_record, table_record
from heartcards.hearts.tables.sweeper import Sweeper
from heartcards.hearts.tables.thinking import Thinkers
from heartcards.runtime.clients import UNKNOWN_CLIENT
from heartcards.runtime.clock import utc_now
from heartcards.runtime.counters import MemoryCounters, RedisBuckets, RedisHolds
from heartcards.runtime.metrics import Metrics
from heartcards.runtime.quotas import CreationQuota
from heartcards.runtime.settings import DEFAULT_DEAL_PAUSE_SECONDS, DEFAULT_RUNNING_ABSENCE_SECONDS
from heartcards.storage.hearts_repository import (
    OPEN_STATUSES,
    GameSave,
    HeartsRepository,
    PlayerSummary,
    StaleEpochError,
    TableRecord,
)

logger = logging.getLogger("heartcards.hearts.tables")

RUNNING_ABSENCE: Final = timedelta(seconds=DEFAULT_RUNNING_ABSENCE_SECONDS)
"""A running table no person has been at for this long (it pauses without them) leaves the lobby's "Watch" list
(unless the service is given another time)."""
TABLE_ID: Final = re.compile(r"[0-9a-f]{32}")
"""What `create` makes a table id of (`secrets.token_hex(16)`)."""

__all__ = ["Connection", "Seating", "StateDue", "TableService", "check_table_id", "utc_now"]


def check_table_id(table_id: str) -> None:
    """A table id is 32 lowercase hex digits: anything else answers 404 without a look in the database."""
    if not TABLE_ID.fullmatch(table_id):
        raise TableNotFoundError(table=table_id[:64].replace("\x00", "\ufffd"))


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
        deal_pause_seconds: float = DEFAULT_DEAL_PAUSE_SECONDS,
        bot_delay_seconds: float = 0.0,
        running_absence: timedelta = RUNNING_ABSENCE,
        metrics: Metrics | None = None,
        ownership: Ownership | None = None,
        quota: CreationQuota | None = None,
        socket_holds: RedisHolds | None = None,
        message_buckets: RedisBuckets | None = None,
        thinkers: Thinkers | None = None,
    ) -> None:
        self.repository = repository
        self.metrics = metrics or Metrics()
        self.ownership = ownership
        """The tables' leases when several servers share the database; None for the only server."""
        self.running_absence = running_absence
        """How long a running table without its people stays in the lobby."""
        self.tables: dict[str, Table] = {}
        """The waiting and running tables in memory, by id."""
        self.quota = quota or CreationQuota(MemoryCounters(), TABLES_RULE)
        """The tables a player and an address may create (`hearts/quotas.py`)."""
        self.stored_actions: dict[str, int] = {}
        """How many of each table's game actions are stored: a failed save goes back to them."""
        self.epochs: dict[str, int] = {}
        """The epoch each table in memory was loaded or taken with, named by each of its saves."""
        self.taking = asyncio.Lock()
        """Held while a table is taken and loaded, so two requests for it do not both try."""
        self.store = TableStore(repository, self.metrics)
        self.fanout = FanOut()
        self.client_sockets = ClientSockets(socket_holds, message_buckets)
        """Sockets per client address and the message rate they share (`fanout.ClientSockets`); the cap and the rate
        counted in Redis too (`socket_holds`, `message_buckets`) when servers share the site."""
        self.drivers = Drivers(
            commit=self._commit,
            publish=self.fanout.publish,
            finished=self._forget,
            deal_pause_seconds=deal_pause_seconds,
            bot_delay_seconds=bot_delay_seconds,
            thinkers=thinkers,
            metrics=self.metrics,
        )
        self.metrics.tables_owned.set_function(lambda: len(self.tables))
        self.metrics.sockets.set_function(lambda: sum(map(len, self.fanout.connections.values())))
        self.metrics.bot_queue.set_function(lambda: self.drivers.thinkers.waiting)
        self.sweeper = Sweeper(self.tables, self.fanout.watched, self._put_away)
        self.closing = False
        self.lobby_changed: Callable[[], None] = lambda: None
        """Told when a table is created, joined or started here (the site's lobby, `LobbyBoard`, then hears of it
        at once)."""
        self.table_taken: Callable[[str], None] = lambda table_id: None
        """Told when this server has taken a table from another (`relay.Relay.taken`: the other servers' sockets
        that still wait for its old owner reconnect at once)."""
        self.players_changed: Callable[[dict[str, Any]], None] = lambda change: None
        """Told when players were merged into an account or erased here (`relay.Relay.players_changed`: the seats
        of the tables other servers run follow)."""

    # -- life cycle -------------------------------------------------------------------------------------------------

    async def start(self) -> None:
        """Loads the waiting and running tables played in the last `PUT_AWAY_AFTER` (older ones load when they are
        opened) and starts their computer players."""
        if self.ownership is None:
            for record in await self.store.run(self.repository.open_tables, utc_now() - PUT_AWAY_AFTER):
                self._resume(record)
        else:
            self.ownership.start(lambda: dict(self.epochs), self._lose, self._adopt)
        self.sweeper.start()

    def _resume(self, record: TableRecord) -> Table | None:
        """A stored waiting or running table back in memory, with its driver; None if its game cannot be replayed."""
        try:
            table = table_from_record(record)
        except GameRecordError as error:
            logger.error("table %s cannot be resumed: %s", record.id, error)
            return None
        now = time.monotonic()
        for seat in table.seats:
            if seat.human:
                seat.disconnected_at = now  # nobody is connected yet: whoever does not come back goes away
        table.after_change(now)
        self.tables[table.id] = table
        self.stored_actions[table.id] = len(table.game.actions)
        self.epochs[table.id] = record.epoch
        self.drivers.ensure(table)
        return table

    def _forget(self, table: Table) -> None:
        """A finished table leaves memory: it is stored, and read from the database from now on."""
        self.tables.pop(table.id, None)
        self.stored_actions.pop(table.id, None)
        self._let_go(table.id)

    def _put_away(self, table_id: str) -> None:
        """A table the sweeper took out of memory: its driver stops, and its lease is given up."""
        self.drivers.cancel(table_id)
        self.stored_actions.pop(table_id, None)
        self._let_go(table_id)

    def _let_go(self, table_id: str) -> None:
        """The table is no longer run here: with leases, any server may take it at once."""
        if self.epochs.pop(table_id, None) is not None and self.ownership is not None and not self.closing:
            asyncio.get_running_loop().create_task(self._release(table_id))

    async def _release(self, table_id: str) -> None:
        if self.ownership is not None:
            try:
                await self.ownership.release([table_id])
            except Exception as error:  # it runs out by itself within a lease
                log_storage_failure(error, self.repository.engine, "could not give up the lease of table %s", table_id)

    async def _lose(self, table_id: str) -> None:
        """Another server took the table (this one was paused past its lease): drop it without saving anything,
        and close its sockets, which reconnect and reach the new owner."""
        self.tables.pop(table_id, None)
        self.stored_actions.pop(table_id, None)
        self.epochs.pop(table_id, None)
        self.drivers.cancel(table_id)
        for connection in self.fanout.connections.pop(table_id, set()):
            connection.close()

    async def _adopt(self, table_id: str) -> None:
        """Takes and loads a table whose owner's lease ran out (the owner died or stalls)."""
        if table_id in self.tables or self.closing:
            return
        if await self._take(table_id) is not None:
            self.metrics.leases_taken_over.inc()
            logger.warning("table %s: its server stopped renewing its lease; it runs here now", table_id)

    async def _take(self, table_id: str) -> Table | None:
        """With leases: the table taken and loaded from its last save; None when another server runs it."""
        ownership = self.ownership
        if ownership is None:
            return None
        async with self.taking:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            if await ownership.take(table_id) is None:
                return None
            record = await self.store.run(self.repository.table, table_id)  # read after taking: the last save
            table = None if record is None else self._resume(record)
            if table is None:
                await ownership.release([table_id])
            else:
                self.table_taken(table_id)
            return table

    async def drain(self) -> None:
        """The server is stopping: no table is taken any more, every table's driver stops, what waits is stored, the
        leases are released and every socket is closed, so its page reconnects to another server at once."""
        if self.closing:
            return
        self.closing = True
        self.sweeper.stop()
        await self.drivers.stop()
        self.store.flush()
        if self.ownership is not None:
            self.ownership.stop()
            try:
                await self.ownership.release(list(self.epochs))
            except Exception as error:
                log_storage_failure(
                    error, self.repository.engine, "could not give up the tables' leases; they run out by themselves"
                )
            self.epochs.clear()
        self.fanout.close_all()

    def reassign_player(self, old_player_id: str, new_player_id: str) -> None:
        """The seats of `old_player_id` now belong to `new_player_id`, as their rows already do: at the tables run
        here, and at those the other servers of the site run."""
        self.follow_merge(old_player_id, new_player_id)
        self.players_changed({"merge": [old_player_id, new_player_id]})

    def forget_player(self, player_id: str) -> None:
        """A player whose account was erased: their seats lose the name and owner, as the rows did, here and at the
        other servers of the site."""
        self.follow_erasure(player_id)
        self.players_changed({"forget": player_id})

    def follow_merge(self, old_player_id: str, new_player_id: str) -> None:
        """The seats in memory of `old_player_id` now belong to `new_player_id`."""
        for table in self.tables.values():
            for seat in table.seats:
                if seat.player_id == old_player_id:
                    seat.player_id = new_player_id

    def follow_erasure(self, player_id: str) -> None:
        """The seats in memory of `player_id` lose the name and owner."""
        for table in self.tables.values():
            for seat in table.seats:
                if seat.player_id == player_id:
                    seat.name, seat.player_id = "", None

    async def follow_stored_players(self) -> None:
        """The people's seats in memory take the owner (and name) their rows hold where those differ: the merges and
        erasures made at other servers while this one could not hear the site channel (Redis lost). Only a merge or
        an erasure changes a seated person's owner; a seat whose row is not a person's yet (a join being saved) is
        left as it is."""
        if not self.tables:
            return
        for table_id, stored in await self.store.run(self.repository.seats_of, list(self.tables)):
            table = self.tables.get(table_id)
            if table is None or not 0 <= stored.seat < len(table.seats):
                continue
            seat = table.seats[stored.seat]
            if seat.human and stored.kind == "human" and seat.player_id not in (None, stored.player_id):
                seat.name, seat.player_id = stored.name, stored.player_id

    async def stop(self) -> None:
        """Stops the sweeper and the computer players, writes what waits, and ends every connection."""
        await self.drain()
        self.store.close()
        if self.ownership is not None:
            self.ownership.close()

    async def put_away_unvisited(self, now: datetime) -> int:
        """Takes out of memory the tables nobody has been at for `PUT_AWAY_AFTER` (see `Sweeper`); how many."""
        return await self.sweeper.put_away_unvisited(now)

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
        address: str = UNKNOWN_CLIENT,
    ) -> Seating:
        """A new table with the player at seat 0; raises `TooManyTablesError` past the player's or the address's
        quota (`quotas`)."""
        if self.closing:  # the server is stopping: the page asks again, and another server answers
            raise TableElsewhereError(table="")
        counted = await self.quota.take(player_id, address)
        if counted is None:
            raise TooManyTablesError(minutes=round(WINDOW_SECONDS / 60))
        token = secrets.token_urlsafe(24)
        seed = secrets.randbits(64)
        seats = [Seat(0, "human", name, player_id, token_hash(token))]
        for number in range(1, SEAT_COUNT):
            taken = [seat.name for seat in seats]
            seats.append(Seat(number, "bot", bot_name(number, taken)) if mode == "solo" else Seat(number, "empty", ""))
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
        record = table_record(table)
        record.epoch = 0 if self.ownership is None else 1
        lease = None if self.ownership is None else (self.ownership.owner, self.ownership.leases.lease_seconds)
        try:
            await self.store.run(self.repository.create_table, record, now, lease)
        except Exception as error:  # not stored, so no table: nothing to count against the quotas either
            await self.quota.give_back(counted)
            raise NotSavedError(table=table.id) from error
        self.epochs[table.id] = record.epoch
        self.stored_actions[table.id] = len(table.game.actions)
        self.tables[table.id] = table
        self.drivers.ensure(table)
        self.lobby_changed()
        return Seating(table, 0, token)

    async def table(self, table_id: str) -> Table:
        """A table by id: a waiting or running one from memory (loaded into it if it was put away), a finished one
        from the database."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        check_table_id(table_id)  # not one of ours (and nothing, like a NUL, the database may refuse)
        record = await self.store.run(self.repository.table, table_id)
        if record is None:
            raise TableNotFoundError(table=table_id)
        if record.status in OPEN_STATUSES and not self.closing:
            table = self.tables.get(table_id)  # another request may have loaded it meanwhile
            if table is None:
                if self.ownership is not None:
                    table = await self._take(table_id)
                    if table is None:  # another server runs it: what is stored, to look at
                        return self._snapshot(record)
                else:
                    table = self._resume(record)
                if table is None:
                    raise TableNotFoundError(table=table_id)
                table.last_seen_at = utc_now()  # asked for: somebody is coming, so it is not put away again at once
            return table
        return self._snapshot(record)

    @staticmethod
    def _snapshot(record: TableRecord) -> Table:
        """A stored table as it is, not run here (finished, or run by another server)."""
        try:
            return table_from_record(record)
        except GameRecordError as error:
            raise TableNotFoundError(table=record.id) from error

    @property
    def route(self) -> str | None:
        """This server's route, when it shares the site and has one: where the proxy sends its tables' sockets."""
        return None if self.ownership is None else route_of(self.ownership.owner)

    async def owner_of(self, table_id: str) -> str | None:
        """The server whose lease on the table holds (None: nobody's, or servers do not share the site)."""
        return None if self.ownership is None else await self.ownership.owner_of(table_id)

    def runs(self, table: Table) -> bool:
        """Whether this server runs `table` (a snapshot of a finished one or of another server's is not run)."""
        return self.tables.get(table.id) is table

    async def running(self, table_id: str) -> Table:
        """A table this server runs, to change it; raises `TableElsewhereError` when another server runs it."""
        table = await self.table(table_id)
        if table.status != "finished" and not self.runs(table):
            raise TableElsewhereError(table=table.id)
        return table

    def lobby(self, now: datetime | None = None) -> list[LobbyEntry]:
        """This server's lobby, of the tables in its memory (`lobby.lobby_of`); with several servers, the site's is
        `LobbyBoard.read`."""
        return lobby_of(self.tables.values(), now or utc_now(), self.running_absence)

    async def current_for(self, player_id: str) -> tuple[Table, int] | None:
        """The player's newest running (or waiting) table and seat, for "continue": from memory when this server is
        the only one (it holds every table played in the last day), else from the database, which knows every
        server's tables (the table then loaded, taken here, or as stored when another server runs it)."""
        best = self._current_in_memory(player_id) if self.ownership is None else None
        if best is None:
            table_id = await self.store.run(self.repository.newest_open_table_of, player_id)
            if table_id is not None:
                with contextlib.suppress(TableNotFoundError):  # stored, but its game cannot be replayed
                    table = await self.table(table_id)
                    seat = next((seat for seat in table.seats if seat.human and seat.player_id == player_id), None)
                    if seat is not None and table.status != "finished":
                        best = (table, seat.number)
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
        table = await self.running(table_id)
        async with table.lock:
            if table.status != "waiting":
                raise TableStartedError(table=table.id)
            seat = table.seats[seat_number]
            if seat.kind != "empty":
                raise SeatTakenError(seat=seat_number)
            token = secrets.token_urlsafe(24)
            seat.kind, seat.name, seat.player_id, seat.token_hash = "human", name, player_id, token_hash(token)
            try:
                await self.store.run(self.repository.save_seat, table.id, seat_record(seat), self.epochs[table.id])
            except Exception as error:  # not stored, so not given: no phantom seat
                seat.kind, seat.name, seat.player_id, seat.token_hash = "empty", "", None, None
                if isinstance(error, StaleEpochError):
                    await self._lose(table.id)
                raise NotSavedError(table=table.id) from error
            self.fanout.publish(table)
        self.lobby_changed()
        return Seating(table, seat_number, token)

    async def start_by_token(self, table_id: str, token: str | None) -> Table:
        """`POST .../start` with the creator's token."""
        table = await self.running(table_id)
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
            filled = [empty for empty in table.seats if empty.kind == "empty"]
            epoch = self.epochs.get(table.id, 0)
            try:
                for empty in filled:
                    taken = [other.name for other in table.seats if other.kind != "empty"]
                    empty.kind, empty.name = "bot", bot_name(empty.number, taken)
                    await self.store.run(self.repository.save_seat, table.id, seat_record(empty), epoch)
                await self.store.save(GameSave(table.id, "playing", game_text(table), epoch=epoch))
            except Exception as error:  # still waiting, as stored (a seat row already written says computer player)
                for empty in filled:
                    empty.kind, empty.name = "empty", ""
                if isinstance(error, StaleEpochError):
                    await self._lose(table.id)
                raise NotSavedError(table=table.id) from error
            table.status = "playing"
            table.after_change(time.monotonic())
            self.fanout.publish(table, answer_to, message_id)
        table.wake.set()
        self.lobby_changed()

    async def log(self, table_id: str) -> tuple[Table, list[dict[str, Any]]]:
        table = await self.table(table_id)
        return table, await self.store.run(self.repository.deal_logs, table.id)

    async def player_summary(self, player_id: str, recent: int) -> PlayerSummary:
        summary: PlayerSummary = await self.store.run(self.repository.player_summary, player_id, recent)
        return summary

    async def record_device_game(
        self,
        *,
        player_id: str,
        name: str,
        seed: int,
        variant: str,
        target: int,
        strength: str,
        actions: list[str],
        address: str = UNKNOWN_CLIENT,
    ) -> tuple[Table, bool]:
        """A solo game played on the device, checked by replaying it (`device_games`) and stored as a finished solo
        table that counts in the player's statistics (never rated); with False when it was already stored (a resend
        counts once, and costs no check). Each check counts as a table created against the player's and the address's
        quota, since it asks the bots' workers for every computer decision again. Raises `TooManyTablesError` past
        it and the `device_games` refusals, and nothing is stored then."""
        table_id = device_table_id(player_id, seed)
        stored = await self.store.run(self.repository.table, table_id)
        if stored is not None:
            return table_from_record(stored), False
        if await self.quota.take(player_id, address) is None:
            raise TooManyTablesError(minutes=round(WINDOW_SECONDS / 60))
        thinkers = self.drivers.thinkers

        async def decide(observation: Observation, strength: str, decision: int) -> tuple[Card, ...]:
            return await thinkers.decide(observation, strength, decision, budget=DEVICE_BUDGET)

        game = await replay_device_game(seed, Variant(variant), target, strength, actions, decide)
        seats = [Seat(PERSON_SEAT, "human", name, player_id)]
        for number in range(1, SEAT_COUNT):
            seats.append(Seat(number, "bot", bot_name(number, [seat.name for seat in seats])))
        now = utc_now()
        table = Table(
            id=table_id,
            mode="solo",
            variant=game.variant,
            target=target,
            strength=strength,
            idle_seconds=0,
            status="finished",
            created_at=now,
            game=game,
            seats=seats,
            seed=seed,
            finished_at=now,
        )
        logs = [{"table": table_id, "variant": variant, "target": target, **deal.to_dict()} for deal in game.records]
        try:
            counted = await self.store.run(
                self.repository.store_finished_table, table_record(table), seat_results(table), logs, now
            )
        except Exception as error:
            raise NotSavedError(table=table_id) from error
        return table, counted

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
            self.fanout.add(table, connection)
            if connection.seat is not None:
                self._seat_came(table, connection.seat)
            self.fanout.publish(table, connection, message_id)
        self.drivers.ensure(table)
        table.wake.set()

    async def seat_connected(self, table: Table, seat_number: int) -> None:
        """A person's socket on another server (`relay`) is connected to their seat: present, as with `connect`."""
        async with table.lock:
            self._seat_came(table, seat_number)
            self.fanout.publish(table)
        self.drivers.ensure(table)
        table.wake.set()

    async def seat_disconnected(self, table: Table, seat_number: int) -> None:
        """A person's socket on another server closed (or that server went silent), as with `disconnect`."""
        async with table.lock:
            self._seat_left(table, seat_number)
            self.fanout.publish(table)
        table.wake.set()

    async def disconnect(self, table: Table, connection: Connection) -> None:
        connection.close()
        if self.closing:
            return
        async with table.lock:
            self.fanout.discard(table, connection)
            if connection.seat is not None:
                self._seat_left(table, connection.seat)
            self.fanout.publish(table)
        table.wake.set()

    @staticmethod
    def _seat_came(table: Table, seat_number: int) -> None:
        seat = table.seats[seat_number]
        seat.connections += 1
        seat.disconnected_at = None
        seat.away = False
        seat.waiting_since = None  # a person who (re)connects starts a fresh idle clock
        table.after_change(time.monotonic())
        table.last_seen_at = utc_now()  # only a person's seat has a token to connect with

    @staticmethod
    def _seat_left(table: Table, seat_number: int) -> None:
        seat = table.seats[seat_number]
        seat.connections = max(0, seat.connections - 1)
        if not seat.connected:
            seat.disconnected_at = time.monotonic()
            table.last_seen_at = utc_now()

    # -- actions ----------------------------------------------------------------------------------------------------

    async def act(self, table: Table, connection: Connection, message: Action) -> None:
        """A seat's action from its socket (`pass`, `play`, `next`, `start`, `back`); raises a `HeartsError` or a
        `WebError` for anything illegal, and then nothing has changed."""
        message_id = message.id
        seat_number = connection.seat
        if seat_number is None:
            raise SpectatorError(action=message.type)
        if isinstance(message, Start):
            await self.start_table(table, table.seats[seat_number], connection, message_id)
            return
        async with table.lock:
            seat = table.seats[seat_number]
            if table.status == "waiting":
                raise TableNotStartedError(table=table.id)
            if table.status == "finished" or table.game.phase is Phase.GAME_OVER:
                raise TableFinishedError(table=table.id)
            returned = self._seat_back(table, seat)
            try:
                self._apply(table, seat, message)
            except Exception:
                if returned:  # refused (a card tapped just after the stand-in played), yet the person is back
                    self.fanout.publish(table)
                    table.wake.set()
                raise
            await self._commit(table, answer_to=connection, message_id=message_id)
        self.drivers.nudge(table)

    @staticmethod
    def _seat_back(table: Table, seat: Seat) -> bool:
        """Any action of a person (even one the rules refuse, even `back`) gives them their seat back at once and
        restarts their idle clock, so the computer stand-in does not play their next card; True if they were away."""
        returned = seat.away
        seat.away = False
        seat.waiting_since = None
        table.after_change(time.monotonic())
        return returned

    @staticmethod
    def _apply(table: Table, seat: Seat, message: Action) -> None:
        """A pass, a card or `next` applied to the game; `back` changes nothing more."""
        game = table.game
        if isinstance(message, Pass):
            game.apply_pass(seat.number, message.cards)
        elif isinstance(message, Play):
            game.apply_play(seat.number, message.card)
        elif isinstance(message, Next):
            if game.phase is not Phase.DEAL_OVER:
                raise NotReadyPhaseError(phase=game.phase.value)
            seat.ready = True

    async def _commit(self, table: Table, answer_to: Connection | None = None, message_id: object = None) -> None:
        """After a change (under the table's lock): store it, then send every connection its new state. If it cannot
        be stored, the change is undone (the game goes back to what is stored) and `NotSavedError` says so: nothing
        is shown that the database does not hold, and the same action can simply be tried again. A change that stores
        nothing (a seat ready for the next deal, a person back: no action, no status) is only sent."""
        now_monotonic = time.monotonic()
        table.after_change(now_monotonic)
        game = table.game
        new_logs = [
            {"table": table.id, "variant": table.variant.value, "target": table.target, **record.to_dict()}
            for record in game.records[table.logged_deals :]
        ]
        results = None
        status_before, finished_before = table.status, table.finished_at
        if game.phase is Phase.GAME_OVER and table.status != "finished":
            table.status = "finished"
            table.finished_at = utc_now()
            results = seat_results(table)
        if self.stored_actions.get(table.id) == len(game.actions) and table.status == status_before and not new_logs:
            self.fanout.publish(table, answer_to, message_id)
            return
        epoch = self.epochs.get(table.id, 0)
        try:
            await self.store.save(GameSave(table.id, table.status, game_text(table), new_logs, results, epoch))
        except Exception as error:
            table.status, table.finished_at = status_before, finished_before
            self._back_to_stored(table)
            if isinstance(error, StaleEpochError):  # another server runs it now: nothing of this is shown
                logger.warning("table %s: a save was refused, another server runs it now", table.id)
                await self._lose(table.id)
            raise NotSavedError(table=table.id) from error
        self.stored_actions[table.id] = len(game.actions)
        table.logged_deals = len(game.records)
        self.fanout.publish(table, answer_to, message_id)

    def _back_to_stored(self, table: Table) -> None:
        """Undo the actions applied to a table's game since its last successful save."""
        stored = self.stored_actions.get(table.id)
        if stored is None or stored == len(table.game.actions):
            return
        record = table.game.to_dict()
        actions = record["actions"]
        if isinstance(actions, list):
            record["actions"] = actions[:stored]
        table.game = Game.from_dict(record)
        table.after_change(time.monotonic())
