"""A few places per key, and a line for the rest: what the server's per-address limits share (`web.connections`
for connections, `web.limits` for requests behind a trusted proxy).

Whoever finds every place of its key taken waits in the key's line, first come first served, with a callback; a
place given back goes straight to the first one waiting whose callback takes it, so nobody slips in ahead of the
line. The line has an end: past it, the caller refuses at once.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

Admit = Callable[[], bool]
"""Called when a place is handed to a waiting one: True if it takes it (False: it has gone meanwhile)."""


class Places:
    def __init__(self, places: int, line: int) -> None:
        self.places = places
        self.line = line
        self._taken: dict[str, int] = {}
        self._waiting: dict[str, deque[Admit]] = {}

    def full(self, key: str) -> bool:
        return self._taken.get(key, 0) >= self.places

    def line_full(self, key: str) -> bool:
        return len(self._waiting.get(key, ())) >= self.line

    def enter(self, key: str, admit: Admit) -> bool:
        """Takes a place for `key`: True when it is free now; otherwise `admit` waits in line (the caller checks
        `line_full` first) and is called when a place is handed to it, unless it `withdraw`s first."""
        if not self.full(key):
            self._taken[key] = self._taken.get(key, 0) + 1
            return True
        self._waiting.setdefault(key, deque()).append(admit)
        return False

    def withdraw(self, key: str, admit: Admit) -> None:
        """One waiting has gone: it leaves the line."""
        line = self._waiting.get(key)
        if line is not None and admit in line:
            line.remove(admit)
            if not line:
                del self._waiting[key]

    def leave(self, key: str) -> None:
        """A place of `key` is given back: it goes to the first one waiting who takes it, else it is free."""
        line = self._waiting.get(key)
        while line:
            admit = line.popleft()
            if not line:
                del self._waiting[key]
            if admit():
                return
        taken = self._taken.get(key, 0) - 1
        if taken > 0:
            self._taken[key] = taken
        else:
            self._taken.pop(key, None)

    def taken(self, key: str) -> int:
        return self._taken.get(key, 0)

    def waiting(self, key: str) -> int:
        return len(self._waiting.get(key, ()))
