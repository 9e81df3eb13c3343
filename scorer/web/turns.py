"""A `gardenkit serve` worker does its CPU-heavy requests one at a time (issue 28's G7 and F3).

Every connection of a gevent worker is a greenlet on one loop, and a request computes on that
loop. 60 addresses reading the saved history flat out kept some 30 reads ready in each worker,
and 240 addresses each posting a small score twice a second (far under any address's share)
kept some 120 ready: every step of a newcomer's connection (accepted, its request read) waited
for a turn of the loop as long as all of them, and a plain page took 1.3-3.6 s. So the requests
that compute (HEAVY, and the history reads the app names) take the worker's one HEAVY_WORK
turn: one waiting for it costs nothing, pages that need no turn are served between any two of
them, and the heavy ones are answered one after another, as many a second as before. One that
waits WAIT_SECONDS, or finds MOST_WAITING waiting, is answered 503 with Retry-After.
Photo reading and kit builds have turns of their own (scorer.web.photo_pages, printing).
"""
from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, request

from scorer.web.examples import Busy, OneAtATime

WAIT_SECONDS = 10.0
MOST_WAITING = 256
LOOK_AROUND_SECONDS = 0.001


class HeavyBusy(Busy):
    doing = "the server is working out answers for other people"


HEAVY_WORK = OneAtATime(HeavyBusy, WAIT_SECONDS, MOST_WAITING)


def _always() -> bool:
    return True


def _posted() -> bool:
    return request.method == "POST"


def _posted_or_example() -> bool:
    """A form scored or checked, or a page opened on a simulated game or its log."""
    return (request.method == "POST" or request.args.get("example") == "1"
            or request.args.get("log") == "simulated")


# The endpoints that compute (scoring, validating, checking, replaying, live totals, simulated
# examples), and when: opening a score or rules page is a plain page.
HEAVY: dict[str, Callable[[], bool]] = {
    "api.score": _always, "api.validate": _always, "api.check": _always, "api.replay": _always,
    "api.example": _always, "pages.score_live": _always, "pages.check_live": _always,
    "history.edit_live": _always, "pages.score_page": _posted_or_example,
    "pages.check_page": _posted_or_example, "history.edit_page": _posted,
}


def take_turns(app: Flask, always: Iterable[str]) -> None:
    """Run the HEAVY views, and those `always` names, in the worker's turn when they compute."""
    for endpoint, computes in {**dict.fromkeys(always, _always), **HEAVY}.items():
        app.view_functions[endpoint] = in_turn(app.view_functions[endpoint], computes)


def in_turn(view: Callable[..., Any], computes: Callable[[], bool]) -> Callable[..., Any]:
    """The view, run in the worker's HEAVY_WORK turn whenever `computes()` says so."""
    @functools.wraps(view)
    def view_in_turn(*args: Any, **kwargs: Any) -> Any:
        if not computes():
            return view(*args, **kwargs)
        with HEAVY_WORK.turn() as waited:
            if waited:
                # The turn came from the request before, in the loop's callbacks: a moment's
                # sleep lets the loop look at its sockets first, or every waiting request would
                # run before any other connection is read from or accepted. A request that
                # found the turn free came from the loop's own polling and goes straight on.
                time.sleep(LOOK_AROUND_SECONDS)
            return view(*args, **kwargs)
    return view_in_turn
