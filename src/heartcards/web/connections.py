"""Connections per client address: `ConnectionGate` lets one connection of an address at a time be read and
worked on, and keeps the others waiting, unread, in the kernel until it is done.

Every request in the server's hands shares the one event loop: another client's request needs several turns of
the loop, and at each turn it waits for a step of every request in progress. One client sending hundreds at once
(300 in `benchmarks/fairness.py`, three times) raised a bystander's p99 from 4 to 34 ms when its requests were read
at once and worked on 8 at a time. Here a connection of an address that already has `BUSY_PER_ADDRESS` busy ones is
paused before its request is read, and resumed, first come first served, when one of them finishes its answer or
closes. A request waiting for work done off the event loop (a solver's search) gives its place back meanwhile
(`places.waiting_elsewhere`); a kept-alive connection that is idle between requests holds no place; a waiting one is
not closed for idling (the line's length bounds them). Addresses are grouped like the app's limits
(`runtime.clients.group_key`: IPv6 by /64). Peers spared the limits (trusted proxies, whose clients the app tells
apart by their forwarded address, and a load test's machine) are not gated.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from starlette.types import Scope

from heartcards.runtime.clients import group_key, parse_address, within
from heartcards.runtime.settings import Network
from heartcards.web.places import Held, Places

BUSY_PER_ADDRESS: Final = 1
"""Connections of one address read and worked on at once. One, because each shares the event loop with everyone
else's requests (two at once raised a bystander's p99 under a burst by half again); enough, because what waits has
already been sent, and a request that waits for work done elsewhere gives its place back meanwhile: a page loading
a dozen modules over six connections gets them one after the other in milliseconds, with no round trip more."""
WAITING_PER_ADDRESS: Final = 64
"""Connections of one address that may wait for a place. Further ones are read at once and refused with the app's
429 (`REFUSED`), so a client opening hundreds neither holds them all nor waits forever."""
REFUSED: Final = "heartcards.refused"
"""The ASGI scope extension marking a request that found its address's line full: the app answers it 429."""
PLACE: Final = "heartcards.place"
"""The ASGI scope extension holding a gated request's connection place (`places.Held`, under "place"), which the
app gives back while the request waits for work done off the event loop (`places.waiting_elsewhere`)."""


def connection_place(scope: Scope) -> tuple[Held, ...]:
    """The connection place of the request of `scope`, if its connection is gated."""
    place = scope.get("extensions", {}).get(PLACE, {}).get("place")
    return () if place is None else (place,)


class ConnectionGate(Places):
    """`BUSY_PER_ADDRESS` places per client address, `WAITING_PER_ADDRESS` in line; `key` says which address a
    connection counts against, if any."""

    def __init__(self, spared: Sequence[Network] = ()) -> None:
        super().__init__(BUSY_PER_ADDRESS, WAITING_PER_ADDRESS)
        self.spared = tuple(spared)

    def key(self, peer: str | None) -> str | None:
        """The address a connection from `peer` counts against, or None when it is not gated."""
        address = None if peer is None else parse_address(peer)
        if address is None or within(address, self.spared):
            return None
        return group_key(str(address))
