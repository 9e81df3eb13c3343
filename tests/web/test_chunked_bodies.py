"""Bodies sent in chunks (Transfer-Encoding: chunked, no length announced) against the real
server (`gardenkit serve`, two gevent workers), with raw sockets: they are counted in the
worker's budget of body bytes as they come, as bodies of announced length are, and refused
past their endpoint's limit with the same status and words as a body announcing that much.
Uncounted, 300 chunked bodies sent mostly and then held were read into a worker's memory."""
from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

import scorer
from scorer.web.serve import REQUEST_FIELD_SIZE
from tests.support.prod_server import STALLED_BODIES, module_server, page_times_while, resident_mb, shown, warm

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow



@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from module_server(tmp_path_factory, "chunked")


def answered(port: int, request: bytes) -> tuple[bytes, bytes]:
    """The status line and body of the answer to `request`, written whole on a raw socket."""
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        sock.sendall(request)
        received = b""
        while b"\r\n\r\n" not in received or len(received.split(b"\r\n\r\n", 1)[1]) < _length(received):
            part = sock.recv(65536)
            if not part:
                break
            received += part
    head, body = received.split(b"\r\n\r\n", 1)
    return head.split(b"\r\n", 1)[0], body


def _length(received: bytes) -> int:
    for line in received.split(b"\r\n\r\n", 1)[0].split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return int(line.split(b":")[1])
    return 1 << 30


def chunked(path: str, body: bytes, kind: str = "application/json") -> bytes:
    chunks = b"".join(b"%x\r\n%s\r\n" % (len(body[at:at + 50_000]), body[at:at + 50_000])
                      for at in range(0, len(body), 50_000))
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {kind}\r\n"
            "Transfer-Encoding: chunked\r\n\r\n").encode() + chunks + b"0\r\n\r\n"


def sized(path: str, body: bytes, kind: str = "application/json") -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {kind}\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body


@pytest.mark.parametrize(("path", "kind"), [("/api/games/garden-dice/score", "application/json"),
                                           ("/games/garden-variety/print", "application/x-www-form-urlencoded")])
def test_a_chunked_body_past_its_endpoints_limit_is_answered_as_a_sized_one(server, path, kind):
    from scorer.web.app import create_app
    from scorer.web.guards import body_limit

    with create_app({"TESTING": True, "DATABASE_URL": "sqlite://"}).test_request_context(path, method="POST") as made:
        limit = body_limit(made.request.endpoint, made.request.view_args, made.app.config["MAX_CONTENT_LENGTH"])
    too_much = b"x" * (limit + 1)
    as_sized = answered(server.port, sized(path, too_much, kind))
    as_chunked = answered(server.port, chunked(path, too_much, kind))
    assert as_sized[0].split(b" ")[1] == b"413", as_sized
    assert as_chunked[0] == as_sized[0] and said(as_chunked[1]) == said(as_sized[1])


def said(body: bytes) -> bytes:
    """An answer's words: a page's main part (its head holds a fresh nonce each time), its
    form's fresh token left out."""
    main = body.split(b"<main", 1)[-1].split(b"</main>", 1)[0]
    return re.sub(rb'name="csrf_token" value="[^"]*"', b"", main)


def test_a_chunked_body_within_its_limit_is_read(server):
    state = json.dumps(scorer.GAMES["garden-dice"].example_state).encode()
    status, body = answered(server.port, chunked("/api/games/garden-dice/validate", state))
    assert status.split(b" ")[1] == b"200", body
    assert json.loads(body)["valid"] is True


def test_a_malformed_chunk_is_a_plain_400(server):
    request = (b"POST /api/games/garden-dice/score HTTP/1.1\r\nHost: 127.0.0.1\r\n"
               b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")
    status, body = answered(server.port, request)
    assert status.split(b" ")[1] == b"400" and b"chunks are malformed" in body, (status, body)


def test_a_chunk_size_line_that_never_ends_is_a_plain_400_at_once(server):
    """A size line longer than a header field may be (gunicorn bounds both by its
    `limit_request_field_size`, 8,190 bytes) with no end is refused at once, not waited for to
    the body's deadline (120 s). A shorter one that never ends is a slow body like any other."""
    request = (b"POST /api/games/garden-dice/score HTTP/1.1\r\nHost: 127.0.0.1\r\n"
               b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
               + b"0" * (REQUEST_FIELD_SIZE + 100))
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(request)
        status = sock.recv(65536).split(b"\r\n", 1)[0]
    assert status.split(b" ")[1] == b"400", status


def test_a_size_line_of_leading_zeros_that_ends_is_read(server):
    """Leading zeros are a size as HTTP writes it: a short body with 40 of them is scored."""
    body = json.dumps(scorer.GAMES["cottage-garden"].example_state).encode()
    request = (b"POST /api/games/cottage-garden/score HTTP/1.1\r\nHost: 127.0.0.1\r\n"
               b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
               + b"0" * 40 + b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body))
    status, _ = answered(server.port, request)
    assert status.split(b" ")[1] == b"200", status


@pytest.mark.parametrize("method, path", [("GET", "/healthz"), ("GET", "/api/games"), ("POST", "/api/results")])
def test_a_content_length_past_every_bound_is_413_on_every_method_and_the_connection_closed(server, method, path):
    """A GET announcing a 23-digit body was answered 200, as if the length said nothing."""
    request = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
               "Content-Length: 12345678901234567890123\r\n\r\n").encode()
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(request)
        received = b""
        while part := sock.recv(65536):   # closed after the answer: no wait for the body
            received += part
    head, body = received.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 413") and b"\r\nConnection: close" in head, head
    assert b"larger than" in body, body


@pytest.fixture(scope="module")
def one_worker(tmp_path_factory):
    yield from module_server(tmp_path_factory, "chunked-one-worker", workers=1)


def test_stalled_chunked_bodies_are_held_to_the_body_budget(one_worker):
    """300 connections from 15 addresses each sending 1,000,000 bytes of a score's body in
    chunks, never its last one, and then waiting. Uncounted, each was read into memory by the
    app, 300 MB over the worker's own; counted, the worker holds at most its budget (128 MB)
    and the rest wait unread: 262 MB here at a load of 33 (it starts near 85 MB; its 300
    connections' own buffers are the rest), 410 MB before."""
    warm(one_worker.port)
    (worker,) = one_worker.worker_pids()
    flood = subprocess.Popen([sys.executable, "-c", STALLED_BODIES, str(one_worker.port), "300",
                              "1000000", "10", "127.0.1.100+15", "/api/games/garden-dice/score",
                              "application/json", "chunked"], stdout=subprocess.PIPE, text=True, cwd=REPO)
    most = resident_mb(worker)

    def measure() -> None:
        nonlocal most
        most = max(most, resident_mb(worker))

    times = page_times_while(one_worker.port, flood, 9.0, measure)
    flood.communicate(timeout=60)
    print("stalled chunked bodies: worker MB", round(most), "page", shown(times))
    assert most < 330, most
