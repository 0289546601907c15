"""The Hearts traffic between servers, through Redis pub/sub: any server accepts any socket, one server runs each table.

A socket whose table another server runs (its owner) stays where it is; this server relays it. Channels, so that
subscriptions grow with servers and watched tables, never with sockets:

- `heartcards:server:<name>`, one per server: requests to the owner (`watch`, `act`, `join`, `start`) and the
  owner's replies, each naming the request it answers;
- `heartcards:table:<id>`, one per table watched from another server: each change's states, one per seat watched
  elsewhere (and one for spectators if any), rendered once by the owner, with the table's version (epoch,
  revision). A relayed action's answer is the state it made, which names the request; a separate reply goes only
  with a refusal, or when the asker does not watch that seat.

A message is a JSON header on its first line, then a state's JSON text on each further line (`frame`): a state
travels as the very text its sockets are sent, never escaped into the header nor parsed on the way.

Pub/sub delivers at most once, so every state is whole and versioned: a server that missed one sees a gap (or hears
nothing) and its next `watch` (sent every `WATCH_SECONDS` with the version it has) makes the owner send the current
states again. A table's states only replace each other, so nothing is ever shown twice or lost. A `watch` also says
which seats are connected here, so the owner counts those people as present; a server that stops watching (dead, or
cut from Redis) counts as gone after `WATCHER_SECONDS`. A server's watches of one owner's tables go as one message,
and the owner answers it with one (`alive`: the tables the watcher is up to date on), sending the states of the
others again; a server that hears nothing from a table's owner for `WATCHER_SECONDS` closes the table's sockets
here: they reconnect and reach whichever server runs it now. A server that takes a table (its owner died) or lets
its tables go (it stops) says so on their channels (`gone`), so their sockets elsewhere reconnect at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Sequence
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
SITE_CHANNEL: Final = "heartcards:site"
"""What every server hears: players merged into an account, or erased, so that the seats of their tables follow
wherever the tables run."""

Version = tuple[int, int]


def seat_key(seat: int | None) -> str:
    """A seat's state in a table's message: its number, or `spectator`."""
    return SPECTATOR if seat is None else str(seat)


def server_channel(name: str) -> str:
    return f"heartcards:server:{name}"


def table_channel(table_id: str) -> str:
    return f"heartcards:table:{table_id}"


def frame(header: dict[str, Any], states: Sequence[str] = ()) -> str:
    """A message between servers: `header` as JSON on the first line, then each state's JSON text on a line of its
    own (JSON text never holds a raw line break)."""
    head = json_text(header)
    return head if not states else head + "\n" + "\n".join(states)


def unframe(data: bytes | str) -> tuple[dict[str, Any], list[str]]:
    """A message's header and states (`frame` read back)."""
    text = data.decode() if isinstance(data, bytes) else data
    head, _, rest = text.partition("\n")
    header: dict[str, Any] = json.loads(head)
    return header, rest.split("\n") if rest else []


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
        self.answered: set[str] = set()
        """Relayed actions applied here whose answer went with their state (no reply of their own is sent)."""
        self.tasks: list[asyncio.Task[None]] = []
        self.subscribed: set[str] = set()
        self.resubscribe = False
        """Set when `watched` gained or lost a table: the reader subscribes to what is watched now."""
        self.pubsub: Any = None
        self.connected = False
        self.following: asyncio.Task[None] | None = None
        """The reading of the seats' players after Redis came back (`_read`), kept until done."""

    # -- life cycle -------------------------------------------------------------------------------------------------

    def start(self) -> None:
        self.service.fanout.remote = self.published
        self.service.table_taken = self.taken
        self.service.players_changed = self.players_changed
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

    def send(self, channel: str, message: dict[str, Any], states: Sequence[str] = ()) -> None:
        """Queues a message; the publisher sends them in order. While Redis is lost the tables' messages are dropped
        (versions recover them) and the site channel's are sent again (`_publish`)."""
        self.outgoing.put_nowait((channel, frame(message, states)))

    async def _publish(self) -> None:
        """Sends the queued messages: what queued up meanwhile in one round trip. A batch Redis did not take is
        dropped but for its site messages (players merged or erased, which nothing else would repeat): those are kept
        and go first, in their order, in the next batch, tried again every `RECONNECT_SECONDS` until Redis takes it."""
        unsent: list[tuple[str, str]] = []
        while True:
            batch = unsent or [await self.outgoing.get()]
            while not self.outgoing.empty():
                batch.append(self.outgoing.get_nowait())
            try:
                if len(batch) == 1:
                    await self.link.client.publish(*batch[0])
                else:
                    async with self.link.client.pipeline(transaction=False) as pipe:
                        for message in batch:
                            pipe.publish(*message)
                        await pipe.execute()
                unsent = []
            except (redis.RedisError, OSError):
                self.metrics.redis_errors.inc()
                unsent = [message for message in batch if message[0] == SITE_CHANNEL]
                if unsent:
                    await asyncio.sleep(RECONNECT_SECONDS)

    async def _read(self) -> None:
        """Subscribes to this server's channel and the watched tables', and handles what arrives; after Redis was
        lost, subscribes again (and the next `watch` of each table brings its states back), then reads from the
        database what the site channel said meanwhile (`TableService.follow_stored_players`)."""
        lost = False
        while True:
            try:
                self.pubsub = self.link.client.pubsub(ignore_subscribe_messages=True)
                self.subscribed = {SITE_CHANNEL, server_channel(self.name), *map(table_channel, self.watched)}
                await self.pubsub.subscribe(*self.subscribed)
                self.connected = True
                if lost:
                    lost = False
                    self.following = asyncio.get_running_loop().create_task(self._follow_stored_players())
                while True:
                    if self.resubscribe:
                        self.resubscribe = False
                        await self._subscribe_changes()
                    message = await self.pubsub.get_message(timeout=0.2)
                    if message is not None and message["type"] == "message":
                        try:
                            self._dispatch(*unframe(message["data"]))
                        except Exception:  # one bad message must not stop the others
                            logger.exception("the relay could not handle a message")
            except asyncio.CancelledError:
                raise
            except (redis.RedisError, OSError):
                self.connected, lost = False, True
                self.metrics.redis_errors.inc()
                with contextlib.suppress(Exception):
                    await self.pubsub.aclose()
                await asyncio.sleep(RECONNECT_SECONDS)

    async def _follow_stored_players(self) -> None:
        try:
            await self.service.follow_stored_players()
        except Exception:  # the database lost too: the names stay until the tables are read again
            logger.exception("could not read the seats' players again after Redis was lost")

    async def _subscribe_changes(self) -> None:
        wanted = {SITE_CHANNEL, server_channel(self.name), *map(table_channel, self.watched)}
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
            by_owner: dict[str, list[Watched]] = {}
            for watched in list(self.watched.values()):
                if now - watched.heard_at > WATCHER_SECONDS or watched.table_id in self.service.tables:
                    self._give_up(watched)  # its owner is silent, or this server took the table over
                else:
                    by_owner.setdefault(watched.owner, []).append(watched)
            for tables in by_owner.values():
                self._watch(*tables)
            for table_id, watchers in list(self.watchers.items()):
                for server, watcher in list(watchers.items()):
                    if now - watcher.heard_at > WATCHER_SECONDS:
                        await self._seats_there(table_id, server, set())
                        watchers.pop(server, None)
                if not watchers:
                    self.watchers.pop(table_id, None)

    def _dispatch(self, message: dict[str, Any], states: list[str]) -> None:
        kind = message.get("kind")
        if kind == "state":
            self._state(message, states)
        elif kind == "reply":
            future = self.replies.pop(message["request"], None)
            if future is not None and not future.done():
                future.set_result(message)
            self._replied(message)
        elif kind == "alive":
            now = time.monotonic()
            for table_id in message["tables"]:
                watched = self.watched.get(table_id)
                if watched is not None:
                    watched.heard_at = now
        elif kind == "gone":
            for table_id in message["tables"]:
                watched = self.watched.get(table_id)
                if watched is not None:
                    self._give_up(watched)
        elif kind == "watch":
            asyncio.get_running_loop().create_task(self._serve_watch(message))
        elif kind in ("act", "join", "start"):
            asyncio.get_running_loop().create_task(self._serve(message))
        elif kind == "players" and message.get("from") != self.name:
            if "merge" in message:
                self.service.follow_merge(*message["merge"])
            if "forget" in message:
                self.service.follow_erasure(message["forget"])

    def players_changed(self, change: dict[str, Any]) -> None:
        """Players were merged or erased here (their rows already changed): every other server's tables follow. Sent
        again until Redis takes it; a server that could not hear it reads the rows once Redis is back."""
        self.send(SITE_CHANNEL, {"kind": "players", "from": self.name, **change})

    # -- the owner's side ---------------------------------------------------------------------------------------------

    def published(self, table: Table, answer_to: Connection | None, message_id: object) -> None:
        """A change of a table run here (called by the fan-out): its states to the servers that watch it."""
        if self.watchers.get(table.id):
            asked = self.relayed.get(answer_to) if answer_to is not None else None
            self._send_states(table, None if asked is None or answer_to is None else (*asked, answer_to.seat))

    def _send_states(self, table: Table, answer: tuple[str, str, int | None] | None = None) -> None:
        """The table's states for the seats watched elsewhere (and spectators), rendered once for every watcher;
        with `answer` (the asking server, its request, the seat), the answer to a relayed action."""
        watchers = self.watchers.get(table.id, {})
        seats = sorted({seat for watcher in watchers.values() for seat in watcher.seats if 0 <= seat < SEAT_COUNT})
        keys = [str(seat) for seat in seats]
        states = [state_text(table, seat) for seat in seats]
        if any(watcher.spectators for watcher in watchers.values()):
            keys.append(SPECTATOR)
            states.append(state_text(table, None))
        header: dict[str, Any] = {
            "kind": "state",
            "table": table.id,
            "version": [self.service.epochs.get(table.id, 0), table.revision],
            "seats": keys,
        }
        if answer is not None:
            asker, request, seat = answer
            header["answer"] = {"server": asker, "request": request}
            watcher = watchers.get(asker)
            if watcher is not None and seat in watcher.seats:  # the asking socket's own state is in it
                self.answered.add(request)
        self.send(table_channel(table.id), header, states)

    async def _serve_watch(self, message: dict[str, Any]) -> None:
        """Another server watches these tables of this one: the people connected there are counted here; it is sent
        the states it missed (or a new spectator's), told which are up to date (`alive`) and which are not run here
        (`gone`: its sockets on them reconnect and find who runs them)."""
        asker = message["from"]
        alive: list[str] = []
        gone: list[str] = []
        for entry in message["tables"]:
            table_id = entry["table"]
            table = None if self.service.closing else self.service.tables.get(table_id)
            if table is None:
                gone.append(table_id)
                continue
            watcher = self.watchers.setdefault(table_id, {}).setdefault(asker, Watcher(time.monotonic()))
            watcher.heard_at = time.monotonic()
            spectators = bool(entry.get("spectators"))
            spectators_came = spectators and not watcher.spectators
            watcher.spectators = spectators
            if await self._seats_there(table_id, asker, set(entry["seats"])):
                continue  # the change of presence was published, with the states of the seats there now
            if spectators_came or entry["version"] != [self.service.epochs.get(table_id, 0), table.revision]:
                self._send_states(table)  # a new spectator there, or the watcher missed something: all again
            else:  # up to date: a word that the owner lives, so a quiet table (a score table) is not given up
                alive.append(table_id)
        if alive:
            self.send(server_channel(asker), {"kind": "alive", "tables": alive})
        if gone:
            self.send(server_channel(asker), {"kind": "gone", "tables": gone})

    async def _serve(self, message: dict[str, Any]) -> None:
        """A request from another server about a table run here: an action, a join or a start."""
        kind, table_id, asker, request = message["kind"], message["table"], message["from"], message["request"]
        table = None if self.service.closing else self.service.tables.get(table_id)
        if table is None:  # not run here (any more): the asker's sockets reconnect and find who runs it
            self._reply(asker, request, error=TableElsewhereError(table=table_id))
            return
        try:
            if kind == "act":
                seat = int(message["seat"])
                stand_in = Connection(seat, "en")
                self.relayed[stand_in] = (asker, request)
                try:
                    action = parse_message(message["message"])
                    if isinstance(action, Hello | Ping):  # answered where the socket is; never relayed
                        return
                    await self.service.act(table, stand_in, action)
                finally:
                    self.relayed.pop(stand_in, None)
                if request in self.answered:
                    self.answered.discard(request)
                else:  # its state did not carry the answer to the asker's socket: the version to wait for
                    self._reply(asker, request, version=[self.service.epochs.get(table_id, 0), table.revision])
            elif kind == "join":
                seating = await self.service.join(table_id, int(message["seat"]), message["name"], message["player"])
                self._reply(asker, request, token=seating.token)
            elif kind == "start":
                await self.service.start_by_token(table_id, message["token"])
                self._reply(asker, request)
        except KeyedError as error:
            self.answered.discard(request)
            self._reply(asker, request, error=error)

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
            await self._subscribe(table_channel(table_id))  # before asking: its first states go there
        watched.connections.add(connection)
        self._watch(watched)
        key = seat_key(connection.seat)
        try:
            async with asyncio.timeout(REPLY_SECONDS):
                while key not in watched.states:  # the owner renders only the seats watched here
                    await watched.arrived.wait()
                    if self.watched.get(table_id) is not watched:  # given up: the table moved on meanwhile
                        raise TimeoutError
        except TimeoutError:
            self.detach(watched, connection)
            raise TableElsewhereError(table=table_id) from None
        return watched

    async def _subscribe(self, channel: str) -> None:
        """Subscribes to `channel` now (the reader's own check would come a moment later); if Redis is lost, the
        reader subscribes to it again with the others."""
        if self.connected and channel not in self.subscribed:
            try:
                await self.pubsub.subscribe(channel)
                self.subscribed.add(channel)
            except (redis.RedisError, OSError):
                self.resubscribe = True

    def detach(self, watched: Watched, connection: Connection) -> None:
        watched.connections.discard(connection)
        if not watched.connections and self.watched.get(watched.table_id) is watched:
            del self.watched[watched.table_id]
            self.resubscribe = True
        self._watch(watched)

    def _watch(self, *watched: Watched) -> None:
        """Tells an owner that these of its tables are watched here: the versions seen, the seats connected here."""
        entries = [
            {
                "table": each.table_id,
                "version": list(each.version),
                "seats": each.seats(),
                "spectators": each.spectators(),
            }
            for each in watched
        ]
        self.send(server_channel(watched[0].owner), {"kind": "watch", "from": self.name, "tables": entries})

    def _give_up(self, watched: Watched) -> None:
        """The owner has gone (or no longer runs the table): the sockets here reconnect and find who runs it."""
        if self.watched.get(watched.table_id) is watched:
            del self.watched[watched.table_id]
            self.resubscribe = True
        for connection in watched.connections:
            connection.close()
        watched.arrived.set()  # a socket still waiting for its first state gives up at once

    def taken(self, table_id: str) -> None:
        """This server has just taken the table (its owner died, or let it go): every server's sockets on it that
        still wait for the old owner reconnect at once, and find it here."""
        watched = self.watched.get(table_id)
        if watched is not None:
            self._give_up(watched)
        self.send(table_channel(table_id), {"kind": "gone", "tables": [table_id]})

    async def drain(self) -> None:
        """The server is stopping and has let its tables go: the other servers' sockets on them reconnect at once,
        and the next server asked for each takes it."""
        tables = list(self.service.tables)
        gone = [(table_channel(table_id), frame({"kind": "gone", "tables": [table_id]})) for table_id in tables]
        try:
            async with self.link.client.pipeline(transaction=False) as pipe:
                for channel, data in gone:
                    pipe.publish(channel, data)
                await pipe.execute()
        except (redis.RedisError, OSError):
            self.metrics.redis_errors.inc()  # their sockets find out within `WATCHER_SECONDS`

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

    def _state(self, message: dict[str, Any], texts: list[str]) -> None:
        watched = self.watched.get(message["table"])
        if watched is None:
            return
        version: Version = (message["version"][0], message["version"][1])
        states = dict(zip(message["seats"], texts, strict=True))
        if version < watched.version or (version == watched.version and states.keys() <= watched.states.keys()):
            return  # an older state, or the same again
        if version[0] == watched.version[0] and version[1] != watched.version[1] + 1:
            self.metrics.relay_gaps.inc()  # some states were missed: this one is whole, nothing more is needed
        watched.version = version
        watched.states.update(states)  # a seat not rendered this time keeps its newest state
        watched.heard_at = time.monotonic()
        watched.arrived.set()
        watched.arrived = asyncio.Event()
        answer = message.get("answer")
        answered: Connection | None = None
        answered_id: object = None
        if answer is not None and answer["server"] == self.name:
            request = answer["request"]
            found = watched.answers.pop(request, None)
            if found is not None:
                answered, answered_id, _ = found
            future = self.replies.pop(request, None)
            if future is not None and not future.done():
                future.set_result({"kind": "reply", "request": request, "version": list(version)})
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
