"""The shipped Alembic migrations build the schema on a real database (a SQLite file, and PostgreSQL), idempotently,
and match the models."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import MetaData, String, inspect

from heartcards.storage import DatabaseUrlError, open_engine, upgrade_database
from heartcards.storage.database import current_revision, upgrade_sql
from heartcards.storage.models import Base


def test_upgrade_creates_the_tables_and_is_idempotent(tmp_path: Path) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'nested' / 'db.sqlite3'}")
    upgrade_database(engine)
    first = current_revision(engine)
    upgrade_database(engine)
    assert current_revision(engine) == first is not None
    tables = set(inspect(engine).get_table_names())
    assert {"players", "h2h_games", "h2h_solutions", "alembic_version"} <= tables
    assert (tmp_path / "nested" / "db.sqlite3").is_file()
    engine.dispose()


def import_every_storage_module() -> None:
    """Every game's models register on the same metadata; import them all so the comparison sees every table."""
    import heartcards.storage as storage

    for module in pkgutil.iter_modules(storage.__path__):
        importlib.import_module(f"heartcards.storage.{module.name}")


def schema_differences(database_url: str, metadata: MetaData) -> list[Any]:
    """What Alembic's autogenerate would change to turn the migrated database into `metadata`: tables, columns,
    indexes, constraints and column types alike."""
    engine = open_engine(database_url)
    try:
        upgrade_database(engine)
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            return list(compare_metadata(context, metadata))
    finally:
        engine.dispose()


def test_migrated_schema_matches_the_models(each_database_url: str) -> None:
    import_every_storage_module()
    assert schema_differences(each_database_url, Base.metadata) == []


def test_the_comparison_sees_a_column_of_another_type(each_database_url: str) -> None:
    """A model whose column type the migrations do not have (h2h_games.moves as text) is a difference."""
    import_every_storage_module()
    changed = MetaData()
    for table in Base.metadata.tables.values():
        table.to_metadata(changed)
    changed.tables["h2h_games"].c.moves.type = String(40)
    differences = schema_differences(each_database_url, changed)
    assert [difference[0][0] for difference in differences] == ["modify_type"]
    assert differences[0][0][2:4] == ("h2h_games", "moves")


def test_downgrade_to_nothing_and_back(each_database_url: str) -> None:
    engine = open_engine(each_database_url)
    upgrade_database(engine)
    from alembic import command

    from heartcards.storage.database import alembic_config

    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "base")
    assert "h2h_games" not in inspect(engine).get_table_names()
    upgrade_database(engine)
    assert "h2h_games" in inspect(engine).get_table_names()
    engine.dispose()


@pytest.mark.parametrize("url", ["not a url", "nosuchdialect://x/y"])
def test_bad_urls_raise_a_clear_error(url: str) -> None:
    with pytest.raises(DatabaseUrlError, match="not a usable database URL"):
        open_engine(url)


def test_the_migrations_write_postgresql_sql_without_a_server() -> None:
    sql = upgrade_sql("postgresql://user@localhost/heartcards")
    assert "CREATE TABLE h2h_games" in sql and "TIMESTAMP WITHOUT TIME ZONE" in sql
    assert "CREATE INDEX ix_h2h_games_player_status ON h2h_games (player_id, status)" in sql
    assert sql.rstrip().endswith("COMMIT;")


def test_the_latest_revision_is_alembics_head() -> None:
    from alembic.script import ScriptDirectory

    from heartcards.storage.database import LATEST_REVISION, alembic_config

    assert ScriptDirectory.from_config(alembic_config()).get_current_head() == LATEST_REVISION


def test_an_empty_database_has_no_revision_and_a_migrated_one_the_latest(each_database_url: str) -> None:
    from heartcards.storage.database import LATEST_REVISION

    engine = open_engine(each_database_url)
    assert current_revision(engine) is None
    upgrade_database(engine)
    assert current_revision(engine) == LATEST_REVISION
    engine.dispose()


def test_a_database_at_the_latest_schema_is_opened_without_loading_alembic(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    upgrade_database(open_engine(url))
    script = (
        "import sys\n"
        "from heartcards.storage import open_engine, upgrade_database\n"
        f"upgrade_database(open_engine({url!r}))\n"
        "print(sorted(name for name in sys.modules if name.split('.')[0] == 'alembic'))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
