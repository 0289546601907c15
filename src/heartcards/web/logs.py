"""The server's log lines: plain text by default, or one JSON object per line (`heartcards serve --log-format json`).

Every request and socket gets a request id (the client's `X-Request-ID` when it is a sane one, else a new one, sent
back in the answer's `X-Request-ID`), and every line logged while it is handled carries it, with the table's id when
the request is about a Hearts table. A table's computer players log with its id too (`about_table`).
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import secrets
import sys
from datetime import UTC, datetime
from typing import Final

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

REQUEST_HEADER: Final = "x-request-id"
REQUEST_ID: Final = re.compile(r"[A-Za-z0-9._:-]{1,64}")
TABLE_PATH: Final = re.compile(r"/(?:api/hearts/tables|ws/hearts|hearts/table)/([0-9a-f]{32})(?:/|$)")
"""Paths about one Hearts table, and where its id is in them."""

request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)
table_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("table_id", default=None)


def about_table(table: str) -> None:
    """The lines logged from here on in this task are about `table`, and about no request (a table's own task)."""
    table_id.set(table)
    request_id.set(None)


class JsonFormatter(logging.Formatter):
    """A record as one JSON object: time, level, logger, message, and the request and table it is about."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        request = getattr(record, "request", None) or request_id.get()
        table = getattr(record, "table", None) or table_id.get()
        if request is not None:
            line["request"] = request
        if table is not None:
            line["table"] = table
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def configure_logging(log_format: str) -> None:
    """For `json`: every logger's lines (the server's and uvicorn's) as JSON on standard error, from INFO up. Plain
    text needs nothing: uvicorn sets up its own lines, and the server's warnings reach standard error as they are."""
    if log_format != "json":
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)


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
            await self.app(scope, receive, send_with_id)
        finally:
            table_id.reset(table_token)
            request_id.reset(request_token)
