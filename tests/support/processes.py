"""Processes for the tests that race several processes on one database, as the app's workers do.

`preloaded(module)` is a multiprocessing context whose processes are forked from one server
process that has imported `module` (and with it the app) once. Each spawned process imported
it afresh: 2 s of processor time apiece, and on a busy machine a start slow enough to miss the
tests' 30 s barrier."""
from __future__ import annotations

import multiprocessing
from multiprocessing.context import ForkServerContext


def preloaded(module: str) -> ForkServerContext:
    processes = multiprocessing.get_context("forkserver")
    processes.set_forkserver_preload([module])   # heeded when the server starts: the first test's module
    return processes
