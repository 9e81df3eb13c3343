"""Scoring through the production server: requests per second and p50/p99 latency.

`gardenkit serve` is started on a free loopback port with a throwaway SQLite database, exactly
as a user runs it (its default workers and threads unless told otherwise), and driven by
bench/loadgen.py at 1, 8 and 32 concurrent connections with POST
/api/games/garden-dice/score and a 4-player end state. Each figure is the median of several
runs. The server's CPU time per request (every gunicorn process, read from /proc) is given
too: it moves less than the rates when other programs share the cores.

The goals are what a user would notice, on a 2-core machine that runs the load generator
too: at 32 connections, p99 under 50 ms and at least 1,000 scores per second.

    python -m bench.http [THREADS ...]    # the table, for each thread count given
"""
from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from bench.loadgen import LoadResult, build_request, run_load
from bench.samples import GARDEN_DICE_4P
from tests.support.prod_server import ProductionServer, request

CONCURRENCY = (1, 8, 32)
GOAL_CONNECTIONS = 32
P99_GOAL_MS = 50.0
RPS_GOAL = 1000
WORKERS = 2          # `gardenkit serve`'s default: one per core
RUNS = 5
SECONDS = 1.5
SCORE_PATH = "/api/games/garden-dice/score"


def measurements(workers: int = WORKERS, threads: int | None = None, runs: int = RUNS,
                 seconds: float = SECONDS, concurrency=CONCURRENCY) -> list[dict]:
    results: dict[int, list[LoadResult]] = {level: [] for level in concurrency}
    with tempfile.TemporaryDirectory(prefix="gardenkit-bench-") as folder:
        url = f"sqlite:///{Path(folder) / 'results.db'}"
        with ProductionServer(url, workers=workers, threads=threads,
                              log_path=Path(folder) / "server.log") as server:
            server.wait_for_workers(workers)
            status, body = request(server.url, "POST", SCORE_PATH, GARDEN_DICE_4P)
            if status != 200:
                raise RuntimeError(f"the scoring request answers {status}: {body}")
            raw = build_request("127.0.0.1", server.port, "POST", SCORE_PATH, GARDEN_DICE_4P)
            # Each round runs every level, so a burst of noise from other programs spoils one
            # round of everything rather than one whole level.
            for _ in range(runs):
                for level in concurrency:
                    before = server.cpu_seconds()
                    result = run_load("127.0.0.1", server.port, raw, level, seconds)
                    result.server_cpu = (server.cpu_seconds() - before) / max(result.completed, 1)
                    results[level].append(result)
    shape = f"{workers} workers" + (f" x {threads} threads" if threads else "")
    rows = [_row(level, results[level], shape) for level in concurrency]
    if GOAL_CONNECTIONS in results:
        rows += _goal_rows(results[GOAL_CONNECTIONS])
    return rows


def _median(results: list[LoadResult], measure) -> float:
    return statistics.median(measure(r) for r in results)


def _row(connections: int, runs: list[LoadResult], shape: str) -> dict:
    rps = _median(runs, lambda r: r.rps)
    p50 = _median(runs, lambda r: r.percentile(0.50))
    p99 = _median(runs, lambda r: r.percentile(0.99))
    cpu = _median(runs, lambda r: r.server_cpu)
    note = f"p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, server CPU {cpu * 1e6:.0f} us/score"
    bad = sum(sum(n for s, n in r.statuses.items() if s != 200) + r.errors for r in runs)
    if bad:
        note += f"; {bad} non-200 answers or dropped connections"
    return {"what": f"garden-dice score, 4 players, {connections} conn ({shape})",
            "value": round(rps), "unit": "req/s", "note": note}


def _goal_rows(runs: list[LoadResult]) -> list[dict]:
    p99_ms = _median(runs, lambda r: r.percentile(0.99)) * 1000
    rps = _median(runs, lambda r: r.rps)
    return [
        {"what": f"goal: scoring p99 < {P99_GOAL_MS:g} ms at {GOAL_CONNECTIONS} conn", "value": round(p99_ms, 1),
         "unit": "ms", "note": _verdict(p99_ms < P99_GOAL_MS)},
        {"what": f"goal: >= {RPS_GOAL:,} scores/s at {GOAL_CONNECTIONS} conn", "value": round(rps),
         "unit": "req/s", "note": _verdict(rps >= RPS_GOAL)},
    ]


def _verdict(met: bool) -> str:
    return "met" if met else "MISSED"


if __name__ == "__main__":
    thread_counts: list[int | None] = [int(t) for t in sys.argv[1:]] or [None]
    for threads in thread_counts:
        for row in measurements(threads=threads):
            print(f"{row['what']:<60} {row['value']:>8} {row['unit']:<6} {row['note']}")
