"""`gardenkit serve`: the web app on gunicorn, embedded, with worker processes.

Each worker builds its own app (and database connections) after the fork, so no connection
is shared between processes. SQLite runs in WAL mode with a busy timeout (scorer.storage), so
several workers can save at once.
"""
from __future__ import annotations

import errno
import gc
import selectors
import socket
import struct
import sys
from collections import deque
from concurrent import futures
from functools import partial

from gunicorn.app.base import BaseApplication
from gunicorn.workers.gthread import TConn, ThreadWorker

# How long a client may stall in the middle of sending a request, or leave an answer unread,
# before its connection is closed. The worker answers one request at a time, so a stalled
# client holds up the others on that worker for at most this long.
STALLED_CLIENT_S = 5


class OneThreadWorker(ThreadWorker):
    """gunicorn's gthread worker with the request answered on the event loop's own thread.

    One request at a time per worker, in arrival order: with several threads a request
    shares the interpreter lock with the others in its worker and waits out their time
    slices, which is what made the slowest 1% of answers slow (docs/deploy.md, "Measured").
    gthread with a single pool thread did that too, but paid for handing every request to
    that thread and its answer back: two thread wake-ups, a queue and a pipe write, about a
    fifth of the server's time per request. Here the loop that watches the connections
    answers a request as soon as its first bytes are in, and any number of keep-alive
    connections still wait in that loop.

    It builds on gthread's internals (its connection, poller and keep-alive bookkeeping),
    which is why pyproject.toml pins gunicorn to one major version."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.ready: deque[TConn] = deque()  # connections with a request to answer, in order
        self.answering = False

    def get_thread_pool(self):
        # gthread shuts its pool down on exit; a pool that is never given work starts no thread.
        return futures.ThreadPoolExecutor(max_workers=1)

    def accept(self, listener) -> None:
        """A new connection waits in the poller until its request starts to arrive, like a
        kept-alive one (gthread would wait for it on a pool thread, up to 5 s)."""
        try:
            client, address = listener.accept()
        except BlockingIOError:  # another worker took it
            return
        _limit_stalls(client)
        self.nr_conns += 1
        conn = TConn(self.cfg, client, address, listener.getsockname())
        conn.set_timeout()  # idle past the keep-alive time, it is closed like a kept-alive one
        self.pending_conns.append(conn)
        self.poller.register(client, selectors.EVENT_READ, partial(self.on_pending_socket_readable, conn))

    def enqueue_req(self, conn: TConn) -> None:
        """Answer the request now, on this thread. gthread calls this again from
        finish_request when a client has already sent its next request; those wait in
        `ready` and are answered by the loop below, not by recursion."""
        self.ready.append(conn)
        if self.answering:
            return
        self.answering = True
        try:
            while self.ready:
                conn = self.ready.popleft()
                answered = futures.Future()
                answered.set_result(self.handle(conn))
                self.finish_request(conn, answered)
        finally:
            self.answering = False


def _limit_stalls(client: socket.socket) -> None:
    """Reads and writes on the client's socket give up after STALLED_CLIENT_S (the kernel's
    SO_RCVTIMEO/SO_SNDTIMEO, which outlive gunicorn switching the socket to blocking)."""
    limit = struct.pack("ll", STALLED_CLIENT_S, 0)
    client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVTIMEO, limit)
    client.setsockopt(socket.SOL_SOCKET, socket.SO_SNDTIMEO, limit)


class GardenkitServer(BaseApplication):
    def __init__(self, options: dict):
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self):
        from scorer.app import create_app

        return answers_in_one_packet(create_app())


def server_options(host: str, port: int, workers: int) -> dict:
    return {
        "bind": f"{host}:{port}",
        "workers": workers,
        "worker_class": OneThreadWorker,
        # HTTP/1.1 only: an HTTP/2 connection would keep the worker's one thread for its
        # whole life (gunicorn's default too; stated because the worker depends on it).
        "http_protocols": "h1",
        "timeout": 30,
        "graceful_timeout": 10,
        "keepalive": 5,
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
        "proc_name": "gardenkit",
        "post_worker_init": settle_worker,
        "post_request": uncork_answer,
    }


def settle_worker(worker) -> None:
    """Once a worker has loaded the app: everything loaded so far (modules, models,
    templates) moved out of the garbage collector's sight, so that a full collection walks
    only what requests allocate instead of pausing a request for milliseconds to re-check
    the whole app."""
    gc.collect()
    gc.freeze()


def answers_in_one_packet(app):
    """gunicorn sends an answer's headers and its body in two writes; on TCP each write
    leaves as a packet of its own, which costs the server two trips through the network
    stack and wakes the client twice. The socket is corked while the app answers, so the two
    go out as one packet when post_request takes the cork off (uncork_answer)."""
    def corked(environ, start_response):
        _set_cork(environ, True)
        return app(environ, start_response)

    return corked


def uncork_answer(worker, req, environ, resp) -> None:
    """gunicorn's post_request hook: the answer is written, send what the cork holds."""
    _set_cork(environ, False)


# Corking is Linux's TCP_CORK on TCP sockets; elsewhere (a Unix socket, another system) the
# two writes go as they are.
_CORKABLE_FAMILIES = (socket.AF_INET, socket.AF_INET6) if hasattr(socket, "TCP_CORK") else ()


def _set_cork(environ: dict, on: bool) -> None:
    sock = environ.get("gunicorn.socket")
    if sock is None or sock.family not in _CORKABLE_FAMILIES:
        return
    try:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, int(on))
    except OSError:
        pass  # the client has gone: there is nothing left to send


def bind_problem(host: str, port: int) -> str | None:
    """Why the server could not listen there (in use, no such address), or None. Checked
    first so the user gets one plain line instead of gunicorn retrying for seconds."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        return f"cannot listen on {host!r}: no such host or address"
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except PermissionError:
            return f"not allowed to listen on port {port} (ports below 1024 need root); try --port 8000"
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return f"port {port} on {host} is already in use; stop that server or pick another --port"
            return f"cannot listen on {host}:{port}: {error.strerror}"
    return None


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int = 2) -> int:
    problem = bind_problem(host, port)
    if problem:
        print(f"gardenkit: {problem}", file=sys.stderr)
        return 2
    url_host = f"[{host}]" if ":" in host else host
    print(f"gardenkit: serving on http://{url_host}:{port}/ with {workers} worker(s); Ctrl+C stops",
          flush=True)
    GardenkitServer(server_options(host, port, workers)).run()
    return 0


if __name__ == "__main__":
    sys.exit(serve())
