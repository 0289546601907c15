"""One server per database: the lock a second `heartcards serve` on the same database cannot take."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from heartcards.storage.database import DatabaseUrlError
from heartcards.storage.lock import DatabaseInUseError, lock_database, lock_file_path


def test_a_second_lock_on_the_same_database_is_refused_until_the_first_is_released(each_database_url: str) -> None:
    first = lock_database(each_database_url)
    try:
        with pytest.raises(DatabaseInUseError, match="already served by another Heart Cards server"):
            lock_database(each_database_url)
    finally:
        first.release()
    with lock_database(each_database_url):
        pass


def test_the_sqlite_lock_file_names_the_process_holding_it(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    with lock_database(f"sqlite:///{database}"):
        assert lock_file_path(database).read_text().strip() == str(os.getpid())
        with pytest.raises(DatabaseInUseError, match=f"process {os.getpid()}"):
            lock_database(f"sqlite:///{database}")


def test_other_databases_and_memory_are_not_locked(tmp_path: Path) -> None:
    first, second = f"sqlite:///{tmp_path / 'a.sqlite3'}", f"sqlite:///{tmp_path / 'b.sqlite3'}"
    with lock_database(first), lock_database(second), lock_database("sqlite://"), lock_database("sqlite://"):
        pass


def test_a_bad_url_is_a_database_url_error() -> None:
    with pytest.raises(DatabaseUrlError):
        lock_database("not a url")
