"""The server's log lines: plain text by default, or one JSON object per line (`heartcards serve --log-format json`).

Every line carries the request it is logged for (`request_id`, set by `heartcards.web.request_ids` for each request
and socket) and the Hearts table it is about (`table_id`): a table's own tasks, its computer players' for one, say
so with `about_table`.
"""

from __future__ import annotations

import contextvars
import json
import logging
import sys
from datetime import UTC, datetime

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
