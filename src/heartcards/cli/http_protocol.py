"""The server's HTTP connection handling: uvicorn's httptools protocol with deadlines and a cap on the request head.

uvicorn closes a keep-alive connection that stays idle after an answer, but not a connection that never sends a
request, nor one that sends its request a byte at a time: thousands of those hold every file descriptor, and then
every real request fails. Here each request must arrive whole (head and body) within `REQUEST_SECONDS` of the
connection opening or of the request's first byte, and its head (request line and headers) may not pass
`MAX_HEAD_BYTES`; otherwise the connection is closed. A WebSocket upgrade ends the deadline: the socket then has
its own (the app's hello deadline, pings).
"""

from __future__ import annotations

import asyncio
from typing import Final

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

REQUEST_SECONDS: Final = 15.0
"""How long a client may take to send a whole request (a phone on a bad network sends a few KB well within it)."""
MAX_HEAD_BYTES: Final = 32_768
"""The most bytes of request line and headers read before the request is refused (browsers send 1-3 KB)."""


class GuardedHttpProtocol(HttpToolsProtocol):
    """`HttpToolsProtocol` that closes connections whose request does not arrive in time or whose head is too big."""

    _deadline: asyncio.TimerHandle | None = None
    _head_bytes: int = 0
    _in_head: bool = True

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
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
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
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
