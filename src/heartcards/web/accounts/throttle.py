"""Attempt limits: how many failed attempts (wrong codes, refused passkeys) one address or one account may make in a
window of time, before even a right answer is refused for a while."""

from __future__ import annotations

from collections import deque
from typing import Final

WINDOW_SECONDS: Final = 600.0
FAILURES_PER_ADDRESS: Final = 10
FAILURES_PER_ACCOUNT: Final = 10
CEREMONIES_PER_ADDRESS: Final = 60
"""Passkey ceremonies (challenges) an address may start per window: each is a row until it expires."""
MAX_KEYS: Final = 50_000


class Throttle:
    """At most `limit` counted events per key in any `window` seconds (times are `time.monotonic()` values)."""

    def __init__(self, limit: int, window: float = WINDOW_SECONDS) -> None:
        self.limit = limit
        self.window = window
        self.events: dict[str, deque[float]] = {}

    def _recent(self, key: str, now: float) -> deque[float]:
        events = self.events.get(key)
        if events is None:
            return deque()
        while events and events[0] <= now - self.window:
            events.popleft()
        if not events:
            del self.events[key]
        return events

    def allows(self, key: str, now: float) -> bool:
        return len(self._recent(key, now)) < self.limit

    def count(self, key: str, now: float) -> None:
        if key not in self.events and len(self.events) >= MAX_KEYS:
            self.events.pop(next(iter(self.events)))  # the oldest key: memory stays bounded under a flood
        self._recent(key, now)
        self.events.setdefault(key, deque()).append(now)
