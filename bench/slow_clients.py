"""Slow and broken clients against `gardenkit serve`: how ordinary scoring fares while some
connections dribble their headers and others never read their answers.

Used by bench/hostile.py and tests/test_hostile_server.py: `held_open(url, 8, 8)` opens the
connections, `scoring_latencies(url, n)` times ordinary score requests meanwhile.
"""
from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

SCORE_PATH = "/api/games/garden-variety/score"
STATE = {"players": [{"name": "Kim", "garden_bed": 15, "hand": 0, "gnomes": 2},
                     {"name": "Lee", "garden_bed": 15, "hand": 1, "gnomes": 1}]}


def _address(url: str) -> tuple[str, int]:
    parts = urlsplit(url)
    return parts.hostname or "127.0.0.1", parts.port or 80


@contextlib.contextmanager
def held_open(url: str, slow_headers: int, slow_readers: int, byte_every: float = 3.0,
              source: str | None = None) -> Iterator[None]:
    """Hold connections open for the duration: `slow_headers` that send one header byte
    every `byte_every` seconds, and `slow_readers` that send whole requests for a large
    page and never read the answers; from the loopback address `source` when given (the
    slow client someone else is, apart from the player whose scoring is timed)."""
    host, port = _address(url)
    bound = (source, 0) if source else None
    stop = threading.Event()
    sockets: list[socket.socket] = []

    def dribble(sock: socket.socket) -> None:
        request = f"GET /healthz HTTP/1.1\r\nHost: {host}\r\nX-Slow: ".encode() + b"a" * 10_000
        for byte in request:
            if stop.wait(byte_every):
                return
            with contextlib.suppress(OSError):
                sock.send(bytes([byte]))

    threads = []
    for _ in range(slow_headers):
        sock = socket.create_connection((host, port), source_address=bound)
        sockets.append(sock)
        threads.append(threading.Thread(target=dribble, args=(sock,), daemon=True))
    for _ in range(slow_readers):
        sock = socket.create_connection((host, port), source_address=bound)
        sock.setblocking(False)
        sockets.append(sock)
        # Many pipelined requests for a page, never read: the answers fill the socket buffers.
        with contextlib.suppress(OSError):
            sock.send(f"GET /games/garden-dice/score HTTP/1.1\r\nHost: {host}\r\n\r\n".encode() * 50)
    for thread in threads:
        thread.start()
    time.sleep(0.5)  # let the server take them all in
    try:
        yield
    finally:
        stop.set()
        for sock in sockets:
            sock.close()


def scoring_latencies(url: str, count: int, timeout: float = 40.0) -> list[float]:
    """Seconds per ordinary score request, each on a new connection as a browser's might be."""
    host, port = _address(url)
    body = json.dumps(STATE)
    times = []
    for _ in range(count):
        start = time.perf_counter()
        connection = http.client.HTTPConnection(host, port, timeout=timeout)
        try:
            connection.request("POST", SCORE_PATH, body, {"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                raise RuntimeError(f"score answered {response.status}")
        finally:
            connection.close()
        times.append(time.perf_counter() - start)
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
