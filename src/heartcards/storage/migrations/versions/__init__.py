"""One module per schema version, oldest first (`0001_…`); new games add their tables in new versions."""
