"""Which database is used: the explicit URL, else HEARTCARDS_DATABASE_URL, else SQLite in the user's data folder."""

from __future__ import annotations

import pytest

from heartcards.storage.urls import DATABASE_URL_VARIABLE, default_database_path, resolve_database_url


def test_explicit_then_environment_then_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATABASE_URL_VARIABLE, "sqlite:///from-environment.sqlite3")
    assert resolve_database_url("sqlite:///explicit.sqlite3") == "sqlite:///explicit.sqlite3"
    assert resolve_database_url(None) == "sqlite:///from-environment.sqlite3"
    monkeypatch.setenv(DATABASE_URL_VARIABLE, "  ")
    assert resolve_database_url(None) == f"sqlite:///{default_database_path()}"
    monkeypatch.delenv(DATABASE_URL_VARIABLE)
    assert resolve_database_url("") == f"sqlite:///{default_database_path()}"


def test_the_default_file_is_in_the_users_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", "/somewhere/data")
    assert str(default_database_path()) == "/somewhere/data/heartcards/heartcards.sqlite3"
