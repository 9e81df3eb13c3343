"""A worker's last connections are kept for newcomers (scorer.web.client_bounds.ConnectionBounds):
past 90 % of them an address holding a browser's few is refused, past 95 % any address that
holds one already, and the last 2.5 % are never taken, so the worker always accepts and
answers (or refuses) whoever comes next."""
from __future__ import annotations

import contextlib
import socket
import time
from collections.abc import Iterator

import pytest
from werkzeug.exceptions import RequestTimeout

from scorer.web.client_bounds import (
    FEW_CONNECTIONS,
    HEADERS_AFTER_S,
    SLOWEST_AFTER_S,
    SLOWEST_RATE,
    ArrivingBody,
    ConnectionBounds,
    ReadyFirst,
    arrived_whole,
)

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


# --- which waiting connection a newcomer at a full worker ends (ConnectionBounds.make_room) ----

class Waiting:
    """A connection's greenlet waiting for its request's headers (`connection` given) or for its
    body, begun `waited` seconds ago, and what ended it."""

    def __init__(self, bounds: ConnectionBounds, waited: float, address: str, headers: bool) -> None:
        import gevent

        self.ended: BaseException | None = None
        self.client, self.connection = socket.socketpair()
        self.greenlet = gevent.spawn(self._wait)
        started = time.monotonic() - waited
        if headers:
            bounds.awaited[self.greenlet] = ArrivingBody(self.greenlet, address, started, self.connection, first=True)
        else:
            bounds.bodies[self.greenlet] = ArrivingBody(self.greenlet, address, started)

    def _wait(self) -> None:
        import gevent

        try:
            gevent.sleep(30)
        except (ConnectionResetError, RequestTimeout) as error:
            self.ended = error

    def was_ended(self) -> bool:
        """Whether it was ended, once the loop ran the callbacks due (make_room ends it from one)."""
        import gevent

        gevent.sleep(0.05)
        return self.greenlet.dead and self.ended is not None

    def told(self) -> bytes:
        self.client.settimeout(1)
        return self.client.recv(4096)

    def close(self) -> None:
        self.greenlet.kill()
        self.client.close()
        self.connection.close()


@contextlib.contextmanager
def waiting(*kinds: tuple[float, bool]) -> Iterator[tuple[ConnectionBounds, list[Waiting]]]:
    """A worker's bounds with connections waiting: (seconds waited, for headers?) each, from
    addresses of their own, the oldest first as a worker enters them."""
    bounds = ConnectionBounds(CAPACITY)
    waits = [Waiting(bounds, waited, f"198.51.100.{n}", headers) for n, (waited, headers) in enumerate(kinds)]
    try:
        yield bounds, waits
    finally:
        for wait in waits:
            wait.close()


def test_a_wait_for_headers_over_a_second_old_is_ended_before_the_slowest_body():
    """A newcomer at a full worker ends a connection whose headers have not come in over
    HEADERS_AFTER_S (a browser sends them in one packet) rather than any slow body: it is told
    408 in a few words and closed, and the body goes on."""
    with waiting((HEADERS_AFTER_S + 0.5, True), (SLOWEST_AFTER_S + 5, False)) as (bounds, (headers, body)):
        assert bounds.make_room()
        assert headers.was_ended() and headers.told().startswith(b"HTTP/1.1 408")
        assert not body.was_ended()
        assert list(bounds.bodies) == [body.greenlet] and not bounds.awaited


def test_a_wait_for_headers_under_a_second_old_is_ended_only_after_the_slowest_body():
    """Younger than HEADERS_AFTER_S, a wait for headers may be a browser's request on its way:
    the slowest body goes first (answered 408), and the wait goes on."""
    with waiting((HEADERS_AFTER_S / 2, True), (SLOWEST_AFTER_S + 5, False)) as (bounds, (headers, body)):
        assert bounds.make_room()
        assert body.was_ended() and isinstance(body.ended, RequestTimeout)
        assert not headers.was_ended()
        assert list(bounds.awaited) == [headers.greenlet] and not bounds.bodies


def test_with_no_slow_body_the_longest_wait_for_headers_is_ended_however_short():
    """A flood's connections that all came back together have waited under a second each, and
    its bodies (if any) are too young to be judged slow: the longest wait is ended all the
    same, or the newcomer would be refused."""
    with waiting((0.3, True), (0.1, True), (SLOWEST_AFTER_S / 2, False)) as (bounds, (oldest, younger, body)):
        assert bounds.make_room()
        assert oldest.was_ended() and oldest.told().startswith(b"HTTP/1.1 408")
        assert not younger.was_ended() and not body.was_ended()
        assert list(bounds.ended) == ["198.51.100.0"]   # no newcomer for a while


def test_with_only_young_bodies_the_one_with_fewest_bytes_is_ended():
    """A slow-body flood taken in at once (a quiet machine): every body younger than
    SLOWEST_AFTER_S and no connection waiting for its headers. The body with the fewest bytes
    is ended all the same, or the newcomer would be refused; one already bringing SLOWEST_RATE
    bytes a second over SLOWEST_AFTER_S is a player's, and is never ended."""
    with waiting((SLOWEST_AFTER_S / 2, False), (SLOWEST_AFTER_S / 4, False), (0.1, False)) as (bounds, waits):
        player, flood, fast = waits
        for wait, received in zip(waits, (600, 1, int(SLOWEST_RATE * SLOWEST_AFTER_S)), strict=True):
            bounds.bodies[wait.greenlet].received = received
        assert bounds.make_room()
        assert flood.was_ended() and isinstance(flood.ended, RequestTimeout)
        assert not player.was_ended() and not fast.was_ended()
        assert bounds.make_room()
        assert player.was_ended()
        assert not bounds.make_room()   # the fast one only is left
        assert not fast.was_ended()


def test_with_nothing_waiting_no_room_is_made():
    assert not ConnectionBounds(CAPACITY).make_room()


@pytest.mark.parametrize(("sent", "whole"), [
    (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", True),
    (b"POST /api/results HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}", True),
    (b"POST /api/results HTTP/1.1\r\nContent-Length: 1000000\r\n\r\n{", False),   # a slow body
    (b"POST /api/results HTTP/1.1\r\nContent-Length: " + b"0" * 20 + b"1000000\r\n\r\n{", False),   # the same, disguised
    (b"POST /api/results HTTP/1.1\r\nContent-Length: 0002\r\n\r\n{}", True),
    (b"POST /api/results HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}", False),
    (b"POST /api/results HTTP/1.1\r\nContent-Length: " + b"9" * 5000 + b"\r\n\r\n{", False),
    (b"POST /api/results HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n", False),
    (b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ", False),   # headers that never end
    (b"", False),   # nothing within a second
])
def test_a_request_that_came_whole_is_told_from_one_still_coming_without_reading_it(sent, whole):
    """What a worker begins first (scorer.web.client_bounds.ReadyFirst): a request whose head
    and announced body are all in the kernel's buffer, looked at there, not read."""
    client, server = socket.socketpair()
    with client, server:
        client.sendall(sent)
        assert arrived_whole(server) is whole
        if sent:
            server.settimeout(0.5)
            assert server.recv(65536) == sent   # all of it still there to read


def test_a_request_that_came_whole_begins_at_once_and_the_others_in_the_order_they_came():
    """ReadyFirst: a connection whose request came whole is read at once, before those still
    coming that came before it, which are begun one at a time in the order they came."""
    import gevent

    order = ReadyFirst()
    begun: list[str] = []
    pairs = []

    def connection(name: str, sent: bytes) -> None:
        client, server = socket.socketpair()
        pairs.append((client, server))
        client.sendall(sent)
        order.wait_for_turn(server)
        begun.append(name)

    whole, partial = b"GET / HTTP/1.1\r\n\r\n", b"POST / HTTP/1.1\r\nContent-Length: 9\r\n\r\n{"
    arrivals = [("p1", partial), ("p2", partial), ("w1", whole), ("p3", partial), ("w2", whole)]
    try:
        gevent.joinall([gevent.spawn(connection, name, sent) for name, sent in arrivals], timeout=5)
    finally:
        for client, server in pairs:
            client.close()
            server.close()
    assert begun == ["w1", "w2", "p1", "p2", "p3"]
