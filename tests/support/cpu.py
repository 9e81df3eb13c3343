"""The processor time of the calling thread, for tests that bound what one request or one call
costs: the thread's own, not the process's, so a server thread another test left running in the
same worker process (a live server shutting down, a daemon thread) is not counted against it."""
from __future__ import annotations

import resource


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_THREAD)
    return usage.ru_utime + usage.ru_stime
