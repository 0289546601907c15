"""Every request and socket gets a request id (the client's `X-Request-ID` when it is a sane one, else a new one, sent
back in the answer's `X-Request-ID`), and every line logged while it is handled carries it (`heartcards.runtime.logs`),
with the table's id when the request is about a Hearts table.
"""

from __future__ import annotations

import re
import secrets
from typing import Final

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from heartcards.runtime.logs import request_id, table_id

REQUEST_HEADER: Final = "x-request-id"
REQUEST_ID: Final = re.compile(r"[A-Za-z0-9._:-]{1,64}")
TABLE_PATH: Final = re.compile(r"/(?:api/hearts/tables|ws/hearts|hearts/table)/([0-9a-f]{32})(?:/|$)")
"""Paths about one Hearts table, and where its id is in them."""


class RequestIds:
    """An ASGI middleware giving each request and socket its request id (and table id) for the log lines."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = None
        for name, value in scope["headers"]:
            if name == REQUEST_HEADER.encode():
                given = value.decode("latin-1")
                break
        request = given if given is not None and REQUEST_ID.fullmatch(given) else secrets.token_hex(8)
        table = TABLE_PATH.match(scope["path"])
        request_token = request_id.set(request)
        table_token = table_id.set(table.group(1) if table else None)

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message)[REQUEST_HEADER] = request
            await send(message)

        try:
            # A socket's messages go straight through: it has no response to name the id in, and one of its states
            # would otherwise pass one more coroutine on its way out.
            await self.app(scope, receive, send_with_id if scope["type"] == "http" else send)
        finally:
            table_id.reset(table_token)
            request_id.reset(request_token)
