"""The Hearts rules (pure, no I/O)."""
