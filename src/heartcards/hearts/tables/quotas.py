"""How many tables one player, and one client address, may create (`runtime/quotas.py` keeps the count).

A player may open `PER_PLAYER` tables per `WINDOW_SECONDS` and an address (several players behind one home router)
`PER_ADDRESS`.
"""

from __future__ import annotations

from typing import Final

from heartcards.runtime.quotas import QuotaRule

WINDOW_SECONDS: Final = 600.0
PER_PLAYER: Final = 12
PER_ADDRESS: Final = 40
TABLES_RULE: Final = QuotaRule("hearts.tables", PER_PLAYER, PER_ADDRESS, WINDOW_SECONDS)
