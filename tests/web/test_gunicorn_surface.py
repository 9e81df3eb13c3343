"""What `gardenkit serve` asks of gunicorn beyond its WSGI app: only its documented settings
and a worker class of its own (scorer.web.serve). A `Connection: close` the app asks for is
written by our own code (closing_when_asked) and the worker ends the connection; a request
written before the last answer came is seen in the kernel's buffer (client_bounds.bytes_waiting);
a request head is held by gunicorn's `limit_request_fields` and `limit_request_field_size`.
Each checked here alone, then through the real server with a raw socket."""
from __future__ import annotations

import socket

import pytest

from scorer.web import client_bounds
from scorer.web.serve import REQUEST_FIELD_SIZE, REQUEST_FIELDS, AnsweredAndClosing, closing_when_asked
from tests.support.prod_server import ProductionServer

GET = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


def app_answering(status: str, headers: list[tuple[str, str]], body: bytes):
    closed = []

    class Answer(list):
        def close(self) -> None:
            closed.append(True)

    def app(environ, start_response):
        write = start_response(status, headers)
        write(body[:3])
        return Answer([body[3:]])
    return app, closed


def served(app, method: str = "GET") -> tuple[bytes, list]:
    """What the wrapped app wrote on the connection, and what it handed to the server."""
    server_end, client_end = socket.socketpair()
    handed: list = []
    environ = {"REQUEST_METHOD": method, "SERVER_PROTOCOL": "HTTP/1.1", "gunicorn.socket": server_end}

    def start_response(status, headers, exc_info=None):
        handed.append((status, headers))
        return handed.append

    with server_end, client_end:
        try:
            handed.append(closing_when_asked(app)(environ, start_response))
        except AnsweredAndClosing:
            handed.append(AnsweredAndClosing)
        server_end.shutdown(socket.SHUT_WR)
        written = b""
        while part := client_end.recv(65536):
            written += part
    return written, handed


def test_an_answer_asking_to_close_is_written_whole_saying_so():
    app, closed = app_answering("429 Too Many Requests", [("Content-Type", "text/plain"), ("Connection", "close"),
                                                          ("Keep-Alive", "timeout=5")], b"too many\n")
    written, handed = served(app)
    head, body = written.split(b"\r\n\r\n", 1)
    assert head.split(b"\r\n") == [b"HTTP/1.1 429 Too Many Requests", b"Content-Type: text/plain",
                                   b"Content-Length: 9", b"Connection: close"]
    assert body == b"too many\n" and closed == [True]
    assert handed == [AnsweredAndClosing]   # nothing left for gunicorn to write, and the worker closes


def test_a_closing_answer_to_head_keeps_its_length_and_sends_no_body():
    app, _ = app_answering("413 Request Entity Too Large", [("Content-Length", "40"), ("Connection", "close")], b"")
    written, _ = served(app, "HEAD")
    assert written == b"HTTP/1.1 413 Request Entity Too Large\r\nContent-Length: 40\r\nConnection: close\r\n\r\n"


def test_an_answer_not_asking_to_close_goes_to_the_server_as_it_came():
    app, closed = app_answering("200 OK", [("Content-Type", "text/plain")], b"fine\n")
    written, handed = served(app)
    assert written == b"" and closed == []
    assert handed[:2] == [("200 OK", [("Content-Type", "text/plain")]), b"fin"] and handed[2] == [b"e\n"], handed


def test_bytes_waiting_are_seen_without_being_read():
    server_end, client_end = socket.socketpair()
    with server_end, client_end:
        assert not client_bounds.bytes_waiting(server_end)
        client_end.sendall(GET)
        assert client_bounds.bytes_waiting(server_end) and client_bounds.bytes_waiting(server_end)
        assert server_end.recv(65536) == GET   # nothing was taken by looking
        client_end.close()
        assert not client_bounds.bytes_waiting(server_end)   # closed: nothing to come


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("surface")
    with ProductionServer(f"sqlite:///{folder / 'results.db'}", workers=1, log_path=folder / "server.log") as running:
        yield running


def received_whole(port: int, written: bytes, wait_s: float = 15) -> bytes:
    """All the server answered on one connection, read until it closed it; each read waits
    at most `wait_s` (socket.timeout past it)."""
    with socket.create_connection(("127.0.0.1", port), timeout=wait_s) as sock:
        try:
            sock.sendall(written)
        except OSError:   # refused and closed before the rest was sent
            return b"reset"
        received = b""
        try:
            while part := sock.recv(65536):
                received += part
        except ConnectionResetError:
            pass
    return received


REFUSED_BODIES = {
    "a malformed chunk": (b"POST /api/games/garden-dice/score HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                          b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n", b"400", b"chunks are malformed"),
    "a body past its endpoint's limit": (b"POST /api/games/garden-dice/score HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                         b"Content-Type: application/json\r\nContent-Length: 2000000\r\n\r\n",
                                         b"413", b"larger than"),
}


@pytest.mark.slow
@pytest.mark.parametrize("refused", REFUSED_BODIES)
def test_the_apps_connection_close_is_on_the_wire_and_the_next_request_is_not_answered(server, refused):
    """A body the bounds or the app refuse unread is answered with `Connection: close` and the
    connection is closed after the answer: the request written behind it gets nothing, and
    the server does not go on reading the body it refused (left open, gunicorn read the
    announced 2 MB, the request behind included, until the keep-alive time closed it, 5 s)."""
    written, status, words = REFUSED_BODIES[refused]
    received = received_whole(server.port, written + GET, wait_s=3.0)
    assert received.startswith(b"HTTP/1.1 " + status), received[:200]
    head, body = received.split(b"\r\n\r\n", 1)
    assert b"\r\nConnection: close\r\n" in head + b"\r\n" and words in body, received
    assert received.count(b"HTTP/1.1 ") == 1, received


@pytest.mark.slow
def test_a_request_head_is_held_to_gunicorns_documented_bounds(server):
    """A browser's head with a Cookie line as long as a field may be, among as many fields as
    the server takes, is read; one field more, or one field longer, is a 431."""
    def head(fields: int, cookie: int) -> bytes:
        """A head of `fields` fields, one a Cookie whose line with its CRLF is `cookie` bytes
        (as gunicorn counts a field's size)."""
        lines = [b"Host: 127.0.0.1", b"Connection: close", b"Cookie: k=" + b"v" * (cookie - len(b"Cookie: k=\r\n"))]
        lines += [b"X-Field-%d: a" % number for number in range(fields - len(lines))]
        return b"GET /healthz HTTP/1.1\r\n" + b"\r\n".join(lines) + b"\r\n\r\n"

    assert REQUEST_FIELDS >= 30 and REQUEST_FIELD_SIZE >= 8000   # a browser's fields behind a proxy; its cookies
    assert received_whole(server.port, head(REQUEST_FIELDS, REQUEST_FIELD_SIZE)).startswith(b"HTTP/1.1 200 ")
    assert received_whole(server.port, head(REQUEST_FIELDS + 1, 100)).startswith(b"HTTP/1.1 431 ")
    assert received_whole(server.port, head(2, REQUEST_FIELD_SIZE + 1)).startswith(b"HTTP/1.1 431 ")


def test_serve_imports_none_of_the_apps_modules_before_a_worker_is_patched():
    """gunicorn imports the worker class (scorer.web.serve) before it forks and gevent patches
    the worker: an app module imported then makes its locks as real ones (the saves' lock
    among them), and the first request to wait on one stops the worker's every greenlet
    (a flood of saves got both workers killed as silent)."""
    import subprocess
    import sys

    loaded = subprocess.run([sys.executable, "-c", "import sys, scorer.web.serve; print(*sorted(sys.modules))"],
                            capture_output=True, text=True, check=True).stdout.split()
    assert sorted(name for name in loaded if name.startswith("scorer.web.")) == [
        "scorer.web.client_bounds", "scorer.web.serve"]
