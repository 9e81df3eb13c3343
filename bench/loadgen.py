"""A small closed-loop HTTP load generator: C connections, each sending its next request as
soon as the previous answer is in, for a fixed time; latency of every request recorded.

Why not wrk or ab: neither is installed here and the project installs nothing it can do
without. Why not http.client in threads: the GIL and http.client's parsing would cost the
client more CPU than the server spends on a trivial request, and this 2-core machine shares
its cores between the client and the server, so a heavy client would lower every number.
This one is a single process on epoll with the request bytes built once and a minimal
response parser (status line, Content-Length, Connection: close); it spends some tens of
microseconds per request, a few per cent of one core at the rates measured here.
Keep-alive is used whenever the server offers it; when it answers `Connection: close`
(gunicorn's sync workers do), the connection is reopened and that time is counted in the
request's latency, as a real client would feel it.
"""
from __future__ import annotations

import json
import selectors
import socket
import time
from collections import Counter
from dataclasses import dataclass, field


def build_request(host: str, port: int, method: str, path: str, body: object = None) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}:{port}", "Accept: application/json"]
    payload = b""
    if body is not None:
        payload = json.dumps(body).encode()
        lines += ["Content-Type: application/json", f"Content-Length: {len(payload)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + payload


@dataclass
class LoadResult:
    connections: int
    seconds: float
    latencies: list[float] = field(default_factory=list)  # seconds, completed requests
    completed: int = 0                                     # all answers, warm-up included
    server_cpu: float = 0.0                                # seconds per request, if measured
    busiest_share: float = 0.0                             # of the workers' CPU, if measured
    statuses: Counter = field(default_factory=Counter)
    errors: int = 0                                        # resets, early closes

    @property
    def rps(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def percentile(self, fraction: float) -> float:
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


class _Connection:
    __slots__ = ("sock", "buffer", "started", "header_end", "body_length", "status", "closing")

    def __init__(self) -> None:
        self.sock: socket.socket | None = None
        self.started = 0.0  # when the request now in flight was sent
        self.reset()

    def reset(self) -> None:
        self.buffer = bytearray()
        self.header_end = -1
        self.body_length = 0
        self.status = 0
        self.closing = False

    def parse_head(self) -> bool:
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            return False
        head = bytes(self.buffer[:end]).decode("latin-1").split("\r\n")
        self.status = int(head[0].split(" ", 2)[1])
        for line in head[1:]:
            name, _, value = line.partition(":")
            name = name.strip().lower()
            if name == "content-length":
                self.body_length = int(value)
            elif name == "connection" and value.strip().lower() == "close":
                self.closing = True
        self.header_end = end + 4
        return True

    def complete(self) -> bool:
        if self.header_end < 0 and not self.parse_head():
            return False
        return len(self.buffer) - self.header_end >= self.body_length


def run_load(host: str, port: int, request: bytes, connections: int, seconds: float,
             warmup: float = 0.5) -> LoadResult:
    """Drive `connections` connections for warmup + seconds; only the last `seconds` count.

    The connections open one after another over the first half of the warm-up, as clients
    arrive at a real server. Opened all in the same millisecond, they tend to be accepted
    by whichever gunicorn worker happens to be awake, and with keep-alive they then stay
    there for the whole run: a pile-up no real crowd of clients produces."""
    selector = selectors.DefaultSelector()
    result = LoadResult(connections=connections, seconds=seconds)
    begin = time.perf_counter()
    measure_from = begin + warmup
    stop_at = measure_from + seconds

    def open_and_send(conn: _Connection, started: float) -> None:
        if conn.sock is None:
            conn.sock = socket.create_connection((host, port))
            conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            selector.register(conn.sock, selectors.EVENT_READ, conn)
        conn.reset()
        conn.started = started
        conn.sock.sendall(request)

    def drop(conn: _Connection) -> None:
        if conn.sock is not None:
            selector.unregister(conn.sock)
            conn.sock.close()
            conn.sock = None

    pool = [_Connection() for _ in range(connections)]
    spacing = warmup / 2 / connections
    waiting = [(begin + index * spacing, conn) for index, conn in enumerate(pool)]
    while True:
        now = time.perf_counter()
        if now >= stop_at:
            break
        while waiting and waiting[0][0] <= now:
            open_and_send(waiting.pop(0)[1], now)
        wake = waiting[0][0] if waiting else stop_at
        for key, _ in selector.select(timeout=max(0.0, wake - now)):
            conn: _Connection = key.data
            assert conn.sock is not None  # only open connections are registered
            try:
                chunk = conn.sock.recv(65536)
            except ConnectionError:
                chunk = b""
            if not chunk:  # closed before a whole answer: count it, reconnect, resend
                result.errors += 1
                drop(conn)
                open_and_send(conn, time.perf_counter())
                continue
            conn.buffer += chunk
            if not conn.complete():
                continue
            done = time.perf_counter()
            result.completed += 1
            if conn.closing:
                drop(conn)
            if conn.started >= measure_from and done <= stop_at:
                result.latencies.append(done - conn.started)
                result.statuses[conn.status] += 1
            open_and_send(conn, done)
    for conn in pool:
        drop(conn)
    selector.close()
    return result
