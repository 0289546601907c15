"""Connections per client address: `ConnectionGate` lets a few connections of one address be read and worked on at
once, and keeps the others waiting, unread, in the kernel until one of those is done.

An answer costs the server little; what one client sending hundreds of requests at once costs everyone else is
reading and parsing all of them as they arrive. On the one event loop every other client's request waits behind
that work (300 requests at once raised a bystander's p99 from 4 to 34 ms in `benchmarks/fairness.py`). Here a
connection of an address that already has `BUSY_PER_ADDRESS` busy ones is paused before its request is read, and
resumed, first come first served, when one of them finishes its answer or closes; a kept-alive connection that is
idle between requests holds no place. Addresses are grouped like the app's limits (`runtime.clients.group_key`:
IPv6 by /64). Peers spared the limits (trusted proxies, whose clients the app tells apart by their forwarded
address, and a load test's machine) are not gated.
"""

from __future__ import annotations

import ipaddress
from collections import deque
from collections.abc import Callable, Sequence
from typing import Final

from heartcards.runtime.clients import group_key
from heartcards.runtime.settings import Network

BUSY_PER_ADDRESS: Final = 2
"""Connections of one address read and worked on at once. Few, because every one of them shares the event loop
with everyone else's requests; enough, because what waits has already been sent: a page loading a dozen modules
over six connections gets them one after the other in milliseconds, with no round trip more."""
WAITING_PER_ADDRESS: Final = 64
"""Connections of one address that may wait for a place. Further ones are read at once and refused with the app's
429 (`REFUSED`), so a client opening hundreds neither holds them all nor waits forever."""
REFUSED: Final = "heartcards.refused"
"""The ASGI scope extension marking a request that found its address's line full: the app answers it 429."""

Admit = Callable[[], None]


class ConnectionGate:
    def __init__(self, spared: Sequence[Network] = ()) -> None:
        self.spared = tuple(spared)
        self._busy: dict[str, int] = {}
        self._waiting: dict[str, deque[Admit]] = {}

    def key(self, peer: str | None) -> str | None:
        """The address a connection from `peer` counts against, or None when it is not gated."""
        if peer is None:
            return None
        try:
            address = ipaddress.ip_address(peer)
        except ValueError:
            return None
        if any(address.version == network.version and address in network for network in self.spared):
            return None
        return group_key(peer)

    def full(self, key: str) -> bool:
        return self._busy.get(key, 0) >= BUSY_PER_ADDRESS

    def line_full(self, key: str) -> bool:
        return len(self._waiting.get(key, ())) >= WAITING_PER_ADDRESS

    def enter(self, key: str, admit: Admit) -> bool:
        """Takes a place for a connection of `key`: True when it may go on now; otherwise `admit` is called when a
        place is handed to it (unless it `withdraw`s first)."""
        if not self.full(key):
            self._busy[key] = self._busy.get(key, 0) + 1
            return True
        self._waiting.setdefault(key, deque()).append(admit)
        return False

    def withdraw(self, key: str, admit: Admit) -> None:
        """A waiting connection closed: it no longer waits."""
        line = self._waiting.get(key)
        if line is not None and admit in line:
            line.remove(admit)
            if not line:
                del self._waiting[key]

    def leave(self, key: str) -> None:
        """A busy connection of `key` is done: its place goes to the first one waiting, else it is counted out."""
        line = self._waiting.get(key)
        if line:
            admit = line.popleft()
            if not line:
                del self._waiting[key]
            admit()
            return
        busy = self._busy.get(key, 0) - 1
        if busy > 0:
            self._busy[key] = busy
        else:
            self._busy.pop(key, None)

    def busy(self, key: str) -> int:
        return self._busy.get(key, 0)

    def waiting(self, key: str) -> int:
        return len(self._waiting.get(key, ()))
