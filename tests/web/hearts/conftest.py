"""Fixtures for the Hearts tables' tests: an in-process app (Starlette's TestClient) on a temporary SQLite file.

Computer players act without the 0.3 s pacing (a deal takes a fraction of a second) and the score table waits
30 s, so the lock-step tests decide when the next deal starts: `FAST_HEARTS`, set for this folder's tests by a
fixture (the apps and the live servers read it from the environment) and taken away after them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from heartcards.runtime.settings import Settings
from heartcards.web.app import create_app
from tests.support.databases import SqliteTemplate
from tests.web.conftest import fast_hearts


@pytest.fixture(scope="package", autouse=True)
def fast_hearts_pacing() -> Iterator[None]:
    with fast_hearts():
        yield


@pytest.fixture
def database_url(tmp_path: Path, sqlite_template: SqliteTemplate) -> str:
    """A new database at the latest schema (a copy of the session's migrated template)."""
    return sqlite_template.copy_to(tmp_path / "hearts.sqlite3")


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(Settings.from_environment(database_url))) as test_client:
        yield test_client
