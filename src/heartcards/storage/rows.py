"""Rows of the repositories' Core queries as their plain records (no ORM objects leave `storage`)."""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import Row

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

R = TypeVar("R", bound="DataclassInstance")


def record_of(kind: type[R], row: Row[Any], **computed: Any) -> R:
    """A `kind` whose fields are the row's columns of the same names, but those `computed` gives (a value the column
    does not hold as the record does, or one the row lacks)."""
    values = row._mapping
    return kind(**{field.name: values[field.name] for field in fields(kind) if field.name not in computed}, **computed)
