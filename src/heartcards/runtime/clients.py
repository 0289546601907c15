"""Who a client is for fairness: its network address, not its cookie (a fresh cookie costs nothing).

Quotas, the solver's fair queue, socket counts and message rates are kept per `client_key`: the peer's IPv4 address,
or the /64 network of an IPv6 one (a home or a phone gets a whole /64 and may rotate addresses within it). Behind a
reverse proxy every peer is the proxy, so the address it forwards (`X-Forwarded-For`) is used, but only when the
peer is a proxy the operator named as trusted (`--trusted-proxy`, `$HEARTCARDS_TRUSTED_PROXIES`): anyone else could
write any address there. The forwarded list is read from its right end, skipping trusted proxies, so an address the
client itself wrote in front of it is never the one used.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from typing import Final

from heartcards.runtime.settings import Network

IPV6_GROUP_PREFIX: Final = 64
UNKNOWN_CLIENT: Final = "unknown"
FORWARDED_HEADER: Final = "x-forwarded-for"


def parse_address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The address `text` names (an IPv4-mapped IPv6 address as its IPv4 one), or None if it names none."""
    try:
        address = ipaddress.ip_address(text.strip().strip("[]"))
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def within(address: ipaddress.IPv4Address | ipaddress.IPv6Address, networks: Sequence[Network]) -> bool:
    """Whether `address` lies in one of `networks` (trusted proxies, spared networks)."""
    return any(address.version == network.version and address in network for network in networks)


def client_address(peer: str | None, forwarded: str | None, proxies: Sequence[Network]) -> str:
    """The client's address: `peer`, or when `peer` is a trusted proxy the rightmost untrusted address of the
    forwarded list (`X-Forwarded-For`); `UNKNOWN_CLIENT` when there is none to read."""
    address = None if peer is None else parse_address(peer)
    if address is None:
        return peer or UNKNOWN_CLIENT
    if forwarded and within(address, proxies):
        for entry in reversed(forwarded.split(",")):
            hop = parse_address(entry)
            if hop is None:
                break  # a malformed entry: what is left of it was written by whoever sent it
            address = hop
            if not within(hop, proxies):
                break
    return str(address)


def group_key(address: str) -> str:
    """The fairness key of an address: IPv4 as it is, IPv6 as its /64 (`2001:db8:1:2::/64`)."""
    parsed = parse_address(address)
    if isinstance(parsed, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((parsed, IPV6_GROUP_PREFIX), strict=False))
    return address if parsed is None else str(parsed)
