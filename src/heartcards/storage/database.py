"""Opening a database: the engine (SQLite tuned for many small writes) and the Alembic upgrade to the latest schema.

Alembic is imported only when a database needs migrating: a server that starts on a database at the latest schema
(nearly every start) then does not load it, a fifth of its start-up's CPU.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from sqlalchemy import Engine, create_engine, event, make_url, text
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError, OperationalError
from sqlalchemy.pool import StaticPool

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
LATEST_REVISION: Final = "0007"
"""The newest migration's revision (`migrations/versions/`); a test holds it to Alembic's head."""


class DatabaseUrlError(ValueError):
    """A database URL SQLAlchemy cannot use."""

    def __init__(self, url: str, reason: str) -> None:
        super().__init__(f"{url!r} is not a usable database URL: {reason}")
        self.url = url


def _sqlite_pragmas(dbapi_connection: Any, _: Any) -> None:
    # WAL + synchronous=NORMAL: a commit is a write to the log, not an fsync, so storing each move stays cheap.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def open_engine(url: str, idle_transaction_seconds: float | None = None) -> Engine:
    """An engine for `url`; for a SQLite file its folder is created. Raises DatabaseUrlError for a bad URL.

    With `idle_transaction_seconds`, PostgreSQL ends a session of this engine that waits longer than that inside a
    transaction (its writes rolled back, its row locks released). The servers sharing a database pass their lease's
    length: a server paused in the middle of a save (stopped, its machine frozen) would otherwise hold the table's
    row, and every other server's takeover of it, for as long as the pause lasts; its save was not acknowledged, so
    nothing acknowledged is lost."""
    try:
        parsed = make_url(url)
    except ArgumentError as error:
        raise DatabaseUrlError(url, "not of the form dialect://…") from error
    options: dict[str, Any] = {}
    backend = parsed.get_backend_name()
    is_sqlite = backend == "sqlite"
    if backend == "postgresql" and idle_transaction_seconds is not None:
        milliseconds = max(1, round(idle_transaction_seconds * 1000))
        options["connect_args"] = {"options": f"-c idle_in_transaction_session_timeout={milliseconds}"}
    if is_sqlite:
        options["connect_args"] = {"check_same_thread": False}
        if parsed.database in (None, "", ":memory:"):
            options["poolclass"] = StaticPool
        else:
            Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    try:
        engine = create_engine(parsed, **options)
    except (NoSuchModuleError, ImportError) as error:
        raise DatabaseUrlError(url, f"no driver for {parsed.drivername!r}") from error
    if is_sqlite:
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def alembic_config() -> Config:
    """Alembic's configuration built in code: the migrations shipped inside the package."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return config


def upgrade_database(engine: Engine, revision: str = "head") -> None:
    """Bring the schema up to `revision` (default the latest) with the shipped Alembic migrations."""
    if revision == "head" and current_revision(engine) == LATEST_REVISION:
        return
    from alembic import command

    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def upgrade_sql(url: str, revision: str = "head") -> str:
    """The SQL that upgrades an empty database of `url`'s dialect to `revision`, without connecting to it."""
    from alembic import command
    from alembic.config import Config

    output = io.StringIO()
    config = Config(output_buffer=output)
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    command.upgrade(config, revision, sql=True)
    return output.getvalue()


IDLE_TRANSACTION_ENDED: Final = "25P03"
"""PostgreSQL's SQLSTATE for a session it ended for waiting inside a transaction past `idle_transaction_seconds`."""


def database_failed(error: BaseException, engine: Engine) -> bool:
    """Whether `error` is the database's or the way to it (stopped, unreachable, this session ended by the server, a
    full disk) rather than a fault of the code: a DB-API `OperationalError` from the driver or as SQLAlchemy wraps
    it, or PostgreSQL's end of a session idle in a transaction. Such an error is one line in the log, not a
    traceback."""
    original = error.orig if isinstance(error, DBAPIError) else error
    return (
        isinstance(error, OperationalError)
        or isinstance(original, engine.dialect.loaded_dbapi.OperationalError)
        or getattr(original, "sqlstate", None) == IDLE_TRANSACTION_ENDED
    )


def current_revision(engine: Engine) -> str | None:
    """The revision the database's schema is at (Alembic's `alembic_version` table), or None before the first."""
    with engine.connect() as connection:
        try:
            found = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
        except DBAPIError:  # no such table: a database never migrated
            return None
    return None if found is None else str(found)
