"""Floods of valid requests against `gardenkit serve` (docs/deploy.md, issue 28's F6 and F8):
keep-alive connections from 127.0.0.1 that score or save as fast as they are answered, while
a plain GET from 127.0.0.2 is timed every quarter second. Server settings can be changed per
run (a lower recycling point shows what a worker recycle does). Every flood is bounded in
time and stops by itself; loopback only.

Run: `.venv/bin/python -m bench.floods score 25 64 '{"max_requests": 600, "max_requests_jitter": 600}'`
     `.venv/bin/python -m bench.floods save 15 16`
     `.venv/bin/python -m bench.floods silent 15 4600`
     `.venv/bin/python -m bench.floods 'slow bodies' 15 4640`
     `.venv/bin/python -m bench.floods history 15 60`
     `.venv/bin/python -m bench.floods 'many scores' 15 240`
     `.venv/bin/python -m bench.floods 'many scores' 15 240 --lone-score`
     `.venv/bin/python -m bench.floods 'heavy scores' 15 240 --lone-score`
     `.venv/bin/python -m bench.floods replays 15 40`
     `.venv/bin/python -m bench.floods examples 15 6`
     `.venv/bin/python -m bench.floods churn 15 200`
     `.venv/bin/python -m bench.floods players 15 240`
     `.venv/bin/python -m bench.floods 'pipelined scores' 40 30 --lone-score`
Prints one JSON line: the statuses, and the probe's median, 90th percentile and worst seconds. The
probe is a plain page, or with `--lone-score` a small score from a new address each time (during
replays and examples, always a small score, from 127.0.0.2).

For 'pipelined scores' the last number is how many requests each of the 240 addresses
(SCORING_SOURCES, one connection each) writes at once, before reading any answer.

`silent_connections` is the other kind of flood: connections that say nothing, reopened as
soon as the server closes them (issue 28's G5), from one address or spread over many.
"""
from __future__ import annotations

import contextlib
import http.client
import itertools
import json
import os
import selectors
import socket
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import scorer
from bench.hostile import history_of
from bench.server_choice import GUNICORN, running
from scorer.web.client_bounds import CONNECTION_REFUSED

# A refusal at accept, told from the 429 of a request past its share (which the app answers)
# by its own headers: up to its length header, which is the same on every refusal.
REFUSED_AT_ACCEPT = CONNECTION_REFUSED.split(b"Content-Length")[0]

BODIES = {
    "score": ("/api/games/garden-dice/score", None),
    "save": ("/api/results", {"game": "garden-variety", "note": "x" * 430, "state": {"players": [
        {"name": "Ann", "garden_bed": 3, "hand": 1, "gnomes": 0},
        {"name": "Ben", "garden_bed": 5, "hand": 2, "gnomes": 1}]}}),
}


def flood(port: int, path: str | Sequence[str], body: bytes, connections: int, seconds: float,
          new_connection_each: bool = False, sources: Sequence[str] = ("127.0.0.1",)) -> dict:
    """`connections` kept-alive connections, from the `sources` addresses in turn, posting
    `body` to `path` (GET when there is none; several paths are asked for in turn) as fast as
    they are answered, for `seconds`, or a new connection for each request; the statuses (and
    errors) they saw, counted."""
    until = time.monotonic() + seconds
    statuses: dict = {}
    paths = [path] if isinstance(path, str) else list(path)
    flooders = [threading.Thread(target=_flood, args=(port, paths[number % len(paths):] + paths[:number % len(paths)],
                                                      body, until, statuses, new_connection_each,
                                                      sources[number % len(sources)]))
                for number in range(connections)]
    for flooder in flooders:
        flooder.start()
    for flooder in flooders:
        flooder.join()
    return statuses


def _flood(port: int, paths: list[str], body: bytes, until: float, statuses: dict, new_connection_each: bool,
           source: str) -> None:
    connection = None
    for path in itertools.cycle(paths):
        if time.monotonic() >= until:
            return
        try:
            if connection is None:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
            if body:
                connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
            else:
                connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            statuses[response.status] = statuses.get(response.status, 0) + 1
            if new_connection_each or response.getheader("Connection", "") == "close":
                connection.close()
                connection = None
        except (OSError, http.client.HTTPException) as error:
            statuses[type(error).__name__] = statuses.get(type(error).__name__, 0) + 1
            connection = None


def pipelined(port: int, path: str, body: bytes, depth: int, seconds: float, sources: Sequence[str]) -> dict:
    """One kept-alive connection from each of the `sources` addresses, writing `depth` POSTs of
    `body` to `path` at once, then reading their answers, and again, for `seconds` (a new
    connection when the server closes one); the statuses (and errors) they saw, counted."""
    until = time.monotonic() + seconds
    statuses: dict = {}
    request = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
               f"Content-Length: {len(body)}\r\n\r\n").encode() + body
    flooders = [threading.Thread(target=_pipeline, args=(port, request * depth, depth, until, statuses, source))
                for source in sources]
    for flooder in flooders:
        flooder.start()
    for flooder in flooders:
        flooder.join()
    return statuses


def _pipeline(port: int, requests: bytes, depth: int, until: float, statuses: dict, source: str) -> None:
    connection = None
    while time.monotonic() < until:
        try:
            if connection is None:
                connection = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(source, 0))
                answers = connection.makefile("rb")
            connection.sendall(requests)
            for _ in range(depth):
                status, closing = _read_answer(answers)
                statuses[status] = statuses.get(status, 0) + 1
                if closing:
                    raise ConnectionResetError
        except (OSError, ValueError) as error:
            statuses[type(error).__name__] = statuses.get(type(error).__name__, 0) + 1
            if connection is not None:
                connection.close()
            connection = None


def _read_answer(answers: Any) -> tuple[int, bool]:
    """Read one HTTP/1.1 answer of announced length: its status, and whether it closes the connection."""
    status_line = answers.readline()
    if not status_line:
        raise ConnectionResetError
    status = int(status_line.split()[1])
    length, closing = 0, False
    while (line := answers.readline()) not in (b"\r\n", b"\n", b""):
        name, _, value = line.decode("latin-1").partition(":")
        if name.strip().lower() == "content-length":
            length = int(value)
        elif name.strip().lower() == "connection" and value.strip().lower() == "close":
            closing = True
    answers.read(length)
    return status, closing


# Issue 28's G7: sixty addresses, one connection each (the probe is 127.0.0.2).
HISTORY_SOURCES = [f"127.0.0.{n}" for n in range(10, 70)]
# Issue 28's F3: 240 addresses, one connection each, each far under its address's share.
SCORING_SOURCES = [f"127.0.0.{n}" for n in range(10, 250)]
SMALL_SCORE = ("/api/games/cottage-garden/score", scorer.GAMES["cottage-garden"].example_state)
# Issue 28: replays from 40 addresses, one connection each, of a four-player Garden Dice log
# (33 KB, some 60 ms to replay), while one lone score is timed from another address.
REPLAY_SOURCES = [f"127.0.0.{n}" for n in range(10, 50)]
REPLAY_PATH = "/api/games/garden-dice/replay"
# Issue 28 (harden10): simulated four-player examples from one address over six connections
# (a new seed, so a new game, for nearly every one), while a lone score is timed from another.
EXAMPLE_PATH = "/api/games/garden-dice/example?players=4"
# Issue 28 (harden10): connections from one address, each asking for the home page and
# reconnecting the moment it is answered, most of them past the address's connection bound.
CHURN_SOURCE = "127.0.0.200"
HISTORY_RESULTS = 3000   # saved games in the history `python -m bench.floods history` reads
# Issue 28 (harden13): the players' statistics, their BG Stats export and the roster asked for
# by 240 addresses, one connection each, of a history of 16,500 saves with made-up names (some
# 43,000 distinct names: one /api/players had cost 1.3-1.4 s, the export 14 s).
PLAYERS_RESULTS = 16_500
PLAYERS_PATHS = ["/api/players", "/players/plays.bgstats.json", "/players/"]


def history_pages(port: int) -> list[str]:
    """The pages that read the saved history (issue 28's G7): the list, an older page of it, a
    saved game, the roster, a player's page, a game's statistics and the API's listing; the
    game and the player are the newest saved."""
    newest = json.loads(_get(port, "/api/results?limit=1"))["results"][0]
    player = urllib.parse.quote(newest["players"][0]["name"].strip().casefold())
    return ["/results", "/results?page=3", f"/results/{newest['id']}", "/players/", f"/players/{player}",
            f"/stats/{newest['game']}", "/api/results?limit=100"]


def replayed_log(port: int) -> bytes:
    """The log `replays` floods with: the server's own simulated four-player Garden Dice game."""
    return json.dumps(json.loads(_get(port, "/api/games/garden-dice/example?seed=7&players=4"))["log"]).encode()


def silent_connections(port: int, count: int, seconds: float, sources: list[str], opening: bytes = b"",
                       reconnect_on_answer: bool = False, trickle_s: float = 0.0) -> dict:
    """`count` connections that send nothing (or only `opening`, say a request's headers and
    the first byte of its body, and then nothing; or, every `trickle_s` seconds, one more byte
    of a header that never ends), spread over the `sources` addresses, each
    reopened as soon as the server closes it (or, `reconnect_on_answer`, as soon as it is
    answered: issue 28's churn), for `seconds`. One thread on epoll, so the
    flood costs its own machine little. What the server did: how many connections were
    closed on them, how many of those had an answer first, how many answers were the 429 of a
    connection refused at accept (`refused`), and how many could not be opened at all."""
    watched = selectors.DefaultSelector()
    speaking: set[socket.socket] = set()   # those that said their opening
    counts = {"opened": 0, "closed_by_server": 0, "answered_first": 0, "refused": 0, "could_not_open": 0}

    def open_one(source: str) -> None:
        sock = socket.socket()
        sock.setblocking(False)
        try:
            sock.bind((source, 0))
            sock.connect_ex(("127.0.0.1", port))
        except OSError:
            counts["could_not_open"] += 1
            sock.close()
            return
        counts["opened"] += 1
        watched.register(sock, selectors.EVENT_READ | (selectors.EVENT_WRITE if opening else 0), source)

    for number in range(count):
        open_one(sources[number % len(sources)])
    until = time.monotonic() + seconds
    trickled = time.monotonic()
    while time.monotonic() < until:
        if trickle_s and time.monotonic() - trickled >= trickle_s:
            trickled = time.monotonic()
            for speaker in speaking:
                with contextlib.suppress(OSError):
                    speaker.send(b"a")
        for key, events in watched.select(timeout=0.1):
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            if events & selectors.EVENT_WRITE:   # connected: say the opening once
                with contextlib.suppress(OSError):
                    sock.send(opening)
                    speaking.add(sock)
                watched.modify(sock, selectors.EVENT_READ, key.data)
                if not events & selectors.EVENT_READ:
                    continue
            try:
                answer = sock.recv(4096)
            except OSError:
                answer = b""
            if answer:   # the answer comes first; the close follows and is counted then
                counts["answered_first"] += 1
                counts["refused"] += answer.startswith(REFUSED_AT_ACCEPT)
                if not reconnect_on_answer:
                    continue
            else:
                counts["closed_by_server"] += 1
            watched.unregister(sock)
            speaking.discard(sock)
            sock.close()
            open_one(key.data)
    for key in list(watched.get_map().values()):
        key.fileobj.close()   # type: ignore[union-attr]
    watched.close()
    return counts


def measure(kind: str, seconds: float, connections: int, options: dict, lone_score: bool = False) -> dict:
    settings = repr(options).replace("{", "{{").replace("}", "}}")   # the code is format()ted with the port
    code = GUNICORN.replace("{kind}", "scorer.web.serve.GardenkitWorker").replace("o['threads'] = 32; ", f"o.update({settings}); ")
    # as for a crowd of addresses, each under its limit
    os.environ.update(GARDENKIT_WRITE_LIMIT="off", GARDENKIT_REPLAY_LIMIT="off")
    with tempfile.TemporaryDirectory() as folder:
        if kind == "history":   # a club's few thousand saved games, for the pages to read
            history_of(Path(folder) / "results.db", HISTORY_RESULTS)
        elif kind == "players":
            history_of(Path(folder) / "results.db", PLAYERS_RESULTS, distinct_names=True)
        with running(code, folder) as port:
            return {"options": options, **probed_during(port, kind, seconds, connections, lone_score)}


def probed_during(port: int, kind: str, seconds: float, connections: int, lone_score: bool = False) -> dict:
    """Run one flood (a kind of BODIES; "silent": silent connections from 127.0.0.1; "slow
    bodies": requests from 160 addresses announcing almost 1 MB and sending one byte;
    "history": kept-alive connections from HISTORY_SOURCES asking for history_pages; "players":
    kept-alive connections from SCORING_SOURCES asking for PLAYERS_PATHS; "many
    scores": kept-alive connections from SCORING_SOURCES posting SMALL_SCORE; "pipelined scores": one
    connection from each of SCORING_SOURCES writing `connections` SMALL_SCOREs at once; "heavy scores": the same
    posting a four-player Garden Dice end state; "replays":
    kept-alive connections from REPLAY_SOURCES posting replayed_log; "examples": kept-alive
    connections from 127.0.0.1 asking for EXAMPLE_PATH; "churn": connections from CHURN_SOURCE
    asking for the home page, each reopened as soon as it is answered) against the server on
    `port` while a plain page is timed every quarter second from 127.0.0.2 (`lone_score`: SMALL_SCORE
    from a new address each time; during replays and examples, SMALL_SCORE from 127.0.0.2): what
    the flood met, and the probe's median, 90th percentile and worst seconds."""
    for _ in range(4):
        _timed(port)   # every worker warmed
    if kind == "silent":
        def run() -> dict:
            return silent_connections(port, connections, seconds, ["127.0.0.1"])
    elif kind == "slow bodies":
        opening = (f"POST /api/games/garden-dice/score HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                   "Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{").encode()

        def run() -> dict:
            return silent_connections(port, connections, seconds, [f"127.0.1.{n}" for n in range(1, 161)], opening)
    elif kind == "history":
        pages = history_pages(port)
        for _ in range(4):   # each page's template compiled in every worker, as on a server in use
            for page in pages:
                _get(port, page)

        def run() -> dict:
            return flood(port, pages, b"", connections, seconds, sources=HISTORY_SOURCES)
    elif kind == "players":
        def run() -> dict:
            return flood(port, PLAYERS_PATHS, b"", connections, seconds, sources=SCORING_SOURCES)
    elif kind == "replays":
        log = replayed_log(port)

        def run() -> dict:
            return flood(port, REPLAY_PATH, log, connections, seconds, sources=REPLAY_SOURCES)
    elif kind == "churn":
        opening = f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode()

        def run() -> dict:
            return silent_connections(port, connections, seconds, [CHURN_SOURCE], opening, reconnect_on_answer=True)
    elif kind == "examples":
        def run() -> dict:
            return flood(port, EXAMPLE_PATH, b"", connections, seconds)
    elif kind == "many scores":
        def run() -> dict:
            return flood(port, SMALL_SCORE[0], json.dumps(SMALL_SCORE[1]).encode(), connections, seconds,
                         sources=SCORING_SOURCES)
    elif kind == "pipelined scores":   # `connections`: the requests each address writes at once
        def run() -> dict:
            return pipelined(port, SMALL_SCORE[0], json.dumps(SMALL_SCORE[1]).encode(), connections, seconds,
                             SCORING_SOURCES)
    elif kind == "heavy scores":   # a four-player Garden Dice end state, some 10-30 ms to score
        state = json.loads(_get(port, "/api/games/garden-dice/example?seed=7&players=4"))["state"]

        def run() -> dict:
            return flood(port, "/api/games/garden-dice/score", json.dumps(state).encode(), connections, seconds,
                         sources=SCORING_SOURCES)
    else:
        path, payload = BODIES[kind]
        if payload is None:   # a four-player Garden Dice end state, as the attack sent
            payload = json.loads(_get(port, "/api/games/garden-dice/example?seed=7&players=4"))["state"]
        body = json.dumps(payload).encode()

        def run() -> dict:
            return flood(port, path, body, connections, seconds)
    until = time.monotonic() + seconds
    statuses: dict = {}
    flooding = threading.Thread(target=lambda: statuses.update(run()))
    flooding.start()
    # During replays and examples it is a lone score that is timed: they wait for turns, a
    # page needs none.
    newcomers = (f"127.0.3.{number % 250 + 1}" for number in itertools.count())
    if lone_score:
        def probe() -> float:
            return _timed(port, *SMALL_SCORE, source=next(newcomers))
    elif kind in ("replays", "examples"):
        def probe() -> float:
            return _timed(port, *SMALL_SCORE)
    else:
        def probe() -> float:
            return _timed(port)
    probes = []
    while time.monotonic() < until:
        probes.append(probe())
        time.sleep(0.25)
    flooding.join()
    probes.sort()
    return {"flood": kind, "seconds": seconds, "connections": connections,
            "statuses": statuses, "probes": len(probes), "median_s": round(probes[len(probes) // 2], 3),
            "p90_s": round(probes[int(len(probes) * 0.9)], 3), "worst_s": round(probes[-1], 3)}


def _get(port: int, path: str) -> bytes:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    with contextlib.closing(connection):
        connection.request("GET", path)
        return connection.getresponse().read()


def _timed(port: int, path: str = "/games/garden-dice/score", posted: dict | None = None,
           source: str = "127.0.0.2") -> float:
    """Seconds for GET /games/garden-dice/score (no database), or for `posted` to `path`, from
    `source`; 99 when it failed or was not answered 200."""
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20, source_address=(source, 0))
    try:
        if posted is None:
            connection.request("GET", path)
        else:
            connection.request("POST", path, body=json.dumps(posted), headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        return time.perf_counter() - started if response.status == 200 else 99.0
    except (OSError, http.client.HTTPException):
        return 99.0
    finally:
        connection.close()


if __name__ == "__main__":
    lone_score = "--lone-score" in sys.argv
    arguments = [argument for argument in sys.argv[1:] if argument != "--lone-score"]
    kind, seconds, connections = arguments[0], float(arguments[1]), int(arguments[2])
    options = json.loads(arguments[3]) if len(arguments) > 3 else {}
    print(json.dumps(measure(kind, seconds, connections, options, lone_score)))
