"""Free loopback ports for the servers the tests and benchmarks start.

A port the kernel hands out for bind(("127.0.0.1", 0)) comes from the ephemeral range, the
same range every outgoing connection takes its own port from: between the probe and the
server's bind, a client connection of another test (xdist runs several) can take it, and the
server fails with "Address already in use" (seen in CI). So the ports are drawn below that
range, where no connection's own port ever lands, and checked free by binding them."""
from __future__ import annotations

import random
import socket
from pathlib import Path

LOWEST = 20_000  # above the ports services register (and PostgreSQL's 5432)


def _ephemeral_start() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32_768  # Linux's default


def free_port(host: str = "127.0.0.1") -> int:
    """A port on host that nobody listens on now and no outgoing connection will take."""
    highest = max(_ephemeral_start(), LOWEST + 1_000)
    for _ in range(200):
        port = random.randrange(LOWEST, highest)
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind((host, port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port between {LOWEST} and {highest} on {host}")
