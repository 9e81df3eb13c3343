"""Hostile clients against the real server (`gardenkit serve`, gunicorn): the worst bodies
answered plainly and fast, slow and broken clients costing only themselves, cross-site
writes refused, and a vanished database reported. Nothing saved before is lost in any."""
from __future__ import annotations

import http.client
import json
import socket
import sys
import time
from pathlib import Path

import pytest

from tests.support.prod_server import ProductionServer, marked_state, request

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench import server_choice, slow_clients  # noqa: E402
from bench.hostile import _wrapped, form_bodies, json_bodies  # noqa: E402

SAVE = {"game": "garden-variety", "state": marked_state("Kim")}
BODY_TIMEOUT_S = 6   # GARDENKIT_BODY_TIMEOUT here; two minutes by default


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    with ProductionServer(f"sqlite:///{folder / 'results.db'}", workers=2,
                          env={"GARDENKIT_BODY_TIMEOUT": str(BODY_TIMEOUT_S)}) as running:
        status, saved = request(running.url, "POST", "/api/results", SAVE)
        assert status == 201
        running.saved_id = saved["id"]  # type: ignore[attr-defined]
        yield running


# Each attack comes from an address of its own and the checks after it from another, as
# players sit apart from an attacker: the server may count what an address still holds (a
# download it closed is let go a moment later), and that must not leak from test to test.
ANOTHER_PLAYER = "127.0.0.3"
PHOTO_FLOOD = "127.0.0.4"
SLOW_CLIENTS = "127.0.0.5"


def raw(server, method: str, path: str, body: bytes, headers: dict[str, str],
        source: str = "127.0.0.1") -> tuple[int, bytes, float]:
    host, port = server.url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=20, source_address=(source, 0))
    start = time.perf_counter()
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read(), time.perf_counter() - start
    finally:
        connection.close()


def still_saved(server) -> None:
    status, body, _ = raw(server, "GET", f"/api/results/{server.saved_id}", b"", {}, source=ANOTHER_PLAYER)
    assert status == 200 and json.loads(body)["state"] == SAVE["state"]


def test_the_worst_json_bodies_get_a_plain_small_answer(server):
    for name, body in json_bodies():
        for path, operation in (("/api/games/cottage-garden/score", "score"),
                                ("/api/games/garden-dice/validate", "validate"),
                                ("/api/games/propagation/check", "check"), ("/api/results", "results")):
            status, answer, _ = raw(server, "POST", path, _wrapped(body, operation),
                                    {"Content-Type": "application/json"})
            # refused, or (validate, for a state of the game's form) 200 with the violations
            assert status in (400, 413, 422) or (operation, json.loads(answer)["valid"]) == ("validate", False), \
                (name, path, status)
            assert len(answer) < 20_000, (name, path, len(answer))
            assert b"Traceback" not in answer
    still_saved(server)


def test_the_worst_forms_get_a_page_or_a_plain_refusal(server):
    for name, form in form_bodies():
        for page in ("/games/garden-dice/score", "/games/garden-variety/check"):
            status, answer, _ = raw(server, "POST", page, form.encode(),
                                    {"Content-Type": "application/x-www-form-urlencoded"})
            # the token is missing (400), or the form is refused for its size (413)
            assert status in (200, 400, 413), (name, page, status)
            assert b"Traceback" not in answer and len(answer) < 300_000
    still_saved(server)


def test_slow_clients_cost_only_themselves(server):
    slow_clients.scoring_latencies(server.url, 10)  # warm the workers
    # The slow clients are someone else: one address holding 16 connections is a crowd, and a
    # crowd's requests past its share are refused 429 while others are served.
    with slow_clients.held_open(server.url, slow_headers=8, slow_readers=8, source=SLOW_CLIENTS):
        times = slow_clients.scoring_latencies(server.url, 100)
        status, health = request(server.url, "GET", "/healthz", timeout=5)
    assert status == 200 and health["status"] == "ok"
    # The figure is 150 ms at the 99th percentile on an idle machine; a test on a busy shared
    # one only holds that the server is not stalled (a stall is 5 s or more). make bench times it.
    assert max(times) < 2.0, sorted(times)[-5:]


def test_a_body_shorter_than_its_length_is_a_400_not_a_500(server):
    host, port = server.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=15) as sock:
        sock.sendall(b"POST /api/games/garden-variety/score HTTP/1.1\r\nHost: x\r\n"
                     b"Content-Type: application/json\r\nContent-Length: 500\r\n\r\n{\"players\": [")
        sock.shutdown(socket.SHUT_WR)  # the client is done: the body ends early
        answer = sock.recv(65536)
    assert answer == b"" or answer.split(b" ")[1] in (b"400", b"408"), answer[:100]
    still_saved(server)


@pytest.mark.parametrize("headers, expected", [
    ({"Content-Type": "text/plain"}, 415),                    # what a cross-site HTML form sends
    ({"Content-Type": "application/x-www-form-urlencoded"}, 415),
    ({"Content-Type": "application/json", "Origin": "https://evil.example"}, 403),
])
def test_cross_site_writes_are_refused(server, headers, expected):
    status, answer, _ = raw(server, "POST", "/api/results", json.dumps(SAVE).encode(), headers)
    assert status == expected
    assert "error" in json.loads(answer)
    deleted, _, _ = raw(server, "DELETE", f"/api/results/{server.saved_id}", b"",
                        {"Origin": "https://evil.example"})
    assert deleted == 403
    still_saved(server)


def test_a_rebound_host_name_is_refused_even_from_its_own_origin(server):
    """DNS rebinding: a page at evil.example whose name now points at this machine sends
    Host and Origin alike, so only the list of the server's own names tells it apart."""
    port = server.url.rsplit(":", 1)[1]
    foreign = {"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}",
               "Content-Type": "application/json"}
    status, answer, _ = raw(server, "POST", "/api/results", json.dumps(SAVE).encode(), foreign)
    assert status == 400 and "GARDENKIT_HOSTS" in json.loads(answer)["error"]
    deleted, _, _ = raw(server, "DELETE", f"/api/results/{server.saved_id}", b"", foreign)
    assert deleted == 400
    page, text, _ = raw(server, "GET", "/", b"", {"Host": "evil.example"})
    assert page == 400 and b"Traceback" not in text
    still_saved(server)


def test_a_write_from_the_apps_own_origin_is_taken(server):
    status, answer, _ = raw(server, "POST", "/api/results", json.dumps(SAVE).encode(),
                            {"Content-Type": "application/json", "Origin": server.url})
    assert status == 201


def test_pages_send_a_content_security_policy(server):
    host, port = server.url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.request("GET", "/games/garden-dice/score")
    response = connection.getresponse()
    response.read()
    policy = response.getheader("Content-Security-Policy", "")
    assert "script-src 'self'" in policy and "style-src 'self'" in policy and "unsafe-inline" not in policy


@pytest.mark.parametrize("number", ["%C2%B2", "9" * 3000, "--5", "%D9%A3", "%ED%A0%80", "-1"])
def test_odd_numbers_in_the_address_are_a_400(server, number):
    for query in (f"limit={number}", f"offset={number}"):
        status, answer = request(server.url, "GET", f"/api/results?{query}")
        assert status == 400 and "whole number" in answer["error"], query
    status, page = request(server.url, "GET", f"/results?page={number}")
    assert status == 400 and "whole number" in page


def test_results_are_paginated(server):
    for _ in range(3):
        assert request(server.url, "POST", "/api/results", SAVE)[0] == 201
    status, first = request(server.url, "GET", "/api/results?limit=2")
    assert status == 200 and len(first["results"]) == 2 and "offset=2" in first["next"]
    status, second = request(server.url, "GET", first["next"])
    ids = {r["id"] for r in first["results"]} | {r["id"] for r in second["results"]}
    assert len(ids) == len(first["results"]) + len(second["results"])


def test_a_vanished_database_is_reported_not_replaced(tmp_path):
    database = tmp_path / "results.db"
    with ProductionServer(f"sqlite:///{database}", workers=1) as running:
        assert request(running.url, "POST", "/api/results", SAVE)[0] == 201
        for leftover in tmp_path.glob("results.db*"):
            leftover.unlink()
        status, answer = request(running.url, "GET", "/api/results")
        assert status == 503 and "missing" in answer["error"]
        status, health = request(running.url, "GET", "/healthz")
        assert status == 503 and health["status"] != "ok"
        assert not database.exists()  # not silently replaced by an empty one
        status, _ = request(running.url, "POST", "/api/games/garden-variety/score", SAVE["state"])
        assert status == 200  # scoring needs no database


def test_healthz_reports_a_database_that_cannot_be_written_and_recovers(tmp_path):
    from tests.support.faults import immutable

    database = tmp_path / "results.db"
    with ProductionServer(f"sqlite:///{database}", workers=1) as running:
        assert request(running.url, "POST", "/api/results", SAVE)[0] == 201
        with immutable(database):
            status, health = request(running.url, "GET", "/healthz")
            assert status == 503 and "read-only" in health["database"]
            assert request(running.url, "POST", "/api/results", SAVE)[0] == 503
            assert request(running.url, "GET", "/api/results")[0] == 200  # reading still works
        assert request(running.url, "GET", "/healthz")[0] == 200
        status, _ = request(running.url, "POST", "/api/results", SAVE)
        assert status == 201
        assert len(request(running.url, "GET", "/api/results")[1]["results"]) == 2


@pytest.mark.slow
@pytest.mark.parametrize("kind, count", server_choice.ATTACKS)
def test_a_plain_get_answers_within_a_second_while_hostile_clients_hold_connections(server, kind, count):
    """What made the threaded workers wait 29-88 s: each such client held a thread."""
    port = int(server.url.rsplit(":", 1)[1])
    server_choice.plain_get(port, 60.0, "/kits/all.zip")  # built once: the downloads only send
    with server_choice.attack(port, kind, count):
        times = [server_choice.plain_get(port) for _ in range(5)]
    answered = [seconds for seconds in times if seconds is not None]
    assert len(answered) == len(times) and max(answered) < 1.0, times
    still_saved(server)


def _multipart(photos: list[bytes]) -> tuple[bytes, str]:
    boundary = "photo-flood-boundary"
    parts = b"".join(f'--{boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p{n}.png"\r\n'
                     f"Content-Type: image/png\r\n\r\n".encode() + photo + b"\r\n" for n, photo in enumerate(photos))
    return parts + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def test_a_flood_of_huge_photos_gets_503s_and_costs_nobody_else(server):
    """Photos of 49 megapixels that compress to a few kilobytes, two to a request (the most a
    request's reading budget takes; four are refused 413 unopened), from twelve clients at
    once: each worker reads one request's photos at a time, off its loop, and the others wait
    briefly, then get 503; a plain GET meanwhile is answered as ever."""
    import cv2
    import numpy as np

    grey = cv2.imencode(".png", np.full((7000, 7000), 200, np.uint8))[1].tobytes()
    body, content_type = _multipart([grey] * 2)
    answers: list[int] = []
    # The attacks before this test came from the prober's own address: its connections past
    # the bound still open are refused, each answered 429 only after a wait. The prober is a
    # player with a browser's few connections: the test begins once it is one again.
    settled = time.monotonic() + 20
    while request(server.url, "GET", "/healthz")[0] != 200:
        assert time.monotonic() < settled, "the prober's address stayed over its connection bound"
    stop = time.monotonic() + 8

    def flood() -> None:
        while time.monotonic() < stop:
            status, _, _ = raw(server, "POST", "/games/harvest-dice/photo", body, {"Content-Type": content_type},
                               source=PHOTO_FLOOD)
            answers.append(status)

    import threading

    clients = [threading.Thread(target=flood) for _ in range(12)]  # more than a worker lets wait: 503s
    for client in clients:
        client.start()
    times = []
    while time.monotonic() < stop:
        start = time.perf_counter()
        status, _ = request(server.url, "GET", "/healthz")
        times.append(time.perf_counter() - start)
        time.sleep(0.2)
    for client in clients:
        client.join()
    # 422: no sheet on a grey page. Every answer plain; some were told to come back later: 503
    # when the worker's one photo reading was taken, 429 when twelve connections from one
    # address asked past their share while the health checks were served.
    assert set(answers) <= {422, 429, 503} and {429, 503} & set(answers), answers
    # About 10 ms on an idle machine; held behind a reading on the loop it was 2.5-8.7 s. A busy
    # shared machine is only held to "not stalled"; make bench times it.
    assert max(times) < 2.0, sorted(times)[-5:]
    still_saved(server)


def _open_bodies(server, count: int, length: int | str, path: str = "/api/games/garden-dice/score",
                 kind: str = "application/json") -> list[socket.socket]:
    """Requests whose headers promise a body of `length` bytes (as written), of which one is sent."""
    host, port = server.url.removeprefix("http://").split(":")
    opened = []
    for _ in range(count):
        sock = socket.create_connection((host, int(port)), timeout=5)
        sock.sendall(f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                     f"Content-Type: {kind}\r\nContent-Length: {length}\r\n\r\n{{".encode())
        opened.append(sock)
    return opened


def _status(sock: socket.socket, seconds: float) -> int | None:
    sock.settimeout(seconds)
    try:
        head = sock.recv(64)
    except OSError:
        return None
    return int(head.split()[1]) if head.startswith(b"HTTP/1.1 ") else None


def test_one_address_holds_only_so_many_requests_and_gets_them_back(server):
    """A client opening a hundred requests that never finish their bodies holds at most
    MAX_PER_ADDRESS of each worker; the rest are answered 429 at once, and the players at
    another address are answered as ever. Once its requests are gone, the address is served."""
    from scorer.web.client_bounds import MAX_PER_ADDRESS

    held = _open_bodies(server, 100, 1000)
    try:
        refused = sum(_status(sock, 0.5) == 429 for sock in held)
        assert refused >= 100 - 2 * MAX_PER_ADDRESS, refused   # two workers
        port = int(server.url.rsplit(":", 1)[1])
        seconds = server_choice.plain_get(port)   # from 127.0.0.2
        assert seconds is not None and seconds < 2.0, seconds
    finally:
        for sock in held:
            sock.close()
    deadline = time.monotonic() + 10
    while request(server.url, "GET", "/healthz")[0] != 200:
        assert time.monotonic() < deadline, "the address stayed refused after its requests were gone"
        time.sleep(0.2)
    still_saved(server)


@pytest.mark.parametrize("path, kind, length", [
    ("/api/games/garden-dice/score", "application/json", 20 * 1024 * 1024),
    ("/games/harvest-dice/photo", "multipart/form-data; boundary=x", 15 * 1024 * 1024),
])
def test_a_body_has_a_fixed_time_to_arrive_whatever_it_announces(server, path, kind, length):
    """A body sent a byte a second is answered 408 once the body's time is up, counted from
    the request's start: it grew with the announced length, so a photo announcing 15 MB was
    held 16 minutes (issue 28's G1). Refused at once (413) when more than its endpoint reads."""
    length = min(length, 1000 * 1000) if path.startswith("/api/") else length
    (sock,) = _open_bodies(server, 1, length, path, kind)
    try:
        start = time.monotonic()
        status = None
        while status is None and time.monotonic() - start < BODY_TIMEOUT_S + 5:
            try:
                sock.send(b" ")
            except OSError:
                break
            status = _status(sock, 1.0)
        assert status == 408, status
        assert time.monotonic() - start < BODY_TIMEOUT_S + 3
    finally:
        sock.close()
    still_saved(server)


def test_a_slow_body_whose_length_has_leading_zeros_holds_no_turn(server):
    """Content-Length: 00000000000001000000 is a length gunicorn takes (1 MB). The body bounds
    read only lengths of under 16 characters, so such a body went to the view unread, and the
    view read it in its worker's turn to compute: four of them (from the attacker's pass) held
    every score, check and saved-history page of both workers 10 s and then 503 for as long as
    the bodies took. Read here like any other now, a score from another address is answered at once."""
    from bench.floods import SMALL_SCORE

    held = _open_bodies(server, 4, "0" * 14 + "1000000", "/api/games/cottage-garden/score")
    try:
        time.sleep(1.0)
        path, state = SMALL_SCORE
        for _ in range(3):
            status, _, took = raw(server, "POST", path, json.dumps(state).encode(),
                                  {"Content-Type": "application/json"}, source=ANOTHER_PLAYER)
            assert status == 200 and took < 3.0, (status, took)
    finally:
        for sock in held:
            sock.close()


@pytest.mark.parametrize("path", ["/games/garden-variety/print", "/kits/garden-variety.pdf",
                                  "/api/games/garden-dice/score", "/games/harvest-dice/photo"])
def test_a_body_announcing_more_than_its_endpoint_reads_is_refused_at_once(server, path):
    """A deck list's page takes 64 KB of deck and its form: one announcing 1 MB (within the
    app's 1 MB) was read, slowly, for 71 s before the deck's limit was applied."""
    from scorer.web.photo_pages import MAX_UPLOAD

    length = MAX_UPLOAD + 1 if path.endswith("/photo") else 1024 * 1024 + 1
    (sock,) = _open_bodies(server, 1, length, path, "multipart/form-data; boundary=x")
    try:
        start = time.monotonic()
        assert _status(sock, 5.0) == 413
        assert time.monotonic() - start < 2.0
    finally:
        sock.close()


def test_the_first_openapi_document_of_a_worker_leaves_a_plain_page_answered(tmp_path):
    """The OpenAPI document is made once per worker, on first asking (its name pattern walks
    every Unicode code point: about a second of CPU). Made on the worker's loop, four clients
    asking a fresh worker for /openapi.json at once held every other page until it was done:
    a plain GET 1.1-6.9 s, and no other answered meanwhile. It is now made on a thread of the
    worker's pool, and the pages go on being served while it is made."""
    import threading

    with ProductionServer(f"sqlite:///{tmp_path / 'results.db'}", workers=1) as running:
        port = running.port
        server_choice.plain_get(port, 10.0, "/games/garden-dice/score")   # the plain page compiled
        asked = [threading.Thread(target=server_choice.plain_get, args=(port, 30.0, path))
                 for path in ("/openapi.json", "/api") * 2]
        for thread in asked:
            thread.start()
        time.sleep(0.05)
        times: list[float | None] = []
        while any(thread.is_alive() for thread in asked) or not times:
            times.append(server_choice.plain_get(port, 10.0, "/games/garden-dice/score"))
            time.sleep(0.05)
        for thread in asked:
            thread.join()
    # made on the loop, the first GET waited for the whole document and was the only one
    answered = [t for t in times if t is not None]
    assert len(answered) == len(times) >= 3 and sorted(answered)[len(answered) // 2] < 0.5, times


def test_a_huge_request_head_costs_little_and_is_refused(server):
    """Eight requests each sending some 780 KB of header lines (8 KB each, 97 of them: under
    gunicorn's default bounds of 100 fields of 8,190 bytes). gunicorn copies and searches the whole
    head again for every 8 KB it reads, so a head costs the square of its size: some 110 ms of
    a worker's loop each (0.89 s for the eight), and 80 of them from ten addresses held a plain
    page 14 s. A head is now held to gunicorn's `limit_request_fields`, 32 (431 past it; a
    browser sends 10-25 fields): gunicorn reads some 262 KB of each, 10-15 ms."""
    line = b"X-Padding: " + b"a" * 8000 + b"\r\n"
    head = f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n".encode() + line * 97 + b"\r\n"
    spent = server.cpu_seconds()
    answers = []
    for _ in range(8):
        with socket.create_connection(("127.0.0.1", server.port), timeout=20, source_address=(SLOW_CLIENTS, 0)) as sock:
            try:
                sock.sendall(head)
                answers.append(sock.recv(64))
            except OSError:   # refused and closed before the rest was sent: reset
                answers.append(b"reset")
    spent = server.cpu_seconds() - spent
    assert all(answer.startswith(b"HTTP/1.1 431 ") or answer == b"reset" for answer in answers), answers
    assert spent < 0.2, spent   # 25 ms a head at most
    status, _, _ = raw(server, "GET", "/healthz", b"", {}, source=ANOTHER_PLAYER)
    assert status == 200
