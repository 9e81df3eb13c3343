"""What users rely on from `gardenkit serve`, through a real server: one worker process with
two threads, so that a client holding a thread is plainly visible to the others.

Requests on one kept-alive connection, or sent back to back before any answer, are all
answered in order; an idle kept-alive connection is closed after the keep-alive time; a
client that connects and says nothing, or stalls in the middle of its request, costs one
thread and nobody else waits for it; broken requests get an HTTP answer, not a dropped
connection; a chunked body is read whole and held to the size limit like any other; a
request under way when the server is told to stop is still answered."""
from __future__ import annotations

import http.client
import json
import re
import signal
import socket
import time

import pytest

from scorer.web.serve import server_options
from tests.support.prod_server import ProductionServer, read_all, request

pytestmark = pytest.mark.slow

KEEPALIVE_S = server_options("127.0.0.1", 0)["keepalive"]
# Long enough for any answer on a busy shared machine, far shorter than a client that is
# made to wait for a stalled one (gunicorn never gives up on it by itself).
ANSWER_WITHIN_S = 4
FINISHED = {"players": [{"name": n, "garden_bed": g, "hand": h, "gnomes": k}
                        for n, g, h, k in (("Kim", 24, 1, 3), ("Lee", 15, 0, 2), ("Max", 12, 2, 1))]}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("one-worker")
    with ProductionServer(f"sqlite:///{folder / 'results.db'}", workers=1, threads=2,
                          log_path=folder / "server.log") as running:
        running.wait_for_workers(1)
        yield running


def _get(path: str, port: int, close: bool = False) -> bytes:
    connection = "Connection: close\r\n" if close else ""
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{connection}\r\n".encode()


def _read_one_answer(sock: socket.socket) -> bytes:
    """One whole answer: gunicorn writes the head and the body separately, so one recv may
    hold only the head."""
    received = b""
    while b"\r\n\r\n" not in received:
        received += sock.recv(65536)
    head, body = received.split(b"\r\n\r\n", 1)
    announced = re.search(rb"(?i)content-length: *(\d+)", head)
    assert announced is not None, head
    length = int(announced.group(1))
    while len(body) < length:
        body += sock.recv(65536)
    return received


def _others_are_answered(server, times: int = 5) -> None:
    for _ in range(times):
        status, body = request(server.url, "GET", "/api/games", timeout=ANSWER_WITHIN_S)
        assert status == 200 and body["games"][0]["id"] == "garden-dice"


def test_requests_on_one_kept_alive_connection_are_all_answered_on_it(server):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=ANSWER_WITHIN_S)
    try:
        for round_trip in range(3):
            connection.request("POST", "/api/games/garden-variety/score", body=json.dumps(FINISHED),
                               headers={"Content-Type": "application/json"})
            answer = connection.getresponse()
            assert answer.status == 200 and json.loads(answer.read())["winners"] == ["Kim"]
            assert answer.getheader("Connection", "").lower() != "close"
            if round_trip == 0:
                first_socket = connection.sock
            assert connection.sock is first_socket, "the connection was not kept open"
    finally:
        connection.close()


def test_requests_sent_back_to_back_are_all_answered_in_order(server):
    """Pipelining: the second and third requests are already buffered when the first is
    answered, and are answered next."""
    paths = ["/api/games", "/healthz", "/api/games/no-such-game"]
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(_get(paths[0], server.port) + _get(paths[1], server.port)
                     + _get(paths[2], server.port, close=True))
        answers = read_all(sock).split(b"HTTP/1.1 ")[1:]
    assert [answer.split(b" ", 1)[0] for answer in answers] == [b"200", b"200", b"404"]
    assert json.loads(answers[0].split(b"\r\n\r\n", 1)[1])["games"][0]["id"] == "garden-dice"
    assert json.loads(answers[1].split(b"\r\n\r\n", 1)[1])["status"] == "ok"


def test_a_long_pipeline_is_answered_whole(server):
    count = 500
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(_get("/api/games", server.port) * (count - 1)
                     + _get("/api/games", server.port, close=True))
        received = read_all(sock)
    assert received.count(b"HTTP/1.1 200 OK") == count


def test_an_idle_kept_alive_connection_is_closed_after_the_keepalive_time(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=KEEPALIVE_S * 3) as sock:
        sock.sendall(_get("/healthz", server.port))
        assert _read_one_answer(sock).startswith(b"HTTP/1.1 200 ")
        started = time.monotonic()
        assert read_all(sock) == b"", "the server closes the idle connection without a word"
        assert time.monotonic() - started < KEEPALIVE_S * 2


def test_a_client_that_connects_and_says_nothing_costs_only_itself(server):
    """gunicorn waits for a new connection's first bytes on one of the worker's threads (for
    up to 5 s, then in its main loop); the other thread answers everybody else."""
    silent = socket.create_connection(("127.0.0.1", server.port))
    try:
        _others_are_answered(server)
    finally:
        silent.close()


def test_a_client_that_stalls_mid_request_costs_only_itself(server):
    """It holds one of the worker's threads while it stalls; the other thread answers
    everybody else, and the stalled request is answered once its last bytes arrive."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=ANSWER_WITHIN_S) as stalled:
        stalled.sendall(f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n".encode())
        time.sleep(0.2)  # the worker is now waiting for the rest of those headers
        _others_are_answered(server)
        stalled.sendall(b"Connection: close\r\n\r\n")
        assert read_all(stalled).startswith(b"HTTP/1.1 200 ")
    _others_are_answered(server, times=1)


@pytest.mark.parametrize("raw, status", [
    (b"NONSENSE\r\n\r\n", b"400"),
    (b"GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: many\r\n\r\n", b"400"),
    (b"GET /" + b"a" * 10000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", b"414"),
])
def test_a_broken_request_gets_an_http_answer(server, raw, status):
    with socket.create_connection(("127.0.0.1", server.port), timeout=ANSWER_WITHIN_S) as sock:
        sock.sendall(raw)
        assert read_all(sock).startswith(b"HTTP/1.1 " + status + b" ")
    _others_are_answered(server, times=1)


def _chunked_score(port: int, body: bytes, path: str = "/api/games/garden-variety/score",
                   content_type: str = "application/json") -> bytes:
    chunks = b"".join(b"%x\r\n%s\r\n" % (len(part), part) for part in (body[:10], body[10:]) if part)
    head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Content-Type: {content_type}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(head.encode() + chunks + b"0\r\n\r\n")
        return read_all(sock)


def test_a_chunked_body_is_read_whole_and_held_to_the_size_limit(server):
    """Bodies without a Content-Length are read whole by werkzeug and held to the limit too."""
    from scorer.web.app import MAX_BODY_BYTES

    answer = _chunked_score(server.port, json.dumps(FINISHED).encode())
    assert answer.startswith(b"HTTP/1.1 200 ")
    assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["winners"] == ["Kim"]

    def padded(size: int) -> bytes:
        return b'{"players": "' + b"x" * (size - 15) + b'"}'

    assert len(padded(MAX_BODY_BYTES)) == MAX_BODY_BYTES
    assert _chunked_score(server.port, padded(MAX_BODY_BYTES)).startswith(b"HTTP/1.1 422 ")
    assert _chunked_score(server.port, padded(MAX_BODY_BYTES + 1)).startswith(b"HTTP/1.1 413 ")


def test_a_chunked_form_over_the_size_limit_is_refused_not_cut_short(server):
    """werkzeug's form parser would read such a form only up to the limit and go on with
    what it got (scorer.web.app holds it to the limit first)."""
    from scorer.web.app import MAX_BODY_BYTES

    form = b"players.0.name=" + b"a" * MAX_BODY_BYTES
    answer = _chunked_score(server.port, form, "/games/garden-variety/score",
                            "application/x-www-form-urlencoded")
    assert answer.startswith(b"HTTP/1.1 413 ")
    assert b"<h1>Too large</h1>" in answer


def test_a_request_under_way_when_the_server_is_told_to_stop_is_still_answered(tmp_path):
    """systemd stops (and restarts) the server with SIGTERM: requests already under way get
    their answers within the graceful-stop time, then the server exits cleanly."""
    with ProductionServer(f"sqlite:///{tmp_path / 'results.db'}", workers=1, threads=2,
                          log_path=tmp_path / "server.log") as server:
        server.wait_for_workers(1)
        with socket.create_connection(("127.0.0.1", server.port), timeout=ANSWER_WITHIN_S) as sock:
            sock.sendall(f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n".encode())
            time.sleep(0.2)  # the worker is now reading this request
            server.started().send_signal(signal.SIGTERM)
            time.sleep(0.5)
            sock.sendall(b"\r\n")
            answer = read_all(sock)
        assert answer.startswith(b"HTTP/1.1 200 ") and b"Connection: close" in answer
        assert server.started().wait(timeout=server_options("127.0.0.1", 0)["graceful_timeout"] + 5) == 0
