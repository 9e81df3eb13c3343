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
Photo reading and kit builds have turns of their own (scorer.web.photo_pages, printing).
"""
from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, request

from scorer.web.examples import EXAMPLES, Busy, OneAtATime
from scorer.web.guards import replay_request

WAIT_SECONDS = 10.0
MOST_WAITING = 256
LOOK_AROUND_SECONDS = 0.001


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
    if replay_request() or (request.method == "GET" and (request.args.get("example") == "1"
                                                         or request.args.get("log") == "simulated")):
        return EXAMPLES.playing
    return HEAVY_WORK if request.method == "POST" else None


# The endpoints that compute (scoring, validating, checking, replaying, live totals, simulated
# examples), and the turn they take: opening a score or rules page is a plain page.
HEAVY: dict[str, TurnOf] = {
    "api.score": _computing, "api.validate": _computing, "api.check": _computing, "api.replay": _playing,
    "api.example": _playing, "pages.score_live": _computing, "pages.check_live": _computing,
    "history.edit_live": _computing, "pages.score_page": _score_page, "pages.check_page": _check_page,
    "history.edit_page": _computing_when_posted,
}


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
        with turn.turn() as waited:
            if waited:
                # The turn came from the request before, in the loop's callbacks: a moment's
                # sleep lets the loop look at its sockets first, or every waiting request would
                # run before any other connection is read from or accepted. A request that
                # found the turn free came from the loop's own polling and goes straight on.
                time.sleep(LOOK_AROUND_SECONDS)
            return view(*args, **kwargs)
    return view_in_turn
