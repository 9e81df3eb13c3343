"""`gardenkit serve --host ::1`: a server on an IPv6 address listens and answers there (it
printed its URL, then gunicorn read "::1:PORT" as a host with an empty port and stopped)."""
from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def free_ipv6_port() -> int:
    with socket.socket(socket.AF_INET6) as probe:
        probe.bind(("::1", 0))
        return probe.getsockname()[1]


def test_serve_on_ipv6_loopback_answers_there(tmp_path):
    port = free_ipv6_port()
    env = {**os.environ, "GARDENKIT_INSTANCE_PATH": str(tmp_path / "instance")}
    server = subprocess.Popen([sys.executable, "-m", "scorer.cli", "serve", "--host", "::1", "--port", str(port),
                               "--workers", "1"], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert server.stdout is not None
        assert server.stdout.readline().strip().startswith(f"gardenkit: serving on http://[::1]:{port}/")
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, f"the server stopped: {server.stdout.read()}"
            try:
                # werkzeug matches no bracketed IPv6 host, so the server is reached by a name
                connection = http.client.HTTPConnection("::1", port, timeout=5)
                connection.request("GET", "/healthz", headers={"Host": f"localhost:{port}"})
                answer = connection.getresponse()
                assert answer.status == 200, answer.read()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer on [::1]"
                time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(timeout=15)
