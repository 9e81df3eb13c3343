"""What one client address may hold of a worker: its connections, counted as they are
accepted, and its requests, counted before any request reads its body.

A gevent worker (`gardenkit serve`) holds a connection per greenlet, up to a few thousand; a
client that opens thousands of connections and says nothing, or sends its bodies a byte a
second, would fill them all, and nobody else would be answered. So, as the ready proxy does
(deploy/nginx.conf):
- one address has at most MAX_CONNECTIONS_PER_ADDRESS connections open in a worker; one more
  is answered 429 HOLD_S after it is accepted, nothing read from it (ConnectionBounds,
  counted by scorer.web.serve.GardenkitWorker), and closed just after (RefusedConnections);
- the last RESERVED_SHARE of a worker's connections are kept for newcomers: once the rest are
  taken, an address already holding a browser's few connections (FEW_CONNECTIONS) is refused
  the same way, so many addresses together cannot take every place either; of those, the
  last NEWCOMERS_SHARE go only to an address holding no connection of the worker yet (a
  crowd of addresses each holding a few cannot take a new player's place), and the last
  UNFILLED_SHARE to nobody: a worker whose every connection is taken stops accepting, and
  a newcomer would wait unseen in the kernel's queue, where it cannot even be refused;
- a newcomer (an address holding none) that finds even those taken is let in all the same, and
  the connection that has waited longest for its request's line and headers, or else the
  slowest body the worker waits for (the fewest bytes a second, under SLOWEST_RATE, waited
  for at least SLOWEST_AFTER_S; failing those, a younger body with the fewest bytes), is
  answered 408 and closed to make its room (ConnectionBounds.make_room): a slow-body flood from 2,000 addresses, each holding a few,
  filled both workers to their last place, and every newcomer was refused 429 for as long as
  the bodies had to come;
- a connection's first request has FIRST_REQUEST_S to come whole (scorer.web.serve's
  GardenkitWorker.timeout_ctx); the requests after it on a kept-alive connection have the
  keep-alive time, 5 s;
- while other addresses are being served, an address holding more than a browser's few
  connections of a worker starts at most SHARE_PER_S requests a second in it, in bursts of
  SHARE_BURST (RateShare); a client asking one thing at a time, or a browser, is never held to
  it; one more waits SHARE_PAUSE_S on its
  greenlet and is answered 429, its body unread, so a flood from one address gets a share of the worker's loop, not all
  of it (64 connections scoring flat out held others' pages 0.5 s as a rule, 1.7 s at worst);
- one address has at most MAX_PER_ADDRESS requests under way in a worker; one more is answered
  429 at once, its body unread (behind a proxy, where every connection is the proxy's, this
  is the bound that counts the client's own address);
- a body must arrive whole within a fixed time (BODY_TIMEOUT_S, GARDENKIT_BODY_TIMEOUT), from
  the request's start, whatever length it announces, or the request is answered 408 (on
  gevent's loop, where a wait can be timed; other servers read as they always did); each
  endpoint's size limit is held against the announced length before any of it is read
  (scorer.web.guards.hold_body_to_its_endpoint);
- a body of an announced length that its endpoint takes is read whole here, before the app
  sees the request, and one that does not come whole in time is answered here, in a few
  words: a connection waiting for its body costs a greenlet and a few microseconds when it
  wakes, not the app's work of starting and failing a request. 4,640 slow bodies starting or
  ending together cost the worker seconds of its loop when each went through the app, and
  every page waited (issue 28's G1). It is kept in memory up to IN_MEMORY bytes and in a
  temporary file past that, and a worker holds at most BODY_BUDGET bytes of bodies at once
  (BodyBudget: past it a body is read no further until others end);
- a request that came on its connection before the answer to the one before it (pipelined)
  counts against the share as an address holding many connections does;
- an IPv6 client is counted by its /64 network (client_of).
Behind a proxy (GARDENKIT_PROXIES), the address is the client's, as ProxyFix put it, and
connections are not counted by address. `gardenkit serve` turns the request bounds on
(CLIENT_BOUNDS): it counts a request until the server closes its answer, which a WSGI server
always does and a test client need not.
"""
from __future__ import annotations

import contextlib
import errno
import heapq
import ipaddress
import itertools
import re
import socket
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from werkzeug.exceptions import RequestTimeout
from werkzeug.wsgi import ClosingIterator

from scorer.store.green import gevent_patched

MAX_PER_ADDRESS = 32          # as deploy/nginx.conf's limit_conn
# Time for a whole body, the default of GARDENKIT_BODY_TIMEOUT: the largest upload, four 15 MB
# photos, at 4 Mbit/s (a phone's uplink on a weak 4G signal); a 1 MB body, the largest any other
# endpoint takes, needs 70 kbit/s. It grew with the announced length before: a body announcing
# 15 MB was given 16 minutes, so announcing much and sending little held a connection for long.
BODY_TIMEOUT_S = 120.0

TOO_MANY = b"this address has too many requests under way; wait for their answers\n"

MAX_CONNECTIONS_PER_ADDRESS = 32   # as deploy/nginx.conf's limit_conn
RESERVED_SHARE = 0.1               # of a worker's connections, kept for addresses holding few
FEW_CONNECTIONS = 6                # a browser opens up to six to one site
NEWCOMERS_SHARE = 0.05             # of them, the last kept for addresses holding none yet
UNFILLED_SHARE = 0.025             # and the very last never taken (the worker keeps accepting)
# A body waited for this long, and coming slower than SLOWEST_RATE bytes a second, may be ended to
# let a newcomer in: far slower than any player's (a 1 MB body within its 120 s needs 8.7 KB a
# second), and late enough that a flood whose ended bodies come back at once ends few of its own.
SLOWEST_AFTER_S = 2.0
# A connection waiting this long for its request's line and headers (they come in one packet from
# any browser) is the first ended to let a newcomer in, before any slow body; one waiting less
# only when there is no slow body either.
HEADERS_AFTER_S = 1.0
# How long a new connection's first request may take to come whole. Closed after 5 s (the
# keep-alive time, gunicorn's default for every request), 4,400 connections from 2,200
# addresses whose headers never ended were closed and opened again together every 5 s: each
# worker had 2,000 to take at once, and a newcomer waited behind them in the kernel's queue of
# connections to accept (300-1,600 deep), 1-3 s on a machine at a load of 11; on a quiet one the
# worker took them in a fraction of a second, and then every one of them had waited under
# HEADERS_AFTER_S, so a newcomer found none to end and was refused. A connection that says
# nothing costs a greenlet and a file descriptor however long it waits, and a flood reopens
# its connections as soon as they close, so waiting longer takes no more places; it only makes
# the flood come back twelve times more seldom. A full worker makes room for a newcomer by
# ending the oldest (make_room).
FIRST_REQUEST_S = 60.0
HEADERS_TOO_SLOW = (b"HTTP/1.1 408 Request Timeout\r\nContent-Type: text/plain; charset=utf-8\r\n"
                    b"Connection: close\r\nContent-Length: 47\r\n\r\nthe request came too slowly; send it again now\n")
SLOWEST_RATE = 1024.0
# An address whose body was ended so is no newcomer for this long: its connections coming back
# would each end another of the flood's bodies, as fast as the worker could answer them.
ENDED_FOR_S = 60.0

_REFUSAL_WORDS = b"this address has too many connections open to this server; close some and try again\n"
CONNECTION_REFUSED = (b"HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain; charset=utf-8\r\n"
                      b"Retry-After: 5\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s"
                      % (len(_REFUSAL_WORDS), _REFUSAL_WORDS))


HOLD_S = 5.0           # a refused connection waits this long for its 429 (its Retry-After)
LINGER_S = 1.0         # and is closed this long after it, once the client has read it
MAX_LINGERING = 5000   # refused connections a worker keeps open at most (file descriptors)
LOOK_S = 0.25          # how often the held connections' greenlet looks whether its worker stops


class RefusedConnections:
    """Refused connections: each is answered 429 HOLD_S after it was accepted, and closed
    LINGER_S after that. The refusal costs the refused client its wait, not the worker: a flood
    that reconnects the moment it is answered or closed comes back once every HOLD_S per
    connection, not as fast as it can. Answered at once, 200 connections from one address
    reconnecting on every 429 came back 238 times a second and held a plain page 0.7 s (2.7 s
    at worst); answered at once and closed at once, 4,600 such connections came back 2,800
    times a second, and their queued reconnections kept a newcomer waiting 1-3 s in the
    kernel's one queue of connections to accept. A held connection costs a file descriptor, no
    greenlet: one greenlet answers and closes them when due. Past MAX_LINGERING held, one more
    is answered at once (and closed by the server). When the worker stops (it retires after
    so many requests), every held connection is answered at once: a held one left to the
    process's exit would be reset unanswered."""

    def __init__(self, serving: Callable[[], bool] = lambda: True) -> None:
        self.serving = serving   # False once the worker stops taking connections
        self.held: list[tuple[float, int, socket.socket, bool]] = []   # a heap: (due, order, copy, answered)
        self.order = itertools.count()
        self.closing = False

    def refuse(self, client: socket.socket) -> None:
        """Hold a copy of the connection (the server closes the one it gave) for its 429."""
        import gevent

        if len(self.held) >= MAX_LINGERING or not self.serving():
            with contextlib.suppress(OSError):
                client.send(CONNECTION_REFUSED)   # into an empty send buffer: the loop never waits on it
            return
        with contextlib.suppress(OSError):
            heapq.heappush(self.held, (time.monotonic() + HOLD_S, next(self.order), client.dup(), False))
        if self.held and not self.closing:
            self.closing = True
            gevent.spawn(self._answer_when_due)

    def _answer_when_due(self) -> None:
        import gevent

        stopping = False
        while self.held:
            if not stopping and not self.serving():
                stopping = True
                self.held = [self._answered(held) if not answered else (due, order, held, answered)
                             for due, order, held, answered in self.held]
                heapq.heapify(self.held)
            due, _, held, answered = self.held[0]
            if due > time.monotonic():
                gevent.sleep(min(due - time.monotonic(), LOOK_S))
                continue
            heapq.heappop(self.held)
            if answered:
                held.close()
            else:
                heapq.heappush(self.held, self._answered(held))
        self.closing = False

    def _answered(self, held: socket.socket) -> tuple[float, int, socket.socket, bool]:
        """Send the held connection its 429; it is closed LINGER_S later (closed with its
        request unread, a connection is reset, and a client that had not read its 429 yet
        would lose it), or at once when the client is gone already."""
        try:
            held.send(CONNECTION_REFUSED)
        except OSError:
            return (time.monotonic(), next(self.order), held, True)
        return (time.monotonic() + LINGER_S, next(self.order), held, True)


def client_of(address: str) -> str:
    """Whom an address is counted as: itself for IPv4, its /64 network for IPv6 (a network
    hands each of its hosts a /64 at least, and a host may take any address in it, so one
    client could otherwise count as billions of addresses)."""
    if ":" not in address:
        return address
    try:
        ip = ipaddress.IPv6Address(address.split("%", 1)[0])
    except ValueError:
        return address
    if ip.ipv4_mapped:
        return str(ip.ipv4_mapped)
    return str(ipaddress.IPv6Network((ip, 64), strict=False))


def many_connections(address: str) -> bool:
    """Whether `address` holds more than a browser's few connections of this worker (never
    behind a proxy, where every connection is the proxy's, nor outside `gardenkit serve`)."""
    return OPEN_CONNECTIONS is not None and OPEN_CONNECTIONS.held(address) > FEW_CONNECTIONS


def queued_behind_another(environ: dict[str, Any]) -> bool:
    """Whether this request had already come, on its connection, when the one before it was
    answered: a client pipelining its requests, which counts against its address's share as one
    holding many connections does (the greenlet is GardenkitWorker's, which notes it)."""
    return OPEN_CONNECTIONS is not None and environ.get("gunicorn.socket") in OPEN_CONNECTIONS.pipelining


class ConnectionBounds:
    """The open connections of one worker, by client address. Used from the worker's loop
    only (each greenlet runs admit and release without waiting), so it needs no lock."""

    def __init__(self, capacity: int, by_address: bool = True) -> None:
        self.open: Counter[str] = Counter()
        self.total = 0
        self.by_address = by_address   # behind a proxy every connection is the proxy's
        self.shared = capacity - int(capacity * RESERVED_SHARE)
        self.for_newcomers = capacity - int(capacity * NEWCOMERS_SHARE)
        self.most = capacity - int(capacity * UNFILLED_SHARE)
        self.capacity = capacity
        self.pipelining: set[Any] = set()   # connections whose next request came before their last answer
        self.bodies: dict[Any, ArrivingBody] = {}   # by greenlet: the bodies being waited for now
        self.awaited: dict[Any, ArrivingBody] = {}  # by greenlet, oldest first: the requests waited for now
        self.ended: dict[str, float] = {}   # when an address's body was last ended by make_room

    def admit(self, address: str) -> bool:
        """Count one more connection of `address`; False (counting nothing) when it may not have it."""
        held = self.held(address)
        if (held >= MAX_CONNECTIONS_PER_ADDRESS
                or (self.total >= self.for_newcomers and held > 0)
                or (self.total >= self.shared and held >= FEW_CONNECTIONS)):
            return False
        if self.total >= self.most and (held > 0 or self.total >= self.capacity or self.ended_lately(address)
                                        or not self.make_room()):
            return False
        self.open[address] += 1
        self.total += 1
        return True

    def make_room(self) -> bool:
        """End the connection that has waited longest for its request's line and headers, if
        it waited HEADERS_AFTER_S; else the slowest body this worker waits for (the fewest
        bytes a second, of those waited for at least SLOWEST_AFTER_S and coming slower than
        SLOWEST_RATE); else the longest wait for a request whatever its age (a flood's
        connections that all came back together); else the slowest body younger than that,
        its bytes counted as if over SLOWEST_AFTER_S (young_slow_body). It is answered 408 and
        closed. False when nothing waits, or only bodies coming at SLOWEST_RATE or faster. The waits for a request are kept in the order they began, so the
        oldest is one look, not one per connection: a look at each, on every newcomer and on
        each of a flood's own connections that counts as one, cost 4-7 ms a time (of a loop
        held 0.3-0.7 s a second) beside 2,000 never-ending headers. The connection is ended
        from the loop's next callback, and only if it is still waiting then: a request or a
        body that came whole meanwhile goes on untouched."""
        import gevent

        now = time.monotonic()
        oldest = next(iter(self.awaited.values()), None)
        slowest = oldest if oldest is not None and now - oldest.started >= HEADERS_AFTER_S else self.slowest_body(now)
        slowest = slowest or oldest or self.young_slow_body(now)
        if slowest is None:
            return False
        del (self.awaited if slowest.headers else self.bodies)[slowest.greenlet]
        self.ended[slowest.address] = now

        def end() -> None:
            if not slowest.waiting:
                return
            if slowest.headers:   # in gunicorn's reading of a request: told in a few words, closed quietly
                with contextlib.suppress(OSError):
                    slowest.connection.send(HEADERS_TOO_SLOW)
                slowest.greenlet.throw(ConnectionResetError(errno.ECONNRESET, "ended for a newcomer"))
            else:
                slowest.greenlet.throw(RequestTimeout(TOO_SLOW))
        gevent.get_hub().loop.run_callback(end)
        return True

    def slowest_body(self, now: float) -> ArrivingBody | None:
        """The body coming slowest, of those waited for at least SLOWEST_AFTER_S and coming
        slower than SLOWEST_RATE bytes a second; None when no body is that slow."""
        rates = {body: body.received / (now - body.started) for body in self.bodies.values()
                 if now - body.started >= SLOWEST_AFTER_S}
        slow = [body for body, rate in rates.items() if rate < SLOWEST_RATE]
        return min(slow, key=rates.__getitem__) if slow else None

    def young_slow_body(self, now: float) -> ArrivingBody | None:
        """The body, of those waited for under SLOWEST_AFTER_S, that has the fewest bytes yet,
        if it has fewer than SLOWEST_RATE a second would bring over SLOWEST_AFTER_S; None when
        none is that slow. A slow-body flood taken in within a second or two (a quiet machine)
        had all its bodies too young to be judged and no connection waiting for its headers:
        a newcomer at a full worker found nothing to end and was refused, one in some 40 while
        the flood was young. A player's body comes in its first packets, kilobytes at once."""
        young = [body for body in self.bodies.values()
                 if now - body.started < SLOWEST_AFTER_S and body.received < SLOWEST_RATE * SLOWEST_AFTER_S]
        return min(young, key=lambda body: body.received) if young else None

    def awaiting_request(self, connection: Any, address: str, first: bool) -> ArrivingBody:
        """This greenlet now waits for its connection's next request (its `first`, or the next
        one kept alive), which a newcomer may end (make_room)."""
        import gevent

        waiting = ArrivingBody(gevent.getcurrent(), address, time.monotonic(), connection, first)
        self.awaited[waiting.greenlet] = waiting
        return waiting

    def request_came(self, waiting: ArrivingBody) -> None:
        waiting.waiting = False
        if self.awaited.get(waiting.greenlet) is waiting:
            del self.awaited[waiting.greenlet]

    def first_request_awaited(self, greenlet: Any) -> bool:
        """Whether `greenlet` waits for its connection's first request."""
        waiting = self.awaited.get(greenlet)
        return waiting is not None and waiting.first

    def end_every_body(self) -> None:
        """Answer every body this worker waits for at once (503, Retry-After: 1; its request
        not begun): the worker is stopping, and a body still coming at its graceful timeout
        would hold it there, and the requests under way with it would be cut off unanswered,
        a save perhaps stored with its answer lost."""
        import gevent

        waiting = list(self.bodies.values())
        for body in waiting:
            del self.bodies[body.greenlet]

        def end(body: ArrivingBody) -> None:
            if body.waiting:
                body.greenlet.throw(WorkerStopping(RESTARTING))
        for body in waiting:
            gevent.get_hub().loop.run_callback(end, body)

    def end_every_wait(self) -> None:
        """Close every connection of this stopping worker that has waited HEADERS_AFTER_S for
        its request and has none begun: nothing of it was read, so nothing is lost, and the
        worker need not wait for it. A first request has FIRST_REQUEST_S to come, and an idle
        kept-alive connection held a stopping worker up to the keep-alive time, 5 s. A younger
        wait is left to its request, which comes in one packet (the next look ends it if not)."""
        import gevent

        now = time.monotonic()
        waiting = [wait for wait in self.awaited.values() if now - wait.started >= HEADERS_AFTER_S]
        for wait in waiting:
            del self.awaited[wait.greenlet]

        def end(wait: ArrivingBody) -> None:
            if wait.waiting:
                wait.greenlet.throw(ConnectionResetError(errno.ECONNRESET, "closed as the worker stops"))
        for wait in waiting:
            gevent.get_hub().loop.run_callback(end, wait)

    def ended_lately(self, address: str) -> bool:
        """Whether a body of `address` was ended in the last ENDED_FOR_S (the old ones forgotten)."""
        now = time.monotonic()
        if len(self.ended) > MAX_LINGERING:
            self.ended = {other: when for other, when in self.ended.items() if now - when < ENDED_FOR_S}
        return now - self.ended.get(address, -ENDED_FOR_S) < ENDED_FOR_S

    def held(self, address: str) -> int:
        return self.open[address] if self.by_address else 0

    def release(self, address: str) -> None:
        self.total -= 1
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


class ReadyFirst:
    """The connections a worker has accepted and not begun to read. One whose request has come
    whole (its line, headers and announced body, looked at without reading them) begins at
    once; the others wait here and are begun one at a time, each until its first wait, in the
    order they came, the loop looking at its sockets (taking the connections waiting there)
    every LOOK_EVERY of them. gevent took up to 100 connections a turn and ran each to its
    first wait, oldest first, before it looked at its listener again: 4,400 slow bodies opened
    together took each worker 7 s to take in at a load of 7 (some 1 ms of CPU to read and start
    each request; 6-10 times that in time at a load of 12-20), and a new address, queued behind
    them in the kernel's queue (1,200-2,049 deep; full at a load of 10, where its connection
    was dropped and tried again), waited 6-15 s for its plain page. A browser's request comes
    whole in one packet, and a slow body or header never does, so a player's page goes before
    a flood of them however many came first. A connection whose first packet has not come yet
    waits for it up to HEADERS_AFTER_S before it is judged. A whole request that waited in a
    line too (behind others whole) took two more rounds of a busy loop's callbacks each: beside
    40 addresses asking for the players' statistics a plain page waited 0.4 s as a rule. Used
    from the worker's loop only: no lock."""

    def __init__(self) -> None:
        self.partial: dict[Any, Any] = {}   # greenlet: the Event that begins it, in the order they came
        self.beginning = False              # a greenlet is beginning them

    def wait_for_turn(self, client: socket.socket) -> None:
        """Return when this connection may be read (ConnectionResetError, when it is ended
        meanwhile to make room, goes to the caller)."""
        import gevent
        from gevent.event import Event

        if arrived_whole(client):
            return
        turn = Event()
        current = gevent.getcurrent()
        self.partial[current] = turn
        if not self.beginning:
            self.beginning = True
            gevent.spawn(self._begin_in_turn)
        try:
            turn.wait()
        finally:
            self.partial.pop(current, None)

    def _begin_in_turn(self) -> None:
        import gevent

        begun = 0
        try:
            while self.partial:
                begun += 1
                self.partial.pop(next(iter(self.partial))).set()
                # It runs to its first wait. Every LOOK_EVERY, the loop looks at its sockets
                # before the next begins: gevent.sleep(0) alone has it look only after some 25 of
                # them, and a look after each one made a busy loop begin one a turn.
                gevent.sleep(LOOK_BETWEEN_S if begun % LOOK_EVERY == 0 else 0)
        finally:
            self.beginning = False


LOOK_BETWEEN_S = 0.0001   # a timer: due once the loop has looked at its sockets
LOOK_EVERY = 8
PEEKED = 64 * 1024   # the most of a connection's first bytes looked at (a replayed game's log fits)
# A head's lines that frame its body (lower-cased), each with its value.
_FRAMING = re.compile(rb"\r\n(content-length|transfer-encoding)[ \t]*:([^\r\n]*)")


def arrived_whole(client: socket.socket) -> bool:
    """Whether the first request on a new connection has come whole: its head, and as much of
    a body as it announces (a chunked body is judged as it comes: not whole). Looked at in the
    kernel's buffer, nothing read; the first packet waited for up to HEADERS_AFTER_S."""
    from gevent.socket import wait_read

    first = peeked(client, PEEKED)
    if first is None:
        try:
            wait_read(client.fileno(), timeout=HEADERS_AFTER_S)
        except TimeoutError:   # nothing came
            return False
        first = peeked(client, PEEKED)
    if not first:
        return False
    end = first.find(b"\r\n\r\n")
    if end < 0:
        return False
    framing = _FRAMING.findall(first[:end + 2].lower())
    if len(framing) > 1 or any(name == b"transfer-encoding" for name, _ in framing):
        return False
    # A length as gunicorn takes it (leading zeros and all); anything else is judged as it comes.
    length = announced_length(framing[0][1].strip(b" \t").decode("latin-1") or "0") if framing else 0
    return length is not None and len(first) - end - 4 >= length


def peeked(client: socket.socket, size: int) -> bytes | None:
    """Up to `size` of the bytes waiting in the kernel's buffer for this connection, looked at
    without reading them and without waiting: None when none is waiting, b"" when the client
    is gone or closed its end."""
    previous = client.gettimeout()
    client.settimeout(0.0)
    try:
        return client.recv(size, socket.MSG_PEEK)
    except BlockingIOError:
        return None
    except OSError:
        return b""
    finally:
        client.settimeout(previous)


def bytes_waiting(client: socket.socket) -> bool:
    """Whether the client has sent more than the server has read of it (its next request,
    after the server answered one)."""
    return bool(peeked(client, 1))


class ArrivingBody:
    """A request body a connection's greenlet is waiting for, and how much of it came; or,
    given the `connection`, a request whose line and headers it is waiting for."""

    def __init__(self, greenlet: Any, address: str, started: float, connection: Any = None,
                 first: bool = False) -> None:
        self.greenlet = greenlet
        self.address = address
        self.started = started
        self.received = 0
        self.waiting = True
        self.connection = connection
        self.headers = connection is not None
        self.first = first   # the connection's first request is awaited


TOO_SLOW = "the request's body came too slowly; send it again at once"
RESTARTING = ("this server is restarting and had not begun your request, so nothing of it was done "
              "or saved; send it again at once")


class WorkerStopping(Exception):
    """Raised in a greenlet waiting for a body when its worker stops (end_every_body)."""

# Bytes of request bodies a worker holds at once, counted as they are read and given back
# when their request ends: without a bound, 64 connections each sending 45 MB of a photo
# upload and then waiting took a worker to 2.86 GB. A body that would go past it stops being
# read (its sender's network buffers fill, and it waits at no cost but its greenlet) until
# others end, within its own deadline. Two of the largest uploads (four 15 MB photos) fit,
# and a third is kept for bodies of at most SMALL_BODY (every page but the photo page), so
# stalled uploads never stop a score from being saved. A body is kept in memory up to
# IN_MEMORY bytes and in a temporary file past that, so what waits for its last bytes is
# mostly on disk.
BODY_BUDGET = 128 * 1024 * 1024
LARGE_BODIES_SHARE = 2 / 3
SMALL_BODY = 1024 * 1024
IN_MEMORY = 1024 * 1024
BUDGET_SPENT = ("this server was receiving as many uploads as it takes at once, and yours could not "
                "be read in time; send it again in a minute")


class BodyBudget:
    """The bytes of request bodies one worker has read and holds, the large ones (announcing
    over SMALL_BODY) apart. Used from the worker's loop only, so it needs no lock."""

    def __init__(self, total: int = BODY_BUDGET) -> None:
        self.total = total
        self.held = 0
        self.held_large = 0
        self.room: Any = None   # a gevent Event, set (and dropped) whenever bytes are given back

    def full_for(self, large: bool) -> bool:
        return self.held >= self.total or (large and self.held_large >= self.total * LARGE_BODIES_SHARE)

    def wait_for_room(self, large: bool, seconds: float) -> bool:
        """Wait until a body of this kind may be read further; False when `seconds` passed first."""
        from gevent.event import Event

        deadline = time.monotonic() + seconds
        while self.full_for(large):
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            if self.room is None:
                self.room = Event()
            self.room.wait(left)
        return True

    def take(self, count: int, large: bool) -> None:
        self.held += count
        self.held_large += count if large else 0

    def give_back(self, count: int, large: bool) -> None:
        self.held -= count
        self.held_large -= count if large else 0
        if count and self.room is not None:
            self.room.set()   # every waiter looks again
            self.room = None


# While other addresses are being served, one address's requests in a worker come from a
# bucket of SHARE_BURST that refills SHARE_PER_S a second: the ready proxy's rate per address
# (deploy/nginx.conf's limit_req, 20 a second in bursts of 60), but only when someone else
# waits, so one client alone still has the whole server.
SHARE_PER_S = 20.0
SHARE_BURST = 60.0
SHARE_PAUSE_S = 0.5    # how long a request past the share waits before its 429
SERVED_S = 1.0         # an address served this recently is someone waiting for their share
OVER_SHARE = (b"this address is sending more requests than its share of the server while others "
              b"wait for theirs; send them more slowly (one second's pause is enough)\n")


class RateShare:
    """Each address's bucket of requests in this worker: (requests left, when last taken).
    Used from the worker's loop only: no lock."""

    def __init__(self) -> None:
        self.buckets: dict[str, list[float]] = {}
        self.swept = time.monotonic()

    def over_share(self, address: str, crowding: bool) -> bool:
        """Take one request from the address's bucket; True when it is empty, the address is
        `crowding` (holds many connections) and another address was served just now."""
        now = time.monotonic()
        if now - self.swept > SHARE_BURST / SHARE_PER_S:   # forget the buckets that are full again
            self.buckets = {other: bucket for other, bucket in self.buckets.items()
                            if now - bucket[1] < SHARE_BURST / SHARE_PER_S}
            self.swept = now
        bucket = self.buckets.setdefault(address, [SHARE_BURST, now])
        bucket[0] = min(SHARE_BURST, bucket[0] + (now - bucket[1]) * SHARE_PER_S)
        bucket[1] = now
        if bucket[0] >= 1:
            bucket[0] -= 1
            return False
        return crowding and any(other != address and now - last < SERVED_S for other, (_, last) in self.buckets.items())


class ClientBounds:
    def __init__(self, wsgi_app: Callable[..., Iterable[bytes]], body_limit: Callable[[dict[str, Any]], int | None],
                 body_timeout: float = BODY_TIMEOUT_S) -> None:
        self.wsgi_app = wsgi_app
        self.body_limit = body_limit   # of the endpoint a request goes to; None: no endpoint
        self.body_timeout = body_timeout
        self.under_way: Counter[str] = Counter()
        self.lock = threading.Lock()   # a gevent lock in a gevent worker
        self.paced = gevent_patched()  # a worker is patched before it builds the app: asked once
        self.shares = RateShare()
        self.bodies = BodyBudget()

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        address = client_of(environ.get("REMOTE_ADDR") or "")
        crowding = many_connections(address) or queued_behind_another(environ)
        if self.paced and self.shares.over_share(address, crowding):
            time.sleep(SHARE_PAUSE_S)   # a greenlet's wait: the flood's connection is held, the loop is not
            start_response("429 Too Many Requests", [("Content-Type", "text/plain; charset=utf-8"),
                                                     ("Retry-After", "1"), ("Connection", "close")])
            return [OVER_SHARE]
        with self.lock:
            if self.under_way[address] >= MAX_PER_ADDRESS:
                start_response("429 Too Many Requests", [("Content-Type", "text/plain; charset=utf-8"),
                                                         ("Retry-After", "5"), ("Connection", "close")])
                return [TOO_MANY]
            self.under_way[address] += 1
        done = contextlib.ExitStack()   # what the request's end undoes, whichever way it ends
        done.callback(self.release, address)
        if self.paced:
            environ["wsgi.input"] = TimedBody(environ["wsgi.input"], self.body_timeout)
            refusal = self.read_ahead(environ, done)
            if refusal:
                done.close()
                status, words = refusal
                start_response(status, [("Content-Type", "text/plain; charset=utf-8"), ("Connection", "close"),
                                        *([("Retry-After", "1" if words == RESTARTING else "60")]
                                          if status.startswith("503") else [])])
                return [words.encode() + b"\n"]
        if environ.get(CLOSE_AFTER):
            start_response = closing(start_response)
        try:
            answer = self.wsgi_app(environ, start_response)
        except BaseException:
            done.close()
            raise
        return ClosingIterator(answer, done.close)   # a streamed export counts until it ends

    def read_ahead(self, environ: dict[str, Any], done: contextlib.ExitStack) -> tuple[str, str] | None:
        """Read a body of announced length whole, when its endpoint takes that much, as the
        worker's body budget has room for it, and give it to the app from a spooled file (in
        memory up to IN_MEMORY bytes); the status and words of a body refused or that did not
        come whole, or None. What to do when the request ends (give back the budget, delete
        the file) is added to `done`. A body announcing more than its endpoint takes is left
        for the app to refuse (413, at once). A body sent in chunks (no length announced) is
        read the same way, counted in the budget as it comes, up to one byte past its
        endpoint's limit, and then given to the app as a body of the length it had (cut
        there, and its connection closed after the answer): the app answers it as it answers
        a body that announced that length, a 413 in the same words past the limit."""
        length = announced_length(str(environ.get("CONTENT_LENGTH") or ""))
        chunked = length is None and "chunked" in str(environ.get("HTTP_TRANSFER_ENCODING", "")).lower()
        limit = self.body_limit(environ) if length or chunked else None
        if limit is not None and length is not None and length > limit or _too_long_to_count(environ):
            environ[CLOSE_AFTER] = True   # the app refuses it (413), its body unread on the connection
        if limit is None or (length is not None and length > limit):
            return None
        wanted = limit + 1 if chunked else length
        assert wanted is not None
        body = tempfile.SpooledTemporaryFile(max_size=IN_MEMORY)   # noqa: SIM115 (closed when the request ends)
        done.callback(body.close)
        # A chunked body's size shows only as it comes: one its endpoint may take large is large.
        large = (limit if chunked else wanted) > SMALL_BODY
        received = 0
        done.callback(lambda: self.bodies.give_back(received, large))   # what was read by then
        source = environ["wsgi.input"]
        arriving = _waited_for(client_of(environ.get("REMOTE_ADDR") or ""), source.deadline - self.body_timeout)
        try:
            while received < wanted:
                if not self.bodies.wait_for_room(large, source.deadline - time.monotonic()):
                    return "503 Service Unavailable", BUDGET_SPENT
                part = source.read(min(wanted - received, 65536))
                if not part:
                    break
                body.write(part)
                received += len(part)
                arriving.received = received
                self.bodies.take(len(part), large)
                if received < wanted:   # one that came whole is not left waiting, where make_room could end it
                    time.sleep(0)   # the loop turns: a fast body does not keep others waiting while it is read
        except RequestTimeout:
            return "408 Request Timeout", TOO_SLOW
        except WorkerStopping:
            return "503 Service Unavailable", RESTARTING
        except Exception:  # noqa: BLE001 -- gunicorn's reader refused a chunk: malformed, or cut off
            if not chunked:
                raise
            return "400 Bad Request", UNREADABLE_BODY
        finally:
            _no_longer_waited_for(arriving)
        if not chunked and received < wanted:
            return "400 Bad Request", (f"the request body ended after {received} of the {length} bytes "
                                       "its Content-Length announced")
        body.seek(0)
        environ["wsgi.input"] = body
        if chunked:
            del environ["HTTP_TRANSFER_ENCODING"]
            environ["CONTENT_LENGTH"] = str(received)
            if received > limit:   # the rest of it is still on the connection, unread
                environ[CLOSE_AFTER] = True
        return None

    def release(self, address: str) -> None:
        with self.lock:
            self.under_way[address] -= 1
            if self.under_way[address] <= 0:
                del self.under_way[address]


def _waited_for(address: str, started: float) -> ArrivingBody:
    """The body this greenlet now waits for, entered in its worker's bodies waited for (which
    a newcomer may end to take its place: ConnectionBounds.make_room)."""
    import gevent

    arriving = ArrivingBody(gevent.getcurrent(), address, started)
    if OPEN_CONNECTIONS is not None:
        OPEN_CONNECTIONS.bodies[arriving.greenlet] = arriving
    return arriving


def _no_longer_waited_for(arriving: ArrivingBody) -> None:
    arriving.waiting = False
    if OPEN_CONNECTIONS is not None:
        OPEN_CONNECTIONS.bodies.pop(arriving.greenlet, None)


# A body whose chunks gunicorn's reader refused, here or in the app (scorer.web.guards). Kept
# here: this module is imported by `gardenkit serve` before gevent patches a worker, and the
# app's modules must not be (a lock made then would stop a worker's every greenlet).
UNREADABLE_BODY = "the request body could not be read: its chunks are malformed or it was cut off"
# Set in a request's environ when part of its body is left unread on the connection.
CLOSE_AFTER = "gardenkit.close_after"


def closing(start_response: Any) -> Any:
    """start_response, adding `Connection: close` to the answer's headers."""
    def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
        return start_response(status, [*headers, ("Connection", "close")], exc_info)
    return start


def announced_length(value: str) -> int | None:
    """A Content-Length's value as gunicorn takes it, leading zeros and all (a length of 20
    characters, mostly zeros, had its body left unread for the view, which read it in its
    worker's turn); None for none, for anything but digits, or for 16 significant digits or more."""
    digits = value.lstrip("0") or "0"
    return int(digits) if value.isascii() and value.isdigit() and len(digits) < 16 else None


def _too_long_to_count(environ: dict[str, Any]) -> bool:
    """A Content-Length of 16 digits or more: more than any endpoint takes."""
    return len(str(environ.get("CONTENT_LENGTH") or "").lstrip("0")) >= 16


class TimedBody:
    """The request body, each read given only the time left before the body's deadline."""

    def __init__(self, stream: Any, seconds: float) -> None:
        self.stream = stream
        self.deadline = time.monotonic() + seconds

    def read(self, *size: int) -> bytes:
        return self._timed(self.stream.read, *size)

    def readline(self, *size: int) -> bytes:
        return self._timed(self.stream.readline, *size)

    def readlines(self, *hint: int) -> list[bytes]:
        return self._timed(self.stream.readlines, *hint)

    def __iter__(self) -> TimedBody:
        return self

    def __next__(self) -> bytes:
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def _timed(self, read: Callable[..., Any], *args: int) -> Any:
        import gevent

        too_slow = RequestTimeout(TOO_SLOW)
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise too_slow
        with gevent.Timeout(left, too_slow):
            return read(*args)


# This worker's open connections, counted by scorer.web.serve.GardenkitWorker as it accepts
# them; None outside `gardenkit serve`.
OPEN_CONNECTIONS: ConnectionBounds | None = None
