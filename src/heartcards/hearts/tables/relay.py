"""The Hearts traffic between servers, through Redis pub/sub: any server accepts any socket, one server runs each table.

A socket whose table another server runs (its owner) stays where it is; this server relays it. Channels, so that
subscriptions grow with servers and watched tables, never with sockets:

- `heartcards:server:<name>`, one per server: requests to the owner (`watch`, `act`, `join`, `start`) and the
  owner's replies, each naming the request it answers;
- `heartcards:table:<id>`, one per table watched from another server: each change's states, one per seat watched
  elsewhere (and one for spectators if any), rendered once by the owner, with the table's version (epoch,
  revision).

Pub/sub delivers at most once, so every state is whole and versioned: a server that missed one sees a gap (or hears
nothing) and its next `watch` (sent every `WATCH_SECONDS` with the version it has) makes the owner send the current
states again. A table's states only replace each other, so nothing is ever shown twice or lost. A `watch` also says
which seats are connected here, so the owner counts those people as present; a server that stops watching (dead, or
cut from Redis) counts as gone after `WATCHER_SECONDS`. The owner answers every `watch` (with the states, or with
`alive` when the watcher is up to date); a server that hears nothing from a table's owner for `WATCHER_SECONDS`
closes the table's sockets here: they reconnect and reach whichever server runs it now.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Final

import redis

from heartcards.errors import KeyedError
from heartcards.hearts.table import SEAT_COUNT, Table
from heartcards.hearts.tables.errors import TableElsewhereError
from heartcards.hearts.tables.fanout import Connection, StateDue, state_text
from heartcards.hearts.tables.messages import Hello, Ping, parse_message
from heartcards.hearts.tables.service import TableService
from heartcards.hearts.tables.views import json_text
from heartcards.runtime.metrics import Metrics
from heartcards.runtime.redis_link import RedisLink

logger = logging.getLogger("heartcards.hearts.tables")

WATCH_SECONDS: Final = 1.0
"""How often a server tells each table's owner it still watches, with the version it has."""
WATCHER_SECONDS: Final = 4.0
"""A watcher (or an owner) not heard from for this long is taken as gone."""
REPLY_SECONDS: Final = 3.0
"""How long a relayed request waits for the owner's reply before the client is told to try again."""
RECONNECT_SECONDS: Final = 0.5
"""The pause before subscribing again after Redis was lost."""
SPECTATOR: Final = "spectator"

Version = tuple[int, int]


def seat_key(seat: int | None) -> str:
    """A seat's state in a table's message: its number, or `spectator`."""
    return SPECTATOR if seat is None else str(seat)


def server_channel(name: str) -> str:
    return f"heartcards:server:{name}"


def table_channel(table_id: str) -> str:
    return f"heartcards:table:{table_id}"


class RemoteError(KeyedError):
    """An error the owner answered a relayed request with, to be translated here."""

    def __init__(self, key: str, params: dict[str, object]) -> None:
        super().__init__(key, **params)
        self.key = key


@dataclass(eq=False, slots=True)
class Watched:
    """A table another server runs, as this server sees it: its sockets here and the newest states heard."""

    table_id: str
    owner: str
    connections: set[Connection] = field(default_factory=set)
    version: Version = (-1, -1)
    states: dict[str, str] = field(default_factory=dict)
    heard_at: float = field(default_factory=time.monotonic)
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    """Set (and replaced) each time a newer state arrives."""
    answers: dict[str, tuple[Connection, object, Version | None]] = field(default_factory=dict)
    """Relayed actions not yet answered: request id → (socket, the client's message id, the version replied)."""

    def seats(self) -> list[int]:
        return sorted({connection.seat for connection in self.connections if connection.seat is not None})

    def spectators(self) -> bool:
        return any(connection.seat is None for connection in self.connections)


@dataclass(eq=False, slots=True)
class Watcher:
    """Another server watching a table run here: when it last said so, and which seats are connected there."""

    heard_at: float
    seats: set[int] = field(default_factory=set)
    spectators: bool = False


class Relay:
    def __init__(self, link: RedisLink, name: str, service: TableService, metrics: Metrics) -> None:
        self.link = link
        self.name = name
        self.service = service
        self.metrics = metrics
        self.watched: dict[str, Watched] = {}
        """Tables run by other servers with sockets here."""
        self.watchers: dict[str, dict[str, Watcher]] = {}
        """Tables run here, by the servers that watch them."""
        self.replies: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.outgoing: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self.relayed: dict[Connection, tuple[str, str]] = {}
        """The stand-in connections of relayed actions being applied here: → (the asking server, its request)."""
        self.tasks: list[asyncio.Task[None]] = []
        self.subscribed: set[str] = set()
        self.pubsub: Any = None
        self.connected = False

    # -- life cycle -------------------------------------------------------------------------------------------------

    def start(self) -> None:
        self.service.fanout.remote = self.published
        loop = asyncio.get_running_loop()
        self.tasks = [
            loop.create_task(self._read(), name="relay-read"),
            loop.create_task(self._publish(), name="relay-publish"),
            loop.create_task(self._tick(), name="relay-tick"),
        ]

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        for watched in self.watched.values():
            for connection in watched.connections:
                connection.close()
        if self.pubsub is not None:
            with contextlib.suppress(Exception):
                await self.pubsub.aclose()

    def send(self, channel: str, message: dict[str, Any]) -> None:
        """Queues a message; the publisher sends them in order (dropped while Redis is lost: versions recover)."""
        self.outgoing.put_nowait((channel, json.dumps(message, separators=(",", ":"))))

    async def _publish(self) -> None:
        while True:
            channel, data = await self.outgoing.get()
            try:
                await self.link.client.publish(channel, data)
            except (redis.RedisError, OSError):
                self.metrics.redis_errors.inc()

    async def _read(self) -> None:
        """Subscribes to this server's channel and the watched tables', and handles what arrives; after Redis was
        lost, subscribes again (and the next `watch` of each table brings its states back)."""
        while True:
            try:
                self.pubsub = self.link.client.pubsub(ignore_subscribe_messages=True)
                self.subscribed = {server_channel(self.name), *map(table_channel, self.watched)}
                await self.pubsub.subscribe(*self.subscribed)
                self.connected = True
                while True:
                    await self._subscribe_changes()
                    message = await self.pubsub.get_message(timeout=0.2)
                    if message is not None and message["type"] == "message":
                        try:
                            self._dispatch(json.loads(message["data"]))
                        except Exception:  # one bad message must not stop the others
                            logger.exception("the relay could not handle a message")
            except asyncio.CancelledError:
                raise
            except (redis.RedisError, OSError):
                self.connected = False
                self.metrics.redis_errors.inc()
                with contextlib.suppress(Exception):
                    await self.pubsub.aclose()
                await asyncio.sleep(RECONNECT_SECONDS)

    async def _subscribe_changes(self) -> None:
        wanted = {server_channel(self.name), *map(table_channel, self.watched)}
        if wanted - self.subscribed:
            await self.pubsub.subscribe(*(wanted - self.subscribed))
        if self.subscribed - wanted:
            await self.pubsub.unsubscribe(*(self.subscribed - wanted))
        self.subscribed = wanted

    async def _tick(self) -> None:
        """Every `WATCH_SECONDS`: tells each owner which tables are watched here; lets go of silent watchers, and
        of the sockets of tables whose owner has gone silent."""
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            now = time.monotonic()
            for watched in list(self.watched.values()):
                if now - watched.heard_at > WATCHER_SECONDS or watched.table_id in self.service.tables:
                    self._give_up(watched)  # its owner is silent, or this server took the table over
                else:
                    self._watch(watched)
            for table_id, watchers in list(self.watchers.items()):
                for server, watcher in list(watchers.items()):
                    if now - watcher.heard_at > WATCHER_SECONDS:
                        await self._seats_there(table_id, server, set())
                        watchers.pop(server, None)
                if not watchers:
                    self.watchers.pop(table_id, None)

    def _dispatch(self, message: dict[str, Any]) -> None:
        kind = message.get("kind")
        if kind == "state":
            self._state(message)
        elif kind == "reply":
            future = self.replies.pop(message["request"], None)
            if future is not None and not future.done():
                future.set_result(message)
            self._replied(message)
        elif kind == "alive":
            watched = self.watched.get(message["table"])
            if watched is not None:
                watched.heard_at = time.monotonic()
        elif kind == "gone":
            watched = self.watched.get(message["table"])
            if watched is not None:
                self._give_up(watched)
        elif kind in ("watch", "act", "join", "start"):
            asyncio.get_running_loop().create_task(self._serve(message))

    # -- the owner's side ---------------------------------------------------------------------------------------------

    def published(self, table: Table, answer_to: Connection | None, message_id: object) -> None:
        """A change of a table run here (called by the fan-out): its states to the servers that watch it."""
        if self.watchers.get(table.id):
            self._send_states(table, self.relayed.get(answer_to) if answer_to is not None else None)

    def _send_states(self, table: Table, answer: tuple[str, str] | None = None) -> None:
        """The table's states for the seats watched elsewhere (and spectators), rendered once for every watcher."""
        watchers = self.watchers.get(table.id, {}).values()
        seats = {seat for watcher in watchers for seat in watcher.seats if 0 <= seat < SEAT_COUNT}
        states = {str(seat): state_text(table, seat) for seat in sorted(seats)}
        if any(watcher.spectators for watcher in watchers):
            states[SPECTATOR] = state_text(table, None)
        message: dict[str, Any] = {
            "kind": "state",
            "table": table.id,
            "version": [self.service.epochs.get(table.id, 0), table.revision],
            "states": states,
        }
        if answer is not None:
            message["answer"] = {"server": answer[0], "request": answer[1]}
        self.send(table_channel(table.id), message)

    async def _serve(self, message: dict[str, Any]) -> None:
        """A request from another server about a table run here."""
        kind, table_id, asker = message["kind"], message["table"], message["from"]
        table = self.service.tables.get(table_id)
        if table is None:  # not run here (any more): the asker's sockets reconnect and find who runs it
            if kind == "watch":
                self.send(server_channel(asker), {"kind": "gone", "table": table_id})
            else:
                self._reply(asker, message["request"], error=TableElsewhereError(table=table_id))
            return
        if kind == "watch":
            watcher = self.watchers.setdefault(table_id, {}).setdefault(asker, Watcher(time.monotonic()))
            watcher.heard_at = time.monotonic()
            spectators = bool(message.get("spectators"))
            spectators_came = spectators and not watcher.spectators
            watcher.spectators = spectators
            if await self._seats_there(table_id, asker, set(message["seats"])):
                return  # the change of presence was published, with the states of the seats there now
            if spectators_came or message["version"] != [self.service.epochs.get(table_id, 0), table.revision]:
                self._send_states(table)  # a new spectator there, or the watcher missed something: all again
            else:  # up to date: a word that the owner lives, so a quiet table (a score table) is not given up
                self.send(server_channel(asker), {"kind": "alive", "table": table_id})
            return
        try:
            if kind == "act":
                seat = int(message["seat"])
                stand_in = Connection(seat, "en")
                self.relayed[stand_in] = (asker, message["request"])
                try:
                    action = parse_message(message["message"])
                    if isinstance(action, Hello | Ping):  # answered where the socket is; never relayed
                        return
                    await self.service.act(table, stand_in, action)
                finally:
                    self.relayed.pop(stand_in, None)
                self._reply(asker, message["request"], version=[self.service.epochs.get(table_id, 0), table.revision])
            elif kind == "join":
                seating = await self.service.join(table_id, int(message["seat"]), message["name"], message["player"])
                self._reply(asker, message["request"], token=seating.token)
            elif kind == "start":
                await self.service.start_by_token(table_id, message["token"])
                self._reply(asker, message["request"])
        except KeyedError as error:
            self._reply(asker, message["request"], error=error)

    def _reply(self, asker: str, request: str, error: KeyedError | None = None, **fields: Any) -> None:
        reply: dict[str, Any] = {"kind": "reply", "request": request, **fields}
        if error is not None:
            reply["error"] = {"key": error.key, "params": error.params}
        self.send(server_channel(asker), reply)

    async def _seats_there(self, table_id: str, server: str, seats: set[int]) -> bool:
        """The seats connected on `server` are now `seats`: the people who came or left there, counted here (and
        published); whether anything changed."""
        watcher = self.watchers.get(table_id, {}).get(server)
        table = self.service.tables.get(table_id)
        if watcher is None or table is None or watcher.seats == seats:
            return False
        came, left = seats - watcher.seats, watcher.seats - seats
        watcher.seats = set(seats)
        for seat in came:
            await self.service.seat_connected(table, seat)
        for seat in left:
            await self.service.seat_disconnected(table, seat)
        return True

    # -- the watcher's side ---------------------------------------------------------------------------------------

    async def attach(self, table_id: str, owner: str, connection: Connection) -> Watched:
        """A socket here on a table `owner` runs; returns once its first state has come (raises
        `TableElsewhereError` when the owner does not answer within `REPLY_SECONDS`)."""
        watched = self.watched.get(table_id)
        if watched is None or watched.owner != owner:
            if watched is not None:
                self._give_up(watched)
            watched = self.watched[table_id] = Watched(table_id, owner)
        watched.connections.add(connection)
        self._watch(watched)
        key = seat_key(connection.seat)
        try:
            async with asyncio.timeout(REPLY_SECONDS):
                while key not in watched.states:  # the owner renders only the seats watched here
                    await watched.arrived.wait()
        except TimeoutError:
            self.detach(watched, connection)
            raise TableElsewhereError(table=table_id) from None
        return watched

    def detach(self, watched: Watched, connection: Connection) -> None:
        watched.connections.discard(connection)
        if not watched.connections and self.watched.get(watched.table_id) is watched:
            del self.watched[watched.table_id]
        self._watch(watched)

    def _watch(self, watched: Watched) -> None:
        self.send(
            server_channel(watched.owner),
            {
                "kind": "watch",
                "table": watched.table_id,
                "from": self.name,
                "version": list(watched.version),
                "seats": watched.seats(),
                "spectators": watched.spectators(),
            },
        )

    def _give_up(self, watched: Watched) -> None:
        """The owner has gone (or no longer runs the table): the sockets here reconnect and find who runs it."""
        if self.watched.get(watched.table_id) is watched:
            del self.watched[watched.table_id]
        for connection in watched.connections:
            connection.close()

    async def request(self, watched_or_owner: Watched | str, message: dict[str, Any]) -> dict[str, Any]:
        """Sends a request to a table's owner and returns its reply; raises the owner's error, or
        `TableElsewhereError` when no reply comes within `REPLY_SECONDS`."""
        owner = watched_or_owner if isinstance(watched_or_owner, str) else watched_or_owner.owner
        request = secrets.token_hex(8)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.replies[request] = future
        self.send(server_channel(owner), {**message, "from": self.name, "request": request})
        try:
            async with asyncio.timeout(REPLY_SECONDS):
                reply = await future
        except TimeoutError:
            raise TableElsewhereError(table=message["table"]) from None
        finally:
            self.replies.pop(request, None)
        error = reply.get("error")
        if error is not None:
            raise RemoteError(error["key"], error["params"])
        return reply

    async def act(self, watched: Watched, connection: Connection, raw: str, message_id: object) -> None:
        """Relays a seat's action to the owner; the socket's answer is the state that carries its request (or, if
        that state was missed, the next one at or past the version replied)."""
        request = secrets.token_hex(8)
        watched.answers[request] = (connection, message_id, None)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.replies[request] = future
        self.send(
            server_channel(watched.owner),
            {
                "kind": "act",
                "table": watched.table_id,
                "from": self.name,
                "request": request,
                "seat": connection.seat,
                "message": raw,
            },
        )
        try:
            async with asyncio.timeout(REPLY_SECONDS):
                reply = await future
        except TimeoutError:
            watched.answers.pop(request, None)
            raise TableElsewhereError(table=watched.table_id) from None
        finally:
            self.replies.pop(request, None)
        error = reply.get("error")
        if error is not None:
            watched.answers.pop(request, None)
            raise RemoteError(error["key"], error["params"])

    def _replied(self, reply: dict[str, Any]) -> None:
        """An action's reply: if its state was missed, the socket is answered by the next state past it."""
        version = reply.get("version")
        if version is None:
            return
        for watched in self.watched.values():
            answer = watched.answers.get(reply["request"])
            if answer is None:
                continue
            connection, message_id, _ = answer
            if tuple(version) <= watched.version:  # its state was missed, but a newer one came: answer now
                watched.answers.pop(reply["request"])
                connection.send_state(message_id)
            else:
                watched.answers[reply["request"]] = (connection, message_id, (version[0], version[1]))
                self._watch(watched)  # brings the states again

    def _state(self, message: dict[str, Any]) -> None:
        watched = self.watched.get(message["table"])
        if watched is None:
            return
        version: Version = (message["version"][0], message["version"][1])
        if version < watched.version or (
            version == watched.version and message["states"].keys() <= watched.states.keys()
        ):
            return  # an older state, or the same again
        if version[0] == watched.version[0] and version[1] != watched.version[1] + 1:
            self.metrics.relay_gaps.inc()  # some states were missed: this one is whole, nothing more is needed
        watched.version = version
        states: dict[str, str] = message["states"]
        watched.states.update(states)  # a seat not rendered this time keeps its newest state
        watched.heard_at = time.monotonic()
        watched.arrived.set()
        watched.arrived = asyncio.Event()
        answer = message.get("answer")
        answered: Connection | None = None
        answered_id: object = None
        if answer is not None and answer["server"] == self.name:
            found = watched.answers.pop(answer["request"], None)
            if found is not None:
                answered, answered_id, _ = found
        for request, (connection, message_id, replied) in list(watched.answers.items()):
            if replied is not None and replied <= version:  # a reply whose own state was missed
                watched.answers.pop(request)
                connection.send_state(message_id)
        for connection in watched.connections:
            if seat_key(connection.seat) in states:
                connection.send_state(answered_id if connection is answered else None)

    def render(self, watched: Watched, connection: Connection, due: StateDue) -> str:
        """The text of a socket's queued state: the newest heard for its seat, with the id it answers."""
        if connection.state_due is due:
            connection.state_due = None
        text = watched.states[seat_key(connection.seat)]  # there: `attach` waited for it, and states only add up
        return text if due.message_id is None else f'{text[:-1]},"id":{json_text(due.message_id)}}}'
