"""Fresh databases already at the latest schema, copied from a template migrated once per session (per xdist
worker) instead of running the Alembic migrations for every test: a SQLite file copied, a PostgreSQL database made
with `CREATE DATABASE … TEMPLATE`. The migrations themselves are tested on empty databases (tests/storage)."""

from __future__ import annotations

import shutil
from pathlib import Path

from sqlalchemy import text

from heartcards.storage import open_engine, upgrade_database


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def migrate(url: str) -> None:
    """Bring the database of `url` to the latest schema; a SQLite file is left whole (its write-ahead log folded
    in), so that copying the file alone copies the database."""
    engine = open_engine(url)
    try:
        upgrade_database(engine)
        if engine.dialect.name == "sqlite":
            with engine.connect() as connection:
                connection.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
    finally:
        engine.dispose()


class SqliteTemplate:
    """A SQLite file migrated once; `copy_to(path)` gives a new database at the latest schema."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / "template.sqlite3"
        migrate(sqlite_url(self.path))

    def copy_to(self, path: Path) -> str:
        """A copy of the template at `path`; returns its URL."""
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(self.path, path)
        return sqlite_url(path)
