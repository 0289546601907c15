"""Settings for the whole suite, and the databases any test may ask for (`each_database_url`: a SQLite file, then
PostgreSQL)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.postgres import REQUIRE_VARIABLE, PostgresServer, server_binaries

pytest_plugins = ["tests.support.summary"]

# No per-example deadline: the suite runs beside a browser and servers on a 2-core CI machine, where a slow example
# says nothing about the code; a failed deadline would make a property test fail on a busy moment.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server of its own for the session; the test is skipped on a machine without one (a failure
    where scripts/test asks for it)."""
    binaries = server_binaries()
    if binaries is None:
        if os.environ.get(REQUIRE_VARIABLE) == "require":
            pytest.fail("no PostgreSQL server on this machine (Debian's postgresql package)")
        pytest.skip("no PostgreSQL server on this machine (Debian's postgresql package)")
    server = PostgresServer(binaries)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def each_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: a SQLite file, and (a second run of the test) a new database on a real PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'db.sqlite3'}"
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return server.new_database()
