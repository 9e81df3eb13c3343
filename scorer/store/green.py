"""Living with `gardenkit serve`'s gevent workers (docs/deploy.md): in such a worker, every
connection is a greenlet on one loop, so code that computes for long, or waits inside C code,
must not do it on the loop."""
from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def gevent_patched() -> bool:
    """Whether this process runs on gevent's loop (its worker has patched the standard library)."""
    if "gevent" not in sys.modules:
        return False
    from gevent import monkey

    return bool(monkey.is_module_patched("threading"))


def off_the_loop(work: Callable[[], T]) -> T:
    """Run costly computing (a simulation, a replay, a kit build) where it cannot hold up
    other requests: in a gevent worker, on a real thread of gevent's pool, so the loop keeps
    answering (the interpreter switches between the two every few milliseconds); elsewhere,
    here and now."""
    if gevent_patched():
        import gevent

        # The outcome comes back as a value: an exception raised on the pool's thread would
        # also be printed, traceback and all, by gevent's hub, though the request answers it
        # (a replay refused with 422, say).
        def outcome() -> tuple[T | None, Exception | None]:
            try:
                return work(), None
            except Exception as error:  # noqa: BLE001 -- raised again below, on the loop
                return None, error
        result, error = gevent.get_hub().threadpool.apply(outcome)
        if error is not None:
            raise error
        return result
    return work()


def cooperative_psycopg2() -> None:
    """Make psycopg2 wait for PostgreSQL on gevent's loop instead of inside libpq, through
    psycopg2's own wait-callback hook (as the psycogreen package does), so a slow or hung
    database holds the requests that use it, not every connection of the worker."""
    import psycopg2
    import psycopg2.extensions
    from gevent.socket import wait_read, wait_write

    def wait(connection, timeout=None) -> None:
        while True:
            state = connection.poll()
            if state == psycopg2.extensions.POLL_OK:
                return
            if state == psycopg2.extensions.POLL_READ:
                wait_read(connection.fileno(), timeout=timeout)
            elif state == psycopg2.extensions.POLL_WRITE:
                wait_write(connection.fileno(), timeout=timeout)
            else:
                raise psycopg2.OperationalError(f"unexpected state {state} while waiting for PostgreSQL")

    psycopg2.extensions.set_wait_callback(wait)
