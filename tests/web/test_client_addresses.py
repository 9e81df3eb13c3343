"""Whom the server's per-address bounds count (scorer.web.client_bounds.client_of): an IPv6
client may take any address of its /64, so the network is the client; IPv4 addresses, and
IPv4 addresses seen through IPv6, are themselves."""
from __future__ import annotations

from scorer.web.client_bounds import MAX_CONNECTIONS_PER_ADDRESS, ConnectionBounds, client_of


def test_addresses_of_one_ipv6_64_count_as_one_client():
    assert client_of("2001:db8:1:2::1") == client_of("2001:db8:1:2:ffff:ffff:ffff:ffff") == "2001:db8:1:2::/64"
    assert client_of("2001:db8:1:3::1") != client_of("2001:db8:1:2::1")
    assert client_of("::ffff:192.0.2.7") == "192.0.2.7"
    assert client_of("192.0.2.7") == "192.0.2.7"
    assert client_of("fe80::1%eth0") == "fe80::/64"


def test_a_client_cycling_through_its_ipv6_addresses_meets_the_connection_bound():
    """As the worker counts each accepted connection: a new source address per connection
    from one /64 is still one client, held to its connections; its neighbour network is not."""
    connections = ConnectionBounds(2000)
    admitted = [connections.admit(client_of(f"2001:db8:1:2::{n:x}")) for n in range(1, MAX_CONNECTIONS_PER_ADDRESS + 2)]
    assert admitted == [True] * MAX_CONNECTIONS_PER_ADDRESS + [False]
    assert connections.admit(client_of("2001:db8:1:3::1"))
