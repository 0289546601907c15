"""The server's wall clock, in UTC, and the one text form of a moment in both games' answers: ISO 8601 ending in
`Z` (`2026-12-03T19:05:57.123456Z`), so both games (and their tests) read and write time the same way."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from pydantic import BeforeValidator


def utc_now() -> datetime:
    return datetime.now(UTC)


def iso_utc(moment: datetime) -> str:
    """`moment` in UTC as ISO 8601 with `Z`; a naive moment (as SQLite gives them back) is taken as UTC."""
    utc = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    return utc.replace(tzinfo=None).isoformat() + "Z"


def iso_utc_or_none(moment: datetime | None) -> str | None:
    return None if moment is None else iso_utc(moment)


def _iso_of(value: object) -> object:
    return iso_utc(value) if isinstance(value, datetime) else value


IsoUtc = Annotated[str, BeforeValidator(_iso_of)]
"""A moment in an answer's model, validated from a record's `datetime` attribute and written as `iso_utc` writes it."""
