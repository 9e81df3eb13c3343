"""`gardenkit serve`: the web app on gunicorn, embedded, with gevent workers of our own class.

Each worker process builds its own app (and database connections) after the fork, so no
connection is shared between processes. Within a worker every connection is a greenlet: a
client that sends its request slowly, sends nothing or does not read its answer costs a
greenlet waiting on its socket, not one of a few threads, so such clients cannot take the
server from everyone else (the threaded `gthread` worker gave each a thread: 128 slow-header
clients stalled it; docs/deploy.md has the measurements and the choice). SQLite runs in WAL
mode with a busy timeout (scorer.store.storage), so several workers can save at once.

gunicorn is used through its documented settings and a worker class of our own
(GardenkitWorker, overriding the worker's methods) only, never its parser's or its response's
objects: a request head is bounded by `limit_request_fields` and `limit_request_field_size`,
an answer that asks to close its connection is written by our own code (closing_when_asked),
and a request written before the last answer came is seen in the kernel's buffer.
"""
from __future__ import annotations

import errno
import multiprocessing
import os
import socket
import sys
from typing import Any
from wsgiref.util import is_hop_by_hop

from gunicorn.app.base import BaseApplication
from gunicorn.workers.ggevent import GeventWorker

from scorer.web import client_bounds
from scorer.web.client_bounds import ConnectionBounds, ReadyFirst, RefusedConnections

DEFAULT_WORKERS = 2   # one per core of a small machine
# How much of a request head gunicorn reads (its `limit_request_fields` and
# `limit_request_field_size` settings): at most 32 header fields of 8,190 bytes, some 262 KB.
# gunicorn's defaults, 100 fields, allow some 800 KB, and its parser copies and searches the whole
# head again for every 8 KB it reads, so a head costs the square of its size: one of 780 KB
# cost 110 ms of the worker's loop, and 80 of them held a plain page 14 s. A browser sends
# 10-25 fields, a proxy adds 3-4; one of them, Cookie, may be long (the keys of a browser's 30
# latest saves are some 1.5 KB of it, scorer.web.owners), so a field keeps gunicorn's size.
REQUEST_FIELDS = 32
REQUEST_FIELD_SIZE = 8190
# Connections one worker holds at once, idle and slow ones included (a greenlet each).
WORKER_CONNECTIONS = 2000
# A worker is replaced, gracefully, after this many requests plus a random share of the jitter:
# the memory a flood made it grow (to 500-745 MB) goes back to the system. The jitter is as wide
# as the count, so two workers under one even flood retire far apart: with 5,000 +- 500 both
# retired within the same seconds, and nobody was answered until one was back.
MAX_REQUESTS, MAX_REQUESTS_JITTER = 10_000, 10_000


class GardenkitServer(BaseApplication):
    def __init__(self, options: dict, listen_host: str = "127.0.0.1"):
        self.options = options
        self.listen_host = listen_host
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self):
        from scorer.web.app import create_app

        # The app answers requests naming the host it listens on (scorer.web.app.trusted_hosts).
        return create_app({"LISTEN_HOST": self.listen_host, "CLIENT_BOUNDS": True})


class GardenkitWorker(GeventWorker):
    """gunicorn's gevent worker (a worker class of our own, as gunicorn's `worker_class`
    setting allows), which counts each address's open connections as it takes them: one
    address cannot fill the worker's connections (scorer.web.client_bounds). An extra
    connection costs its greenlet a few microseconds: it is held, its request unread, and
    answered 429 and closed a few seconds later (RefusedConnections)."""

    wsgi: Any   # the app gunicorn loaded, and then the same with its Connection: close honoured

    def load_wsgi(self) -> None:
        super().load_wsgi()
        # Behind a proxy every connection is the proxy's; the requests are counted by the
        # client's forwarded address instead (ClientBounds).
        self.connections = ConnectionBounds(self.worker_connections, by_address=not self.wsgi.config["PROXIES"])
        client_bounds.OPEN_CONNECTIONS = self.connections   # the app's rate share asks it
        self.refused = RefusedConnections(lambda: self.alive)
        self.unbegun = ReadyFirst()
        self.awaiting: dict[Any, Any] = {}   # by connection: the wait for its next request (make_room)
        import gevent

        gevent.spawn(self.end_bodies_when_stopping)
        self.listener_names = {id(listener): ListenerName(listener.getsockname()) for listener in self.sockets}
        self.wsgi = closing_when_asked(self.wsgi)

    def end_bodies_when_stopping(self) -> None:
        """Once the worker stops (retiring after its requests, or told to stop), every body it
        waits for is answered at once (ConnectionBounds.end_every_body), and every connection
        still waiting for a request is closed (end_every_wait), so the requests it has begun
        finish and it exits before its graceful timeout. A slow body held
        it to that timeout (10 s), where every request still under way was cut off unanswered:
        a save perhaps stored while its player saw the connection fail."""
        import gevent

        while self.alive:
            gevent.sleep(client_bounds.LOOK_S)
        while True:   # and those a kept-alive connection begins meanwhile, until the worker exits
            self.connections.end_every_body()
            self.connections.end_every_wait()
            gevent.sleep(client_bounds.LOOK_S)

    def handle_quit(self, sig: int, frame: Any) -> None:
        """Ctrl+C (SIGINT, to the whole process group) and the SIGQUIT gunicorn's arbiter then
        sends its workers stop this worker as SIGTERM does: it stops accepting, finishes what
        it began and exits. gunicorn's quick stop ends the worker with sys.exit in a greenlet,
        which gevent printed as a `SystemExit: 0` traceback per worker."""
        self.handle_exit(sig, frame)

    def timeout_ctx(self) -> Any:
        """How long gunicorn waits for a request's line and headers: a connection's first
        request has client_bounds.FIRST_REQUEST_S, a kept-alive connection's next one the
        keep-alive time (gunicorn's choice for both)."""
        import gevent

        first = self.connections.first_request_awaited(gevent.getcurrent())
        return gevent.Timeout(client_bounds.FIRST_REQUEST_S if first else self.cfg.keepalive, False)

    def named(self, listener: Any) -> ListenerName:
        return self.listener_names[id(listener)]

    def handle(self, listener: Any, client: socket.socket, addr: Any) -> None:
        address = client_bounds.client_of(addr[0]) if isinstance(addr, tuple) else ""
        if not self.connections.admit(address):
            self.refused.refuse(client)
            return
        self.awaiting[client] = self.connections.awaiting_request(client, address, first=True)
        try:
            try:
                self.unbegun.wait_for_turn(client)
            except OSError:   # ended before it began (make_room, end_every_wait), or gone
                return
            super().handle(self.named(listener), client, addr)
        finally:
            self.connections.request_came(self.awaiting.pop(client))
            self.connections.pipelining.discard(client)
            self.connections.release(address)

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> None:
        """Serve one request of a connection, then let every other greenlet of the worker run
        before its next one. gunicorn reads a connection's requests in a loop, and a request
        already read (pipelined: written before the last answer came) is served without the
        greenlet ever waiting, so two connections that wrote 5,000 requests each kept the
        worker's loop to themselves for seconds: every page waited 11-26 s, and workers were
        killed as silent. A connection with bytes already waiting in the kernel's buffer once
        it is answered (client_bounds.bytes_waiting) wrote its next request before the answer
        came: it is noted, so that request counts against its address's share
        (client_bounds.queued_behind_another). gunicorn reads a connection up to 8 KB ahead
        into a buffer of its own, which nothing public shows, so a pipeline that fits in it
        (some 180 small GETs) is not seen; the turn of the loop after each answer still holds
        it to one request at a time.

        An answer the app asked to close the connection after (closing_when_asked) ends it
        here, as gunicorn's own handle_request does after an answer that closes: nothing more
        is read from it, a body left unread included."""
        import gevent

        waited = self.awaiting[sock]
        self.connections.request_came(waited)
        try:
            super().handle_request(listener_name, req, sock, addr)
        except AnsweredAndClosing:
            raise StopIteration from None
        finally:
            self.awaiting[sock] = self.connections.awaiting_request(sock, waited.address, first=False)
            if client_bounds.bytes_waiting(sock):
                self.connections.pipelining.add(sock)
            else:
                self.connections.pipelining.discard(sock)
            gevent.sleep(0)


class AnsweredAndClosing(Exception):
    """The app's answer asked for its connection to be closed, and was written whole
    (closing_when_asked): GardenkitWorker.handle_request ends the connection."""


def closing_when_asked(app: Any) -> Any:
    """The app, with its `Connection: close` honoured. A WSGI app may not set hop-by-hop
    headers (PEP 3333), and gunicorn drops them and has no other way to be told to close after
    an answer: it kept the connection open, a flood answered 429 went on sending on it, and a
    body refused before it was read (408, 503) was read to its end anyway, to find the request
    after it. So such an answer (a refusal in a few words, or the app's 413 with its body
    unread) is written here, whole, on the connection gunicorn gives the app
    (`gunicorn.socket`), saying `Connection: close`, and the worker then closes it
    (AnsweredAndClosing). Every other answer goes to gunicorn as it came."""

    def serve(environ: dict[str, Any], start_response: Any) -> Any:
        asked: list[Any] = []   # the closing answer's status and headers
        written: list[bytes] = []   # what the app wrote through start_response's write

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            if not asked and any(name.lower() == "connection" and value.lower() == "close"
                                 for name, value in headers):
                asked[:] = [status, headers]
                return written.append
            return start_response(status, headers, exc_info)

        answer = app(environ, start)
        if not asked:
            return answer
        try:
            body = b"".join([*written, *answer])
        finally:
            if hasattr(answer, "close"):
                answer.close()
        status, headers = asked
        environ["gunicorn.socket"].sendall(closing_answer(environ, status, headers, body))
        raise AnsweredAndClosing
    return serve


def closing_answer(environ: dict[str, Any], status: str, headers: list[tuple[str, str]], body: bytes) -> bytes:
    """An answer's bytes on the wire, saying `Connection: close`; its length is the app's when
    it gave one (a HEAD's), else its body's, and an answer to HEAD, or a 204 or 304, has no body."""
    without_body = environ.get("REQUEST_METHOD") == "HEAD" or status[:3] in ("204", "304")
    kept = [(name, value) for name, value in headers if not is_hop_by_hop(name)]
    if not any(name.lower() == "content-length" for name, _ in kept) and status[:3] != "204":
        kept.append(("Content-Length", str(len(body))))
    lines = [f"{environ.get('SERVER_PROTOCOL', 'HTTP/1.1')} {status}", *(f"{name}: {value}" for name, value in kept),
             "Connection: close"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + (b"" if without_body else body)


class ListenerName:
    """What gunicorn asks of the listener a connection came from: its address. A retiring
    worker closes its listeners while connections it accepted in the same turn of its loop
    still wait to start, and each of those asked the closed socket (`getsockname`, errno 9, a
    traceback in the log) and was dropped unanswered: 33 resets in a test of workers retiring
    every 50 requests. The address is read while the listener is open and kept."""

    def __init__(self, name: Any) -> None:
        self.name = name

    def getsockname(self) -> Any:
        return self.name


def url_host(host: str) -> str:
    """The host as a URL (and gunicorn's bind) writes it: an IPv6 address in brackets."""
    return f"[{host}]" if ":" in host else host


def server_options(host: str, port: int, workers: int = DEFAULT_WORKERS) -> dict:
    return {
        "bind": f"{url_host(host)}:{port}",
        "workers": workers,
        "worker_class": "scorer.web.serve.GardenkitWorker",
        "worker_connections": WORKER_CONNECTIONS,
        "limit_request_fields": REQUEST_FIELDS,
        "limit_request_field_size": REQUEST_FIELD_SIZE,
        "max_requests": MAX_REQUESTS,
        "max_requests_jitter": MAX_REQUESTS_JITTER,
        # An idle keep-alive connection is closed after this many seconds.
        "keepalive": 5,
        # A worker whose loop has not checked in for this long is restarted: a request that
        # computes (a kit build, a replay) holds its worker's loop, for about a second at most.
        "timeout": 30,
        # On stop or restart, requests under way get this long to finish.
        "graceful_timeout": 10,
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
        "proc_name": "gardenkit",
        "post_worker_init": accept_every_waiting_connection,
    }


def accept_every_waiting_connection(worker) -> None:
    """Let a worker take every connection waiting for it each time its loop comes round.

    gunicorn's gevent worker accepts one connection per turn of its loop when there are
    several workers (so that a burst is shared between them). But a turn of a busy worker's
    loop lasts as long as every request ready in it: with 32 kept-alive connections scoring,
    a turn is a third of a second, and the 64 connections a flood opened at once, or
    reopened after a worker was recycled, were taken in one a turn while everybody who came
    after them waited in the kernel's queue: a plain page 6 to 18 s (bench/floods.py). The
    worker reads its own copy of the configuration after the fork, and takes the count of
    workers only to choose one accept per turn; told it is alone, it takes what is waiting,
    up to gevent's 100 a turn, and a worker with time to spare takes the newcomers."""
    worker.cfg.set("workers", 1)


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


def configuration_problem(host: str) -> str | None:
    """Why the app cannot start as configured (an instance folder it cannot write, say), or
    None: the app is built once first, so the user reads one line rather than a traceback
    from every worker. It is built in a process of its own: the app's modules must be
    imported first in each worker, after gevent has made their locks its own, or a lock
    made here would stop a worker's every connection while it waits."""
    context = multiprocessing.get_context("fork")
    receiving, sending = context.Pipe(duplex=False)
    trial = context.Process(target=_try_building, args=(host, sending))
    trial.start()
    sending.close()
    problem = receiving.recv() if receiving.poll(120) else "the app did not start within two minutes"
    trial.join(10)
    return problem


def _try_building(host: str, answer) -> None:
    from scorer.web.app import ConfigurationProblem, create_app

    try:
        app = create_app({"LISTEN_HOST": host})
    except ConfigurationProblem as error:
        answer.send(str(error))
        return
    app.extensions["gardenkit.storage"].engine.dispose()
    answer.send(None)


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int = DEFAULT_WORKERS) -> int:
    problem = bind_problem(host, port)
    if problem:
        print(f"gardenkit: {problem}", file=sys.stderr)
        return 2
    problem = configuration_problem(host)
    if problem:
        print(f"gardenkit: {problem}", file=sys.stderr)
        return 2
    print(f"gardenkit: serving on http://{url_host(host)}:{port}/ with {workers} worker(s); Ctrl+C stops",
          flush=True)
    arbiter = os.getpid()
    try:
        GardenkitServer(server_options(host, port, workers), host).run()
    except SystemExit as stopped:   # gunicorn ends its arbiter and each worker it forked with sys.exit
        if stopped.code or os.getpid() != arbiter:
            raise
    print("gardenkit: stopped", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(serve())
