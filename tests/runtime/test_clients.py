"""Who a client is for fairness: the peer's address (IPv6 by /64), a forwarded address only from a trusted proxy."""

from __future__ import annotations

import ipaddress

import pytest

from heartcards.runtime.clients import client_address, group_key
from heartcards.runtime.settings import SettingError, Settings, networks

PROXY = (ipaddress.ip_network("10.0.0.0/24"),)


def test_a_trusted_proxys_forwarded_address_is_the_client() -> None:
    assert client_address("10.0.0.7", "203.0.113.9", PROXY) == "203.0.113.9"
    # an address the client wrote itself is left of what the proxy appended: the rightmost untrusted one counts
    assert client_address("10.0.0.7", "198.51.100.1, 203.0.113.9", PROXY) == "203.0.113.9"
    assert client_address("10.0.0.7", "203.0.113.9, 10.0.0.8", PROXY) == "203.0.113.9"


def test_a_forwarded_address_from_anyone_else_is_ignored() -> None:
    assert client_address("192.0.2.4", "203.0.113.9", PROXY) == "192.0.2.4"
    assert client_address("127.0.0.1", "203.0.113.9", ()) == "127.0.0.1"  # no proxy is trusted by default
    assert client_address("10.0.0.7", "not an address", PROXY) == "10.0.0.7"


def test_ipv6_addresses_count_by_their_64_and_mapped_ipv4_as_ipv4() -> None:
    first, second = group_key("2001:db8:1:2::1"), group_key("2001:db8:1:2:ffff:1:2:3")
    assert first == second == "2001:db8:1:2::/64"
    assert group_key("2001:db8:1:3::1") != first
    assert group_key("::ffff:192.0.2.4") == "192.0.2.4" == group_key("192.0.2.4")


def test_trusted_proxies_come_from_the_command_line_or_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Settings.from_environment("sqlite://").trusted_proxies == ()
    monkeypatch.setenv("HEARTCARDS_TRUSTED_PROXIES", "10.0.0.0/24, ::1")
    assert Settings.from_environment("sqlite://").trusted_proxies == networks("10.0.0.0/24,::1")
    assert Settings.from_environment("sqlite://", trusted_proxies="192.0.2.1").trusted_proxies == networks("192.0.2.1")
    with pytest.raises(SettingError, match="HEARTCARDS_TRUSTED_PROXIES"):
        Settings.from_environment("sqlite://", trusted_proxies="proxy.example")
