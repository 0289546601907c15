"""How many tables one player, and one network address, may create: a sliding window per key.

Without it one client made hundreds of tables a second, each kept in memory and stored; with it a player may open
`PER_PLAYER` tables per `WINDOW_SECONDS` and an address (several players behind one home router) `PER_ADDRESS`.
The keys remembered are bounded too (`MAX_KEYS`, oldest forgotten first), so a stream of new identities cannot
grow this bookkeeping without limit either.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from typing import Final

WINDOW_SECONDS: Final = 600.0
PER_PLAYER: Final = 12
PER_ADDRESS: Final = 40
MAX_KEYS: Final = 10_000


class CreationQuota:
    def __init__(self, limit: int, window_seconds: float = WINDOW_SECONDS, max_keys: int = MAX_KEYS) -> None:
        self.limit = limit
        self.window_seconds = window_seconds
        self.max_keys = max_keys
        self._recent: OrderedDict[str, deque[float]] = OrderedDict()

    def allows(self, key: str, now: float) -> bool:
        """Whether `key` may create one more table now (without counting it: see `count`)."""
        recent = self._recent.get(key)
        if recent is None:
            return True
        while recent and recent[0] <= now - self.window_seconds:
            recent.popleft()
        return len(recent) < self.limit

    def count(self, key: str, now: float) -> None:
        """Counts a table created by `key` now."""
        recent = self._recent.pop(key, None) or deque()
        recent.append(now)
        self._recent[key] = recent  # most recently used last
        while len(self._recent) > self.max_keys:
            self._recent.popitem(last=False)
