"""One server per database: `heartcards serve` holds a lock on its database for as long as it runs.

Tables live in the server's memory between saves, so two servers on one database would lose each other's moves and
could give one seat to two people. Until the server can run as several processes, a second one must refuse to
start. On PostgreSQL the lock is a session-level advisory lock (`pg_try_advisory_lock`) on a connection kept open
for the server's life; on a SQLite file it is an exclusive `flock` on a lock file beside the database
(`<file>.lock`, holding the server's process id). Either is released by the operating system when the process
ends, even by `kill -9`, so a crash never leaves the database locked.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import Final

from sqlalchemy import Connection, create_engine, make_url, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import ArgumentError
from sqlalchemy.pool import NullPool

from heartcards.storage.database import DatabaseUrlError

ADVISORY_LOCK_KEY: Final = 0x4845_4152_5443_4152
"""The PostgreSQL advisory lock's key ("HEARTCAR" in ASCII): one number shared by every Heart Cards server."""


class DatabaseInUseError(RuntimeError):
    """Another Heart Cards server already serves this database."""

    def __init__(self, database: str, holder: str | None = None) -> None:
        by = f" (process {holder})" if holder else ""
        super().__init__(
            f"the database {database} is already served by another Heart Cards server{by}: "
            "stop that server first, or give this one another --database"
        )
        self.database = database


class ServerLock:
    """A held lock on one database; `release()` gives it up (closing the process does too)."""

    def __init__(self, connection: Connection | None = None, lock_file: int | None = None) -> None:
        self._connection = connection
        self._lock_file = lock_file

    def release(self) -> None:
        if self._connection is not None:
            connection, self._connection = self._connection, None
            try:
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": ADVISORY_LOCK_KEY})
            finally:
                connection.close()
        if self._lock_file is not None:
            lock_file, self._lock_file = self._lock_file, None
            os.close(lock_file)  # closing the descriptor releases the flock

    def __enter__(self) -> ServerLock:
        return self

    def __exit__(self, *_: object) -> None:
        self.release()


def lock_database(url: str) -> ServerLock:
    """Take the one-server lock of the database at `url`; raises `DatabaseInUseError` when another server holds it.
    An in-memory SQLite database is never shared, so it needs no lock; other dialects are not locked either.
    Raises `DatabaseUrlError` for a URL that is not one."""
    try:
        parsed = make_url(url)
    except ArgumentError as error:
        raise DatabaseUrlError(url, "not of the form dialect://…") from error
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        if parsed.database in (None, "", ":memory:"):
            return ServerLock()
        return _lock_sqlite_file(Path(parsed.database).expanduser())
    if backend == "postgresql":
        return _lock_postgresql(parsed)
    return ServerLock()


def lock_file_path(database_file: Path) -> Path:
    """The lock file of a SQLite database file."""
    return database_file.with_name(database_file.name + ".lock")


def _lock_sqlite_file(database_file: Path) -> ServerLock:
    path = lock_file_path(database_file.resolve())
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(descriptor, 32).decode("ascii", "replace").strip() or None
        os.close(descriptor)
        raise DatabaseInUseError(str(database_file), holder) from None
    except BaseException:
        os.close(descriptor)
        raise
    os.ftruncate(descriptor, 0)
    os.pwrite(descriptor, f"{os.getpid()}\n".encode("ascii"), 0)
    return ServerLock(lock_file=descriptor)


def _lock_postgresql(url: URL) -> ServerLock:
    # A connection of its own, outside any pool: it lives as long as the server, and closing it (or the process
    # ending) ends the session and with it the lock.
    engine = create_engine(url, poolclass=NullPool)
    connection = engine.connect()
    try:
        taken = connection.execute(text("SELECT pg_try_advisory_lock(:key)"), {"key": ADVISORY_LOCK_KEY}).scalar()
        connection.commit()
        if not taken:
            raise DatabaseInUseError(url.render_as_string(hide_password=True))
    except BaseException:
        connection.close()
        raise
    return ServerLock(connection=connection)
