"""Attempt limits: how many failed attempts (wrong codes, refused passkeys) one address or one account may make in a
window of time, before even a right answer is refused for a while; and how many passkey ceremonies an address may
start. Counted in the site's counters (`runtime/counters.py`): in Redis when servers share the site, so that an
address has its attempts once, not once at each server."""

from __future__ import annotations

from typing import Final

from heartcards.runtime.counters import Counters

WINDOW_SECONDS: Final = 600.0
FAILURES_PER_ADDRESS: Final = 10
FAILURES_PER_ACCOUNT: Final = 10
CEREMONIES_PER_ADDRESS: Final = 60
"""Passkey ceremonies (challenges) an address may start per window: each is a row until it expires."""
RENEWALS_PER_ACCOUNT: Final = 5
"""Renewals of an account's recovery codes per window (a person renews after printing them, or using some): each
hashes ten codes."""
LINK_CODES_PER_ACCOUNT: Final = 10
"""Codes to sign another device in an account may ask per window (a person links a device now and then): each is a
row written and a QR code drawn."""
EXPORTS_PER_ACCOUNT: Final = 5
"""Exports of an account per window (a person downloads their data now and then): each reads and writes out every
game the account played, megabytes for a player of years."""


class Throttle:
    """At most `limit` events per key in any `window` seconds, each taken in one atomic step (`Counters.take`)."""

    def __init__(self, counters: Counters, name: str, limit: int, window: float = WINDOW_SECONDS) -> None:
        self.counters = counters
        self.name = name
        self.limit = limit
        self.window = window

    async def take(self, key: str) -> str | None:
        """Counts one event of `key`; its ticket, or None (nothing counted) past the limit."""
        return await self.counters.take(f"{self.name}:{key}", self.limit, self.window)

    async def give_back(self, key: str, ticket: str) -> None:
        await self.counters.give_back(f"{self.name}:{key}", ticket)
