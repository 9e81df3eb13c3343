"""What `gardenkit serve` asks of gunicorn outside its public settings (scorer.web.serve's
GunicornInternals, and why there is no public way), checked against the installed gunicorn
itself, so that a release that changes it fails here and not in a flood: a response told to
close says `Connection: close` and closes; a request read with the next one behind it shows
that one waiting. Then the same through the real server, with a raw socket."""
from __future__ import annotations

import socket

import pytest
from gunicorn import http
from gunicorn.config import Config
from gunicorn.http import wsgi

from scorer.web.serve import GunicornInternals
from tests.support.prod_server import ProductionServer

GET = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


def read_request(written: bytes):
    """gunicorn's parser, reading the first request of a connection on which `written` came;
    the request and the server's end of the connection."""
    server_end, client_end = socket.socketpair()
    client_end.sendall(written)
    client_end.shutdown(socket.SHUT_WR)
    parser = http.get_parser(Config(), server_end, ("127.0.0.1", 5000))
    return next(parser), server_end, client_end


def test_a_request_with_the_next_one_behind_it_shows_it_waiting():
    alone, *ends = read_request(GET)
    assert not GunicornInternals.next_request_read(alone)
    pipelined, *more_ends = read_request(GET * 3)
    assert GunicornInternals.next_request_read(pipelined)
    for end in [*ends, *more_ends]:
        end.close()


def test_a_response_told_to_close_says_so_and_closes():
    request, server_end, client_end = read_request(GET)
    response, _ = wsgi.create(request, server_end, ("127.0.0.1", 5000), ("127.0.0.1", 8000), Config())
    response.start_response("200 OK", [("Content-Length", "0")])
    assert not response.should_close() and "Connection: keep-alive\r\n" in response.default_headers()

    request, server_end, client_end = read_request(GET)
    response, _ = wsgi.create(request, server_end, ("127.0.0.1", 5000), ("127.0.0.1", 8000), Config())
    GunicornInternals.close_after(response.start_response)
    response.start_response("429 Too Many Requests", [("Content-Length", "0"), ("Connection", "close")])
    assert response.should_close() and "Connection: close\r\n" in response.default_headers()
    server_end.close()
    client_end.close()


def test_a_chunk_size_line_is_held_to_its_bound():
    """gunicorn's chunked reader keeps its own bound on a size line (a header field's, 8,190
    bytes); bound_chunk_size_lines sets it, and a longer line with no end is refused."""
    from gunicorn.http.errors import InvalidChunkSize

    endless = (b"POST /api/games/garden-dice/score HTTP/1.1\r\nHost: 127.0.0.1\r\n"
               b"Transfer-Encoding: chunked\r\n\r\n" + b"0" * 100)
    request, *ends = read_request(endless)
    assert request.body.reader.limit_chunk_size_line == 8190
    GunicornInternals.bound_chunk_size_lines(request.body, 64)
    with pytest.raises(InvalidChunkSize):
        request.body.read(10)
    for end in ends:
        end.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("surface")
    with ProductionServer(f"sqlite:///{folder / 'results.db'}", workers=1, log_path=folder / "server.log") as running:
        yield running


@pytest.mark.slow
def test_the_apps_connection_close_is_on_the_wire_and_the_next_request_is_not_answered(server):
    """A body the bounds refuse (a malformed chunk) is answered with `Connection: close` and the
    connection is closed: the request written behind it on the same connection gets nothing."""
    refused = (b"POST /api/games/garden-dice/score HTTP/1.1\r\nHost: 127.0.0.1\r\n"
               b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")
    with socket.create_connection(("127.0.0.1", server.port), timeout=15) as sock:
        sock.sendall(refused + GET)
        received = b""
        while part := sock.recv(65536):
            received += part
    assert received.startswith(b"HTTP/1.1 400"), received[:200]
    assert b"\r\nConnection: close\r\n" in received.split(b"\r\n\r\n", 1)[0]
    assert received.count(b"HTTP/1.1 ") == 1, received


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


def test_a_request_head_is_held_to_its_bound():
    """bound_request_heads lowers the bound gunicorn's parser holds a head to (its fields
    times a field's size, some 800 KB): a head past it is refused, one under it read."""
    from gunicorn.http.errors import LimitRequestHeaders
    from gunicorn.http.parser import RequestParser

    from scorer.web.serve import MAX_HEAD

    start, line = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n", b"X-Padding: " + b"a" * 8000 + b"\r\n"
    stock = RequestParser.mesg_class
    try:
        GunicornInternals.bound_request_heads(MAX_HEAD)
        request, *ends = read_request(start + line * 3 + b"\r\n")
        assert request.headers and request.path == "/healthz"
        with pytest.raises(LimitRequestHeaders):
            read_request(start + line * 5 + b"\r\n")
    finally:
        RequestParser.mesg_class = stock
    for end in ends:
        end.close()
