"""Requests per second and p50/p99 latency through the production server.

`gardenkit serve` (gunicorn, gthread workers) is started on a free loopback port with a
throwaway SQLite database, exactly as a user runs it. At 1, 8 and 32 concurrent connections
it is driven (bench/loadgen.py) with
- the scoring request: POST /api/games/garden-dice/score, a 4-player end state, and
- a trivial request on the same server: GET /api/games (a JSON listing built from constants,
  no database; /healthz would add a database round trip to the "trivial" side),
alternating between the two so both see the same machine noise. Each figure is the median
of several runs; the ratio (scoring rps / trivial rps) is what to compare between machines.

Goals (issue 8): ratio >= 0.8; scoring p99 < 20 ms at 32 connections on this 2-core machine.
"""
from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from bench.loadgen import LoadResult, build_request, run_load
from bench.samples import GARDEN_DICE_4P

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))  # the server launcher shared with the load tests

from prod_server import ProductionServer, request  # noqa: E402

CONCURRENCY = (1, 8, 32)
WORKERS = 2          # one per core: the load generator runs on the same two cores
RUNS = 5
SECONDS = 2.0
SCORE_PATH = "/api/games/garden-dice/score"
TRIVIAL_PATH = "/api/games"
P99_GOAL_MS = 20.0
RATIO_GOAL = 0.8


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def _median(results: list[LoadResult], measure) -> float:
    return statistics.median(measure(r) for r in results)


def measurements(workers: int = WORKERS, runs: int = RUNS, seconds: float = SECONDS,
            concurrency=CONCURRENCY) -> list[dict]:
    rows: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="gardenkit-bench-") as folder:
        url = f"sqlite:///{Path(folder) / 'results.db'}"
        with ProductionServer(url, workers=workers, log_path=Path(folder) / "server.log") as server:
            server.wait_for_workers(workers)
            status, body = request(server.url, "POST", SCORE_PATH, GARDEN_DICE_4P)
            if status != 200:
                raise RuntimeError(f"the scoring request answers {status}: {body}")
            requests = {
                "score": build_request("127.0.0.1", server.port, "POST", SCORE_PATH, GARDEN_DICE_4P),
                "trivial": build_request("127.0.0.1", server.port, "GET", TRIVIAL_PATH),
            }
            for connections in concurrency:
                rows += _measure_level(server, requests, connections, runs, seconds, workers)
            rows += _cpu_rows(server, requests, seconds)
    return rows


def _measure_level(server: ProductionServer, requests: dict, connections: int, runs: int,
                   seconds: float, workers: int) -> list[dict]:
    results: dict[str, list[LoadResult]] = {"score": [], "trivial": []}
    for _ in range(runs):
        for name, raw in requests.items():  # alternate: both share the same noise
            results[name].append(run_load("127.0.0.1", server.port, raw, connections, seconds))
    bad = {name: sum(sum(n for s, n in r.statuses.items() if s != 200) + r.errors for r in rs)
           for name, rs in results.items()}
    rows = []
    for name, label in (("trivial", f"GET {TRIVIAL_PATH}"), ("score", "garden-dice score, 4 players")):
        rps = _median(results[name], lambda r: r.rps)
        p50 = _median(results[name], lambda r: r.percentile(0.50))
        p99 = _median(results[name], lambda r: r.percentile(0.99))
        note = f"p50 {_ms(p50)}, p99 {_ms(p99)}"
        if name == "score" and connections == 32:
            note += f" (goal p99 < {P99_GOAL_MS:g} ms: {'met' if p99 * 1000 < P99_GOAL_MS else 'MISSED'})"
        if bad[name]:
            note += f"; {bad[name]} non-200 answers or dropped connections"
        rows.append({"what": f"{label}, {connections} conn ({workers} workers)",
                     "value": round(rps), "unit": "req/s", "note": note})
    ratio = _median_ratio(results)
    rows.append({"what": f"score / trivial throughput, {connections} conn", "value": round(ratio, 2),
                 "unit": "x", "note": f"goal >= {RATIO_GOAL}: {'met' if ratio >= RATIO_GOAL else 'MISSED'}"})
    return rows


def _cpu_rows(server: ProductionServer, requests: dict, seconds: float) -> list[dict]:
    """Server CPU time per request (all gunicorn processes, from /proc), at 8 connections.
    Other programs on a shared machine slow the wall clock but do not add to our processes'
    CPU time, so this ratio is the steadier one; on an idle 2-core machine throughput is
    about 2 cores / (server + client CPU per request)."""
    cost: dict[str, list[float]] = {"score": [], "trivial": []}
    for _ in range(3):
        for name, raw in requests.items():
            before = server.cpu_seconds()
            result = run_load("127.0.0.1", server.port, raw, 8, seconds)
            cost[name].append((server.cpu_seconds() - before) / max(result.completed, 1))
    score, trivial = statistics.median(cost["score"]), statistics.median(cost["trivial"])
    return [
        {"what": f"server CPU per request: GET {TRIVIAL_PATH}", "value": round(trivial * 1e6),
         "unit": "us", "note": "all gunicorn processes, 8 conn"},
        {"what": "server CPU per request: garden-dice score, 4 players", "value": round(score * 1e6),
         "unit": "us", "note": "all gunicorn processes, 8 conn"},
        {"what": "trivial / score server CPU per request", "value": round(trivial / score, 2),
         "unit": "x", "note": f"the noise-free form of the throughput ratio (goal >= {RATIO_GOAL})"},
    ]


def _median_ratio(results: dict[str, list[LoadResult]]) -> float:
    """Median over runs of each run's own ratio: a run and its neighbour share their noise."""
    return statistics.median(s.rps / t.rps for s, t in zip(results["score"], results["trivial"]) if t.rps)


if __name__ == "__main__":
    for row in measurements():
        print(f"{row['what']:<55} {row['value']:>8} {row['unit']:<6} {row['note']}")
