"""The server's wall clock, in UTC: one function, so both games (and their tests) read time the same way."""

from __future__ import annotations

from datetime import UTC, datetime


def utc_now() -> datetime:
    return datetime.now(UTC)
