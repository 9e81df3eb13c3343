"""The worker `gardenkit serve` runs (scorer.serve.OneThreadWorker), through a real server with
a single worker process, so every connection below shares the one thread that answers:
requests sent back to back on one connection are all answered, in order; a client that
connects and says nothing holds nobody up; a client that stalls in the middle of its request
holds the others up for at most STALLED_CLIENT_S, then loses its connection. And a chunked
body (no Content-Length) is read whole and held to the size limit like any other."""
from __future__ import annotations

import json
import socket
import time

import pytest
from prod_server import ProductionServer, request

from scorer.serve import STALLED_CLIENT_S

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("one-worker")
    with ProductionServer(f"sqlite:///{folder / 'results.db'}", workers=1,
                          log_path=folder / "server.log") as running:
        running.wait_for_workers(1)
        yield running


def _get(path: str, port: int, close: bool = False) -> bytes:
    connection = "Connection: close\r\n" if close else ""
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{connection}\r\n".encode()


def _read_all(sock: socket.socket) -> bytes:
    received = b""
    while chunk := sock.recv(65536):
        received += chunk
    return received


def _answer_time(server) -> float:
    started = time.monotonic()
    status, _ = request(server.url, "GET", "/api/games", timeout=STALLED_CLIENT_S * 3)
    assert status == 200
    return time.monotonic() - started


def test_requests_sent_back_to_back_are_all_answered_in_order(server):
    """Pipelining: the second and third requests are already buffered when the first is
    answered, and are answered next."""
    paths = ["/api/games", "/healthz", "/api/games/garden-dice"]
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(_get(paths[0], server.port) + _get(paths[1], server.port)
                     + _get(paths[2], server.port, close=True))
        answers = _read_all(sock).split(b"HTTP/1.1 ")[1:]
    assert [answer.split(b" ", 1)[0] for answer in answers] == [b"200", b"200", b"404"]
    assert json.loads(answers[0].split(b"\r\n\r\n", 1)[1])["games"][0]["id"] == "garden-dice"
    assert json.loads(answers[1].split(b"\r\n\r\n", 1)[1])["status"] == "ok"


def test_a_long_pipeline_is_answered_whole(server):
    """Hundreds of requests arrive in each read; answering each from inside the last one's
    bookkeeping (gthread's own way) would run out of stack part-way through."""
    count = 2000
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(_get("/api/games", server.port) * (count - 1)
                     + _get("/api/games", server.port, close=True))
        received = _read_all(sock)
    assert received.count(b"HTTP/1.1 200 OK") == count


def test_a_client_that_connects_and_says_nothing_holds_nobody_up(server):
    with socket.create_connection(("127.0.0.1", server.port)):
        time.sleep(0.2)  # accepted by now
        assert _answer_time(server) < 1.0


def test_a_client_that_stalls_mid_request_is_cut_off_and_the_others_answered(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=STALLED_CLIENT_S * 3) as stalled:
        stalled.sendall(f"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n".encode())
        time.sleep(0.2)  # the worker is now waiting for the rest of those headers
        waited = _answer_time(server)
        assert STALLED_CLIENT_S * 0.8 < waited < STALLED_CLIENT_S * 2
        assert _read_all(stalled) == b"", "the stalled connection is closed without an answer"
    assert _answer_time(server) < 1.0


def _chunked_score(port: int, body: bytes, path: str = "/api/games/garden-variety/score",
                   content_type: str = "application/json") -> bytes:
    chunks = b"".join(b"%x\r\n%s\r\n" % (len(part), part) for part in (body[:10], body[10:]) if part)
    head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Content-Type: {content_type}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(head.encode() + chunks + b"0\r\n\r\n")
        return _read_all(sock)


def test_a_chunked_body_is_read_whole_and_held_to_the_size_limit(server):
    """Bodies without a Content-Length take werkzeug's path (scorer.api.request_body)."""
    from scorer.app import MAX_BODY_BYTES

    state = {"players": [{"name": n, "garden_bed": g, "hand": h, "gnomes": k}
                         for n, g, h, k in (("Kim", 24, 1, 3), ("Lee", 15, 0, 2), ("Max", 12, 2, 1))]}
    answer = _chunked_score(server.port, json.dumps(state).encode())
    assert answer.startswith(b"HTTP/1.1 200 ")
    assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["winners"] == ["Kim"]
    def padded(size: int) -> bytes:
        return b'{"players": "' + b"x" * (size - 15) + b'"}'

    assert len(padded(MAX_BODY_BYTES)) == MAX_BODY_BYTES
    assert _chunked_score(server.port, padded(MAX_BODY_BYTES)).startswith(b"HTTP/1.1 422 ")
    assert _chunked_score(server.port, padded(MAX_BODY_BYTES + 1)).startswith(b"HTTP/1.1 413 ")


def test_a_chunked_form_over_the_size_limit_is_refused_not_cut_short(server):
    """werkzeug's form parser would read such a form only up to the limit and go on with
    what it got (scorer.app holds it to the limit first)."""
    from scorer.app import MAX_BODY_BYTES

    form = b"players.0.name=" + b"a" * MAX_BODY_BYTES
    answer = _chunked_score(server.port, form, "/games/garden-variety/score",
                            "application/x-www-form-urlencoded")
    assert answer.startswith(b"HTTP/1.1 413 ")
    assert b"<h1>Too large</h1>" in answer
