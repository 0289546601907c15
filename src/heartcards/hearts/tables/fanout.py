"""Fan-out to the sockets: each table's connections, their outboxes, and the `state` message each seat gets.

A change to a table is published once (`publish`); every connection then has its seat's state queued. A queued state
is rendered only when its turn to be sent comes, so a slow socket gets the newest state once instead of a queue of
stale ones.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

import redis

from heartcards.hearts.table import Table
from heartcards.hearts.tables.views import json_text, own_view_text, shared_view_json, table_json
from heartcards.runtime.counters import REFRESH_SECONDS, RedisBuckets, RedisHolds


@dataclass(eq=False, slots=True)
class StateDue:
    """A place in a connection's outbox for its seat's state, rendered when its turn to be sent comes (so it is
    the newest state then), answering the client's message `message_id` if there is one."""

    message_id: object = None


MAX_QUEUED: Final = 64
"""Messages a socket's outbox holds at most. States take one place whatever the number of changes (see
`send_state`); what fills an outbox is answers to a client that keeps sending and never reads them. Such a client
is closed instead of growing the server's memory without limit."""
MESSAGES_PER_SECOND: Final = 20.0
MESSAGE_BURST: Final = 40.0
"""A socket's messages are handled at once up to `MESSAGE_BURST`, then at `MESSAGES_PER_SECOND` (a person acts a
few times a second at most; a scripted client playing flat out is merely slowed). Beyond that pace its next message
is read only when its turn comes: the socket waits, its frames stay in the network buffers, and a flooding client
takes no more of the server's time than a quick player."""


@dataclass(eq=False, slots=True)
class MessageRate:
    """A token bucket: `delay(now)` takes one message's token and says how long to wait before handling it."""

    per_second: float = MESSAGES_PER_SECOND
    burst: float = MESSAGE_BURST
    tokens: float = MESSAGE_BURST
    at: float = field(default_factory=time.monotonic)

    def delay(self, now: float) -> float:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.per_second) - 1.0
        self.at = now
        return 0.0 if self.tokens >= 0.0 else -self.tokens / self.per_second


MAX_SOCKETS_PER_CLIENT: Final = 24
"""Sockets one client address (`runtime/clients.py`) may hold open on this server: a household of four, each at a table
with a tab or two more watching, is far below it; one process holding every connection the server has is not."""
CLIENT_MESSAGES_PER_SECOND: Final = 2 * MESSAGES_PER_SECOND
CLIENT_MESSAGE_BURST: Final = 2 * MESSAGE_BURST
"""A client address's messages, all its sockets together (on every server of the site): two quick players' worth.
Hundreds of sockets from one client take no more of the servers' time than that."""
DRAWN_TOKENS: Final = 10
"""Tokens a server takes from a client address's bucket in Redis at a time: one round trip per ten messages, and at
most ten messages' worth left unused on a server when its sockets fall quiet."""
SOCKETS_KEY: Final = "sockets:"
"""The prefix of an address's sockets in Redis (`counters.RedisHolds`)."""
MESSAGES_KEY: Final = "messages:"
"""The prefix of an address's bucket of messages in Redis (`counters.RedisBuckets`)."""

logger = logging.getLogger("heartcards.hearts.tables")


@dataclass(eq=False, slots=True)
class ClientRate:
    """The message rate every socket of a client address shares: a bucket on this server, or with `site` (servers
    sharing a site through Redis) the site's bucket, from which this server draws `DRAWN_TOKENS` at a time and hands
    them out here. When Redis cannot be reached, this server's own bucket holds the rate on it."""

    client: str
    site: RedisBuckets | None = None
    own: MessageRate = field(
        default_factory=lambda: MessageRate(CLIENT_MESSAGES_PER_SECOND, CLIENT_MESSAGE_BURST, CLIENT_MESSAGE_BURST)
    )
    drawn: int = 0
    """Tokens drawn from the site's bucket and not handed out yet."""
    usable_at: float = 0.0
    """When the drawn tokens may be used (`time.monotonic()`): at once, or when the site's bucket has paid its debt."""
    drawing: asyncio.Lock = field(default_factory=asyncio.Lock)
    """Held while tokens are drawn, so that sockets running out together draw once."""
    unreachable: bool = False
    """Redis failed at the last draw (said once in the log, not at each message)."""

    async def delay(self, now: float) -> float:
        """Takes one message's token and says how long to wait before handling it."""
        if self.site is None:
            return self.own.delay(now)
        if self.drawn == 0:
            async with self.drawing:
                if self.drawn == 0:
                    try:
                        wait = await self.site.draw(
                            MESSAGES_KEY + self.client, CLIENT_MESSAGES_PER_SECOND, CLIENT_MESSAGE_BURST, DRAWN_TOKENS
                        )
                    except (redis.RedisError, OSError):
                        if not self.unreachable:
                            logger.warning("Redis unreachable: messages of %s counted on this server only", self.client)
                        self.unreachable = True
                        return self.own.delay(now)
                    self.unreachable = False
                    self.drawn, self.usable_at = DRAWN_TOKENS, now + wait
        self.drawn -= 1
        return max(0.0, self.usable_at - now)


@dataclass(frozen=True, slots=True)
class OpenSocket:
    """One socket counted against its client address's cap, and the message rate it shares with the others."""

    client: str
    rate: ClientRate
    ticket: str | None = None
    """Its hold in Redis when servers share the site (`counters.RedisHolds`)."""


class ClientSockets:
    """The sockets open per client address and the message rate they share. With `site` (servers sharing a site
    through Redis), the cap is the site's: every socket also holds a place in Redis, refreshed while it lives, so a
    server that crashes leaves its places counted for a minute at most. When Redis cannot be reached, this server's
    own count still holds the cap on it. With `buckets`, the message rate is the site's too (`ClientRate`)."""

    def __init__(self, site: RedisHolds | None = None, buckets: RedisBuckets | None = None) -> None:
        self.site = site
        self.buckets = buckets
        self._open: dict[str, int] = {}
        self._rates: dict[str, ClientRate] = {}
        self._held: set[tuple[str, str]] = set()
        self._refresher: asyncio.Task[None] | None = None

    async def open(self, client: str) -> OpenSocket | None:
        """Counts one more socket of `client`; None past the cap (nothing counted)."""
        count = self._open.get(client, 0)
        if count >= MAX_SOCKETS_PER_CLIENT:
            return None
        self._open[client] = count + 1
        rate = self._rates.get(client)
        if rate is None:
            rate = self._rates[client] = ClientRate(client, self.buckets)
        opened = OpenSocket(client, rate)
        if self.site is None:
            return opened
        try:
            ticket = await self.site.hold(SOCKETS_KEY + client, MAX_SOCKETS_PER_CLIENT)
        except (redis.RedisError, OSError):
            logger.warning("Redis unreachable: sockets of %s counted on this server only", client)
            return opened
        if ticket is None:  # the address holds its cap on the other servers
            self._count_out(client)
            return None
        self._held.add((client, ticket))
        if self._refresher is None or self._refresher.done():
            self._refresher = asyncio.create_task(self._refresh(self.site))
        return OpenSocket(client, rate, ticket)

    async def close(self, opened: OpenSocket) -> None:
        self._count_out(opened.client)
        if self.site is not None and opened.ticket is not None:
            self._held.discard((opened.client, opened.ticket))
            try:
                await self.site.release(SOCKETS_KEY + opened.client, opened.ticket)
            except (redis.RedisError, OSError):
                logger.warning("Redis unreachable: a socket's place there expires by itself")

    def _count_out(self, client: str) -> None:
        count = self._open.get(client, 0) - 1
        if count > 0:
            self._open[client] = count
        else:
            self._open.pop(client, None)
            self._rates.pop(client, None)

    async def _refresh(self, site: RedisHolds) -> None:
        """Keeps this server's places in Redis counted while their sockets live; stops when none is left."""
        while self._held:
            await asyncio.sleep(REFRESH_SECONDS)
            try:
                await site.refresh([(SOCKETS_KEY + client, ticket) for client, ticket in self._held])
            except (redis.RedisError, OSError):
                logger.warning("Redis unreachable: the sockets' places there were not refreshed")

    def count(self, client: str) -> int:
        return self._open.get(client, 0)


@dataclass(eq=False, slots=True)
class Connection:
    """One socket on a table: its seat (None for a spectator), its language, its outgoing queue (bounded: see
    `MAX_QUEUED`) and the rate its messages are handled at."""

    seat: int | None
    language: str
    outbox: asyncio.Queue[dict[str, Any] | StateDue | None] = field(default_factory=asyncio.Queue)
    state_due: StateDue | None = None
    """The state waiting in the outbox, not yet rendered, if any."""
    overflowed: bool = False
    """The client did not read its answers: nothing more is queued, and the socket is to be closed."""
    rate: MessageRate = field(default_factory=MessageRate)
    client_rate: ClientRate | None = None
    """The rate shared by every socket of the same client address (`ClientSockets`), if counted there."""
    closed: bool = False
    """The server ended the socket (it stops, or the table moved to another server)."""

    async def delay(self, now: float) -> float:
        """How long to wait before handling the next message: the socket's own pace and its client's, the slower."""
        own = self.rate.delay(now)
        return own if self.client_rate is None else max(own, await self.client_rate.delay(now))

    def send(self, message: dict[str, Any]) -> None:
        self._put(message)

    def _put(self, item: dict[str, Any] | StateDue) -> None:
        if self.overflowed:
            return
        if self.outbox.qsize() >= MAX_QUEUED:
            self.overflowed = True
            return
        self.outbox.put_nowait(item)

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
        self._put(self.state_due)

    def close(self) -> None:
        """Ends the socket once what is queued is sent (its writer stops at the None)."""
        if not self.closed:
            self.closed = True
            self.outbox.put_nowait(None)


class FanOut:
    """Every table's open connections, and the rendering of the state each one is sent."""

    def __init__(self) -> None:
        self.connections: dict[str, set[Connection]] = {}
        self.remote: Callable[[Table, Connection | None, object], None] | None = None
        """Told of every change too, to send it to the other servers' sockets (`relay`), when servers share the
        site."""

    def add(self, table: Table, connection: Connection) -> None:
        self.connections.setdefault(table.id, set()).add(connection)

    def discard(self, table: Table, connection: Connection) -> None:
        connections = self.connections.get(table.id, set())
        connections.discard(connection)
        if not connections:
            self.connections.pop(table.id, None)

    def watched(self, table_id: str) -> bool:
        """Whether any socket (a seat's or a spectator's) is open on the table."""
        return bool(self.connections.get(table_id))

    def publish(self, table: Table, answer_to: Connection | None = None, message_id: object = None) -> None:
        """A published change: every connection on the table gets its seat's new state (`answer_to` with the id of
        the message that made the change)."""
        table.revision += 1
        for connection in self.connections.get(table.id, ()):
            connection.send_state(message_id if connection is answer_to else None)
        if self.remote is not None:
            self.remote(table, answer_to, message_id)

    def close_all(self) -> None:
        """Ends every connection's writer (the server is stopping)."""
        for connections in self.connections.values():
            for connection in connections:
                connection.close()

    async def render(self, table: Table, connection: Connection, due: StateDue) -> str:
        """The text of a queued state, as it is now. Changes are applied and stored under the table's lock, so
        rendering under it never shows a change that is not stored yet. When nobody holds the lock the state is
        rendered at once (rendering does not await, so nothing can change meanwhile): no lock taken per send."""
        if table.lock.locked():
            async with table.lock:
                return self._render_now(table, connection, due)
        return self._render_now(table, connection, due)

    @staticmethod
    def _render_now(table: Table, connection: Connection, due: StateDue) -> str:
        if connection.state_due is due:
            connection.state_due = None  # from here on, a change queues a new state
        return state_text(table, connection.seat, due.message_id)


SPECTATOR_OWN_TEXT: Final = json_text({"hand": [], "legal": [], "passed": None, "received": None})
"""A spectator's part of a view: no hand, nothing to play, no pass. The rest of its view is what every seat shares
(the trick, the card counts, the scores, the last trick), so a spectator can follow the game and never sees a card
that is not on the table."""


def state_text(table: Table, seat: int | None, message_id: object = None) -> str:
    """The `state` message for `seat` (None: a spectator) as JSON text. What is the same for every seat (the public
    table, the view's shared part) is encoded once per published change; only the seat's own cards are encoded per
    connection."""
    view = "null"
    if table.status != "waiting":
        observation = table.game.observation(0 if seat is None else seat)
        if table.shared_view_text is None or table.shared_view_text[0] != table.revision:
            table.shared_view_text = (table.revision, json_text(shared_view_json(table, observation)))
        own = SPECTATOR_OWN_TEXT if seat is None else own_view_text(observation)
        view = table.shared_view_text[1][:-1] + "," + own[1:]  # two JSON objects' members in one object
    if table.public_text is None or table.public_text[0] != table.revision:
        table.public_text = (table.revision, json_text(table_json(table)))
    seat_text = "null" if seat is None else str(seat)
    end = "}" if message_id is None else f',"id":{json_text(message_id)}}}'
    return f'{{"type":"state","table":{table.public_text[1]},"seat":{seat_text},"view":{view}{end}'
