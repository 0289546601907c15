"""Alembic migrations, shipped with the package and run by `heartcards.storage.database.upgrade_database`."""
