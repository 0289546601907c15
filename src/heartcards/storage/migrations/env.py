"""Alembic environment: runs on the connection handed over by `upgrade_database` (or on a URL for the alembic CLI).

From the command line: `HEARTCARDS_DATABASE_URL=sqlite:///x.sqlite3 alembic -c <ini with script_location> upgrade head`.
Offline (`--sql`, or `upgrade_sql(url)`) it writes the SQL for the URL's dialect instead.
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


def run_offline() -> None:
    """Write the SQL instead of running it (`upgrade_sql`), e.g. to check or apply a PostgreSQL schema by hand."""
    url = context.config.get_main_option("sqlalchemy.url") or resolve_database_url()
    context.configure(url=url, target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_offline()
else:
    run()
