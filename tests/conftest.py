"""Settings for the whole suite, and the databases any test may ask for (`each_database_url`: an empty SQLite file,
then an empty PostgreSQL database; `each_migrated_database_url`: the same at the latest schema)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from heartcards.runtime.settings import SOLVER_WARM_UP_VARIABLE
from tests.postgres import REQUIRE_VARIABLE, PostgresServer, server_binaries
from tests.redis_server import redis_server  # noqa: F401  (the session's Redis, for the tests of servers sharing a site)
from tests.support.databases import SqliteTemplate
from tests.support.live_server import LiveServer

pytest_plugins = ["tests.support.summary", "tests.support.cpu_time", "tests.support.quiet"]

# The servers, workers and commands the tests start (hundreds of Python processes) read their modules' cached
# bytecode instead of compiling about a thousand modules each, as they would with PYTHONDONTWRITEBYTECODE set.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

# The tests' servers are forked from a process that has imported the server once (tests/support/fork_server.py): a
# server's imports are most of its start, and the suite starts about a hundred.
LiveServer.forked = True

# No per-example deadline: the suite runs beside a browser and servers on a 2-core CI machine, where a slow example
# says nothing about the code; a failed deadline would make a property test fail on a busy moment.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")


@pytest.fixture(scope="session", autouse=True)
def solver_starts_on_first_search() -> Iterator[None]:
    """The apps and servers the tests start leave their worker processes until their first search or decision, as
    most never search; tests/web/h2h/test_solving.py checks the warm-up itself."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(SOLVER_WARM_UP_VARIABLE, "0")
        yield


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


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> SqliteTemplate:
    """A SQLite file at the latest schema, migrated once; copies of it are the tests' new databases."""
    return SqliteTemplate(tmp_path_factory.mktemp("sqlite_template"))


@pytest.fixture(params=["sqlite", "postgresql"])
def each_migrated_database_url(request: pytest.FixtureRequest, tmp_path: Path, sqlite_template: SqliteTemplate) -> str:
    """A database at the latest schema: a copy of the SQLite template, and (a second run of the test) a new database
    on a real PostgreSQL made from its migrated template."""
    if request.param == "sqlite":
        return sqlite_template.copy_to(tmp_path / "db.sqlite3")
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return server.new_database(migrated=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def each_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: a SQLite file, and (a second run of the test) a new database on a real PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'db.sqlite3'}"
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return server.new_database()


@contextlib.contextmanager
def _without_the_browsers_event_loop(item: pytest.Item) -> Iterator[None]:
    """Playwright's sync API (one per session: tests/web/conftest.py) leaves its event loop marked as running in
    this thread between browser tests; a test that drives no browser gets the thread without it, so that its own
    `asyncio.run()` works, and the browser's loop is put back after it."""
    loop = asyncio.events._get_running_loop()
    if loop is None or "browser" in getattr(item, "fixturenames", ()):
        yield
        return
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(loop)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    with _without_the_browsers_event_loop(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    with _without_the_browsers_event_loop(item):
        return (yield)
