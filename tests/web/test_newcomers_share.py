"""A worker's last connections are kept for newcomers (scorer.web.client_bounds.ConnectionBounds):
past 90 % of them an address holding a browser's few is refused, past 95 % any address that
holds one already, and the last 2.5 % are never taken, so the worker always accepts and
answers (or refuses) whoever comes next."""
from __future__ import annotations

from scorer.web.client_bounds import FEW_CONNECTIONS, ConnectionBounds

CAPACITY = 2000


def filled_by_crowd(bounds: ConnectionBounds, addresses: int) -> list[str]:
    """`addresses` addresses opening one more connection each in turn, as long as any is
    admitted; the addresses."""
    crowd = [f"10.0.{number // 250}.{number % 250}" for number in range(addresses)]
    while sum(bounds.admit(address) for address in crowd):
        pass
    return crowd


def test_a_crowd_of_addresses_leaves_newcomers_their_places():
    """330 addresses opening connections in turn: past 90 % only those holding under six get
    one more, and past 95 % none of them, however long they go on; a newcomer still comes
    in, and once it holds one it waits like the crowd."""
    bounds = ConnectionBounds(CAPACITY)
    crowd = filled_by_crowd(bounds, 330)
    assert bounds.total == CAPACITY * 95 // 100
    assert not any(bounds.admit(address) for address in crowd)
    assert bounds.admit("192.0.2.1")
    assert bounds.admit("192.0.2.2")
    assert not bounds.admit("192.0.2.1")


def test_a_crowd_of_browsers_leaves_the_last_tenth_to_others():
    """300 addresses opening connections in turn stop at six each, 90 % of the worker."""
    bounds = ConnectionBounds(CAPACITY)
    filled_by_crowd(bounds, 300)
    assert bounds.total == CAPACITY * 90 // 100
    assert bounds.admit("192.0.2.1")


def test_the_last_connections_are_never_taken():
    """Newcomers of one connection each take places up to 97.5 % of the worker, and then none."""
    bounds = ConnectionBounds(CAPACITY)
    admitted = sum(bounds.admit(f"10.1.{n // 250}.{n % 250}") for n in range(CAPACITY))
    assert admitted == bounds.total == CAPACITY * 975 // 1000
    assert not bounds.admit("192.0.2.9")
    bounds.release("10.1.0.0")
    assert bounds.admit("192.0.2.9")


def test_a_browser_s_few_connections_still_open_past_the_shared_part():
    """Between 90 % and 95 % an address holding fewer than six connections still opens one."""
    bounds = ConnectionBounds(CAPACITY)
    for n in range(CAPACITY * 90 // 100):
        assert bounds.admit(f"10.2.{n // 250}.{n % 250}")
    assert all(bounds.admit("192.0.2.5") for _ in range(FEW_CONNECTIONS))
    assert not bounds.admit("192.0.2.5")


def test_behind_a_proxy_the_bounds_count_connections_only():
    """Every connection is the proxy's: it may take up to 97.5 % of the worker."""
    bounds = ConnectionBounds(CAPACITY, by_address=False)
    assert sum(bounds.admit("127.0.0.1") for _ in range(CAPACITY)) == CAPACITY * 975 // 1000
