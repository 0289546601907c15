"""Alembic environment: runs on the connection handed over by `upgrade_database` (or on a URL for the alembic CLI).

From the command line: `HEARTCARDS_DATABASE_URL=sqlite:///x.sqlite3 alembic -c <ini with script_location> upgrade head`.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from heartcards.storage.models import Base
from heartcards.storage.urls import resolve_database_url

target_metadata = Base.metadata


def run_on(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        run_on(connection)
        return
    engine = create_engine(context.config.get_main_option("sqlalchemy.url") or resolve_database_url())
    with engine.connect() as own_connection:
        run_on(own_connection)
    engine.dispose()


if context.is_offline_mode():
    raise SystemExit("offline (SQL script) migrations are not supported: run them on a database")
run()
