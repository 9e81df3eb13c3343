"""The statuses the fourth attack (issue 28) found wrong, against the real server (`gardenkit
serve`): an HTTP/1.1 request naming no host, a JSON body holding the bytes of a lone
surrogate, and a stranger's edit with a malformed body."""
from __future__ import annotations

import http.client
import json
import socket

import pytest

from tests.support.prod_server import ProductionServer, marked_state, request


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("statuses")
    with ProductionServer(f"sqlite:///{folder / 'results.db'}", workers=1, log_path=folder / "server.log") as running:
        yield running


def status_of(server, written: bytes) -> bytes:
    """The status code answering a request written as is."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=15) as sock:
        sock.sendall(written)
        answer = b""
        while b"\r\n" not in answer and (part := sock.recv(4096)):
            answer += part
    return answer.split(b" ")[1]


def sent(server, method: str, path: str, body: bytes, headers: dict[str, str] | None = None) -> tuple[int, dict]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=15)
    try:
        connection.request(method, path, body=body, headers={"Content-Type": "application/json", **(headers or {})})
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        connection.close()


def test_an_http_1_1_request_without_a_host_is_a_400(server):
    """HTTP/1.1 requires the Host header (RFC 9112, 3.2); HTTP/1.0 did not have it."""
    assert status_of(server, b"GET /api/games HTTP/1.1\r\nConnection: close\r\n\r\n") == b"400"
    assert status_of(server, b"GET /api/games HTTP/1.0\r\n\r\n") == b"200"
    assert status_of(server, b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n") == b"200"


def test_the_bytes_of_a_lone_surrogate_are_bad_json(server):
    """ED A0 80 would be U+D800 in UTF-8, which UTF-8 forbids: the body is not text, so it is
    bad JSON (400), not an impossible game (422)."""
    state = json.dumps(marked_state("SURROGATE")).encode().replace(b"SURROGATE", b"\xed\xa0\x80")
    status, answer = sent(server, "POST", "/api/games/garden-variety/score", state)
    assert status == 400, answer
    assert "not valid text" in answer["error"]
    status, answer = sent(server, "POST", "/api/games/garden-variety/score", json.dumps(marked_state("Kim")).encode())
    assert status == 200, answer


@pytest.mark.parametrize("body", [b"{", b'{"bogus": 1}', b'{"version": "one", "note": "x"}'])
def test_a_strangers_edit_is_refused_before_its_body_is_read(server, body):
    status, saved = request(server.url, "POST", "/api/results", {"game": "garden-variety", "state": marked_state("Ann")})
    assert status == 201, saved
    path = f"/api/results/{saved['id']}"
    status, answer = sent(server, "PATCH", path, body)
    assert status == 403, answer
    status, answer = sent(server, "PATCH", path, body, {"X-Result-Key": saved["key"]})
    assert status in (400, 422), answer   # the saver is told what is wrong with the body
