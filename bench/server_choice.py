"""Which stock server `gardenkit serve` runs on: each candidate is started on a loopback port
with a throwaway SQLite database, and a plain GET /healthz is timed while hostile clients hold
connections open -- slow-header clients dribbling one byte every 2 s, idle clients that
connect and send nothing, clients that ask for /kits/all.zip and never read it, and clients
that each ask for a kit with options no one asked for before. Every
loop is bounded in count and time (each attack lasts SECONDS at most) and stops by itself.

Run: `.venv/bin/python -m bench.server_choice` (a minute or two per candidate).
docs/deploy.md has the figures and the choice.
"""
from __future__ import annotations

import contextlib
import http.client
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from tests.support.ports import free_port

REPO = Path(__file__).resolve().parent.parent
SECONDS = 12          # how long each attack is held while the plain GETs are timed
GET_TIMEOUT = 10.0    # a GET that waits this long counts as stalled

GUNICORN = ("from scorer.web.serve import GardenkitServer, server_options; "
            "o = server_options('127.0.0.1', {port}); o['worker_class'] = '{kind}'; o['threads'] = 32; "
            "GardenkitServer(o, '127.0.0.1').run()")
CANDIDATES = {
    "gunicorn gthread (2 workers x 32 threads)": GUNICORN.replace("{kind}", "gthread"),
    "gunicorn gevent (2 workers)": GUNICORN.replace("{kind}", "gevent"),
    "waitress (1 process, 8 threads)": (
        "from waitress import serve; from scorer.web.app import create_app; "
        "serve(create_app({{'LISTEN_HOST': '127.0.0.1'}}), host='127.0.0.1', port={port}, threads=8, "
        "connection_limit=2000, channel_timeout=30)"),
}


@contextlib.contextmanager
def running(code: str, folder: str) -> Iterator[int]:
    port = free_port()
    env = {**os.environ, "GARDENKIT_DATABASE_URL": f"sqlite:///{folder}/results.db",
           "GARDENKIT_INSTANCE_PATH": f"{folder}/instance", "PYTHONPATH": str(REPO)}
    server = subprocess.Popen([sys.executable, "-c", code.format(port=port)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and plain_get(port, 1.0) is None:
            time.sleep(0.2)
        yield port
    finally:
        os.killpg(server.pid, 15)
        server.wait(15)


def plain_body(port: int, path: str, timeout: float = 60.0) -> bytes:
    """The whole answer to one GET (a 200), read as a client would."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
        if response.status != 200:
            raise RuntimeError(f"GET {path} answered {response.status}")
        return body
    finally:
        connection.close()


def plain_get(port: int, timeout: float = GET_TIMEOUT, path: str = "/healthz") -> float | None:
    """Seconds for one GET on a new connection; None when it failed or waited too long. It
    comes from another address than the attacks (127.0.0.2): a server may refuse an address
    that holds too much of it, but not the other players'."""
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=("127.0.0.2", 0))
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return time.perf_counter() - started if response.status < 500 else None
    except OSError:
        return None
    finally:
        connection.close()


@contextlib.contextmanager
def attack(port: int, kind: str, count: int) -> Iterator[None]:
    stop = threading.Event()
    sockets: list[socket.socket] = []
    for _ in range(count):
        with contextlib.suppress(OSError):
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sockets.append(sock)
    if kind == "slow headers":
        def dribble() -> None:
            request = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100
            for byte in request:
                if stop.wait(2.0):
                    return
                for sock in sockets:
                    with contextlib.suppress(OSError):
                        sock.send(bytes([byte]))
        threading.Thread(target=dribble, daemon=True).start()
    elif kind == "distinct kit builds":  # each asks for a kit no one built yet, and reads it
        papers, bleeds = ("letter", "a4", "a3", "tabloid"), [f"{b / 2:g}" for b in range(21)]
        for number, sock in enumerate(sockets):
            path = f"/kits/garden-variety.pdf?paper={papers[number % 4]}&bleed={bleeds[number // 4 % 21]}"

            def build(sock: socket.socket = sock, path: str = path) -> None:
                with contextlib.suppress(OSError):
                    sock.send(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
                    sock.settimeout(SECONDS)
                    while sock.recv(65536) and not stop.is_set():
                        pass
            threading.Thread(target=build, daemon=True).start()
    elif kind == "non-reading downloads":
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.send(b"GET /kits/all.zip HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    time.sleep(1.0)  # let the server take them in
    try:
        yield
    finally:
        stop.set()
        for sock in sockets:
            sock.close()


ATTACKS = [("slow headers", 128), ("idle connections", 200), ("non-reading downloads", 64),
           ("distinct kit builds", 48)]


def measure(name: str, code: str) -> list[dict]:
    rows = []
    with tempfile.TemporaryDirectory() as folder, running(code, folder) as port:
        plain_get(port, 60.0, "/kits/all.zip")  # built once, so the downloads cost only sending
        for kind, count in ATTACKS:
            with attack(port, kind, count):
                times = []
                deadline = time.monotonic() + SECONDS
                while time.monotonic() < deadline:
                    times.append(plain_get(port))
                    time.sleep(0.5)
            worst = None if None in times else max(t for t in times if t is not None)
            rows.append({"what": f"{name}: GET /healthz during {count} {kind}",
                         "value": round(worst * 1000) if worst is not None else None, "unit": "ms",
                         "note": f"worst of {len(times)}; none means a GET failed or waited "
                                 f"over {GET_TIMEOUT:.0f} s"})
    return rows


def main() -> None:
    for name, code in CANDIDATES.items():
        for row in measure(name, code):
            print(f"{row['what']}: {row['value']} {row['unit']} ({row['note']})", flush=True)


if __name__ == "__main__":
    main()
