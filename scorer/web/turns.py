"""A `gardenkit serve` worker does its CPU-heavy requests one at a time per kind of work (issue 28's G7 and F3).

Every connection of a gevent worker is a greenlet on one loop, and a request computes on that
loop. 60 addresses reading the saved history flat out kept some 30 reads ready in each worker,
and 240 addresses each posting a small score twice a second (far under any address's share)
kept some 120 ready: every step of a newcomer's connection (accepted, its request read) waited
for a turn of the loop as long as all of them, and a plain page took 1.3-3.6 s. So a request
that computes (HEAVY, and the history reads the app names) takes its worker's turn for its
kind of work before its view begins: one waiting for it costs nothing, pages that need no
turn are served between any two of them, and the heavy ones are answered one after another,
as many a second as before.

A request takes one turn, never a second while it holds one. Playing a game (a replay, a
simulated example) takes the worker's turn to play games (scorer.web.examples), which its
view's own code then finds already held; the rest take HEAVY_WORK. A replay had taken
HEAVY_WORK and then the games' turn inside it, so replays waited in the scores' line: 40
addresses replaying held a lone score 5-10 s. One that waits its turn's time, or finds its
line full, is answered 503 with Retry-After (HEAVY_WORK: WAIT_SECONDS, MOST_WAITING).

Each kind's line is shared between addresses (AddressLines): an address has at most
PER_ADDRESS requests in one kind's line of a worker (its turn and one waiting), and the next
is answered 429 with Retry-After at once, before it waits. One address over six connections
asking for simulated examples had held up to six places in the games' line of each worker, and
a first come first served line let it keep the turn busy for as long as it liked. The line
serves first the address it served longest ago, so a request from an address it has not
served lately (a player scoring one game beside a crowd) goes before the crowd's.
Photo reading and kit builds have turns of their own (scorer.web.photo_pages, printing).
"""
from __future__ import annotations

import functools
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask, Response, current_app, request
from werkzeug.exceptions import TooManyRequests

from scorer.web.client_bounds import client_of, many_connections
from scorer.web.examples import EXAMPLES, Busy, OneAtATime
from scorer.web.guards import replay_request

WAIT_SECONDS = 10.0
MOST_WAITING = 256
LOOK_AROUND_SECONDS = 0.001
PER_ADDRESS = 2            # one address's places in one kind's line of a worker: its turn, one waiting
PER_ADDRESS_RETRY_S = 1    # a place comes free when one of its requests is answered
# A line serves first the address it served longest ago (one it never served, or not in the
# last FORGET_S, before any other), not the request that came first: 240 addresses scoring
# as fast as they were answered made a line of some 120 in each worker, and a score from
# another address waited behind all of them whenever the line was long (a 2.1 s median at load
# 30; the attack measured 4 s). The addresses keep their order among themselves, each served
# once a round.
FORGET_S = 60.0
FORGOTTEN_PAST = 20_000    # addresses remembered before those not served in FORGET_S are forgotten


class HeavyBusy(Busy):
    doing = "the server is working out answers for other people"


HEAVY_WORK = OneAtATime(HeavyBusy, WAIT_SECONDS, MOST_WAITING)

# Which turn a request takes (None: it computes nothing and takes none). Looked up when asked,
# so that a test may set a turn of its own.
TurnOf = Callable[[], OneAtATime | None]


def _computing() -> OneAtATime:
    return HEAVY_WORK


def _playing() -> OneAtATime:
    return EXAMPLES.playing


def _computing_when_posted() -> OneAtATime | None:
    return HEAVY_WORK if request.method == "POST" else None


def _score_page() -> OneAtATime | None:
    """A form scored; or the page opened on a simulated game's end."""
    if request.method == "POST":
        return HEAVY_WORK
    return EXAMPLES.playing if request.args.get("example") == "1" else None


def _check_page() -> OneAtATime | None:
    """A log replayed from the box, or the page opened on a simulated game or its log; or a
    form checked."""
    if replay_request() or simulated_game():
        return EXAMPLES.playing
    return HEAVY_WORK if request.method == "POST" else None


def simulated_game() -> bool:
    """Whether the request opens a rules page on a simulated game or its log."""
    return request.method == "GET" and (request.args.get("example") == "1" or request.args.get("log") == "simulated")


# The endpoints that compute (scoring, validating, checking, replaying, live totals, simulated
# examples), and the turn they take: opening a score or rules page is a plain page.
HEAVY: dict[str, TurnOf] = {
    "api.score": _computing, "api.validate": _computing, "api.check": _computing, "api.replay": _playing,
    "api.example": _playing, "pages.score_live": _computing, "pages.check_live": _computing,
    "history.edit_live": _computing, "pages.score_page": _score_page, "pages.check_page": _check_page,
    "history.edit_page": _computing_when_posted,
}


class AddressLines:
    """How many places each address holds in each kind's line of this worker, and when the
    line last served each address."""

    def __init__(self, per_address: int = PER_ADDRESS) -> None:
        self.per_address = per_address
        self.held: Counter[tuple[int, str]] = Counter()
        self.served: dict[tuple[int, str], float] = {}
        self._lock = threading.Lock()   # a gevent lock in a gevent worker

    def last_served(self, turn: OneAtATime, address: str) -> float:
        """When `turn`'s line last served `address`; long ago for an address it has not
        served in the last FORGET_S (its place in the line: scorer.web.examples.OneAtATime)."""
        return self.served.get((id(turn), address), -FORGET_S)

    @contextmanager
    def place(self, turn: OneAtATime, address: str) -> Iterator[bool]:
        """A place in `turn`'s line for `address` while the request lasts; False (and no place)
        when the address holds `per_address` of them already."""
        key = (id(turn), address)
        with self._lock:
            if self.held[key] >= self.per_address:
                yield False
                return
            self.held[key] += 1
        try:
            yield True
        finally:
            with self._lock:
                self.held[key] -= 1
                if not self.held[key]:
                    del self.held[key]
                self._note_served(key)

    def _note_served(self, key: tuple[int, str]) -> None:
        now = time.monotonic()
        self.served[key] = now
        if len(self.served) > FORGOTTEN_PAST:   # forget the addresses that went away
            self.served = {other: when for other, when in self.served.items() if now - when < FORGET_S}


LINES = AddressLines()


def too_many_in_line() -> Response:
    """The 429 for a request whose address holds its places in the line already, in the
    app's own words and form (a page or JSON)."""
    refusal = TooManyRequests(f"this address has {LINES.per_address} requests of this kind under way or waiting "
                              f"on this server already; send the next when one is answered "
                              f"(try again in {PER_ADDRESS_RETRY_S} second)")
    response = current_app.make_response(current_app.handle_user_exception(refusal))
    response.headers["Retry-After"] = str(PER_ADDRESS_RETRY_S)
    return response


def take_turns(app: Flask, always: Iterable[str]) -> None:
    """Run the HEAVY views, and those `always` names (with HEAVY_WORK), in their turns."""
    for endpoint, turn_of in {**dict.fromkeys(always, _computing), **HEAVY}.items():
        app.view_functions[endpoint] = in_turn(app.view_functions[endpoint], turn_of)


def in_turn(view: Callable[..., Any], turn_of: TurnOf) -> Callable[..., Any]:
    """The view, run in the worker's turn `turn_of()` names, if any."""
    @functools.wraps(view)
    def view_in_turn(*args: Any, **kwargs: Any) -> Any:
        turn = turn_of()
        if turn is None:
            return view(*args, **kwargs)
        with place_and_turn(turn) as placed:
            return view(*args, **kwargs) if placed else too_many_in_line()
    return view_in_turn


@contextmanager
def place_and_turn(turn: OneAtATime, lines: AddressLines = LINES) -> Iterator[bool]:
    """The request's place in `turn`'s line of `lines`, and then the turn itself, while the
    block runs: True; False (neither taken) when the request's address holds its places in
    that line already. Busy (a 503) when the turn is not free in time."""
    address = client_of(request.remote_addr or "")
    with lines.place(turn, address) as placed:
        if not placed:
            yield False
            return
        with turn.turn(since=lines.last_served(turn, address)) as waited:
            if waited or not many_connections(address):
                # The turn came from the request before, in the loop's callbacks, or was free
                # for a request that may have come the same way (a connection's next request,
                # read as soon as its last answer went): a moment's sleep lets the loop look at
                # its sockets first, or computing requests would run one after another before
                # any other connection is read from or accepted (240 addresses scoring held a
                # plain page 0.2-0.8 s). An address holding many connections is held to its
                # share of requests instead (scorer.web.client_bounds.RateShare), and its
                # requests that find the turn free go straight on.
                time.sleep(LOOK_AROUND_SECONDS)
            yield True
