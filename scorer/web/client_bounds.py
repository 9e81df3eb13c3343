"""What one client address may hold of a worker, checked before any request reads its body.

A gevent worker (`gardenkit serve`) holds a connection per greenlet, up to a few thousand; a
client that opens thousands of requests and sends their bodies a byte a second would fill them
all, and nobody else would be answered. So, as the ready proxy does (deploy/nginx.conf):
- one address has at most MAX_PER_ADDRESS requests under way in a worker; one more is answered
  429 at once, its body unread;
- a body comes at a pace: it must arrive within BODY_GRACE_S plus a second per MIN_BODY_RATE
  bytes, or the request is answered 408 (on gevent's loop, where a wait can be timed; other
  servers read as they always did).
Behind a proxy (GARDENKIT_PROXIES), the address is the client's, as ProxyFix put it. `gardenkit
serve` turns it on (CLIENT_BOUNDS): it counts a request until the server closes its answer,
which a WSGI server always does and a test client need not.
"""
from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from werkzeug.exceptions import RequestTimeout
from werkzeug.wsgi import ClosingIterator

from scorer.store.green import gevent_patched

MAX_PER_ADDRESS = 32          # as deploy/nginx.conf's limit_conn
BODY_GRACE_S = 10.0           # as its client_body_timeout
MIN_BODY_RATE = 16 * 1024     # bytes a second: a 5 MB photo on a slow link has 5 min 30 s

TOO_MANY = b"this address has too many requests under way; wait for their answers\n"


class ClientBounds:
    def __init__(self, wsgi_app: Callable[..., Iterable[bytes]]) -> None:
        self.wsgi_app = wsgi_app
        self.under_way: Counter[str] = Counter()
        self.lock = threading.Lock()   # a gevent lock in a gevent worker
        self.paced = gevent_patched()  # a worker is patched before it builds the app: asked once

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        address = environ.get("REMOTE_ADDR") or ""
        with self.lock:
            if self.under_way[address] >= MAX_PER_ADDRESS:
                start_response("429 Too Many Requests", [("Content-Type", "text/plain; charset=utf-8"),
                                                         ("Retry-After", "5"), ("Connection", "close")])
                return [TOO_MANY]
            self.under_way[address] += 1
        if self.paced:
            environ["wsgi.input"] = PacedBody(environ["wsgi.input"], _content_length(environ))
        try:
            answer = self.wsgi_app(environ, start_response)
        except BaseException:
            self.release(address)
            raise
        return ClosingIterator(answer, lambda: self.release(address))   # a streamed export counts until it ends

    def release(self, address: str) -> None:
        with self.lock:
            self.under_way[address] -= 1
            if self.under_way[address] <= 0:
                del self.under_way[address]


def _content_length(environ: dict[str, Any]) -> int:
    value = str(environ.get("CONTENT_LENGTH") or "0")
    return int(value) if value.isascii() and value.isdigit() and len(value) < 16 else 0


class PacedBody:
    """The request body, each read given only the time left before the body's deadline."""

    def __init__(self, stream: Any, length: int) -> None:
        self.stream = stream
        self.deadline = time.monotonic() + BODY_GRACE_S + length / MIN_BODY_RATE

    def read(self, *size: int) -> bytes:
        return self._timed(self.stream.read, *size)

    def readline(self, *size: int) -> bytes:
        return self._timed(self.stream.readline, *size)

    def readlines(self, *hint: int) -> list[bytes]:
        return self._timed(self.stream.readlines, *hint)

    def __iter__(self) -> PacedBody:
        return self

    def __next__(self) -> bytes:
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def _timed(self, read: Callable[..., Any], *args: int) -> Any:
        import gevent

        too_slow = RequestTimeout("the request's body came too slowly; send it again at once")
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise too_slow
        with gevent.Timeout(left, too_slow):
            return read(*args)
