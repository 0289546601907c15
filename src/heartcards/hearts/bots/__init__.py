"""Computer players for Hearts; they see observations only."""
