"""Log lines as JSON objects, each with the request id and the Hearts table it is about."""

from __future__ import annotations

import json
import logging

from heartcards.runtime.logs import JsonFormatter, about_table, request_id, table_id


def test_a_record_is_one_json_object_with_its_request_and_table() -> None:
    record = logging.LogRecord("heartcards.web", logging.WARNING, __file__, 1, "odd: %s", ("x\ny",), None)
    request_token, table_token = request_id.set("r-1"), table_id.set("ab" * 16)
    try:
        text = JsonFormatter().format(record)
    finally:
        request_id.reset(request_token)
        table_id.reset(table_token)
    assert "\n" not in text
    line = json.loads(text)
    assert line["level"] == "warning" and line["logger"] == "heartcards.web" and line["message"] == "odd: x\ny"
    assert line["request"] == "r-1" and line["table"] == "ab" * 16
    assert "request" not in json.loads(JsonFormatter().format(record))  # outside a request: no id


def test_a_tables_own_task_logs_its_table_and_no_request() -> None:
    import contextvars

    def in_task() -> tuple[str | None, str | None]:
        request_id.set("left over from the request that started the task")
        about_table("cd" * 16)
        return request_id.get(), table_id.get()

    assert contextvars.copy_context().run(in_task) == (None, "cd" * 16)
