"""Passkey accounts: one player id followed across devices (the service, its routes and its page)."""
