"""A pure ASGI middleware that refuses request bodies above a size, declared or streamed, with a translated 413."""

from __future__ import annotations

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from heartcards.web.errors import BodyTooLargeError, error_response


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
        request = Request(scope)
        error = BodyTooLargeError(limit=self.max_bytes)
        response = error_response(request, error.status, error.key, error.params)
        await send({"type": "http.response.start", "status": response.status_code, "headers": response.raw_headers})
        await send({"type": "http.response.body", "body": response.body})
