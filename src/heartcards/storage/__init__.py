"""Storage of games, tables and statistics through SQLAlchemy 2 (SQLite by default)."""
