"""How many games one player, and one client address, may start: the creation quotas of both games; and how much
work one address may have the server do (`AddressBudget`: the Heart to Heart moves it plays per minute).

Without them one client made hundreds of Hearts tables, or Heart to Heart games, a second, each kept in memory and
stored. A quota is a sliding window per player and per address (`runtime/clients.py`: IPv6 by /64, so new cookies or
rotated addresses do not make new people), counted through `runtime/counters.py` in one atomic step, so concurrent
requests cannot slip past it together, and in Redis when servers share the site, so the limit is the site's.
Addresses the operator exempts (`$HEARTCARDS_UNLIMITED_ADDRESSES`: a load test's machine) keep the player's quota.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from dataclasses import dataclass

from heartcards.runtime.counters import Counters
from heartcards.runtime.settings import Network


@dataclass(frozen=True, slots=True)
class QuotaRule:
    name: str
    """The counters' key prefix (`hearts.tables`, `h2h.games`)."""
    per_player: int
    per_address: int
    window_seconds: float


@dataclass(frozen=True, slots=True)
class Taken:
    """What one creation counted, to give back if the creation fails after all."""

    counted: tuple[tuple[str, str], ...]


def exempt(address: str, unlimited: Sequence[Network]) -> bool:
    """Whether a client key (an address, or an IPv6 /64) lies within the networks spared the per-address limits
    (`Settings.unlimited_networks`: a load test's machine)."""
    try:
        network = ipaddress.ip_network(address, strict=False)
    except ValueError:
        return False
    return any(network.version == other.version and network.subnet_of(other) for other in unlimited)  # type: ignore[arg-type]


class CreationQuota:
    def __init__(self, counters: Counters, rule: QuotaRule, unlimited: Sequence[Network] = ()) -> None:
        self.counters = counters
        self.rule = rule
        self.unlimited = tuple(unlimited)

    async def take(self, player_id: str, address: str) -> Taken | None:
        """Counts one creation by the player from the address; None (nothing counted) past either quota."""
        rule = self.rule
        player_key = f"{rule.name}:player:{player_id}"
        player_ticket = await self.counters.take(player_key, rule.per_player, rule.window_seconds)
        if player_ticket is None:
            return None
        counted = [(player_key, player_ticket)]
        if not exempt(address, self.unlimited):
            address_key = f"{rule.name}:address:{address}"
            address_ticket = await self.counters.take(address_key, rule.per_address, rule.window_seconds)
            if address_ticket is None:
                await self.counters.give_back(player_key, player_ticket)
                return None
            counted.append((address_key, address_ticket))
        return Taken(tuple(counted))

    async def give_back(self, taken: Taken) -> None:
        for key, ticket in taken.counted:
            await self.counters.give_back(key, ticket)


@dataclass(frozen=True, slots=True)
class BudgetRule:
    name: str
    """The counters' key prefix (`h2h.moves`)."""
    per_address: int
    """The work (moves played) one client address may have done per window."""
    window_seconds: float


class AddressBudget:
    """The work one client address may make the server do per window, each request weighing what it costs: where a
    quota counts creations, a budget sums amounts (`Counters.take`'s `amount`), so a few big requests spend it as
    fast as many small ones."""

    def __init__(self, counters: Counters, rule: BudgetRule, unlimited: Sequence[Network] = ()) -> None:
        self.counters = counters
        self.rule = rule
        self.unlimited = tuple(unlimited)

    async def spend(self, address: str, amount: int) -> bool:
        """Counts `amount` of the address's budget; False (nothing counted) when the window has not that much left."""
        if amount <= 0 or exempt(address, self.unlimited):
            return True
        key = f"{self.rule.name}:address:{address}"
        return await self.counters.take(key, self.rule.per_address, self.rule.window_seconds, amount) is not None
