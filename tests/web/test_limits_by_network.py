"""The rate limits count a client as the rest of the server does (client_of): an IPv6 client
by its /64, so it cannot take a fresh limit from each address its network lets it use."""
from __future__ import annotations

from tests.conftest import make_app

ONE_NETWORK = ("2001:db8:7:1::10", "2001:db8:7:1:ffff:1:2:3")   # two hosts' addresses in one /64
NEXT_NETWORK = "2001:db8:7:2::10"


def test_two_addresses_of_one_ipv6_network_share_a_limit(tmp_path):
    client = make_app(tmp_path, RATELIMIT_ENABLED=True, EXPORT_LIMIT="1 per minute").test_client()

    def export(address: str) -> int:
        return client.get("/api/results.csv", environ_base={"REMOTE_ADDR": address}).status_code

    assert export(ONE_NETWORK[0]) == 200
    assert export(ONE_NETWORK[1]) == 429
    assert export(NEXT_NETWORK) == 200   # another network is another client


def test_ipv4_addresses_are_each_their_own_client(tmp_path):
    client = make_app(tmp_path, RATELIMIT_ENABLED=True, EXPORT_LIMIT="1 per minute").test_client()
    statuses = [client.get("/api/results.csv", environ_base={"REMOTE_ADDR": address}).status_code
                for address in ("192.0.2.1", "192.0.2.2", "192.0.2.1")]
    assert statuses == [200, 200, 429]
