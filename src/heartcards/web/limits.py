"""Pure ASGI middlewares that bound what one request, and one client, may ask of the app at once: `BodySizeLimit`
refuses request bodies above a size, declared or streamed, with a translated 413; `RequestsPerClient` works on a
few requests of one client address at a time, the others waiting their turn, and refuses more than that with 429.
"""

from __future__ import annotations

from typing import Final

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from heartcards.runtime.quotas import exempt
from heartcards.web.connections import BUSY_PER_ADDRESS, REFUSED, WAITING_PER_ADDRESS, connection_place
from heartcards.web.deps import client_key, services_of
from heartcards.web.errors import BodyTooLargeError, TooManyRequestsError, WebError, error_response
from heartcards.web.i18n import Catalogs
from heartcards.web.places import Places, holding

RUNNING_PER_CLIENT: Final = BUSY_PER_ADDRESS
"""Requests of one client address the app works on at once, as many as a direct client's connections
(`web.connections`); this holds for the clients behind a trusted proxy, each known by its forwarded address, whose
connections are not gated. A client sending hundreds at once has the server's time one request at a time, not all
of it: behind a proxy, 300 at once raised a bystander's p99 about half as much as with eight at a time
(`benchmarks/fairness.py --behind-proxy`)."""
WAITING_PER_CLIENT: Final = 64
"""Requests of one client address that may wait their turn; more at once are refused at once (429
`error.too_many_requests`), so one client cannot hold the connections the server has for everyone."""


class BodySizeLimit:
    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = self.max_bytes + 1
                if declared > self.max_bytes:
                    await self._refuse(scope, send)
                    return
        received = 0
        refused = False
        started = False

        async def limited_receive() -> Message:
            # Over the limit, the 413 is sent at once and the app is told the client left: it stops reading, and
            # whatever it answers then (FastAPI turns a body it could not read into a 400) is dropped.
            nonlocal received, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    refused = True
                    if not started:
                        await self._refuse(scope, send)
                    return {"type": "http.disconnect"}
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if refused:
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        await self.app(scope, limited_receive, tracking_send)

    async def _refuse(self, scope: Scope, send: Send) -> None:
        await refuse(scope, send, BodyTooLargeError(limit=self.max_bytes))


async def refuse(scope: Scope, send: Send, error: WebError, catalogs: Catalogs | None = None) -> None:
    """Answers `error` (translated, with its `Retry-After` if it has one) without asking the app (`catalogs` where
    there is no app in `scope` to take them from)."""
    response = error_response(Request(scope), error.status, error.key, error.params, catalogs)
    if error.retry_after is not None:
        response.headers["Retry-After"] = str(error.retry_after)
    await send({"type": "http.response.start", "status": response.status_code, "headers": response.raw_headers})
    await send({"type": "http.response.body", "body": response.body})


class _ClientPlace:
    """One request's place among its client's in the app (`places.Held`)."""

    def __init__(self, places: Places, client: str) -> None:
        self.places = places
        self.client = client
        self.taken = False

    def give_back(self) -> None:
        if self.taken:
            self.taken = False
            self.places.leave(self.client)

    async def take_again(self) -> None:
        if not self.taken:
            await self.places.wait_for(self.client)
            self.taken = True


class RequestsPerClient:
    """At most `RUNNING_PER_CLIENT` requests of a client address in the app at once; the next ones wait in line
    (first come, first served, at most `WAITING_PER_CLIENT` of them), and further ones answer 429, as does a request
    whose connection found its address's line full (`web.connections.REFUSED`). A request waiting for work done off
    the event loop gives its place back meanwhile, and its connection's (`places.waiting_elsewhere`). WebSockets are
    left to their own limits (`hearts.tables.fanout`), and addresses spared the limits (a load test's) pass."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.places = Places(RUNNING_PER_CLIENT, WAITING_PER_CLIENT)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if REFUSED in scope.get("extensions", {}):  # its connection found its address's line full
            await refuse(scope, send, TooManyRequestsError(limit=BUSY_PER_ADDRESS + WAITING_PER_ADDRESS))
            return
        request = Request(scope)
        client = client_key(request)
        if exempt(client, services_of(request).settings.unlimited_networks):
            with holding(*connection_place(scope)):
                await self.app(scope, receive, send)
            return
        if self.places.full(client) and self.places.line_full(client):
            await refuse(scope, send, TooManyRequestsError(limit=RUNNING_PER_CLIENT + WAITING_PER_CLIENT))
            return
        place = _ClientPlace(self.places, client)
        await place.take_again()
        try:
            with holding(*connection_place(scope), place):
                await self.app(scope, receive, send)
        finally:
            place.give_back()

    def waiting(self, client: str) -> int:
        return self.places.waiting(client)

    def running(self, client: str) -> int:
        return self.places.taken(client)
