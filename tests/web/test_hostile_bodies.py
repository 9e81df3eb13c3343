"""Broken request bodies against the real server (`gardenkit serve`, gunicorn with gevent
workers): a malformed chunked body or one shorter than its Content-Length is a plain 400 and
saves nothing, and a refused replay writes no traceback to the log."""
from __future__ import annotations

import json
import socket
from typing import Any

import pytest

from tests.support.prod_server import ProductionServer, marked_state, request

SAVE = json.dumps({"game": "garden-variety", "state": marked_state("Kim")}).encode()
POSTS = ("/api/games/garden-dice/score", "/api/results", "/games/garden-dice/score", "/players/merge")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bodies")
    with ProductionServer(f"sqlite:///{folder / 'results.db'}", workers=1, log_path=folder / "server.log") as running:
        yield running


def sent(server, head: bytes, body: bytes) -> bytes:
    """The status line's code for a request written as is, the client's sending side then shut."""
    host, port = server.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=15) as sock:
        sock.sendall(head + b"Host: 127.0.0.1\r\nContent-Type: application/json\r\n" + body)
        sock.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer.split(b" ")[1]


def saved_count(server) -> int:
    return len(request(server.url, "GET", "/api/results")[1]["results"])


@pytest.mark.parametrize("path", POSTS)
@pytest.mark.parametrize("chunks", [b"zz\r\n{}\r\n0\r\n\r\n", b"-1\r\n{}\r\n0\r\n\r\n", b"2\r\n{}xx0\r\n\r\n"])
def test_a_malformed_chunked_body_is_a_plain_400(server, path, chunks):
    head = f"POST {path} HTTP/1.1\r\nTransfer-Encoding: chunked\r\n".encode()
    assert sent(server, head, b"\r\n" + chunks) == b"400"
    assert b"Traceback" not in server.log_path.read_bytes()


def test_a_body_shorter_than_its_length_is_refused_and_not_saved(server):
    before = saved_count(server)
    head = f"POST /api/results HTTP/1.1\r\nContent-Length: {len(SAVE) + 50}\r\n".encode()
    assert sent(server, head, b"\r\n" + SAVE) == b"400"
    assert saved_count(server) == before


def test_a_refused_replay_writes_no_traceback(server):
    not_logs: list[Any] = [[], {}, {"game": "garden-variety", "moves": []}]
    for body in not_logs:
        status, _ = request(server.url, "POST", "/api/games/garden-dice/replay", body)
        assert status == 422
    assert b"Traceback" not in server.log_path.read_bytes()
    assert b"InvalidState" not in server.log_path.read_bytes()
