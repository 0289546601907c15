"""The server's connection handling: uvicorn's httptools protocol with deadlines and a cap on the request head, and
its WebSocket protocol with small buffers and no connection held open by a client that does not read.

uvicorn closes a keep-alive connection that stays idle after an answer, but not a connection that never sends a
request, nor one that sends its request a byte at a time: thousands of those hold every file descriptor, and then
every real request fails. Here each request must arrive whole (head and body) within `REQUEST_SECONDS` of the
connection opening or of the request's first byte, and its head (request line and headers) may not pass
`MAX_HEAD_BYTES`; otherwise the connection is closed. A WebSocket upgrade ends the deadline: the socket then has
its own (the app's hello deadline, pings).

A WebSocket's outgoing data waits in the kernel's send buffer and then in the transport's; the app's own outbox
(`web.hearts.fanout.MAX_QUEUED`) fills only once both are full. Left to themselves they hold megabytes (on loopback
the kernel sizes a send buffer to over a megabyte), so a client that never reads would only be noticed after
minutes. Here they are small (`WEBSOCKET_SEND_BUFFER_BYTES`, `WEBSOCKET_WRITE_HIGH_BYTES`; a table's state is a
few KB), a close frame is queued even while the client is not reading, and once the app has finished with a socket
the connection is cut (`WEBSOCKET_LINGER_SECONDS` later) if the client has not read what is left, instead of
holding its descriptor for as long as the client likes.

With a `ConnectionGate` (`GuardedHttpProtocol.gated`), a connection whose address already has its share of busy
connections is paused before its request is read, and goes on when one of them is done (`web.connections`).

Past the server's cap on connections at once (`limit_concurrency`), uvicorn answers without asking the app; here
that answer is the app's own 503 (`error.unavailable`, JSON in the client's language) rather than uvicorn's text.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from typing import ClassVar, Final

from starlette.types import Receive, Scope, Send
from uvicorn._types import ASGI3Application, ASGISendEvent
from uvicorn.protocols.http.flow_control import service_unavailable
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol, RequestResponseCycle
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from heartcards.web.connections import PLACE, REFUSED, ConnectionGate
from heartcards.web.errors import UnavailableError
from heartcards.web.i18n import shipped_catalogs
from heartcards.web.limits import refuse

REQUEST_SECONDS: Final = 15.0
"""How long a client may take to send a whole request (a phone on a bad network sends a few KB well within it)."""
MAX_HEAD_BYTES: Final = 32_768
"""The most bytes of request line and headers read before the request is refused (browsers send 1-3 KB)."""
WEBSOCKET_SEND_BUFFER_BYTES: Final = 32_768
"""The kernel's send buffer of a WebSocket connection (Linux doubles it for its bookkeeping)."""
WEBSOCKET_WRITE_HIGH_BYTES: Final = 16_384
"""Bytes the transport holds beyond the kernel's buffer before the app's writer waits."""
WEBSOCKET_LINGER_SECONDS: Final = 5.0
"""How long a WebSocket connection may stay open after the app is done with it (a close sent, or the app gone)."""


class GuardedHttpProtocol(HttpToolsProtocol):
    """`HttpToolsProtocol` that closes connections whose request does not arrive in time or whose head is too big,
    and, when `gated`, reads only a few connections of one address at a time."""

    gate: ClassVar[ConnectionGate | None] = None
    _deadline: asyncio.TimerHandle | None = None
    _head_bytes: int = 0
    _in_head: bool = True
    _address: str | None = None
    """The address this connection counts against at the gate (None: not gated)."""
    _placed: bool = False
    """Whether this connection holds one of its address's busy places."""
    _held: list[bytes] | None = None
    """While waiting for a place: what was read before reading stopped (None when not waiting)."""
    _refused: bool = False
    """Whether the request being read found its address's line full (the app answers it 429)."""

    @classmethod
    def gated(cls, gate: ConnectionGate) -> type[GuardedHttpProtocol]:
        """This protocol with its connections let through `gate` (one gate per server)."""
        shipped_catalogs()  # read now, as the server starts, not in its first moment of overload
        return type(f"Gated{cls.__name__}", (cls,), {"gate": gate})

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()
        if self.gate is not None:
            peer = transport.get_extra_info("peername")
            self._address = self.gate.key(peer[0] if isinstance(peer, tuple) else None)
            if self._address is not None and self.gate.full(self._address) and not self.gate.line_full(self._address):
                self._take_place()  # nothing is read until a place is free

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._placed:
            self._give_place_back()
        elif self._held is not None and self.gate is not None and self._address is not None:
            self.gate.withdraw(self._address, self._admitted)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if not self._take_place():
            assert self._held is not None
            self._held.append(data)
            return
        self._read(data)

    def on_response_complete(self) -> None:
        pipelined = bool(self.pipeline)
        super().on_response_complete()
        if self._placed and not pipelined:
            self._give_place_back()  # idle between requests: the next data takes a place again

    def _take_place(self) -> bool:
        """Whether this connection may be read now; if not, it stops reading and waits for `_admitted`."""
        if self._placed or self._address is None or self.gate is None:
            return True
        if self._held is not None:
            return False
        if self.gate.full(self._address) and self.gate.line_full(self._address):
            self._refused = True  # read now, and answered 429 without a place
            return True
        if self.gate.enter(self._address, self._admitted):
            self._placed = True
            return True
        self._held = []
        self.transport.pause_reading()
        # Waiting is the server's doing: neither the idle kept-alive connection's timer nor the request's deadline
        # runs meanwhile (the line's length bounds the waiting ones); the deadline starts again once admitted.
        self._unset_keepalive_if_required()
        self._disarm()
        return False

    def _admitted(self) -> bool:
        if self.transport.is_closing():
            return False  # closed while waiting: the place goes to the next one
        self._placed = True
        held, self._held = self._held or [], None
        self._arm()
        self.transport.resume_reading()
        if held:
            self._read(b"".join(held))
        return True

    def _give_place_back(self) -> None:
        self._placed = False
        if self.gate is not None and self._address is not None:
            self.gate.leave(self._address)

    async def _take_place_again(self) -> None:
        """Takes a place again for the request in progress, waiting in line (not refused: it was admitted once)."""
        if self._placed or self.gate is None or self._address is None:
            return
        await self.gate.wait_for(self._address)
        if self.transport.is_closing():
            self.gate.leave(self._address)  # gone while waiting: the place goes on at once
        else:
            self._placed = True

    def _read(self, data: bytes) -> None:
        if self._in_head:
            self._head_bytes += len(data)
            if self._head_bytes > MAX_HEAD_BYTES:
                self._disarm()
                self.send_400_response("Request head too large.")
                return
        super().data_received(data)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._in_head = True
        self._head_bytes = 0
        if self._deadline is None:
            self._arm()

    def on_headers_complete(self) -> None:
        self._in_head = False
        if self._refused:
            self._refused = False
            self.scope["extensions"] = {**self.scope.get("extensions", {}), REFUSED: {}}
        elif self._address is not None:
            self.scope["extensions"] = {**self.scope.get("extensions", {}), PLACE: {"place": _ConnectionPlace(self)}}
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def _start_asgi_task(self, cycle: RequestResponseCycle, app: ASGI3Application) -> None:
        super()._start_asgi_task(cycle, _unavailable if app is service_unavailable else app)  # type: ignore[arg-type]

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        if self._placed:
            self._give_place_back()  # a socket has limits of its own (`hearts.tables.fanout`)
        super().handle_websocket_upgrade()

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(REQUEST_SECONDS, self._expire)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()


class _ConnectionPlace:
    """A gated connection's place, as its request in progress holds it (`places.Held`)."""

    def __init__(self, connection: GuardedHttpProtocol) -> None:
        self.connection = connection

    def give_back(self) -> None:
        if self.connection._placed:
            self.connection._give_place_back()

    async def take_again(self) -> None:
        await self.connection._take_place_again()


class GuardedWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol with small send buffers, a close that never waits for a client to read, and a
    connection cut once the app is done with it and the client still holds it."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, WEBSOCKET_SEND_BUFFER_BYTES)
        if isinstance(transport, asyncio.WriteTransport):
            transport.set_write_buffer_limits(high=WEBSOCKET_WRITE_HIGH_BYTES)

    async def send(self, message: ASGISendEvent) -> None:
        if message["type"] == "websocket.close" and not self.writable.is_set():
            # The client reads nothing: the close frame goes after what is buffered (a few bytes more), and the
            # connection is cut if it is still open `WEBSOCKET_LINGER_SECONDS` after the app ends. Nothing is sent
            # after a close, so no flow control is lost.
            self.writable.set()
        await super().send(message)

    async def run_asgi(self) -> None:
        await super().run_asgi()
        self.loop.call_later(WEBSOCKET_LINGER_SECONDS, self._cut)

    def _cut(self) -> None:
        if not self.disconnected:
            self.transport.abort()


async def _unavailable(scope: Scope, receive: Receive, send: Send) -> None:
    """The answer past the cap on connections at once, as the app would give it (the app is not asked)."""
    await refuse(scope, send, UnavailableError(), shipped_catalogs())
