"""`gardenkit serve`: the web app on gunicorn, embedded, with worker processes.

Each worker builds its own app (and database connections) after the fork, so no connection
is shared between processes. SQLite runs in WAL mode with a busy timeout (scorer.storage), so
several workers can save at once.
"""
from __future__ import annotations

import sys

from gunicorn.app.base import BaseApplication

THREADS_PER_WORKER = 4


class GardenkitServer(BaseApplication):
    def __init__(self, options: dict):
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self):
        from scorer.app import create_app

        return create_app()


def server_options(host: str, port: int, workers: int) -> dict:
    return {
        "bind": f"{host}:{port}",
        "workers": workers,
        "worker_class": "gthread",       # threads keep slow clients from blocking a worker
        "threads": THREADS_PER_WORKER,
        "timeout": 30,
        "graceful_timeout": 10,
        "keepalive": 5,
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
        "proc_name": "gardenkit",
    }


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int = 2) -> int:
    url_host = f"[{host}]" if ":" in host else host
    print(f"gardenkit: serving on http://{url_host}:{port}/ with {workers} worker(s); Ctrl+C stops",
          flush=True)
    GardenkitServer(server_options(host, port, workers)).run()
    return 0


if __name__ == "__main__":
    sys.exit(serve())
